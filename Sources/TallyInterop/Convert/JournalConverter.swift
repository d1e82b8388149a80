import TallyCore
import TallyFormat
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Choices the user can make about a conversion.
public struct ConversionOptions: Sendable {
    /// Wallet kind per peer account (`--wallet-kind Assets:Cash=cash`), else guessed; an
    /// account under a root of no type (`Asséts`, `Русский язык`) becomes a wallet only so.
    public var walletKinds: [String: WalletKind] = [:]
    /// Currency code per commodity symbol (`--commodity '$=CAD'`), over the built-in
    /// `$` USD, `€` EUR, `£` GBP, `¥` JPY, `₹` INR.
    public var commodities: [String: String] = [:]
    /// `assert` lines of an earlier conversion (``assertionLine(at:in:)``) that failed its
    /// check although nothing the converter tracks explains it (a line it could not read,
    /// a directive that renames accounts): each is kept as a comment with the reason.
    public var failingAssertions: Set<String> = []
    public init() {}

    /// The line of a converted budget's `bytes` that `offset` is on, runs of spaces made
    /// one: how ``failingAssertions`` names an `assert` line.
    public static func assertionLine(at offset: Int, in bytes: [UInt8]) -> String {
        var start = min(max(offset, 0), bytes.count), end = start
        while start > 0, bytes[start - 1] != 10 { start -= 1 }
        while end < bytes.count, bytes[end] != 10 { end += 1 }
        return collapsed(String(decoding: bytes[start ..< end], as: UTF8.self))
    }

    /// `text` with runs of spaces made one.
    static func collapsed(_ text: String) -> String { text.split(separator: " ").joined(separator: " ") }
}

/// A converted budget and what could not be carried over.
public struct ConversionResult: Sendable {
    /// The budget text, laid out by the formatter: the bytes of ``tree`` as text, made
    /// only when asked (`tally convert` writes the bytes; decoding a converted 10k
    /// journal's text cost 1 % of its conversion, callgrind, 2026-11-29).
    public var budget: String { String(decoding: tree.source.bytes, as: UTF8.self) }
    /// The syntax tree of `budget`, parsed under the name given to
    /// ``JournalConverter/convert(paths:options:budgetPath:readFile:)``: loading the
    /// budget with it (``BudgetLoader/init(provider:parsed:)``) needs no second parse. Its
    /// bytes are `budget`'s.
    public let tree: SyntaxTree
    /// What Tally cannot represent, by source line, in file and line order.
    public let leftOut: [LeftOut]
    /// Peer account → the Tally wallet or category it became; a commodity of an account
    /// holding several that became a wallet of its own as `assets:broker (AAPL)`.
    public let accounts: [String: String]
    /// What the budget lacks to hold anything (`no wallet`, `no transaction or opening`),
    /// nil when it has both: `tally convert` refuses such a result, its lines listed.
    public let lack: String?
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
        // Moved, not copied: the builder changes the transactions in place, and a second
        // reference here made it copy all of them first (5 % of a 100k conversion,
        // `Benchmarks/interop_bench.py`, 2026-11-26).
        var builder = BudgetBuilder(content: consume content, closings: closings, options: options, sources: paths, budgetPath: budgetPath)
        // What is not converted is copied into the budget: its files are read again then
        // (holding every text through the conversion cost the 100k journal 20 MB of peak
        // memory, `Benchmarks/interop_bench.py`, 2026-11-26).
        builder.sourceText = { try? readFile($0) }
        builder.sourceFormat = { KeptBlock.formatName(path: $0, text: $1) }
        return builder.build()
    }
}

extension PeerJournalContent {
    mutating func append(_ other: PeerJournalContent) {
        for var pad in other.pads {
            pad.position += transactions.count
            pads.append(pad)
        }
        // The first file's transactions are taken as they are: appending copies each one
        // (a 100k journal spent 5 % of its conversion retaining and releasing them,
        // `Benchmarks/interop_bench.py`, 2026-11-26).
        if transactions.isEmpty { transactions = other.transactions } else { transactions += other.transactions }
        periodics += other.periodics
        balances += other.balances
        prices += other.prices
        leftOut += other.leftOut
        declaredAccounts += other.declaredAccounts
        allowedCommodities.merge(other.allowedCommodities) { first, _ in first }
        bookingMethods.merge(other.bookingMethods) { first, _ in first }
        if other.defaultBookingMethod != "STRICT" { defaultBookingMethod = other.defaultBookingMethod }
        envelopes += other.envelopes
        operatingCurrencies += other.operatingCurrencies
        styles.merge(other.styles)
        isJournal = isJournal || other.isJournal
        unreadTransactions += other.unreadTransactions
        accountTypes.merge(other.accountTypes) { first, _ in first }
    }
}
