/// Reads Tally source into a lossless ``SyntaxTree``.
///
/// Parsing never fails: whatever the bytes, the result is a tree that covers all of them,
/// plus diagnostics. The format is line-oriented, so recovery is simple and local: a line
/// that cannot be read is wrapped in an error node and the next line starts afresh. One
/// file with ten mistakes gives ten diagnostics.
public enum Parser {
    /// Largest file the tree can address (offsets are stored in 32 bits).
    public static let maximumFileSize = Int(UInt32.max) - 1

    /// Parses `source`. Files larger than ``maximumFileSize`` must be refused by the caller.
    /// A file that is plainly not text (``TextSniffer``) is read only into lines, with one
    /// diagnostic (E0105).
    public static func parse(_ source: SourceText) -> SyntaxTree {
        precondition(source.bytes.count <= maximumFileSize, "file too large for the syntax tree")
        if let evidence = TextSniffer.evidence(source.bytes) { return notTextTree(source, evidence: evidence) }
        return source.bytes.withUnsafeBufferPointer { buffer in
            var stream = Lexer.tokenize(buffer, path: source.path)
            // Hand the kinds over rather than share them, so re-classifying keywords
            // does not copy the array.
            let kinds = stream.kinds
            stream.kinds = []
            var state = ParserState(bytes: buffer, path: source.path, kinds: kinds, starts: stream.starts)
            state.parseFile()
            var diagnostics = stream.diagnostics
            diagnostics.append(contentsOf: state.diagnostics)
            sortDiagnostics(&diagnostics)
            return SyntaxTree(
                source: source, tokenKinds: state.kinds, tokenStarts: stream.starts,
                nodes: state.nodes, diagnostics: diagnostics)
        }
    }

    /// Parses a string; convenient in tests.
    public static func parse(_ text: String, path: String = "<input>") -> SyntaxTree {
        parse(SourceText(path: path, text: text))
    }
}

/// The parser's working state. Helpers here are the vocabulary the grammar rules in the
/// other `Parser+*.swift` files are written in.
struct ParserState {
    let bytes: UnsafeBufferPointer<UInt8>
    let path: String
    /// Token kinds; the parser re-classifies names it reads as keywords.
    var kinds: [TokenKind]
    let starts: [UInt32]
    let count: Int
    var pos = 0
    var nodes: [NodeRecord] = []
    var diagnostics: [Diagnostic] = []
    /// End offset of the last non-whitespace token consumed: where "missing" things are.
    var lastContentEnd = 0
    /// Set while a transaction header without an amount waits for split lines.
    var amountPendingAt: ByteRange?
    /// Set while a `match` rule without a category waits for split lines, with the number
    /// of diagnostics then (a header that broke later is reported once, not twice).
    var categoryPendingAt: (range: ByteRange, diagnostics: Int)?

    /// Where the tokens end: the end of the file, or of the chunk being parsed.
    let endOffset: Int

    /// A parser for tokens that end at `endOffset` (the end of the file unless a chunk is
    /// parsed); `lastContentEnd` starts where the chunk starts, as the whole-file parse has
    /// it after the line break that ends the line above.
    init(
        bytes: UnsafeBufferPointer<UInt8>, path: String, kinds: [TokenKind], starts: [UInt32],
        endOffset: Int? = nil, startOffset: Int = 0, nodes reserved: consuming [NodeRecord]? = nil
    ) {
        self.bytes = bytes
        self.path = path
        self.kinds = kinds
        self.starts = starts
        self.count = kinds.count
        self.endOffset = endOffset ?? bytes.count
        self.lastContentEnd = startOffset
        // Room chosen by the caller (see `RetiredTreeStorage`).
        if reserved != nil {
            nodes = (consume reserved)!
            return
        }
        nodes.reserveCapacity(Self.nodeRoom(tokens: kinds.count, fileSize: bytes.count, from: startOffset, to: endOffset))
    }

