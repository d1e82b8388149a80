import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Writes a budget as an hledger, ledger or beancount journal.
///
/// Money moves exactly as in Tally: every wallet becomes an asset or liability account,
/// every category an income or expense account, and each transaction, split and transfer
/// a balanced transaction with explicit amounts on every posting. Opening balances are
/// booked against `Equity:Opening-Balances`; rates become price directives; assertions
/// become the peer's balance assertions, placed so that they check what Tally checks (the
/// balance at the end of the day). What has no equivalent (envelopes, goals, recurring
/// entries, fills, moves, skips) becomes the nearest construct the peer has, or a comment
/// that keeps the Tally text. docs/interop.md lists the mapping per peer.
///
/// The exporter reads the interpreted model, so entries with errors are not in it: export
/// only budgets without errors (the command refuses others).
public struct JournalExporter {
    let model: BudgetModel
    let format: PeerFormat
    let names: AccountNames
    /// The first line of a declaration's source text, for comments that keep it.
    let firstLine: (SourceLocation) -> String?
    /// The first day the journal needs accounts open on.
    let firstDate: CivilDate
    /// Split notes and tags and other metadata, which the model does not keep.
    let source: EntrySource
    /// The peer's spelling of every currency the wallets use.
    let symbols: [String: String]
    /// How a converted journal wrote a currency's amounts (hledger, ledger).
    let styles: [String: AmountStyle]
    /// beancount: the journal's own commodity where `--commodity` renamed it
    /// (`HOOL.UNVEST` for `HOOLUNVEST`), from the `commodity:` the converter kept.
    let beancountNames: [String: String]
    /// What `tally convert` kept as comments, the dated blocks by date (``KeptBlock``).
    let kept: (undated: [KeptBlock], dated: [KeptBlock])
    /// The lots beancount books holdings in, per purchase and sale (``ExportedLots``).
    let lots: ExportedLots

    /// An exporter for `model`; `budget` (the files the model was read from) lets comments
    /// quote the declarations that have no equivalent in the peer.
    public init(model: BudgetModel, budget: Budget?, format: PeerFormat) {
        self.model = model
        self.format = format
        names = AccountNames(model: model, budget: budget, format: format)
        source = EntrySource(budget: budget)
        var symbols: [String: String] = [:]
        for wallet in model.wallets { symbols[wallet.currency] = JournalExporter.symbol(wallet.currency) }
        // The journal's own symbols and marks, where a converted budget kept them (ledger
        // reads a decimal comma its own way: it keeps codes then).
        var styles: [String: AmountStyle] = [:]
        var beancountNames: [String: String] = [:]
        for (code, kept) in source.commodityFormats {
            guard let style = AmountStyle(kept) else { continue }
            if format == .beancount {
                // A symbol beancount takes as a commodity (not `$`): the journal's own name.
                var symbol = Substring(style.symbol)
                if symbol.count > 2, symbol.first == "\"", symbol.last == "\"" { symbol = symbol.dropFirst().dropLast() }
                if JournalExporter.isBeancountCommodity(symbol) { beancountNames[code] = String(symbol) }
            } else if format == .hledger || !style.decimalComma {
                styles[code] = style
                symbols[code] = style.symbol
            }
        }
        self.symbols = symbols
        self.styles = styles
        self.beancountNames = beancountNames
        var sources: [String: SourceText] = [:]
        for file in budget?.files ?? [] { sources[file.path] = file.tree.source }
        let blocks = (budget?.files ?? []).flatMap { KeptBlock.blocks(in: $0.tree, file: $0.path) }
        kept = (blocks.filter { $0.date == nil }, blocks.filter { $0.date != nil }.enumerated().sorted { ($0.element.date!, $0.offset) < ($1.element.date!, $1.offset) }.map(\.element))
        firstLine = { location in
            // The whole line the declaration starts on (its location may be its name only).
            guard let source = sources[location.file], location.range.start <= source.bytes.count else { return nil }
            let bytes = source.bytes
            var start = location.range.start, end = location.range.start
            while start > 0, bytes[start - 1] != UInt8(ascii: "\n"), bytes[start - 1] != UInt8(ascii: "\r") { start -= 1 }
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
            return String(decoding: bytes[start ..< end], as: UTF8.self)
        }
        var first = model.entries.first?.date ?? model.today
        for wallet in model.wallets { if let d = wallet.openingDate, d < first { first = d } }
        firstDate = first
        let source = source
        lots = ExportedLots(model: model, format: format) { source.declaredAccount(model.wallets[$0].location, AccountNames.openingCostKey) }
    }

