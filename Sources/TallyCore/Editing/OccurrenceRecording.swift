import TallySyntax

/// One occurrence of a recurring rule to record as a transaction.
public struct Occurrence: Hashable, Sendable {
    /// The rule's index in the model.
    public let rule: Int
    /// The occurrence's date.
    public let date: CivilDate

    /// Creates the occurrence.
    public init(rule: Int, date: CivilDate) {
        self.rule = rule
        self.date = date
    }
}

/// Why an occurrence cannot be recorded.
public enum OccurrenceRecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The rule is not where the model says (`file` holds no recurring entry there).
    case ruleNotFound(name: String, file: String)
    /// The rule in `file` cannot be written out as an entry (``OccurrenceEntry/Problem``).
    case notWritable(file: String, message: String)

    /// What is wrong, in words.
    public var description: String {
        switch self {
        case .ruleNotFound(let name, let file): "cannot find the rule `\(name)` in \(file)"
        case .notWritable(let file, let message): "\(file): \(message)"
        }
    }
}

extension BudgetEdit {
    /// The entries recording `occurrences` (by date, then rule), by the file that holds
    /// their rule, in the order the files first come, with each file's line ending;
    /// nothing is appended (the caller lays them out and appends them).
    public func occurrenceLines(
        _ occurrences: [Occurrence], model: BudgetModel
    ) throws(OccurrenceRecordingError) -> [(path: String, lines: [String], lineEnding: [UInt8])] {
        var appended: [String: [String]] = [:]
        var order: [String] = []
        for occurrence in occurrences.sorted(by: { ($0.date, $0.rule) < ($1.date, $1.rule) }) {
            let location = model.rules[occurrence.rule].location
            guard let file = budget.file(location.file),
                let directive = file.tree.entries(of: .recurringDirective).first(where: { $0.range.contains(location.range.start) })
            else {
                throw .ruleNotFound(name: model.rules[occurrence.rule].name ?? "?", file: location.file)
            }
            do {
                let lines = try OccurrenceEntry(directive: directive).lines(on: occurrence.date)
                if appended[file.path] == nil { order.append(file.path) }
                appended[file.path, default: []] += lines
            } catch {
                throw .notWritable(file: location.file, message: error.message)
            }
        }
        return order.compactMap { path in budget.file(path).map { (path, appended[path] ?? [], LineEnding.of($0.tree.source.bytes)) } }
    }
}
