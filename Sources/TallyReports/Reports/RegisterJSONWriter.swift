import TallyCore
import TallySyntax

/// The register's JSON (`{"rows": [...]}`, the layout `JSONValue` gives) written row by
/// row into bytes, handed on in pieces of about `chunk` bytes: rows already made
/// (``RegisterReport/writeJSON(chunk:to:)``) and rows as they are walked
/// (``RegisterStream``) come out alike, and a large register is never held whole.
struct RegisterJSONWriter {
    /// Every fixed piece of a row, one after another, each found by its range below:
    /// appended from one buffer, a piece costs no reference count, where an array for
    /// each cost two (17 pieces on each of 100k rows, 40 % of the writing: callgrind of
    /// `tally register --format json` at 100k, 2026-11-29).
    private let pieces: [UInt8]
    /// Each key with what precedes it (comma, line break, indent) as ready bytes: 13 pairs
    /// for each of 100k rows made laying out keys the larger part.
    private let prefixes: [Range<Int>]
    private let rowEnd: Range<Int>
    /// Each wallet's and category's name, each currency and each type, quoted once: one
    /// of each is on every row.
    private let walletNames: [Range<Int>]
    private let categoryNames: [Range<Int>]
    private let currencies: [Range<Int>]
    private let typeNames: [Range<Int>]
    /// Decimals of each wallet's currency.
    private let decimals: [Int]
    private let chunk: Int
    private var out: [UInt8] = []
    private var rows = 0

    /// A writer for `model`'s rows whose last column is `lastColumn` (`balance` or
    /// `total`), each wallet's amounts in `currencies[wallet]` (its own currency unless a
    /// market valuation says otherwise); it has written the document's opening.
    init(model: BudgetModel, lastColumn: String, chunk: Int, currencies: [String]? = nil) {
        let keys = ["date", "wallet", "type", "category", "counterpart", "payee", "note", "tags", "amount", "currency", lastColumn, "paid", "paidCurrency"]
        var pieces: [UInt8] = []
        func piece(_ write: (inout [UInt8]) -> Void) -> Range<Int> {
            let start = pieces.count
            write(&pieces)
            return start ..< pieces.count
        }
        func quoted(_ text: String) -> Range<Int> { piece { JSONValue.appendQuoted(text, to: &$0) } }
        prefixes = keys.enumerated().map { i, key in
            piece { bytes in
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONValue.newline(&bytes, depth: 3)
                JSONValue.appendQuoted(key, to: &bytes)
                bytes.appendUTF8(": ")
            }
        }
        rowEnd = piece { bytes in
            JSONValue.newline(&bytes, depth: 2)
            bytes.append(UInt8(ascii: "}"))
        }
        walletNames = model.wallets.map { quoted($0.name) }
        categoryNames = model.categories.map { quoted($0.name) }
        let currencies = currencies ?? model.wallets.map(\.currency)
        self.currencies = currencies.map(quoted)
        typeNames = FlowType.allCases.map { quoted($0.rawValue) }
        self.pieces = pieces
        decimals = currencies.map { model.decimals(of: $0) }
        self.chunk = chunk
        out.reserveCapacity(chunk + 4096)
        out.appendUTF8("{\n  \"rows\": [")
    }

    /// Appends a fixed piece.
    private mutating func put(_ range: Range<Int>) {
        pieces.withUnsafeBufferPointer { all in out.append(contentsOf: UnsafeBufferPointer(rebasing: all[range])) }
    }

    private mutating func text(_ key: Int, _ value: String?) {
        put(prefixes[key])
        if let value { JSONValue.appendQuoted(value, to: &out) } else { out.appendUTF8("null") }
    }

    /// A value already quoted, or null.
    private mutating func quotedName(_ key: Int, _ name: Range<Int>?) {
        put(prefixes[key])
        if let name { put(name) } else { out.appendUTF8("null") }
    }

    private mutating func quoted(_ key: Int, _ amount: Money, places: Int) {
        put(prefixes[key])
        out.append(UInt8(ascii: "\""))
        out.appendMoney(amount, places: places)
        out.append(UInt8(ascii: "\""))
    }

