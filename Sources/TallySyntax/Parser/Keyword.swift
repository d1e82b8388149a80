/// The words the parser treats as keywords where the grammar expects one. Outside those
/// places they are ordinary names.
enum Keyword: UInt8, CaseIterable {
    // directives
    case currency, wallet, income, expense, envelope, goal, payee, every, option, include
    // dated entries
    case transfer, fill, move, assert, rate, skip
    // wallet kinds
    case bank, cash, credit, savings, investment, loan, other
    // attributes
    case opening, on, limit, closed, hidden, owner, decimals
    case weekly, monthly, quarterly, yearly
    case `for`, `in`, rollover, alert, by, reached
    case day, days, week, weeks, month, months, quarter, quarters, year, years
    case from, until, times, `as`, last
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday
    case rule

    /// The keyword as written.
    var spelling: String { String(describing: self) }

    /// Spellings as bytes, grouped by length for quick matching.
    static let byLength: [[(Keyword, [UInt8])]] = {
        var table = [[(Keyword, [UInt8])]](repeating: [], count: 16)
        for keyword in Keyword.allCases {
            let bytes = Array(keyword.spelling.utf8)
            table[bytes.count].append((keyword, bytes))
        }
        return table
    }()
}

/// A set of keywords as a bit mask; cheap to test in the parser's hot path.
struct KeywordSet: ExpressibleByArrayLiteral {
    private var bits: UInt64 = 0

    init(arrayLiteral elements: Keyword...) {
        for element in elements { bits |= 1 << UInt64(element.rawValue) }
    }

    func contains(_ keyword: Keyword) -> Bool { bits & (1 << UInt64(keyword.rawValue)) != 0 }

    /// The members, in declaration order, for did-you-mean suggestions and messages.
    var members: [Keyword] { Keyword.allCases.filter(contains) }

    static let directives: KeywordSet = [.currency, .wallet, .income, .expense, .envelope, .goal, .payee, .every, .option, .include]
    static let datedKeywords: KeywordSet = [.transfer, .fill, .move, .assert, .rate, .skip, .goal]
    static let walletKinds: KeywordSet = [.bank, .cash, .credit, .savings, .investment, .loan, .other]
    static let walletAttributes: KeywordSet = [.opening, .currency, .limit, .closed, .hidden, .owner]
    static let periods: KeywordSet = [.weekly, .monthly, .quarterly, .yearly]
    static let envelopeAttributes: KeywordSet = [.for, .in, .rollover, .alert]
    static let goalAttributes: KeywordSet = [.by, .monthly, .yearly, .in, .reached]
    static let units: KeywordSet = [.day, .days, .week, .weeks, .month, .months, .quarter, .quarters, .year, .years]
    static let scheduleAttributes: KeywordSet = [.on, .from, .until, .times, .as]
    static let weekdays: KeywordSet = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
    static let transactionClauses: KeywordSet = [.goal, .rule, .by]
}

/// Options of the `option` directive.
enum OptionName: String, CaseIterable {
    case weekStart = "week-start"
    case strict
    case severity
    case overlappingEnvelopes = "overlapping-envelopes"
}
