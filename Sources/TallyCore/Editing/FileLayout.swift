import TallySyntax

/// How a budget file lays out its transactions, learned from the file itself, so that
/// entries added by a tool look like the ones written by hand: the line ending, and the
/// columns where wallets, categories and amounts line up when most transactions agree.
public struct FileLayout: Equatable, Sendable {
    /// `\n`, `\r\n` or `\r`: the file's first line ending (`\n` when it has none).
    public var lineEnding: [UInt8] = [0x0A]
    /// Column (0-based, in characters as a terminal shows them) where wallet names start.
    public var walletColumn: Int?
    /// Column where categories start.
    public var categoryColumn: Int?
    /// Column where amounts end, when amounts are aligned on the right.
    public var amountEndColumn: Int?
    /// Column where amounts start, when amounts are aligned on the left.
    public var amountStartColumn: Int?
    /// Spaces between the amount and the clauses after it (`  rule rent`).
    public var clauseGap: Int?

    /// The layout of a file's latest transactions: those in its last `tailBytes` bytes
    /// (read again from the first entry there), so that appending to a file of 100k lines
    /// follows how it is written lately without measuring every line.
    public init(recentIn tree: SyntaxTree, tailBytes: Int = 64 * 1024) {
        let bytes = tree.source.bytes
        guard bytes.count > tailBytes else { self.init(tree: tree); return }
        // Cut before a line that starts with a date: an entry starts there.
        var cut = bytes.count - tailBytes
        while cut < bytes.count {
            if bytes[cut - 1] == 0x0A || bytes[cut - 1] == 0x0D, cut + 4 < bytes.count,
                bytes[cut ... (cut + 3)].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
            {
                break
            }
            cut += 1
        }
        self.init(tree: Parser.parse(SourceText(path: tree.source.path, bytes: Array(bytes[cut...]))))
        lineEnding = Self.firstLineEnding(bytes) ?? [0x0A]
    }

    /// The layout of every transaction in `tree`.
    public init(tree: SyntaxTree) {
        lineEnding = Self.firstLineEnding(tree.source.bytes) ?? [0x0A]
        var wallets: [Int] = [], categories: [Int] = [], amountEnds: [Int] = [], amountStarts: [Int] = [], gaps: [Int] = []
        for entry in tree.entries(of: .transaction) {
            let lineStart = entry.range.start
            var sawAmount = false
            var gapAfterAmount: Int?
            var pendingGap = 0
            for element in entry.children {
                if case .token(let token) = element {
                    if token.kind == .newline || token.kind == .comment { break }
                    if token.kind == .whitespace { pendingGap = Self.width(token.text); continue }
                }
                let column = Self.column(of: element.range.start, lineStart: lineStart, in: tree)
                if sawAmount && gapAfterAmount == nil { gapAfterAmount = pendingGap }
                if case .node(let node) = element {
                    switch node.kind {
                    case .walletRef: wallets.append(column)
                    case .categoryRef: categories.append(column)
                    case .amount where !sawAmount:
                        sawAmount = true
                        amountStarts.append(column)
                        amountEnds.append(column + Self.width(tree.source.text(in: node.contentRange)))
                    default: break
                    }
                }
            }
            if let gapAfterAmount { gaps.append(gapAfterAmount) }
        }
        walletColumn = Self.agreed(wallets)
        categoryColumn = Self.agreed(categories)
        let ends = Self.mode(amountEnds), starts = Self.mode(amountStarts)
        // Right-aligned amounts share their end; left-aligned ones their start.
        if (ends?.count ?? 0) >= (starts?.count ?? 0) { amountEndColumn = Self.agreed(amountEnds) } else { amountStartColumn = Self.agreed(amountStarts) }
        // A spacing habit shows in a single line already; a column needs two to be seen.
        clauseGap = Self.agreed(gaps, atLeast: 1)
    }

    /// How many columns `text` takes.
    public static func width(_ text: String) -> Int {
        // ASCII is one column a character; only other text needs the Unicode tables.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return DisplayWidth.of(Substring(text).unicodeScalars)
    }

    private static func column(of offset: Int, lineStart: Int, in tree: SyntaxTree) -> Int {
        guard offset > lineStart else { return 0 }
        return width(tree.source.text(in: ByteRange(start: lineStart, end: offset)))
    }

    private static func mode(_ values: [Int]) -> (value: Int, count: Int)? {
        var counts: [Int: Int] = [:]
        for v in values { counts[v, default: 0] += 1 }
        return counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }.map { ($0.key, $0.value) }
    }

    /// The value most lines use, when at least `minimum` do and they are at least half:
    /// a column that can be seen, not a coincidence.
    private static func agreed(_ values: [Int], atLeast minimum: Int = 2) -> Int? {
        guard let (value, count) = mode(values), count >= minimum, count * 2 >= values.count else { return nil }
        return value
    }

    /// The first line ending in `bytes` (`\n`, `\r\n` or `\r`), nil when there is none.
    public static func firstLineEnding(_ bytes: [UInt8]) -> [UInt8]? {
        guard let i = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
        if bytes[i] == 0x0A { return [0x0A] }
        return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? [0x0D, 0x0A] : [0x0D]
    }
}
