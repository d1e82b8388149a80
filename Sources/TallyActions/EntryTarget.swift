import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Where an action writes in a budget split over several files (Grammar.md §3.9, "Where
/// tools write"): the budget a named file belongs to, found as `tally check` finds it, so
/// that `tally add years/2026.tally …` reads and checks the whole budget; and in it the
/// file that holds a date's entries, so that a 2026 entry goes to the 2026 file whichever
/// file was named, and never after the `include` lines that end a root whose entries are
/// kept in other files.
enum EntryTarget {
    /// The root file of the budget `file` belongs to (``BudgetRoots``): `file` itself when
    /// nothing includes it, or when it is not there (the editor then says why it cannot
    /// be read, with no folder searched).
    static func root(of file: String) -> String {
        guard FileManager.default.fileExists(atPath: file) else { return file }
        var roots = BudgetRoots(provider: DiskFileProvider(), named: [file])
        return roots.root(of: file).root
    }

    /// A file of the budget and the first and last date of its dated entries.
    struct Span {
        let path: String
        /// The file's place in the budget's reading order (the root is 0).
        let order: Int
        /// Nil when the file holds no dated entry.
        var dates: ClosedRange<CivilDate>?

        /// Days from the span to `date`: 0 when the span covers it; nil without entries.
        func distance(to date: CivilDate) -> Int? {
            guard let dates else { return nil }
            return date < dates.lowerBound ? date.days(until: dates.lowerBound) : dates.upperBound < date ? dates.upperBound.days(until: date) : 0
        }

        /// The year of a year file: an included file (never the root) whose name carries
        /// one four-digit number (`2026.tally`, `budget-2026.tally`), when every dated
        /// entry it holds (if any) falls in that year.
        var year: Int? {
            guard order > 0 else { return nil }
            let named = EntryTarget.years(named: path)
            guard named.count == 1, let year = named.first else { return nil }
            guard let dates else { return year }
            return dates.lowerBound.year == year && dates.upperBound.year == year ? year : nil
        }
    }

    /// Every file of the budget, in reading order, with its dated entries' span.
    static func spans(of budget: Budget, model: BudgetModel) -> [Span] {
        var spans: [Span] = []
        var index: [String: Int] = [:]
        for file in budget.files where index[file.path] == nil {
            index[file.path] = spans.count
            spans.append(Span(path: file.path, order: spans.count))
        }
        for entry in model.entries {
            guard let i = index[entry.location.file] else { continue }
            let dates = spans[i].dates
            spans[i].dates = dates.map { min($0.lowerBound, entry.date) ... max($0.upperBound, entry.date) } ?? entry.date ... entry.date
        }
        return spans
    }

    /// The file a dated entry on `date` goes to:
    ///
    /// 1. the year file of the date's year (``Span/year``), the nearest to the date if
    ///    there are several (one holding no entry yet comes after those that do);
    /// 2. else, of the files holding entries of the date's year (their span reaches into
    ///    it), the nearest to the date; of several covering it, the narrowest;
    /// 3. else, when the budget has year files holding entries: refused, naming the file
    ///    to create and include;
    /// 4. else the file whose entries are nearest the date; else (no dated entries) the
    ///    root.
    ///
    /// Ties go to the file read later (the root is read first).
    static func file(for date: CivilDate, in budget: Budget, model: BudgetModel) throws(ActionRefusal) -> String {
        let spans = spans(of: budget, model: model)
        /// Nearest first, then narrowest, then read later.
        func best(_ candidates: [Span]) -> Span? {
            func key(_ span: Span) -> (Int, Int, Int) {
                (span.distance(to: date) ?? Int.max, span.dates.map { $0.lowerBound.days(until: $0.upperBound) } ?? Int.max, -span.order)
            }
            return candidates.min { key($0) < key($1) }
        }
        let yearFiles = spans.filter { $0.year != nil }
        if let file = best(yearFiles.filter { $0.year == date.year }) { return file.path }
        let dated = spans.filter { $0.dates != nil }
        if let file = best(dated.filter { $0.dates!.lowerBound.year <= date.year && date.year <= $0.dates!.upperBound.year }) { return file.path }
        if let latest = yearFiles.filter({ $0.dates != nil }).max(by: { ($0.year ?? 0, $0.order) < ($1.year ?? 0, $1.order) }) {
            throw .budget(missingYear(date.year, latest: latest, yearFiles: yearFiles, root: budget.root.path))
        }
        return best(dated)?.path ?? budget.root.path
    }

    /// The refusal for a date whose year has no file, naming the file to make: the
    /// latest year file's name with the year changed.
    private static func missingYear(_ year: Int, latest: Span, yearFiles: [Span], root: String) -> String {
        let listed = yearFiles.map { "`\($0.path)`" }.joined(separator: ", ")
        let new = latest.path.replacingYear(latest.year ?? year, with: year)
        return "no file of this budget holds \(year)'s entries, and it keeps years in files of their own (\(listed)): "
            + "create `\(new)` and include it from `\(root)`, then add again; nothing written"
    }

    /// The years a file's name carries: each run of exactly four digits in its last
    /// path component.
    static func years(named path: String) -> [Int] {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var years: [Int] = []
        var run = ""
        for character in name + " " {
            if character.isASCII, character.isNumber {
                run.append(character)
                continue
            }
            if run.count == 4, let year = Int(run) { years.append(year) }
            run = ""
        }
        return years
    }
}

extension String {
    /// The path with the four-digit `year` in its last component written as `new`.
    fileprivate func replacingYear(_ year: Int, with new: Int) -> String {
        let slash = lastIndex(of: "/").map { index(after: $0) } ?? startIndex
        let name = String(self[slash...])
        guard let range = name.firstRange(of: String(year)) else { return self }
        return String(self[..<slash]) + name[..<range.lowerBound] + String(new) + name[range.upperBound...]
    }
}

extension EntryTarget {
    /// The entries recording `occurrences` (by date, then rule), by the file each date's
    /// entries go to (``file(for:in:model:)``), in the order the files first come, with
    /// each file's line ending; nothing is appended.
    static func occurrenceLines(
        _ occurrences: [Occurrence], in edit: BudgetEdit, model: BudgetModel
    ) throws(ActionRefusal) -> (files: [(path: String, lines: [String], lineEnding: [UInt8])], targets: [Occurrence: String]) {
        var lines: [String: [String]] = [:]
        var order: [String] = []
        var targets: [Occurrence: String] = [:]
        for occurrence in occurrences.sorted(by: { ($0.date, $0.rule) < ($1.date, $1.rule) }) {
            let written: [String]
            do { written = try edit.occurrenceLines([occurrence], model: model).flatMap(\.lines) } catch { throw .budget(error.description) }
            let path = try file(for: occurrence.date, in: edit.budget, model: model)
            if lines[path] == nil { order.append(path) }
            lines[path, default: []] += written
            targets[occurrence] = path
        }
        let files = order.compactMap { path in edit.budget.file(path).map { (path, lines[path] ?? [], LineEnding.of($0.tree.source.bytes)) } }
        return (files, targets)
    }
}