    /// Room for the nodes of `tokens` tokens read from `start ..< end` (nil: the end of the
    /// file): about 0.45 nodes a token in real files; the first chunk of a file cut in
    /// chunks reserves room for the nodes of the whole file.
    static func nodeRoom(tokens: Int, fileSize: Int, from start: Int, to end: Int?) -> Int {
        let share = end.map { max($0 - start, 1) } ?? fileSize
        let scale = start == 0 && share < fileSize ? Double(fileSize) / Double(share) : 1
        return Int(Double(tokens) * scale) / 2 + 4
    }

    // MARK: Nodes

    mutating func startNode(_ kind: SyntaxKind) -> Int {
        nodes.append(NodeRecord(kind: kind, firstToken: UInt32(pos), endToken: 0, subtreeEnd: 0))
        return nodes.count - 1
    }

    mutating func finishNode(_ index: Int, as kind: SyntaxKind? = nil) {
        nodes[index].endToken = UInt32(pos)
        nodes[index].subtreeEnd = UInt32(nodes.count)
        if let kind { nodes[index].kind = kind }
    }

    /// Wraps the current token in a node of `kind`.
    mutating func wrapToken(_ kind: SyntaxKind) {
        let node = startNode(kind)
        bump()
        finishNode(node)
    }

    // MARK: Tokens

    @inline(__always) var current: TokenKind? { pos < count ? kinds[pos] : nil }

    @inline(__always) mutating func bump() {
        if kinds[pos] != .whitespace { lastContentEnd = Int(starts[pos + 1]) }
        pos += 1
    }

    @inline(__always) mutating func skipSpace() {
        while pos < count && kinds[pos] == .whitespace { pos += 1 }
    }

    /// Skips whitespace and tells whether the line's content has ended (line break,
    /// comment or end of file).
    mutating func atLineEnd() -> Bool {
        skipSpace()
        return isLineEnd(pos)
    }

    @inline(__always) func isLineEnd(_ i: Int) -> Bool {
        i >= count || kinds[i] == .newline || kinds[i] == .comment
    }

    /// Index of the next token after `i` that is not whitespace.
    func nextNonSpace(after i: Int) -> Int {
        var j = i + 1
        while j < count && kinds[j] == .whitespace { j += 1 }
        return j
    }

    func range(ofToken i: Int) -> ByteRange {
        ByteRange(start: Int(starts[i]), end: Int(starts[i + 1]))
    }

    var currentRange: ByteRange { pos < count ? range(ofToken: pos) : .empty(at: endOffset) }

    /// Where a missing part would go: just after the last thing read.
    var missingRange: ByteRange { .empty(at: lastContentEnd) }