    /// The whole journal.
    public func export() -> String {
        var out = JournalText()
        out.reserve(model.entries.count * 120)
        writeHeader(&out)
        writeCommodities(&out)
        writeAccounts(&out)
        if format == .ledger { writeLedgerTags(&out) }
        writeBudgeting(&out)
        for block in kept.undated { writeKept(&out, block) }
        writeDated(&out)
        if format == .beancount { writeClosings(&out) }
        return out.text
    }

    // MARK: Amounts and text

    /// The currency written for a wallet's amounts: beancount needs one even when the
    /// budget declares none (`XXX`, ISO 4217's "no currency").
    /// A currency `--commodity` renamed on the way in is the journal's again (beancount).
    func currency(_ code: String) -> String {
        guard format == .beancount else { return code }
        if code.isEmpty { return "XXX" }
        return beancountNames.isEmpty ? code : beancountNames[code] ?? code
    }

    /// beancount's commodity names: a capital, then capitals, digits and `'._-`, ending in a
    /// capital or digit, 24 characters at most.
    static func isBeancountCommodity(_ name: Substring) -> Bool {
        let bytes = Array(name.utf8)
        func isCapitalOrDigit(_ b: UInt8) -> Bool { (65 ... 90).contains(b) || (48 ... 57).contains(b) }
        guard (2 ... 24).contains(bytes.count), (65 ... 90).contains(bytes[0]), isCapitalOrDigit(bytes[bytes.count - 1]) else { return false }
        return bytes.allSatisfy { isCapitalOrDigit($0) || $0 == 39 || $0 == 46 || $0 == 95 || $0 == 45 }
    }

    /// `-66.20 EUR`: the amount with its currency's decimals and the peer's spelling of
    /// the currency.
    /// With `grouping`, in the digit groups of the currency's declared format (goals).
    func amount(_ money: Money, _ code: String, grouping: Bool = false) -> String {
        let number = money.formatted(scale: model.decimals(of: code))
        if !styles.isEmpty, let style = styles[code] { return style.write(number, grouping: grouping) }
        let c = currency(code)
        return c.isEmpty ? number : number + " " + commodity(c)
    }

    /// A price (a `P` directive's, a posting's `@`): the rate with all its digits, in the
    /// quote currency's declared style, because hledger reads the number by that style
    /// (`4.2710` under `commodity 1.000,00 PLN` would be 42,710).
    func price(_ rate: Money, _ quote: String) -> String {
        if let style = styles[quote] { return style.write(rate.description) }
        return rate.description + " " + commodity(currency(quote))
    }

    /// A currency code as the peer writes it: hledger and ledger quote symbols that hold
    /// anything but letters (`"USDT2"`).
    func commodity(_ code: String) -> String {
        guard format != .beancount else { return code }
        if let known = symbols[code] { return known }
        return JournalExporter.symbol(code)
    }

    static func symbol(_ code: String) -> String {
        code.utf8.allSatisfy({ (65 ... 90).contains($0) || (97 ... 122).contains($0) }) ? code : "\"" + code + "\""
    }

    /// Text on a transaction's first line: hledger and ledger read `;` as a comment, and
    /// hledger `|` as the cut between payee and note.
    func lineText(_ text: String) -> String {
        // Most payees need no change; looking at the bytes first saves building a copy.
        if !text.utf8.contains(where: { $0 == 59 || $0 == 124 || $0 == 9 || $0 == 10 || $0 == 13 }) { return text }
        var result = ""
        for c in text {
            switch c {
            case ";": result.append(",")
            case "|" where format == .hledger: result.append("/")
            case "\t", "\n", "\r": result.append(" ")
            default: result.append(c)
            }
        }
        return result
    }

