/// The tokens of a file, stored as parallel arrays for speed and memory: token `i` has
/// kind `kinds[i]` and spans the bytes `starts[i] ..< starts[i + 1]`. `starts` has one
/// more element than `kinds`, the end of the file, so consecutive tokens cover the file.
struct TokenStream {
    var kinds: [TokenKind] = []
    var starts: [UInt32] = []
    var diagnostics: [Diagnostic] = []
}

/// Splits UTF-8 bytes into tokens. Hand-written, one pass, no backtracking beyond a token.
///
/// The lexer never fails: every byte ends up in some token. Problems it can see on its
/// own — invalid UTF-8, unterminated quotes, bad escapes, control characters — become
/// diagnostics while the bytes still become tokens.
struct Lexer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let path: String
    /// The bytes to tokenize are `begin ..< end` of `bytes`; offsets stay file offsets.
    private let begin: Int
    private let end: Int
    private var out = TokenStream()

    private init(bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, path: String, capacityFor bytesToHold: Int) {
        self.init(bytes: bytes, range: range, path: path, kinds: [], starts: [])
        out.kinds.reserveCapacity(bytesToHold / 4 + 16)
        out.starts.reserveCapacity(bytesToHold / 4 + 17)
    }

    private init(
        bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, path: String,
        kinds: consuming [TokenKind], starts: consuming [UInt32]
    ) {
        self.bytes = bytes
        self.path = path
        self.begin = range.lowerBound
        self.end = range.upperBound
        // Moved, not shared: a second holder would make the first append copy them.
        out.kinds = consume kinds
        out.starts = consume starts
    }

    /// Tokenizes `bytes`. Offsets must fit in 32 bits; the caller checks the size.
    static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>, path: String) -> TokenStream {
        tokenize(bytes, range: 0 ..< bytes.count, path: path)
    }

    /// Tokenizes the bytes in `range`, which must start at the beginning of a line and end
    /// at the end of the file or just after a line break. No token spans a line break, so
    /// the tokens are exactly those a whole-file pass finds in `range`.
    /// The arrays are sized for the tokens of `bytesToHold` bytes, so that the first chunk's
    /// arrays can take the other chunks' tokens without growing.
    static func tokenize(
        _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, path: String,
        capacityFor bytesToHold: Int? = nil
    ) -> TokenStream {
        var lexer = Lexer(bytes: bytes, range: range, path: path, capacityFor: bytesToHold ?? range.count)
        lexer.run()
        return lexer.out
    }

    /// ``tokenize(_:range:path:capacityFor:)`` into the given arrays (empty, with the room
    /// the caller chose: see `RetiredTreeStorage`).
    static func tokenize(
        _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, path: String,
        into kinds: consuming [TokenKind], _ starts: consuming [UInt32]
    ) -> TokenStream {
        var lexer = Lexer(bytes: bytes, range: range, path: path, kinds: consume kinds, starts: consume starts)
        lexer.run()
        return lexer.out
    }

    private mutating func emit(_ kind: TokenKind, _ start: Int) {
        out.kinds.append(kind)
        out.starts.append(UInt32(truncatingIfNeeded: start))
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String, _ start: Int, _ end: Int, help: String? = nil) {
        out.diagnostics.append(Diagnostic(code, message, file: path, range: ByteRange(start: start, end: end), help: help))
    }

    private mutating func run() {
        let n = end
        var i = begin
        if i == 0 && n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            emit(.byteOrderMark, 0)
            i = 3
        }
        while i < n {
            let b = bytes[i]
            let start = i
            switch b {
            case 0x20, 0x09:
                i += 1
                while i < n && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
                emit(.whitespace, start)
            case 0x0A:
                i += 1
                emit(.newline, start)
            case 0x0D:
                i += (i + 1 < n && bytes[i + 1] == 0x0A) ? 2 : 1
                emit(.newline, start)
            case UInt8(ascii: ";"):
                i += 1
                while i < n && bytes[i] != 0x0A && bytes[i] != 0x0D {
                    if Lexer.isControl(bytes[i]) {
                        report(
                            .controlCharacter,
                            "control character U+00\(hex(bytes[i])) is not allowed in a Tally file", i, i + 1)
                        i += 1
                    } else {
                        i = checkByte(at: i)
                    }
                }
                emit(.comment, start)
            case UInt8(ascii: "\""):
                i = scanQuoted(from: i, quote: b)
                emit(.text, start)
            case UInt8(ascii: "'"):
                i = scanQuoted(from: i, quote: b)
                emit(.quotedName, start)
            case UInt8(ascii: ","):
                i += 1
                emit(.comma, start)
            case UInt8(ascii: "="):
                i += 1
                emit(.equals, start)
            case UInt8(ascii: "@"):
                i += 1
                emit(.at, start)
            case UInt8(ascii: "#"):
                i = scanWord(from: i + 1)
                emit(.tag, start)
            case UInt8(ascii: "-") where i + 1 < n && bytes[i + 1] == UInt8(ascii: ">"):
                i += 2
                emit(.arrow, start)
            default:
                if Lexer.isControl(b) {
                    i += 1
                    emit(.unknown, start)
                    report(
                        .controlCharacter,
                        "control character U+00\(hex(b)) is not allowed in a Tally file", start, i,
                        help: "remove it; only tabs and line breaks may appear besides printable text")
                } else {
                    i = lexWord(from: i)
                }
            }
        }
        out.starts.append(UInt32(truncatingIfNeeded: n))
    }

    /// Bytes that end a name: whitespace, line breaks, `;`, `"`, `,` and control characters.
    @inline(__always)
    private static func isDelimiter(_ b: UInt8) -> Bool {
        switch b {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ";"), UInt8(ascii: "\""), UInt8(ascii: ","):
            return true
        default:
            return b < 0x20 || b == 0x7F
        }
    }

    @inline(__always)
    private static func isControl(_ b: UInt8) -> Bool {
        (b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D) || b == 0x7F
    }

    @inline(__always)
    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// Advances over one byte (or one multi-byte scalar), reporting invalid UTF-8.
    @inline(__always)
    private mutating func checkByte(at i: Int) -> Int {
        let b = bytes[i]
        if b < 0x80 { return i + 1 }
        let length = UTF8Scalar.validSequenceLength(bytes, at: i, limit: end)
        if length == 0 {
            report(
                .invalidUTF8, "invalid UTF-8 byte 0x\(hex(b))", i, i + 1,
                help: "save the file as UTF-8")
            return i + 1
        }
        return i + length
    }

    private mutating func scanWord(from start: Int) -> Int {
        var i = start
        let n = end
        while i < n && !Lexer.isDelimiter(bytes[i]) { i = checkByte(at: i) }
        return i
    }

    /// Scans text or a quoted name. Stops at the closing quote or, unterminated, before the
    /// line break.
    private mutating func scanQuoted(from start: Int, quote: UInt8) -> Int {
        let n = end
        var i = start + 1
        while i < n {
            let b = bytes[i]
            if b == quote { return i + 1 }
            if b == 0x0A || b == 0x0D { break }
            if b == UInt8(ascii: "\\") {
                if i + 1 < n {
                    let next = bytes[i + 1]
                    if next == quote || next == UInt8(ascii: "\\") {
                        i += 2
                        continue
                    }
                    if next != 0x0A && next != 0x0D {
                        let end = UTF8Scalar.validSequenceLength(bytes, at: i + 1, limit: n)
                        let q = quote == UInt8(ascii: "\"") ? "\\\"" : "\\'"
                        report(
                            .invalidEscape,
                            "invalid escape `\\\(String(decoding: bytes[(i + 1)..<(i + 1 + max(end, 1))], as: UTF8.self))`",
                            i, i + 1 + max(end, 1),
                            help: "only `\(q)` and `\\\\` are escapes; write `\\\\` for a backslash")
                    }
                }
                i += 1
                continue
            }
            if Lexer.isControl(b) {
                report(.controlCharacter, "control character U+00\(hex(b)) is not allowed in a Tally file", i, i + 1)
                i += 1
                continue
            }
            i = checkByte(at: i)
        }
        let closing = quote == UInt8(ascii: "\"") ? "\"" : "'"
        report(
            .unterminatedQuote,
            quote == UInt8(ascii: "\"")
                ? "unterminated text: the closing `\"` is missing"
                : "unterminated quoted name: the closing `'` is missing",
            start, i, help: "add `\(closing)` at the end of the \(quote == UInt8(ascii: "\"") ? "text" : "name")")
        return i
    }

    /// Lexes a name-like word and classifies it as number, percentage, date, key or name.
    private mutating func lexWord(from start: Int) -> Int {
        let end = scanWord(from: start)
        let first = bytes[start]
        let signed = first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
        let digitStart = signed ? start + 1 : start
        if digitStart < end && Lexer.isDigit(bytes[digitStart]) {
            // A date range `2026-04-01..2026-04-30` arrives as one word: split it.
            if !signed {
                var k = start
                var sawDash = false
                while k < end && (Lexer.isDigit(bytes[k]) || bytes[k] == UInt8(ascii: "-")) {
                    if bytes[k] == UInt8(ascii: "-") { sawDash = true }
                    k += 1
                }
                if sawDash && k + 1 < end && bytes[k] == UInt8(ascii: ".") && bytes[k + 1] == UInt8(ascii: ".") {
                    emit(.date, start)
                    emit(.dotDot, k)
                    return k + 2 == end ? end : lexWord(from: k + 2)
                }
                if sawDash && k == end {
                    emit(.date, start)
                    return end
                }
            }
            var k = digitStart
            while k < end && Lexer.isDigit(bytes[k]) { k += 1 }
            if k + 1 < end && bytes[k] == UInt8(ascii: ".") && Lexer.isDigit(bytes[k + 1]) {
                k += 1
                while k < end && Lexer.isDigit(bytes[k]) { k += 1 }
            }
            if k == end {
                emit(.number, start)
                return end
            }
            if k + 1 == end && bytes[k] == UInt8(ascii: "%") {
                emit(.percentage, start)
                return end
            }
        }
        if end - start > 1 && bytes[end - 1] == UInt8(ascii: ":") {
            emit(.key, start)
        } else {
            emit(.name, start)
        }
        return end
    }
}

func hex(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(b >> 4)], digits[Int(b & 0xF)]])
}
