import TallyCore
import TallySyntax

/// How a statement's dates are read when more than one format reads them all
/// (`03/04/2026` is 3 April day first and 4 March month first): never a guess. Readings
/// that give the same days are one (`01/01/2026`); else evidence from the same file
/// decides, in this order, and a statement it leaves doubtful is refused (Grammar.md §7.1):
/// 1. dates elsewhere in the file written the same way (a preamble's period or balance
///    date, a footer, a pending row): a reading that cannot read one of them (`28/02/2026`
///    is no month first), or that makes a line's two dates run backwards (a period whose
///    start follows its end), is out;
/// 2. the rows' order: banks list movements by date, so when exactly one reading puts
///    them in order (oldest or newest first), it is taken;
/// 3. `today`: a reading that puts a row after the next day (a time zone's slack) is out.
struct DateEvidence {
    /// One way to read the dates, named by the format a profile's `dates` declares.
    struct Reading {
        let format: DateFormat
        let parse: (String) -> CivilDate?
    }

    /// What the evidence says.
    enum Outcome {
        /// The reading taken, and what decided it when the dates alone did not (for the
        /// import's summary: "dates read as DD/MM/YYYY: …").
        case decided(Reading, evidence: String?)
        /// Two readings remain; `example` is a row's value they read as other days.
        case doubtful(Reading, Reading, example: String)
    }

    let readings: [Reading]
    /// The rows' date values, in the file's order.
    let rows: [String]
    /// The words of each other line of the file that look like dates (`01/02/2026`):
    /// gathered only when the rows' dates read two ways, which few files do.
    var elsewhere: () -> [[String]] = { [] }
    var today: CivilDate?

    /// The outcome, nil when no reading reads every row's date.
    func decide() -> Outcome? {
        let values = Array(Set(rows.filter { !$0.isEmpty }))
        // Readings that give the same days as one before them are that one.
        var left: [Reading] = []
        for reading in readings where values.allSatisfy({ reading.parse($0) != nil }) {
            if !left.contains(where: { kept in values.allSatisfy { kept.parse($0) == reading.parse($0) } }) { left.append(reading) }
        }
        guard let first = left.first else { return nil }
        if left.count == 1 { return .decided(first, evidence: nil) }
        for step in [byElsewhere, byOrder, byToday] {
            let (kept, why) = step(left)
            if kept.count == 1 { return .decided(kept[0], evidence: why) }
            if !kept.isEmpty { left = kept }
        }
        let example = values.sorted().first { left[0].parse($0) != left[1].parse($0) } ?? values[0]
        return .doubtful(left[0], left[1], example: example)
    }

    /// Keeps the readings that read every date-like word elsewhere in the file that some
    /// reading reads, and whose dates of one line never run backwards.
    private func byElsewhere(_ left: [Reading]) -> ([Reading], String) {
        let words = elsewhere().map { line in line.filter { word in left.contains { $0.parse(word) != nil } } }
        let kept = left.filter { reading in
            words.allSatisfy { line in
                let dates = line.map(reading.parse)
                guard dates.allSatisfy({ $0 != nil }) else { return false }
                return dates.count != 2 || dates[0]! <= dates[1]!
            }
        }
        if let unread = words.joined().first(where: { word in kept.contains { $0.parse(word) != nil } && left.contains { $0.parse(word) == nil } }) {
            return (kept, "`\(unread)` elsewhere in the file reads only so")
        }
        let backwards = { (reading: Reading, line: [String]) in line.count == 2 && reading.parse(line[0]).flatMap { a in reading.parse(line[1]).map { a > $0 } } ?? false }
        let period = words.first { line in left.contains { backwards($0, line) } } ?? []
        return (kept, "the period `\(period.joined(separator: " – "))` elsewhere in the file runs forward only so")
    }

    /// Keeps the readings that put the rows in date order, oldest or newest first.
    private func byOrder(_ left: [Reading]) -> ([Reading], String) {
        let kept = left.filter { reading in
            let dates = rows.filter { !$0.isEmpty }.compactMap(reading.parse)
            let pairs = zip(dates, dates.dropFirst())
            return pairs.allSatisfy { $0 <= $1 } || pairs.allSatisfy { $0 >= $1 }
        }
        return (kept, "the rows are in date order only so")
    }

    /// Keeps the readings that put no row after the day after `today`.
    private func byToday(_ left: [Reading]) -> ([Reading], String) {
        guard let today, let limit = today.adding(days: 1) else { return (left, "") }
        let kept = left.filter { reading in rows.compactMap(reading.parse).allSatisfy { $0 <= limit } }
        return (kept, "read otherwise, a row would fall after today (\(today))")
    }

    /// The words of `text` that may be dates: runs of digits and the marks dates are
    /// written with (`31/03/2026`, `30.11.2026`), a final mark aside.
    static func dateWords(_ text: String) -> [String] {
        text.split { !($0.isASCII && ($0.isNumber || $0 == "/" || $0 == "." || $0 == "-")) }
            .map { String($0.hasSuffix(".") || $0.hasSuffix("-") ? $0.dropLast() : $0) }
            .filter { word in word.contains(where: \.isNumber) && word.contains { !$0.isNumber } }
    }

    /// The message refusing a statement whose dates read two ways: the example value read
    /// both ways, and the line of the wallet's profile that says which.
    static func refusal(_ a: Reading, _ b: Reading, example: String, column: String, wallet: String?) -> String {
        func said(_ reading: Reading) -> String {
            guard let date = reading.parse(example) else { return reading.format.rawValue }
            return "\(date.day) \(monthNames[date.month - 1]) \(date.year) (\(reading.format.rawValue))"
        }
        let profile = "import \(wallet ?? "WALLET")  dates "
        return "the dates in \(column) read two ways and nothing in the file tells which: `\(example)` is \(said(a)) or \(said(b)); "
            + "say which in the wallet's `import` profile: `\(profile)\(a.format.rawValue)` or `\(profile)\(b.format.rawValue)` "
            + "(or add `dates FORMAT` to the `import` line it has)"
    }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
}
