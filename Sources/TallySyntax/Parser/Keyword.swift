/// The words the parser treats as keywords where the grammar expects one. Outside those
/// places they are ordinary names. The one table of them: the parser, the writer and the
/// language server's completion read it.
public enum Keyword: UInt8, CaseIterable, Sendable {
    // directives
    case currency, wallet, income, expense, envelope, goal, payee, every, option, include
    // dated entries
    case transfer, fill, move, assert, rate, skip
    // wallet kinds
    case bank, cash, credit, savings, investment, loan, other
    // attributes
    case opening, on, limit, closed, hidden, owner, decimals
    case weekly, monthly, quarterly, yearly
    case `for`, `in`, rollover, unspent, alert, by, reached
    case day, days, week, weeks, month, months, quarter, quarters, year, years
    case from, until, times, `as`, last
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday
    case rule
    // import profiles and rules
    case `import`, match, encoding, separator, dates, decimal, over, under, note
    case account, token, feed, app

    /// The keyword as written. Read from a table made once: describing an enum case
    /// goes through reflection, and messages name keywords on every clause parsed.
    public var spelling: String { Keyword.spellings[Int(rawValue)] }

    /// The cases' names in declaration order, written out: describing each case cost each
    /// `tally check` 3.9 M instructions of reflection (callgrind of `tally check` of a
    /// `currency EUR` budget, 2026-11-29). `KeywordSpellingTests` holds it to the cases.
    static let spellings: [String] = """
        currency wallet income expense envelope goal payee every option include
        transfer fill move assert rate skip bank cash credit savings investment loan
        other opening on limit closed hidden owner decimals weekly monthly quarterly
        yearly for in rollover unspent alert by reached day days week weeks month
        months quarter quarters year years from until times as last monday tuesday
        wednesday thursday friday saturday sunday rule import match encoding separator
        dates decimal over under note account token feed app
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    /// Every spelling packed into two integers (up to 16 bytes), so that matching a token
    /// compares integers and touches no reference-counted storage in the parser's hot path.
    static let packed: [PackedWord] = Keyword.allCases.map { PackedWord(Array($0.spelling.utf8)[...], keyword: $0) }

    /// `packed` grouped by length (0 through 16), so that a word is compared only with
    /// the few keywords as long as it: names are checked for keywords on every entry.
    static let packedByLength: [[PackedWord]] = (0 ... 16).map { length in packed.filter { $0.length == length } }

    /// The keyword spelled exactly `bytes` (keywords are lowercase and matched as written),
    /// or nil. The parser asks it of names where a keyword may stand; the writer asks it
    /// of every name it writes, so both read the one table above.
    @inline(__always)
    static func spelled<C: Collection>(_ bytes: C) -> Keyword? where C.Element == UInt8 {
        let length = bytes.count
        guard length <= 16 else { return nil }
        let candidates = packedByLength[length]
        guard !candidates.isEmpty else { return nil }
        let word = PackedWord(bytes)
        for candidate in candidates where candidate.low == word.low && candidate.high == word.high {
            return candidate.keyword
        }
        return nil
    }
}

/// Up to 16 bytes of a word packed into two integers, with the word's length.
struct PackedWord {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var length: Int
    var keyword: Keyword?

    init<C: Collection>(_ bytes: C, keyword: Keyword? = nil) where C.Element == UInt8 {
        length = bytes.count
        self.keyword = keyword
        for (i, b) in bytes.prefix(16).enumerated() {
            if i < 8 { low |= UInt64(b) << (8 * UInt64(i)) } else { high |= UInt64(b) << (8 * UInt64(i - 8)) }
        }
    }
}

/// A set of keywords as a bit mask; cheap to test in the parser's hot path.
public struct KeywordSet: ExpressibleByArrayLiteral, Sendable {
    // Two words: there are more than 64 keywords.
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    public init(arrayLiteral elements: Keyword...) {
        for element in elements {
            if element.rawValue < 64 { low |= 1 << UInt64(element.rawValue) } else { high |= 1 << UInt64(element.rawValue - 64) }
        }
    }

    public func contains(_ keyword: Keyword) -> Bool {
        keyword.rawValue < 64 ? low & (1 << UInt64(keyword.rawValue)) != 0 : high & (1 << UInt64(keyword.rawValue - 64)) != 0
    }

    /// The members, in declaration order, for did-you-mean suggestions and messages.
    public var members: [Keyword] { Keyword.allCases.filter(contains) }

    /// The members' spellings, in declaration order: what completion offers.
    public var spellings: [String] { members.map(\.spelling) }

    /// What starts a line that is not dated.
    public static let directives: KeywordSet = [.currency, .wallet, .income, .expense, .envelope, .goal, .payee, .every, .option, .include, .import, .match]
    /// What may follow a date (a transaction starts with its wallet instead).
    public static let datedKeywords: KeywordSet = [.transfer, .fill, .move, .assert, .rate, .skip, .goal]
    /// The kinds of a wallet.
    public static let walletKinds: KeywordSet = [.bank, .cash, .credit, .savings, .investment, .loan, .other]
    /// The attributes of a wallet.
    public static let walletAttributes: KeywordSet = [.opening, .currency, .limit, .closed, .hidden, .owner]
    /// An envelope's or goal's period.
    public static let periods: KeywordSet = [.weekly, .monthly, .quarterly, .yearly]
    /// The attributes of an envelope.
    public static let envelopeAttributes: KeywordSet = [.for, .in, .rollover, .alert, .from, .until]
    /// The attributes of a goal.
    public static let goalAttributes: KeywordSet = [.by, .monthly, .yearly, .in, .reached]
    /// The units of a recurring entry's interval.
    public static let units: KeywordSet = [.day, .days, .week, .weeks, .month, .months, .quarter, .quarters, .year, .years]
    /// The attributes of a recurring entry's schedule.
    public static let scheduleAttributes: KeywordSet = [.on, .from, .until, .times, .as]
    /// The days of the week.
    public static let weekdays: KeywordSet = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
    /// The clauses after a transaction's or transfer's amount.
    public static let transactionClauses: KeywordSet = [.goal, .rule, .by]
    /// The settings of an import profile.
    public static let importAttributes: KeywordSet = [.account, .encoding, .separator, .dates, .decimal, .skip, .token, .feed, .app]
    /// Every clause of a match rule.
    public static let matchClauses: KeywordSet = [.in, .over, .under, .payee, .note, .transfer]
    /// The clauses of a match rule that narrow which movements it matches, after its
    /// category.
    public static let matchFilters: KeywordSet = [.over, .under, .payee, .note]
}

/// Options of the `option` directive.
public enum OptionName: String, CaseIterable, Sendable {
    case weekStart = "week-start"
    case strict
    case severity
    case overlappingEnvelopes = "overlapping-envelopes"

    /// The words the option's value is one of (after the code, for `severity`); empty for
    /// `strict`, which takes none, and for `week-start`, whose value is a weekday
    /// (``KeywordSet/weekdays``).
    public var values: [String] {
        switch self {
        case .weekStart, .strict: []
        case .severity: ["error", "warning", "info", "off"]
        case .overlappingEnvelopes: ["allow", "warn", "error"]
        }
    }
}
