/// The kind of a node in the syntax tree.
///
/// Entry kinds cover one whole entry: its header line, its line break, and its indented
/// continuation lines. Part kinds cover a piece of a line. Reference kinds (`walletRef`,
/// `categoryRef`, ...) wrap a single name and say what it refers to, so that tools can
/// tell what a name under the cursor means without re-parsing.
public enum SyntaxKind: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    /// The whole file.
    case sourceFile

    // MARK: Entries
    /// `currency EUR`
    case currencyDirective
    /// `wallet Checking bank ...`
    case walletDirective
    /// `income ...` or `expense ...`
    case categoryDirective
    /// `envelope Groceries 400 monthly ...`
    case envelopeDirective
    /// `goal Vacation 2000 by ...`
    case goalDirective
    /// `payee "Lidl" Food:Groceries`
    case payeeDirective
    /// `every month on 1 from ... as rent ...`
    case recurringDirective
    /// `option week-start monday`
    case optionDirective
    /// `include "2025.tally"`
    case includeDirective
    /// `import Checking encoding windows-1252 ...` and its column lines: how a wallet's
    /// bank statements are read.
    case importDirective
    /// `match "NETFLIX" Fun ...`: a categorization rule for imported movements.
    case matchDirective
    /// `DATE ["payee"] Wallet [Category] [Amount] ...` and its split lines. Also the body
    /// of a recurring entry, there without a date.
    case transaction
    /// `DATE transfer A -> B AMOUNT ...`; also the body of a recurring transfer.
    case transfer
    /// `DATE fill Envelope AMOUNT`
    case fill
    /// `DATE move A -> B AMOUNT`
    case move
    /// `DATE assert Wallet AMOUNT`
    case assertion
    /// `DATE rate USD 0.92 EUR`
    case rate
    /// `DATE skip rule`
    case skip
    /// `DATE goal Goal AMOUNT`
    case contribution
    /// A line that could not be read as any entry.
    case errorEntry

    // MARK: Parts
    /// A keyword and its values: `opening 1250 on 2026-01-01`, `for A, B`, `goal Vacation`.
    case attribute
    /// The schedule of a recurring entry: `every 2 weeks on friday from ... as pay`.
    case schedule
    /// An envelope's period: `monthly` or `2026-04-01..2026-04-30`.
    case period
    /// An indented split line: `Food:Groceries -54.20`.
    case split
    /// An indented metadata line: `id: "X-1"`.
    case metadata
    /// A number with an optional currency code: `108.00 USD`.
    case amount
    /// The payee text of a dated entry.
    case payee
    /// The note text of a dated entry or split.
    case note
    /// The name a declaration introduces.
    case declaredName
    /// A name that refers to a wallet.
    case walletRef
    /// A name that refers to a category (or `*` for all spending).
    case categoryRef
    /// A name that refers to an envelope.
    case envelopeRef
    /// A name that refers to a goal.
    case goalRef
    /// A name that refers to a recurring rule.
    case ruleRef
    /// A person in a household (`owner`, `by`).
    case personName
    /// A currency code: `EUR`.
    case currencyCode
    /// Tokens that could not be read where they stand.
    case error

    public var description: String {
        switch self {
        case .sourceFile: return "SourceFile"
        case .currencyDirective: return "CurrencyDirective"
        case .walletDirective: return "WalletDirective"
        case .categoryDirective: return "CategoryDirective"
        case .envelopeDirective: return "EnvelopeDirective"
        case .goalDirective: return "GoalDirective"
        case .payeeDirective: return "PayeeDirective"
        case .recurringDirective: return "RecurringDirective"
        case .optionDirective: return "OptionDirective"
        case .includeDirective: return "IncludeDirective"
        case .importDirective: return "ImportDirective"
        case .matchDirective: return "MatchDirective"
        case .transaction: return "Transaction"
        case .transfer: return "Transfer"
        case .fill: return "Fill"
        case .move: return "Move"
        case .assertion: return "Assertion"
        case .rate: return "Rate"
        case .skip: return "Skip"
        case .contribution: return "Contribution"
        case .errorEntry: return "ErrorEntry"
        case .attribute: return "Attribute"
        case .schedule: return "Schedule"
        case .period: return "Period"
        case .split: return "Split"
        case .metadata: return "Metadata"
        case .amount: return "Amount"
        case .payee: return "Payee"
        case .note: return "Note"
        case .declaredName: return "DeclaredName"
        case .walletRef: return "WalletRef"
        case .categoryRef: return "CategoryRef"
        case .envelopeRef: return "EnvelopeRef"
        case .goalRef: return "GoalRef"
        case .ruleRef: return "RuleRef"
        case .personName: return "PersonName"
        case .currencyCode: return "CurrencyCode"
        case .error: return "Error"
        }
    }

    /// True for kinds that make up a whole entry (a line and its continuation lines).
    public var isEntry: Bool {
        rawValue >= SyntaxKind.currencyDirective.rawValue && rawValue <= SyntaxKind.errorEntry.rawValue
    }

    /// True for the entries that stand at a date: transactions, transfers, fills, moves,
    /// assertions, rates, skips and contributions (the kinds from ``transaction`` to
    /// ``contribution``, which the declaration order keeps together). Everything else at
    /// the top of a file is a declaration or an error entry.
    @inlinable
    public var isDatedEntry: Bool {
        rawValue >= SyntaxKind.transaction.rawValue && rawValue <= SyntaxKind.contribution.rawValue
    }

    /// True for kinds that wrap one name: declarations and references.
    public var isName: Bool {
        switch self {
        case .declaredName, .walletRef, .categoryRef, .envelopeRef, .goalRef, .ruleRef, .personName:
            return true
        default:
            return false
        }
    }
}
