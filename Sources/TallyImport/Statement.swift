import TallyCore
import TallySyntax

/// Where a movement or a problem sits in a statement file: a line and column of the
/// decoded text (both 1-based, the column counted in Unicode scalars, which are
/// characters but for accents written as a letter and a combining mark), and for XML
/// statements also the element.
public struct StatementPosition: Hashable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    /// The XML element, for OFX and CAMT statements.
    public let element: String?

    public init(line: Int, column: Int, element: String? = nil) {
        self.line = line
        self.column = column
        self.element = element
    }

    public var description: String { "\(line):\(column)" + (element.map { " (<\($0)>)" } ?? "") }
}

/// One movement as a bank statement states it, before it meets the budget.
public struct StatementRow: Sendable, Equatable {
    /// The booking date.
    public var date: CivilDate
    /// Signed: negative for money that left the account.
    public var amount: Money
    /// The counterparty, as the bank writes it.
    public var payee: String?
    /// The purpose, memo or remittance text.
    public var description: String?
    /// The bank's movement id (OFX FITID, CAMT reference, a CSV id column).
    public var bankID: String?
    /// The account balance after this movement, when the statement gives one.
    public var balance: Money?
    /// Where the row is in the statement.
    public var position: StatementPosition
    /// The cells of the CSV line the row was read from, as the file writes them (nil for
    /// other formats): what its fingerprint is made of (``MovementIdentity``), whatever
    /// the import profile makes of them.
    public var cells: [String]?

    public init(
        date: CivilDate, amount: Money, payee: String? = nil, description: String? = nil,
        bankID: String? = nil, balance: Money? = nil, position: StatementPosition
    ) {
        self.date = date
        self.amount = amount
        self.payee = payee
        self.description = description
        self.bankID = bankID
        self.balance = balance
        self.position = position
    }

    /// The text that names the movement in a budget: the payee, else the description.
    public var label: String? { payee ?? description }
}

/// A statement as read from one file: its movements oldest first and, when it states
/// them, its currency and closing balance.
public struct Statement: Sendable {
    /// Which kind of file it was.
    public enum Format: String, Sendable {
        case csv = "CSV", ofx = "OFX", camt = "CAMT.053", camt052 = "CAMT.052", camt054 = "CAMT.054"
        case mt940 = "MT940", qif = "QIF", fioXML = "Fio XML", fioJSON = "Fio JSON"
        /// Downloaded from a bank feed's JSON API.
        case simplefin = "SimpleFIN", enableBanking = "Enable Banking"
    }

    public let path: String
    public let format: Format
    /// Movements in booking order, oldest first (a newest-first file is turned around). A
    /// CSV file in neither order keeps its own: its running balances follow it.
    public var rows: [StatementRow]
    /// The account currency the statement declares, if it does.
    public var currency: String?
    /// The account the statement is of (an IBAN, an OFX `ACCTID`), if it says.
    public var account: String?
    /// The balance at the end of `closingDate`, if the statement states one.
    public var closingBalance: Money?
    public var closingDate: CivilDate?
    /// Movements the statement lists but does not count as booked (pending, for example),
    /// with the reason; they are reported and never imported.
    public var skipped: [(position: StatementPosition, reason: String)] = []
    /// Movements the statement lists but that cannot be read for sure (a direction it
    /// does not say), with the reason: refused, never guessed, while the others are
    /// imported.
    public var refused: [(position: StatementPosition, reason: String)] = []
    /// How the reading decided what the file leaves open, from evidence in the file (the
    /// dates' format, ``DateEvidence``): said in the import's summary, never silently.
    public var notes: [String] = []

    public init(
        path: String, format: Format, rows: [StatementRow], currency: String? = nil,
        closingBalance: Money? = nil, closingDate: CivilDate? = nil
    ) {
        self.path = path
        self.format = format
        self.rows = rows
        self.currency = currency
        self.closingBalance = closingBalance
        self.closingDate = closingDate
    }
}

/// A statement that cannot be read: the message names the file, the place and what is
/// wrong. Nothing is imported from such a statement.
///
/// Messages quote the statement's values between backticks. A value is the bank's (or
/// a hostile file's), so each quoted one is cut to a short window, `quotedWindow`
/// characters and `…`, with control characters shown as `\u{…}`: a value of a million characters or
/// a line break never reaches the terminal whole.
public struct StatementError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let position: StatementPosition?
    /// What is wrong, with the options it names kept apart (the command line's `--encoding`
    /// is a profile's `encoding` on a page: ``OptionNaming``).
    public let text: UsageText
    /// What is wrong, in the command line's words.
    public var message: String { text.worded(.flags) }
    /// Whether the file reads, but leaves open what only its owner can say (dates that
    /// read two ways, ``DateEvidence``): refused as doubtful (`tally`: exit 1) rather
    /// than as a file that cannot be read.
    public var doubtful = false

    /// The most characters of one quoted value a message shows.
    public static let quotedWindow = 40

    public init(path: String, position: StatementPosition?, message: String) {
        self.path = path
        self.position = position
        text = UsageText(stringLiteral: Self.windowed(message))
    }

    /// The error, its options named by each front end (``UsageText``).
    public init(path: String, position: StatementPosition?, text: UsageText) {
        self.path = path
        self.position = position
        self.text = text.mappingWords(Self.windowed)
    }

    /// `message` with each backtick-quoted span cut to `quotedWindow` characters and its
    /// control characters escaped; a message with an unpaired backtick is cut as a whole.
    static func windowed(_ message: String) -> String {
        let spans = message.split(separator: "`", omittingEmptySubsequences: false)
        var out = ""
        for (i, span) in spans.enumerated() {
            if i > 0 { out += "`" }
            // Odd spans are quoted, and so is the tail after an unpaired backtick.
            out += i % 2 == 1 || (i == spans.count - 1 && spans.count % 2 == 0) ? shown(span) : String(span)
        }
        return out
    }

    private static func shown(_ value: Substring) -> String {
        var out = ""
        var count = 0
        for scalar in value.unicodeScalars {
            if count == quotedWindow { return out + "…" }
            count += 1
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    public var description: String { located.worded(.flags) }

    /// The file, the place and what is wrong.
    public var located: UsageText { "\(path)\(position.map { ":\($0)" } ?? ""): \(text)" }
}
