/// What the frame reader found in the byte stream.
public enum FrameEvent: Equatable, Sendable {
    /// A complete message body.
    case message([UInt8])
    /// Bytes that were not a well-formed frame were skipped; the reason is for the log.
    case skipped(String)
    /// A message larger than the limit was skipped without being kept in memory.
    case tooLarge(Int)
}

/// Splits a byte stream into `Content-Length` framed messages.
///
/// It is fed whatever arrives, in pieces of any size, and never gives up: bytes before a
/// header are skipped as garbage, a header without a usable length is dropped, a message
/// over the limit is skipped as it streams by, and a length that overruns into the next
/// header is cut at that header (a JSON body can never contain a raw line break followed
/// by `Content-Length:`, so the cut cannot split a real message).
public struct FrameReader: Sendable {
    /// The largest body kept; larger ones are skipped.
    public let maximumBodyLength: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of an oversized body still to skip.
    private var skipping = 0
    /// The body length of the header already read, while waiting for the body.
    private var pendingLength: Int?
    /// How far into the pending body the overrun check has looked.
    private var scannedTo = 0

    private static let marker = Array("content-length:".utf8)
    private static let headerEnd: [UInt8] = [13, 10, 13, 10]
    private static let headerLimit = 4096
    /// The buffer capacity kept between messages; more is released once read.
    private static let keptCapacity = 1 << 20

    /// Creates a reader that skips bodies over `maximumBodyLength` bytes.
    public init(maximumBodyLength: Int = 64 << 20) {
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
        if buffer.capacity > FrameReader.keptCapacity && available < FrameReader.keptCapacity / 2 {
            buffer = Array(buffer[start...])
            if pendingLength != nil { scannedTo -= start }
            start = 0
        }
        return events
    }

    private var available: Int { buffer.count - start }

    private mutating func next() -> FrameEvent? {
        if skipping > 0 { return nil }
        if let length = pendingLength { return body(length) }
        guard available > 0 else { return nil }
        // Find a header start; anything before it is garbage.
        guard let headerStart = find(FrameReader.marker, from: start, caseInsensitive: true) else {
            // Keep a tail that might be the start of a split header.
            let keep = min(available, FrameReader.marker.count - 1)
            let dropped = available - keep
            if dropped > 0 {
                start += dropped
                if buffer[start - dropped..<start].contains(where: { !isWhitespace($0) }) {
                    return .skipped("\(dropped) bytes outside a message")
                }
            }
            return nil
        }
        if headerStart > start {
            let garbage = buffer[start..<headerStart]
            start = headerStart
            if garbage.contains(where: { !isWhitespace($0) }) { return .skipped("\(garbage.count) bytes outside a message") }
        }
        guard let end = find(FrameReader.headerEnd, from: start, caseInsensitive: false, limit: start + FrameReader.headerLimit) else {
            if available > FrameReader.headerLimit {
                start += 1  // an endless header: drop its first byte and look for the next one
                return .skipped("a header without an end")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        start = end + 4
        var length: Int?
        for line in header.split(whereSeparator: { $0 == "\r" || $0 == "\n" }) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
            length = Int(String(parts[1].filter { $0 != " " && $0 != "\t" }))
        }
        guard let length, length >= 0 else { return .skipped("a header without a valid Content-Length") }
        if length > maximumBodyLength {
            let now = min(length, available)
            start += now
            skipping = length - now
            return .tooLarge(length)
        }
        pendingLength = length
        scannedTo = start
        return body(length)
    }

    private mutating func body(_ length: Int) -> FrameEvent? {
        // A header inside the declared body means the length was wrong: cut the body there.
        let limit = min(buffer.count, start + length)
        if let cut = overrun(from: max(scannedTo, start), to: limit) {
            let body = Array(buffer[start..<cut])
            start = cut
            pendingLength = nil
            return .message(body)
        }
        scannedTo = max(start, limit - 40)
        guard available >= length else { return nil }
        let body = Array(buffer[start..<start + length])
        start += length
        pendingLength = nil
        return .message(body)
    }

    /// The offset of a `Content-Length: N` line starting between `from` and `to`, if any.
    private func overrun(from: Int, to: Int) -> Int? {
        var i = from
        while let hit = find(FrameReader.marker, from: i, caseInsensitive: true, limit: to + FrameReader.marker.count) {
            guard hit < to else { return nil }
            var j = hit + FrameReader.marker.count
            while j < buffer.count, buffer[j] == 0x20 || buffer[j] == 0x09 { j += 1 }
            let digits = j
            while j < buffer.count, buffer[j] >= 0x30 && buffer[j] <= 0x39 { j += 1 }
            if j > digits, j + 1 < buffer.count, buffer[j] == 13, buffer[j + 1] == 10 { return hit }
            i = hit + 1
        }
        return nil
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

/// Frames one message body with its `Content-Length` header.
public func frame(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
}
