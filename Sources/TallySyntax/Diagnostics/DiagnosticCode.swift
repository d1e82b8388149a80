/// A stable diagnostic code such as `E0204`.
///
/// The first letter is the default severity (`E` error, `W` warning, `I` info); the first
/// two digits group the codes by layer: `01` reading the bytes, `02` the syntax of a line,
/// `03` includes, `04` the budget model, `05` budget checks. The catalog lists the codes
/// of every layer, so that codes named in `tally-ignore` comments and `option severity`
/// can be checked where they are read. Every code is listed in ``DiagnosticCode/all`` and explained in
/// `docs/diagnostics.md`; a test keeps the two in step and demands a fixture for each.
public struct DiagnosticCode: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The code as written, for example `E0204`.
    public let rawValue: String
    /// Severity the code has unless options say otherwise.
    public let defaultSeverity: Severity
    /// A title of a few words, used in documentation and SARIF rules.
    public let title: String

    init(_ rawValue: String, _ severity: Severity, _ title: String) {
        self.rawValue = rawValue
        self.defaultSeverity = severity
        self.title = title
    }

    public var description: String { rawValue }

    public static func == (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// True for codes that mean a line could not be read at all. They cannot be silenced.
    public var isSyntaxError: Bool {
        rawValue.hasPrefix("E01") || rawValue.hasPrefix("E02")
    }

    /// Looks a code up by its text.
    public static func named(_ rawValue: String) -> DiagnosticCode? {
        all.first { $0.rawValue == rawValue }
    }

    // MARK: Reading the bytes (E01xx)

    /// Bytes that are not valid UTF-8.
    public static let invalidUTF8 = DiagnosticCode("E0101", .error, "invalid UTF-8")
    /// Text or a quoted name without its closing quote.
    public static let unterminatedQuote = DiagnosticCode("E0102", .error, "unterminated quote")
    /// A backslash followed by a character that cannot be escaped.
    public static let invalidEscape = DiagnosticCode("E0103", .error, "invalid escape sequence")
    /// A control character other than tab or a line break.
    public static let controlCharacter = DiagnosticCode("E0104", .error, "control character")
    /// A file that is plainly not text (``TextSniffer``): one diagnostic for the whole file.
    public static let notText = DiagnosticCode("E0105", .error, "not a text file")
    /// A buffer the editor sent in a message larger than the language server reads: the
    /// server never saw its text, so nothing in it is checked.
    public static let tooLargeForEditor = DiagnosticCode("E0106", .error, "too large for the editor")

    // MARK: The syntax of a line (E02xx)

    /// A line that starts with something that is neither a date nor a directive.
    public static let unknownDirective = DiagnosticCode("E0201", .error, "unknown directive")
    /// A required part of an entry is missing.
    public static let missingField = DiagnosticCode("E0202", .error, "missing field")
    /// A token where the grammar expects something else.
    public static let unexpectedToken = DiagnosticCode("E0203", .error, "unexpected token")
    /// A date that is not written `YYYY-MM-DD` or does not exist.
    public static let invalidDate = DiagnosticCode("E0204", .error, "invalid date")
    /// Something in the place of an amount that is not a valid number.
    public static let malformedAmount = DiagnosticCode("E0205", .error, "malformed amount")
    /// An indented line that belongs to no entry, or to one that takes no split lines.
    public static let strayIndentedLine = DiagnosticCode("E0206", .error, "indented line outside an entry")
    /// A split line written in column 1.
    public static let unindentedSplit = DiagnosticCode("E0207", .error, "split line not indented")
    /// A currency code that is not 2 to 10 uppercase letters and digits.
    public static let invalidCurrencyCode = DiagnosticCode("E0208", .error, "invalid currency code")
    /// A word that is not an attribute or kind of the entry it stands in.
    public static let unknownAttribute = DiagnosticCode("E0209", .error, "unknown attribute")
    /// The same attribute given twice on one entry.
    public static let duplicateAttribute = DiagnosticCode("E0210", .error, "duplicate attribute")
    /// An envelope period that is not weekly, monthly, quarterly, yearly or a date range.
    public static let invalidPeriod = DiagnosticCode("E0211", .error, "invalid period")
    /// A recurring schedule that cannot be followed.
    public static let invalidSchedule = DiagnosticCode("E0212", .error, "invalid schedule")
    /// An alert threshold that is not a percentage between 1% and 100%.
    public static let invalidPercentage = DiagnosticCode("E0213", .error, "invalid percentage")
    /// An option that does not exist, or a value it does not take.
    public static let invalidOption = DiagnosticCode("E0214", .error, "invalid option")
    /// A transaction with neither an amount nor split lines.
    public static let missingAmount = DiagnosticCode("E0215", .error, "missing amount")
    /// A date range whose end comes before its start.
    public static let reversedRange = DiagnosticCode("E0216", .error, "date range ends before it starts")
    /// Split lines of one transaction indented differently.
    public static let inconsistentIndentation = DiagnosticCode("W0217", .warning, "inconsistent indentation")
    /// A `tally-ignore` comment naming a code that does not exist.
    public static let unknownIgnoredCode = DiagnosticCode("W0218", .warning, "unknown code in tally-ignore")

    // MARK: Includes (E03xx)

    /// An included file that cannot be read.
    public static let includeNotFound = DiagnosticCode("E0301", .error, "included file not found")
    /// A file that includes itself, directly or through others.
    public static let includeCycle = DiagnosticCode("E0302", .error, "include cycle")
    /// A file included a second time; its entries are read only once.
    public static let duplicateInclude = DiagnosticCode("W0303", .warning, "file included twice")

    // MARK: The budget model (04xx)

    /// A name that refers to no declared wallet, category, envelope, goal or rule.
    public static let unknownName = DiagnosticCode("E0401", .error, "unknown name")
    /// A name declared twice.
    public static let duplicateDeclaration = DiagnosticCode("E0402", .error, "duplicate declaration")
    /// An amount with more decimals than its currency has.
    public static let tooManyDecimals = DiagnosticCode("E0403", .error, "too many decimals")
    /// A sum or product too large to compute exactly.
    public static let numericOverflow = DiagnosticCode("E0404", .error, "numeric overflow")
    /// An entry dated before a wallet's opening or after its closing.
    public static let walletNotOpen = DiagnosticCode("E0405", .error, "wallet not open")
    /// Split parts that do not add up to the transaction's amount.
    public static let splitMismatch = DiagnosticCode("E0406", .error, "split parts do not add up")
    /// A transaction with no category and no payee rule to give one.
    public static let missingCategory = DiagnosticCode("E0407", .error, "missing category")
    /// An amount in another currency than its wallet's.
    public static let currencyMismatch = DiagnosticCode("E0408", .error, "currency mismatch")
    /// A transfer between currencies with neither received amount nor rate.
    public static let missingConversion = DiagnosticCode("E0409", .error, "transfer needs an amount or rate")
    /// A balance assertion that does not hold.
    public static let failedAssertion = DiagnosticCode("E0410", .error, "failed assertion")
    /// Two transactions with the same bank movement id.
    public static let duplicateID = DiagnosticCode("E0411", .error, "duplicate bank id")
    /// An amount that must be converted with no rate on or before its date.
    public static let missingRate = DiagnosticCode("E0412", .error, "no exchange rate")
    /// A positive amount in an expense category or a negative one in an income category,
    /// with no `#refund` or `#reversal` tag: most likely a sign left out.
    public static let signAgainstCategory = DiagnosticCode("W0413", .warning, "amount sign against its category")
    /// `=` or `@` on a transaction whose amount is already in its wallet's currency.
    public static let conversionNotNeeded = DiagnosticCode("E0414", .error, "conversion of an amount in the wallet's currency")
    /// A transaction's conversion that changes the sign: `-23.50 USD = 21.62 EUR`, `@ 0`.
    public static let conversionSign = DiagnosticCode("E0415", .error, "conversion changes the sign")
    /// An import profile's `token` that does not name where a bank token is kept
    /// (`env:NAME`, `file:PATH`): perhaps the token itself, written into the budget.
    public static let tokenInBudget = DiagnosticCode("E0418", .error, "token not named by its place")

    // MARK: Budget checks (05xx)

    /// An envelope whose spending exceeds what it holds for a period.
    public static let envelopeOverspent = DiagnosticCode("W0501", .warning, "envelope overspent")
    /// An envelope's spending has reached its alert threshold.
    public static let envelopeAlert = DiagnosticCode("I0502", .info, "envelope alert threshold reached")
    /// More money assigned to envelopes than has come in.
    public static let readyToAssignNegative = DiagnosticCode("W0503", .warning, "ready to assign below zero")
    /// A category budgeted by two envelopes in the same period.
    public static let overlappingEnvelopes = DiagnosticCode("W0504", .warning, "category in two envelopes")
    /// A wallet below zero, or a credit wallet beyond its limit.
    public static let walletBelowZero = DiagnosticCode("W0505", .warning, "wallet below zero")
    /// Occurrences of a recurring entry before today that are neither recorded nor skipped.
    public static let recurringOverdue = DiagnosticCode("W0506", .warning, "recurring entry overdue")
    /// An occurrence of a recurring entry due today.
    public static let recurringDueToday = DiagnosticCode("I0507", .info, "recurring entry due today")
    /// A goal whose date has passed without reaching its target.
    public static let goalOverdue = DiagnosticCode("W0508", .warning, "goal date passed")
    /// A goal saving more slowly than its date requires.
    public static let goalBehind = DiagnosticCode("I0509", .info, "goal behind its pace")
    /// Two transactions that look like the same one entered twice.
    public static let likelyDuplicate = DiagnosticCode("W0510", .warning, "likely duplicate transaction")
    /// A transaction dated after today.
    public static let futureDated = DiagnosticCode("W0511", .warning, "future-dated entry")
    /// A declaration nothing refers to.
    public static let unusedDeclaration = DiagnosticCode("I0512", .info, "unused declaration")
    /// An envelope without `for`, named like a category: it counts no spending.
    public static let envelopeCountsNothing = DiagnosticCode("W0513", .warning, "envelope counts no spending")
    /// Spending no envelope counts (or an envelope's overspending) takes ready to assign
    /// below zero: money the envelopes hold has been spent.
    public static let unbudgetedSpending = DiagnosticCode("W0514", .warning, "unbudgeted spending below ready to assign")
    /// A fill or move dated outside the periods of an envelope it names: it counts nowhere.
    public static let envelopeNotInPeriod = DiagnosticCode("W0515", .warning, "envelope has no period on the date")

    // MARK: Import profiles and rules (06xx)

    /// An import profile or match rule setting Tally cannot use: an unknown encoding,
    /// date format, decimal mark or column, a separator longer than one character, a
    /// second profile for one wallet, an account two wallets name, or amount bounds that
    /// nothing can meet.
    public static let invalidImportSetting = DiagnosticCode("E0601", .error, "invalid import setting")
    /// A transaction with a bank id and no category yet: it counts in its wallet only.
    public static let needsCategory = DiagnosticCode("I0601", .info, "needs a category")

    /// Every code, in order.
    public static let all: [DiagnosticCode] = [
        invalidUTF8, unterminatedQuote, invalidEscape, controlCharacter, notText, tooLargeForEditor,
        unknownDirective, missingField, unexpectedToken, invalidDate, malformedAmount,
        strayIndentedLine, unindentedSplit, invalidCurrencyCode, unknownAttribute,
        duplicateAttribute, invalidPeriod, invalidSchedule, invalidPercentage, invalidOption,
        missingAmount, reversedRange, inconsistentIndentation, unknownIgnoredCode,
        includeNotFound, includeCycle, duplicateInclude,
        unknownName, duplicateDeclaration, tooManyDecimals, numericOverflow, walletNotOpen, splitMismatch,
        missingCategory, currencyMismatch, missingConversion, failedAssertion, duplicateID, missingRate,
        signAgainstCategory, conversionNotNeeded, conversionSign, tokenInBudget,
        envelopeOverspent, envelopeAlert, readyToAssignNegative, overlappingEnvelopes, walletBelowZero,
        recurringOverdue, recurringDueToday, goalOverdue, goalBehind, likelyDuplicate, futureDated,
        unusedDeclaration, envelopeCountsNothing, unbudgetedSpending, envelopeNotInPeriod,
        invalidImportSetting, needsCategory
    ]
}