    /// Writes `row`, with `last` in the last column; hands on a full piece first.
    mutating func append(_ row: RegisterRow, last: Money, to sink: ([UInt8]) -> Void) {
        let words = Words(payee: row.payee, note: row.note, tags: row.tags, paid: row.paid)
        append(date: row.date, wallet: row.wallet, type: row.type, category: row.category, counterpart: row.counterpart, words, row.amount, last: last, to: sink)
    }

    /// Writes `line` of `entry` with its balance, its words read from the entry: no
    /// ``RegisterRow`` is made.
    mutating func append(_ line: RegisterLine, _ entry: Entry, to sink: ([UInt8]) -> Void) {
        let words = Words(payee: entry.payee, note: entry.note, tags: entry.tags, paid: line.paid(entry))
        append(date: entry.date, wallet: line.wallet, type: line.type, category: line.category, counterpart: line.counterpart, words, line.amount, last: line.balance, to: sink)
    }

    /// Writes `lines` of `model` with their balances. The rows of a few dozen lines are
    /// made before any is written: lines in another order than the file's read entries
    /// spread over the whole model, and reads that wait on nothing written overlap,
    /// where one row at a time each waited in turn.
    mutating func append(_ lines: [RegisterLine], of model: BudgetModel, to sink: ([UInt8]) -> Void) {
        var rows: [RegisterRow] = []
        rows.reserveCapacity(Self.batch)
        for start in stride(from: 0, to: lines.count, by: Self.batch) {
            rows.removeAll(keepingCapacity: true)
            model.appendRegisterRows(lines[start ..< min(start + Self.batch, lines.count)], to: &rows)
            for row in rows { append(row, last: row.balance, to: sink) }
        }
    }

    /// Lines whose words are read at once.
    private static let batch = 64

    /// A row's text fields.
    private struct Words {
        let payee: String?, note: String?, tags: [String], paid: PaidAmount?
    }

    private mutating func append(
        date: CivilDate, wallet: Int, type: FlowType, category: Int?, counterpart: Int?, _ words: Words, _ amount: Money, last: Money,
        to sink: ([UInt8]) -> Void
    ) {
        if out.count >= chunk {
            sink(out)
            out.removeAll(keepingCapacity: true)
        }
        if rows > 0 { out.append(UInt8(ascii: ",")) }
        rows += 1
        JSONValue.newline(&out, depth: 2)
        out.append(UInt8(ascii: "{"))
        let places = decimals[wallet]
        put(prefixes[0])
        out.append(UInt8(ascii: "\""))
        out.appendDate(date)
        out.append(UInt8(ascii: "\""))
        quotedName(1, walletNames[wallet])
        quotedName(2, typeNames[type.place])
        quotedName(3, category.map { categoryNames[$0] })
        quotedName(4, counterpart.map { walletNames[$0] })
        text(5, words.payee)
        text(6, words.note)
        put(prefixes[7])
        out.append(UInt8(ascii: "["))
        for (t, tag) in words.tags.enumerated() {
            if t > 0 { out.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]) }
            JSONValue.appendQuoted(tag, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        quoted(8, amount, places: places)
        quotedName(9, currencies[wallet])
        quoted(10, last, places: places)
        // What a purchase in another currency paid (`-23.50 USD @ 0.92`), as written.
        text(11, words.paid?.amount.description)
        text(12, words.paid?.currency)
        put(rowEnd)
    }

    /// Closes the document and hands on the rest.
    mutating func finish(to sink: ([UInt8]) -> Void) {
        if rows > 0 { JSONValue.newline(&out, depth: 1) }
        out.appendUTF8("]\n}\n")
        sink(out)
        out.removeAll()
    }
}

extension FlowType {
    /// The type's place in ``FlowType/allCases``.
    fileprivate var place: Int {
        switch self {
        case .income: 0
        case .expense: 1
        case .transfer: 2
        }
    }
}
