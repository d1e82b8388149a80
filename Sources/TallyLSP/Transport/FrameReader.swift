/// What the frame reader found in the byte stream.
public enum FrameEvent: Equatable, Sendable {
    /// A complete message body.
    case message([UInt8])
    /// Bytes that were not a well-formed frame were skipped; the reason is for the log.
    case skipped(String)
    /// A message of `length` bytes, more than the limit, was skipped without being kept in
    /// memory; `start` holds its first bytes (at most `FrameReader.startLength`), where
    /// the server looks for the request's id.
    case tooLarge(Int, start: [UInt8])
}

/// Splits a byte stream into messages framed by a header (`Content-Length`, optionally
/// `Content-Type` and any other `Name: value` lines, in any order and case, each ended by
/// CR LF; an empty line ends the header).
///
/// Everything is read as bytes. It is fed whatever arrives, in pieces of any size, and
/// never gives up: bytes before a header are skipped as garbage, a header without a usable
/// length (or with two different ones) is dropped, a message over the limit is skipped as
/// it streams by, and a length that overruns into the next header is cut at that header
/// (a JSON body can never contain a raw line break followed by `Content-Length:`, so the
/// cut cannot split a real message).
///
/// A header is found by its `Content-Length:`; the `Name: value` lines right before it
/// belong to it too, so a header that starts with its type is not taken for garbage.
public struct FrameReader: Sendable {
    /// The largest body kept; larger ones are skipped.
    public let maximumBodyLength: Int
    /// The limit `tally lsp` reads with: 64 MiB, far above any budget's size.
    public static let defaultMaximumBodyLength = 64 << 20
    /// How many bytes of a body over the limit are kept for `FrameEvent.tooLarge`: enough
    /// for the `jsonrpc`, `id` and `method` members that clients write first.
    public static let startLength = 4096
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of an oversized body still to skip.
    private var skipping = 0
    /// The body length of the header already read, while waiting for the body.
    private var pendingLength: Int?
    /// How far into the pending body the overrun check has looked.
    private var scannedTo = 0
    /// The length of an oversized body whose first bytes are still awaited.
    private var oversizedLength: Int?

    private static let marker = Array("content-length:".utf8)
    private static let typeMarker = Array("content-type:".utf8)
    private static let headerEnd: [UInt8] = [cr, lf, cr, lf]
    /// The most header bytes read before and after `Content-Length:` each.
    private static let headerLimit = 4096
    /// The buffer capacity kept between messages; more is released once read.
    private static let keptCapacity = 1 << 20
    private static let cr: UInt8 = 13
    private static let lf: UInt8 = 10

    /// Creates a reader that skips bodies over `maximumBodyLength` bytes.
    public init(maximumBodyLength: Int = FrameReader.defaultMaximumBodyLength) {
        self.maximumBodyLength = maximumBodyLength
    }