    func text(ofToken i: Int) -> String {
        let r = range(ofToken: i)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[r.start ..< r.end]), as: UTF8.self)
    }

    func byte(_ i: Int, _ offset: Int) -> UInt8? {
        let r = range(ofToken: i)
        return r.start + offset < r.end ? bytes[r.start + offset] : nil
    }

    /// The keyword spelled by token `i`, if it is a name (or an already read keyword).
    func keyword(at i: Int) -> Keyword? {
        guard i < count, kinds[i] == .name || kinds[i] == .keyword else { return nil }
        let r = range(ofToken: i)
        guard r.length <= 16 else { return nil }
        return Keyword.spelled(UnsafeBufferPointer(rebasing: bytes[r.start ..< r.end]))
    }

    /// The current token's keyword if it is in `set`.
    mutating func keyword(in set: KeywordSet) -> Keyword? {
        skipSpace()
        guard let keyword = keyword(at: pos), set.contains(keyword) else { return nil }
        return keyword
    }

    /// Consumes the current token as a keyword.
    mutating func takeKeyword() {
        kinds[pos] = .keyword
        bump()
    }

    /// How the current token is named in messages.
    func describe(_ i: Int) -> String {
        if isLineEnd(i) { return "the end of the line" }
        var text = text(ofToken: i)
        if text.count > 40 { text = String(text.prefix(37)) + "..." }
        return "`\(text)`"
    }

    // MARK: Diagnostics

    mutating func report(
        _ code: DiagnosticCode, _ message: String, at range: ByteRange,
        help: String? = nil, fixes: [Fix] = [], notes: [DiagnosticNote] = []
    ) {
        // The lexer already reported control characters; a second message would be noise.
        if pos < count && kinds[pos] == .unknown && range == currentRange { return }
        diagnostics.append(Diagnostic(code, message, file: path, range: range, notes: notes, help: help, fixes: fixes))
    }

    /// True when token `i` is text or a quoted name without its closing quote.
    func isUnterminatedQuote(_ i: Int) -> Bool {
        guard i >= 0, i < count, kinds[i] == .text || kinds[i] == .quotedName else { return false }
        let r = range(ofToken: i)
        let quote = bytes[r.start]
        var k = r.start + 1
        while k < r.end {
            if bytes[k] == UInt8(ascii: "\\") { k += 2; continue }
            if bytes[k] == quote { return k + 1 != r.end }
            k += 1
        }
        return true
    }

    /// Reports that `what` was expected at the current position: a missing field at the end
    /// of a line, an unexpected token otherwise.
    mutating func reportExpected(_ what: String, help: String? = nil) {
        skipSpace()
        if isLineEnd(pos) {
            // An unterminated quote swallowed the rest of the line; it is reported already.
            var last = pos - 1
            while last >= 0 && kinds[last] == .whitespace { last -= 1 }
            if isUnterminatedQuote(last) { return }
            report(.missingField, "expected \(what)", at: missingRange, help: help)
        } else {
            var help = help
            if help == nil, what.contains("name"), let k = current, k == .number || k == .date || k == .percentage {
                help = "a name that looks like a number must be quoted: '\(text(ofToken: pos))'"
            }
            report(.unexpectedToken, "expected \(what), found \(describe(pos))", at: currentRange, help: help)
        }
    }

    /// Wraps what is left of the line (up to a comment or the line break) in an error node.
    mutating func errorRestOfLine() {
        skipSpace()
        guard !isLineEnd(pos) else { return }
        let node = startNode(.error)
        while !isLineEnd(pos) { bump() }
        finishNode(node)
    }

    /// Reports `what` as expected and gives up on the rest of the line.
    mutating func fail(expected what: String, help: String? = nil) {
        reportExpected(what, help: help)
        errorRestOfLine()
    }

    /// Refuses what is left of the line after an entry that defines nothing more there:
    /// one error (E0203) with a fix that removes it, and the rest of the line in an error
    /// node. `what` names what was read, as in "after the path of the include".
    mutating func refuseRestOfLine(after what: String, help: String? = nil) {
        guard !atLineEnd() else { return }
        let rest = lineContentRange()
        let removal = ByteRange(start: lastContentEnd, end: rest.end)
        let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[rest.start ..< rest.end]), as: UTF8.self)
        let shown = written.count > 40 ? String(written.prefix(37)) + "..." : written
        report(
            .unexpectedToken, "unexpected `\(shown)` after \(what), which takes nothing more", at: rest, help: help,
            fixes: [Fix(title: "Remove `\(shown)`", edits: [TextEdit(range: removal, replacement: "")])])
        errorRestOfLine()
    }

    /// The name just read joined with the bare words after it on the line, quoted: what a
    /// name with spaces written without its quotes needs (`for food:eating out` is
    /// `for 'food:eating out'`). The words run up to a comma, a keyword of `stops` or
    /// anything but a bare word; `next` is the token after them. Nil unless the last node
    /// is a bare name of some role directly before the current word.
    func quotedNameFix(stoppingAt stops: [Keyword]) -> (words: String, name: String, fix: Fix, next: Int)? {
        guard let last = nodes.last, Self.nameRoles.contains(last.kind), pos < count, kinds[pos] == .name else { return nil }
        let first = Int(last.firstToken)
        guard Int(last.endToken) == first + 1, kinds[first] == .name, nextNonSpace(after: first) == pos else { return nil }
        var end = pos
        var j = pos
        while j < count, kinds[j] == .name, keyword(at: j).map({ !stops.contains($0) }) ?? true {
            end = j
            j = nextNonSpace(after: j)
        }
        let range = ByteRange(start: range(ofToken: first).start, end: range(ofToken: end).end)
        let words = String(decoding: UnsafeBufferPointer(rebasing: bytes[range.start ..< range.end]), as: UTF8.self)
        let spaced = words.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        let name = SourceWriter.name(spaced)
        return (spaced, name, Fix(title: "Quote the name: \(name)", edits: [TextEdit(range: range, replacement: name)]), j)
    }

    /// Node kinds that hold a name.
    static let nameRoles: Set<SyntaxKind> = [.declaredName, .walletRef, .categoryRef, .envelopeRef, .goalRef, .ruleRef, .personName]

    /// Reports an unknown word with a did-you-mean fix among `candidates`.
    mutating func reportUnknown(_ code: DiagnosticCode, _ message: String, candidates: [String], expectedList: String) {
        let word = text(ofToken: pos)
        var fixes: [Fix] = []
        var message = message
        if let suggestion = Suggestion.closest(to: word, among: candidates) {
            message += "; did you mean `\(suggestion)`?"
            fixes = [Fix(title: "Replace with `\(suggestion)`", edits: [TextEdit(range: currentRange, replacement: suggestion)])]
        }
        report(code, message, at: currentRange, help: "expected \(expectedList)", fixes: fixes)
    }

    // MARK: File and entries

    mutating func parseFile() {
        let root = startNode(.sourceFile)
        if current == .byteOrderMark { bump() }
        parseEntries()
        finishNode(root)
    }

    /// Parses lines up to the end of the tokens: the body of the file, or of one chunk of it
    /// (see `Parser+Chunks.swift`).
    mutating func parseEntries() {
        var previousEntry: SyntaxKind?  // entry just above, with no blank line between
        var entryBeforeBlank: SyntaxKind?  // entry above the last blank line
        while pos < count {
            let before = pos
            switch kinds[pos] {
            case .newline:
                bump()
                if previousEntry != nil { entryBeforeBlank = previousEntry }
                previousEntry = nil
            case .comment:
                bump()
                if current == .newline { bump() }
                previousEntry = nil
            case .whitespace:
                let next = pos + 1
                if next >= count || kinds[next] == .newline || kinds[next] == .comment {
                    bump()
                    if next < count && kinds[next] == .comment { bump() }
                    if current == .newline { bump() }
                    if previousEntry != nil { entryBeforeBlank = previousEntry }
                    previousEntry = nil
                } else {
                    parseStrayIndentedLine(afterBlankFollowing: entryBeforeBlank)
                }
            default:
                previousEntry = parseEntry(previous: previousEntry)
                entryBeforeBlank = nil
            }
            if pos == before { bump() }  // fuel: every turn of the loop consumes a token
        }
    }

    /// An indented line with content where no entry can take it.
    mutating func parseStrayIndentedLine(afterBlankFollowing previous: SyntaxKind?) {
        bump()  // indentation
        let node = startNode(.errorEntry)
        let error = startNode(.error)
        let start = Int(starts[pos])
        while !isLineEnd(pos) { bump() }
        finishNode(error)
        let range = ByteRange(start: start, end: lastContentEnd)
        if previous == .transaction {
            report(
                .strayIndentedLine, "this indented line is separated from its transaction by a blank line",
                at: range, help: "split and metadata lines must follow their entry directly; remove the blank line above")
        } else {
            report(
                .strayIndentedLine, "this indented line belongs to no entry",
                at: range, help: "indented lines continue the entry above them (split parts, `key: value` metadata); start entries in column 1")
        }
        if current == .comment { bump() }
        if current == .newline { bump() }
        finishNode(node)
    }

    /// Parses one entry: its header line and its continuation lines. Returns its kind.
    mutating func parseEntry(previous: SyntaxKind?) -> SyntaxKind {
        let entry = startNode(.errorEntry)
        let diagnosticsBefore = diagnostics.count
        amountPendingAt = nil
        categoryPendingAt = nil
        var kind = SyntaxKind.errorEntry
        var container: Int?
        var acceptsSplits = false
        switch kinds[pos] {
        case .date:
            (kind, acceptsSplits) = parseDatedEntry()
        case .name:
            if let keyword = keyword(at: pos), KeywordSet.directives.contains(keyword) {
                (kind, container, acceptsSplits) = parseDirective(keyword)
            } else if reportWrittenDate(pos) {
                errorRestOfLine()
            } else if previous == .transaction || previous == .recurringDirective, looksLikeSplit() {
                report(
                    .unindentedSplit, "this looks like a split line of the transaction above, but it is not indented",
                    at: lineContentRange(), help: "indent split lines with spaces or a tab",
                    fixes: [Fix(title: "Indent the split line", edits: [TextEdit(range: .empty(at: Int(starts[pos])), replacement: "    ")])])
                errorRestOfLine()
            } else {
                reportUnknown(
                    .unknownDirective, "unknown directive \(describe(pos))",
                    candidates: KeywordSet.directives.members.map(\.spelling),
                    expectedList: "a date (YYYY-MM-DD) or one of: " + KeywordSet.directives.members.map(\.spelling).joined(separator: ", "))
                errorRestOfLine()
            }
        default:
            report(
                .unknownDirective, "a line must start with a date or a directive, found \(describe(pos))",
                at: currentRange, help: "entries start with a date (YYYY-MM-DD) or a keyword such as `wallet` or `envelope`")
            errorRestOfLine()
        }
        // Every rule reads to the end of the line or says why not: nothing is ignored
        // silently (a rule that stops early without a diagnostic is caught here).
        if diagnostics.count == diagnosticsBefore, !atLineEnd(), kinds[pos] != .unknown {
            refuseRestOfLine(after: "this entry")
        }
        finishHeaderLine()
        let splits = parseContinuations(of: kind, acceptsSplits: acceptsSplits)
        if let pending = amountPendingAt, splits == 0 {
            report(
                .missingAmount, "this transaction has no amount and no split lines",
                at: pending, help: "add the amount after the category (negative for spending), or split lines below it")
        }
        if let pending = categoryPendingAt, splits == 0, diagnostics.count == pending.diagnostics {
            report(
                .missingField, "expected the category for movements that match, or split lines below the rule", at: pending.range,
                help: "write the category after the text (match \"LIDL\" Food:Groceries), or indented lines that split the movement")
        }
        amountPendingAt = nil
        categoryPendingAt = nil
        if let container { finishNode(container) }
        finishNode(entry, as: kind)
        return kind
    }

    /// Consumes the end of a line: trailing whitespace, a comment, the line break.
    mutating func finishHeaderLine() {
        if !atLineEnd() { errorRestOfLine() }
        if current == .comment { bump() }
        if current == .newline { bump() }
    }

    /// The bytes of the current line's content from the current token on.
    func lineContentRange() -> ByteRange {
        var j = pos
        var end = Int(starts[pos])
        while !isLineEnd(j) {
            if kinds[j] != .whitespace { end = Int(starts[j + 1]) }
            j += 1
        }
        return ByteRange(start: Int(starts[pos]), end: end)
    }

    /// A column-1 line of a name followed by a number reads like an unindented split.
    func looksLikeSplit() -> Bool {
        let j = nextNonSpace(after: pos)
        return j < count && kinds[j] == .number
    }

    /// Indented lines below an entry: split parts, metadata, indented comments. A blank
    /// line or a line in column 1 ends them. Returns the number of split lines.
    mutating func parseContinuations(of kind: SyntaxKind, acceptsSplits: Bool) -> Int {
        var splits = 0
        var firstIndent: Int?
        while pos < count && kinds[pos] == .whitespace {
            let next = pos + 1
            if next >= count || kinds[next] == .newline { break }
            let indent = pos
            bump()
            if kinds[pos] == .comment {
                bump()
                if current == .newline { bump() }
                continue
            }
            if let first = firstIndent {
                checkIndentation(indent, against: first)
            } else {
                firstIndent = indent
            }
            if kinds[pos] == .key {
                parseMetadata()
            } else if acceptsSplits {
                parseSplit(percentages: kind == .matchDirective)
                splits += 1
            } else {
                let what = kind == .errorEntry ? "an entry that could not be read" : "this entry"
                report(
                    .strayIndentedLine, "\(what) takes no split lines",
                    at: lineContentRange(),
                    help: "only transactions have split lines; other entries may have indented `key: value` metadata")
                errorRestOfLine()
            }
            finishHeaderLine()
        }
        return splits
    }

    mutating func checkIndentation(_ indent: Int, against first: Int) {
        let a = range(ofToken: indent)
        let b = range(ofToken: first)
        if a.length == b.length && (0 ..< a.length).allSatisfy({ bytes[a.start + $0] == bytes[b.start + $0] }) { return }
        let expected = String(decoding: UnsafeBufferPointer(rebasing: bytes[b.start ..< b.end]), as: UTF8.self)
        report(
            .inconsistentIndentation,
            "this line is indented with \(describeIndent(a)), the first indented line of the entry with \(describeIndent(b))",
            at: a, help: "indent all lines of an entry alike (`tally fmt` does it)",
            fixes: [Fix(title: "Indent like the first line", edits: [TextEdit(range: a, replacement: expected)])])
    }

    func describeIndent(_ r: ByteRange) -> String {
        var spaces = 0
        var tabs = 0
        for i in r.start ..< r.end { if bytes[i] == 0x09 { tabs += 1 } else { spaces += 1 } }
        func plural(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }
        switch (spaces, tabs) {
        case (_, 0): return plural(spaces, "space")
        case (0, _): return plural(tabs, "tab")
        default: return "\(plural(spaces, "space")) and \(plural(tabs, "tab"))"
        }
    }

    /// `key: value` below an entry.
    mutating func parseMetadata() {
        let node = startNode(.metadata)
        let keyToken = pos
        var key: String { text(ofToken: keyToken) }  // only built for messages
        bump()
        skipSpace()
        if let k = current, k == .text || k == .name || k == .quotedName || k == .number || k == .date || k == .percentage {
            if k == .date { checkDate(pos) }
            bump()
            if !atLineEnd() {
                reportExpected(
                    "the end of the line after the value of `\(key)`",
                    help: "a metadata value is one word, number, date or \"text in quotes\"")
                errorRestOfLine()
            }
        } else {
            fail(expected: "a value after `\(key)`", help: "write `\(key) \"value\"`")
        }
        finishNode(node)
    }

    /// `Category AMOUNT {#tag} ["note"]` below a transaction; below a `match` rule
    /// (`percentages`) the part may also be a percentage, `Category 70%`.
    mutating func parseSplit(percentages: Bool = false) {
        let node = startNode(.split)
        defer { finishNode(node) }
        guard parseName(.categoryRef, expected: "a category at the start of the split line") else { return }
        skipSpace()
        if percentages && current == .percentage {
            bump()
        } else {
            let amountOptional = atLineEnd() || current == .tag || current == .text
            if case .failed = parseAmount(
                expected: percentages ? "an amount or a percentage after the category" : "an amount after the category",
                required: !amountOptional)
            {
                return
            }
        }
        while !atLineEnd() {
            switch kinds[pos] {
            case .tag: checkTag(); bump()
            case .text: wrapToken(.note)
            default:
                fail(expected: "a tag or a \"note\" after the split's amount")
                return
            }
        }
    }
}
