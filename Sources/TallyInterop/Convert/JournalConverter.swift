import Foundation
import TallyCore
import TallyFormat
import TallySyntax

/// Choices the user can make about a conversion.
public struct ConversionOptions: Sendable {
    /// Wallet kind per peer account (`--wallet-kind Assets:Cash=cash`), else guessed.
    public var walletKinds: [String: WalletKind] = [:]
    /// Currency code per commodity symbol (`--commodity '$=CAD'`), over the built-in
    /// `$` USD, `€` EUR, `£` GBP, `¥` JPY, `₹` INR.
    public var commodities: [String: String] = [:]
    public init() {}
}

/// A converted budget and what could not be carried over.
public struct ConversionResult: Sendable {
    /// The budget text, laid out by the formatter.
    public let budget: String
    /// The syntax tree of `budget`, parsed under the name given to
    /// ``JournalConverter/convert(paths:options:budgetPath:readFile:)``: loading the
    /// budget with it (``BudgetLoader/init(provider:parsed:)``) needs no second parse. Its
    /// bytes are `budget`'s.
    public let tree: SyntaxTree
    /// What Tally cannot represent, by source line, in file and line order.
    public let leftOut: [LeftOut]
    /// Peer account → the Tally wallet or category it became.
    public let accounts: [String: String]
}

/// Turns hledger, ledger and beancount journals into a Tally budget: asset and liability
/// accounts become wallets, income and expense accounts categories (hierarchy kept),
/// commodities currency codes, prices rates, balance assertions `assert`, opening-balance
/// transactions wallet openings, and transactions transactions, splits or transfers.
/// Whatever Tally cannot represent is listed with its file and line (``LeftOut``).
public enum JournalConverter {
    /// Reads `paths` (includes followed) and converts them; `budgetPath` names the budget
    /// in its syntax tree (and so in diagnostics).
    public static func convert(
        paths: [String], options: ConversionOptions = ConversionOptions(), budgetPath: String = "<converted>",
        readFile: @escaping (String) throws -> String
    ) throws -> ConversionResult {
        var content = PeerJournalContent()
        var closings: [String: CivilDate] = [:]
        for path in paths {
            let text = try readFile(path)
            switch JournalKind.detect(path: path, text: text) {
            case .ledger:
                var reader = LedgerJournalReader(readFile: readFile)
                try reader.read(path, text: text)
                content.append(reader.content)
            case .beancount:
                var reader = BeancountReader(readFile: readFile)
                try reader.read(path, text: text)
                content.append(reader.content)
                closings.merge(reader.closings) { a, _ in a }
            }
        }
        var builder = BudgetBuilder(content: content, closings: closings, options: options, sources: paths, budgetPath: budgetPath)
        return builder.build()
    }
}

extension PeerJournalContent {
    mutating func append(_ other: PeerJournalContent) {
        for var pad in other.pads {
            pad.position += transactions.count
            pads.append(pad)
        }
        transactions += other.transactions
        periodics += other.periodics
        balances += other.balances
        prices += other.prices
        leftOut += other.leftOut
        declaredAccounts += other.declaredAccounts
        envelopes += other.envelopes
        accountTypes.merge(other.accountTypes) { first, _ in first }
    }
}