    /// Adds bytes and returns every event they complete, in order.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [FrameEvent] {
        var events: [FrameEvent] = []
        var incoming = bytes[...]
        if skipping > 0 {
            let n = min(skipping, incoming.count)
            skipping -= n
            incoming = incoming.dropFirst(n)
        }
        buffer.append(contentsOf: incoming)
        while let event = next() { events.append(event) }
        if start > 1 << 16 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            if pendingLength != nil { scannedTo -= start }
            start = 0
        }
        // A large message (opening a big budget sends it whole) grew the buffer; once it is
        // read, give the room back instead of holding megabytes for small messages.
        // (A new array, not `Array(buffer[start...])`: a slice of the whole buffer, as it is
        // right after the compaction above, becomes an array that keeps the same storage.)
        if buffer.capacity > FrameReader.keptCapacity && available < FrameReader.keptCapacity / 2 {
            var kept: [UInt8] = []
            kept.reserveCapacity(max(available, 1 << 16))
            kept.append(contentsOf: buffer[start...])
            buffer = kept
            if pendingLength != nil { scannedTo -= start }
            start = 0
        }
        return events
    }

    /// The bytes the reader holds room for now (for tests of the room given back).
    public var bufferCapacity: Int { buffer.capacity }

    private var available: Int { buffer.count - start }

    private mutating func next() -> FrameEvent? {
        if skipping > 0 { return nil }
        if let length = oversizedLength { return oversized(length) }
        if let length = pendingLength { return body(length) }
        guard available > 0 else { return nil }
        // Find a header by its length; anything before it (and its other lines) is garbage.
        guard let marker = find(FrameReader.marker, from: start, caseInsensitive: true) else {
            return dropGarbageKeepingAPossibleHeader()
        }
        let headerStart = headerLinesStart(endingAt: marker, notBefore: max(start, marker - FrameReader.headerLimit))
        if headerStart > start {
            let garbage = buffer[start ..< headerStart]
            start = headerStart
            if garbage.contains(where: { !isWhitespace($0) }) { return .skipped("\(garbage.count) bytes outside a message") }
        }
        guard let end = find(FrameReader.headerEnd, from: marker, caseInsensitive: false, limit: marker + FrameReader.headerLimit) else {
            if buffer.count - marker > FrameReader.headerLimit {
                start = marker + 1  // an endless header: drop it and look for the next one
                return .skipped("a header without an end")
            }
            return nil
        }
        let length = contentLength(in: start ..< end)
        start = end + 4
        guard let length else { return .skipped("a header without a valid Content-Length") }
        if length > maximumBodyLength {
            oversizedLength = length
            return oversized(length)
        }
        pendingLength = length
        scannedTo = start
        return body(length)
    }

    /// The one `Content-Length` of the header lines in `range`, or nil when there is none,
    /// one is not a number, or two disagree. Other lines (`Content-Type`, unknown headers,
    /// lines without a colon) are ignored.
    private func contentLength(in range: Range<Int>) -> Int? {
        var length: Int?
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            var lineEnd = lineStart
            while lineEnd < range.upperBound && buffer[lineEnd] != FrameReader.lf { lineEnd += 1 }
            let next = lineEnd + 1
            if lineEnd > lineStart && buffer[lineEnd - 1] == FrameReader.cr { lineEnd -= 1 }
            if let colon = buffer[lineStart ..< lineEnd].firstIndex(of: UInt8(ascii: ":")),
                equalsIgnoringCase(buffer[lineStart ..< colon].trimmingBlanks, "content-length")
            {
                let value = buffer[(colon + 1) ..< lineEnd].trimmingBlanks
                guard !value.isEmpty, value.count <= 18, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
                let n = value.reduce(0) { $0 * 10 + Int($1 - 0x30) }
                if let length, length != n { return nil }
                length = n
            }
            lineStart = next
        }
        return length
    }

    /// Waits for the first bytes of an oversized body, then reports it and skips the rest.
    private mutating func oversized(_ length: Int) -> FrameEvent? {
        let kept = min(length, FrameReader.startLength)
        guard available >= kept else { return nil }
        let first = Array(buffer[start ..< start + kept])
        let now = min(length, available)
        start += now
        skipping = length - now
        oversizedLength = nil
        return .tooLarge(length, start: first)
    }

    /// No header in sight: drops what cannot begin one, but keeps a tail that may be the
    /// start of a split `Content-Length:` and the header lines that may come before it.
    private mutating func dropGarbageKeepingAPossibleHeader() -> FrameEvent? {
        var keep = max(start, buffer.count - (FrameReader.marker.count - 1))
        let lastLineStart = (buffer[start...].lastIndex(of: FrameReader.lf).map { $0 + 1 }) ?? start
        if buffer.count - lastLineStart < FrameReader.headerLimit && isHeaderLinePrefix(lastLineStart ..< buffer.count) {
            keep = min(keep, headerLinesStart(endingAt: lastLineStart, notBefore: start))
        }
        keep = max(keep, buffer.count - FrameReader.headerLimit)
        let dropped = keep - start
        guard dropped > 0 else { return nil }
        let garbage = buffer[start ..< keep].contains(where: { !isWhitespace($0) })
        start = keep
        return garbage ? .skipped("\(dropped) bytes outside a message") : nil
    }

    private mutating func body(_ length: Int) -> FrameEvent? {
        // A header inside the declared body means the length was wrong: cut the body there.
        let limit = min(buffer.count, start + length)
        switch overrun(from: max(scannedTo, start), bodyEnd: start + length) {
        case .cut(let cut):
            let body = Array(buffer[start ..< cut])
            start = cut
            pendingLength = nil
            return .message(body)
        case .undecided(let at):
            // What decides it has not arrived: wait, and look again from there, so the
            // answer is the same however the stream was cut into reads.
            scannedTo = at
            return nil
        case .none:
            // Every place before `limit` is settled: a marker that began there was not a
            // `Content-Length: N` line, and no partial one is pending.
            scannedTo = limit
        }
        guard available >= length else { return nil }
        let body = Array(buffer[start ..< start + length])
        start += length
        pendingLength = nil
        return .message(body)
    }

    /// What the overrun check found in a pending body.
    private enum Overrun {
        /// No `Content-Length: N` line lies in the body.
        case none
        /// The body is cut here: the next header starts.
        case cut(Int)
        /// A `Content-Length:` (or the start of one) begins here, but the bytes that tell
        /// whether its line is a header have not all arrived.
        case undecided(Int)
    }

    /// Whether a `Content-Length: N` line (CR LF ended) lies wholly inside the declared
    /// body (from `from` to `bodyEnd`), and then where the next header starts: at that
    /// line, or at the header lines before it (a `Content-Type` written straight after the
    /// short body included). The answer depends only on the body's bytes, never on how
    /// many of them have arrived (a line not complete yet is `undecided`) nor on what
    /// follows the body, so a complete body is never held back.
    private func overrun(from: Int, bodyEnd: Int) -> Overrun {
        let marker = FrameReader.marker
        let to = min(buffer.count, bodyEnd)
        var i = from
        while let hit = find(marker, from: i, caseInsensitive: true, limit: to) {
            var j = hit + marker.count
            while j < to, buffer[j] == 0x20 || buffer[j] == 0x09 { j += 1 }
            let digits = j
            while j < to, buffer[j] >= 0x30 && buffer[j] <= 0x39 { j += 1 }
            if j + 1 < to {
                if j > digits, buffer[j] == FrameReader.cr, buffer[j + 1] == FrameReader.lf {
                    let lower = max(start, hit - FrameReader.headerLimit)
                    return .cut(typeLineStart(before: headerLinesStart(endingAt: hit, notBefore: lower), notBefore: lower))
                }
            } else if to < bodyEnd && (j == to || (buffer[j] == FrameReader.cr && j > digits)) {
                // The line may still become a header within the body: wait for its end.
                return .undecided(hit)
            }
            i = hit + 1
        }
        // A marker cut short by the end of what has arrived, while the body is incomplete.
        guard to < bodyEnd else { return .none }
        var p = max(i, to - marker.count + 1)
        while p < to {
            if equalsIgnoringCase(buffer[p ..< to], String(decoding: marker[0 ..< (to - p)], as: UTF8.self)) { return .undecided(p) }
            p += 1
        }
        return .none
    }

    /// The earliest offset (not before `lower`) from which only whole header lines lead up
    /// to `end`: `end` itself when the byte before it ends no header line.
    private func headerLinesStart(endingAt end: Int, notBefore lower: Int) -> Int {
        var headerStart = end
        while headerStart > lower && buffer[headerStart - 1] == FrameReader.lf {
            var lineEnd = headerStart - 1
            if lineEnd > lower && buffer[lineEnd - 1] == FrameReader.cr { lineEnd -= 1 }
            var lineStart = lineEnd
            while lineStart > lower && buffer[lineStart - 1] != FrameReader.lf && lineEnd - lineStart < FrameReader.headerLimit { lineStart -= 1 }
            let wholeLine = lineStart == lower || buffer[lineStart - 1] == FrameReader.lf
            guard wholeLine, isHeaderLine(lineStart ..< lineEnd) else { break }
            headerStart = lineStart
        }
        return headerStart
    }

    /// When the line ending right before `headerStart` ends in a `Content-Type` line glued
    /// to the end of a body (`{...}Content-Type: ...`), where that line starts; else
    /// `headerStart`. Only a type after a closing `}` or `]` counts, so text inside a JSON
    /// string is not taken for it.
    private func typeLineStart(before headerStart: Int, notBefore lower: Int) -> Int {
        guard headerStart > lower, buffer[headerStart - 1] == FrameReader.lf else { return headerStart }
        var lineEnd = headerStart - 1
        if lineEnd > lower && buffer[lineEnd - 1] == FrameReader.cr { lineEnd -= 1 }
        let lineStart = max(lower, lineEnd - FrameReader.headerLimit)
        var i = lineEnd - FrameReader.typeMarker.count
        while i > lineStart {
            if buffer[i - 1] == UInt8(ascii: "}") || buffer[i - 1] == UInt8(ascii: "]"),
                equalsIgnoringCase(buffer[i ..< (i + FrameReader.typeMarker.count)], "content-type:"),
                isHeaderLine(i ..< lineEnd)
            {
                return i
            }
            i -= 1
        }
        return headerStart
    }

    /// `Name: value`: a name of RFC 9110 token characters, a colon, and a value without
    /// control characters other than tab.
    private func isHeaderLine(_ range: Range<Int>) -> Bool {
        guard let colon = buffer[range].firstIndex(of: UInt8(ascii: ":")), colon > range.lowerBound else { return false }
        return buffer[range.lowerBound ..< colon].allSatisfy(isTokenByte)
            && buffer[(colon + 1) ..< range.upperBound].allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
    }

    /// Whether `range` (an unfinished last line) could still grow into a header line.
    private func isHeaderLinePrefix(_ range: Range<Int>) -> Bool {
        var line = range
        if !line.isEmpty && buffer[line.upperBound - 1] == FrameReader.cr { line = line.lowerBound ..< (line.upperBound - 1) }
        if buffer[line].contains(UInt8(ascii: ":")) { return isHeaderLine(line) }
        return buffer[line].allSatisfy(isTokenByte)
    }

    private func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x30 ... 0x39, 0x41 ... 0x5A, 0x61 ... 0x7A: return true
        default: return FrameReader.tokenSigns.contains(b)
        }
    }

    /// The signs a header name may hold besides letters and digits (RFC 9110 `tchar`).
    private static let tokenSigns = Set("!#$%&'*+-.^_`|~".utf8)

    private func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ word: String) -> Bool {
        bytes.count == word.utf8.count && zip(bytes, word.utf8).allSatisfy { lower($0) == $1 }
    }

    private func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    private func find(_ needle: [UInt8], from: Int, caseInsensitive: Bool, limit: Int = Int.max) -> Int? {
        let last = min(buffer.count, limit) - needle.count
        guard from <= last else { return nil }
        let first = needle[0]
        var i = from
        while i <= last {
            let b = caseInsensitive ? lower(buffer[i]) : buffer[i]
            if b == first {
                var k = 1
                while k < needle.count {
                    let c = caseInsensitive ? lower(buffer[i + k]) : buffer[i + k]
                    if c != needle[k] { break }
                    k += 1
                }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    private func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
}

private extension ArraySlice<UInt8> {
    /// Without spaces and tabs at either end.
    var trimmingBlanks: ArraySlice<UInt8> {
        var s = self
        while let b = s.first, b == 0x20 || b == 0x09 { s = s.dropFirst() }
        while let b = s.last, b == 0x20 || b == 0x09 { s = s.dropLast() }
        return s
    }
}

/// Frames one message body with its `Content-Length` header.
public func frame(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
}