    /// A beancount string literal.
    func quoted(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 == 34 || $0 == 92 || $0 == 10 || $0 == 13 }) { return "\"" + text + "\"" }
        var result = "\""
        for c in text {
            switch c {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r": result += " "
            default: result.append(c)
            }
        }
        return result + "\""
    }

    /// A tag name the peer accepts: beancount allows letters, digits and `-_/.`; hledger
    /// and ledger end a tag at `:` (and hledger at `,`).
    func tagName(_ tag: String) -> String {
        // Most tags are ASCII words the peer takes as they are: no copy, character by character.
        if !tag.isEmpty, tag.utf8.allSatisfy({ JournalExporter.keepsASCII($0, format) }) { return tag }
        var result = ""
        for c in tag {
            let keep: Bool
            switch format {
            case .beancount: keep = c.isASCII && (c.isLetter || c.isNumber || "-_/.".contains(c))
            case .hledger, .ledger: keep = !(c == ":" || c == "," || c == " " || c == "\t")
            }
            result.append(keep ? c : "-")
        }
        return result.isEmpty ? "-" : result
    }

    /// Whether ``tagName(_:)`` keeps an ASCII byte as it is.
    static func keepsASCII(_ b: UInt8, _ format: PeerFormat) -> Bool {
        guard b < 0x80 else { return false }
        switch format {
        case .beancount: return (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 45 || b == 95 || b == 47 || b == 46
        case .hledger, .ledger: return b != 58 && b != 44 && b != 32 && b != 9
        }
    }

    /// A metadata key the peer accepts: beancount wants `[a-z][a-zA-Z0-9_-]+`; hledger
    /// and ledger a word without `:`, `,` or spaces.
    func metadataKey(_ key: String) -> String {
        var result = ""
        for c in key {
            let keep =
                format == .beancount
                ? c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_")
                : !(c == ":" || c == "," || c == " " || c == "\t")
            result.append(keep ? c : "-")
        }
        if format == .beancount {
            if let first = result.first, first.isUppercase { result = first.lowercased() + result.dropFirst() }
            if !(result.first.map { $0.isASCII && $0.isLowercase } ?? false) || result.count < 2 { result = "x-" + result }
        }
        return result.isEmpty ? "x" : result
    }

    /// A metadata value on a comment line: hledger ends a tag's value at a comma.
    func metadataValue(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 == 10 || $0 == 13 || $0 == 44 }) { return text }
        let line = text.replacingText("\n", with: " ").replacingText("\r", with: " ")
        return format == .hledger ? line.replacingText(",", with: ";") : line
    }

    /// A block `tally convert` kept: its original lines in the format it came from, else
    /// its comment lines.
    func writeKept(_ out: inout JournalText, _ block: KeptBlock) {
        out.blank()
        for line in block.lines(for: format) { out.line(line) }
        out.blank()
    }

    /// A line of comment that keeps Tally text the peer has no construct for.
    func comment(_ text: String) -> String { "; tally: " + text.replacingText("\n", with: " ") }
}

extension CivilDate {
    /// `2026-01-31`, written straight into a string's storage: an export writes one date
    /// per entry, and interpolation dominated the time.
    var iso: String {
        String(unsafeUninitializedCapacity: 10) { buffer in
            var y = year
            for i in stride(from: 3, through: 0, by: -1) { buffer[i] = UInt8(48 + y % 10); y /= 10 }
            buffer[4] = 45
            buffer[5] = UInt8(48 + month / 10); buffer[6] = UInt8(48 + month % 10)
            buffer[7] = 45
            buffer[8] = UInt8(48 + day / 10); buffer[9] = UInt8(48 + day % 10)
            return 10
        }
    }
}

/// The journal being written, in one growing string.
struct JournalText {
    var text = ""
    /// The last line written was blank (or nothing is written yet).
    private var atBlank = true
    mutating func reserve(_ n: Int) { text.reserveCapacity(n) }
    mutating func line(_ s: String) {
        text += s
        text += "\n"
        atBlank = s.isEmpty || s.hasSuffix("\n")
    }
    mutating func blank() {
        if !atBlank { text += "\n" }
        atBlank = true
    }
}
