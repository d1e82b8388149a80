import TallyLSP

/// What the language server's `FrameReader` promises for any byte stream: it never
/// crashes or keeps more than it was given; it finds the same messages however the stream
/// is cut into reads; and a stream of well-formed frames (headers in any order and case,
/// `Content-Type` included, as the LSP specification allows) gives back exactly its bodies.
enum FrameProperties {
    /// A small limit, so that the skipping of oversized bodies is reached by small inputs.
    static let limit = 512

    static func check(_ bytes: [UInt8]) -> String? {
        var whole = FrameReader(maximumBodyLength: limit)
        let messages = whole.feed(bytes).compactMap(FrameOutcome.init)
        let total = messages.reduce(0) { $0 + $1.size }
        if total > bytes.count { return "the messages hold \(total) bytes of a \(bytes.count)-byte stream" }

        // The same stream cut into reads of 1 to 64 bytes.
        var state = FuzzSupport.hash(bytes)
        var pieces = FrameReader(maximumBodyLength: limit)
        var piecewise: [FrameOutcome] = []
        var i = 0
        while i < bytes.count {
            let n = min(bytes.count - i, Int(FuzzSupport.next(&state) % 64) + 1)
            piecewise += pieces.feed(bytes[i ..< i + n]).compactMap(FrameOutcome.init)
            i += n
        }
        if piecewise != messages {
            return "read in pieces, the stream gives \(describe(piecewise)) instead of \(describe(messages))"
        }

        if let expected = wellFormedFrames(bytes), expected != messages {
            return "a stream of well-formed frames gives \(describe(messages)) instead of \(describe(expected))"
        }
        return nil
    }

    /// The events of a stream that is nothing but well-formed frames, as the LSP
    /// specification defines them; nil for any other stream (no expectation then).
    ///
    /// A frame is header lines `Name: value` (a token, a colon, printable ASCII), each
    /// ending in CR LF, exactly one of them `Content-Length` (any case) with decimal
    /// digits, then an empty line and exactly that many bytes of body. Left out, because
    /// the reader may rightly read them otherwise: a header block over 4 KB, a body or
    /// another header that mentions `content-length:` (the reader resynchronises there).
    static func wellFormedFrames(_ bytes: [UInt8]) -> [FrameOutcome]? {
        var events: [FrameOutcome] = []
        var p = 0
        while p < bytes.count {
            guard let end = find([13, 10, 13, 10], in: bytes, from: p), end + 4 - p <= 4000 else { return nil }
            var length: Int?
            var lineStart = p
            while lineStart < end + 2 {
                guard let lineEnd = find([13, 10], in: bytes, from: lineStart) else { return nil }
                let line = bytes[lineStart ..< lineEnd]
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                    line[..<colon].allSatisfy(isTokenByte),
                    line[(colon + 1)...].allSatisfy({ $0 == 0x09 || (0x20 ... 0x7E).contains($0) })
                else { return nil }
                let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
                // Blanks around the value only: `8 3` is not a number (found by fuzzing,
                // when this model read it as 83).
                var value = line[(colon + 1)...]
                while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
                while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
                if name == "content-length" {
                    guard length == nil, (1 ... 9).contains(value.count), value.allSatisfy({ (0x30 ... 0x39).contains($0) }) else { return nil }
                    length = Int(String(decoding: value, as: UTF8.self))
                } else if mentionsMarker(line[...]) {
                    return nil
                }
                lineStart = lineEnd + 2
            }
            guard let length else { return nil }
            let bodyStart = end + 4
            guard bytes.count - bodyStart >= length else { return nil }
            let body = bytes[bodyStart ..< bodyStart + length]
            if mentionsMarker(body) { return nil }
            events.append(length > limit ? .tooLarge : .message(Array(body)))
            p = bodyStart + length
        }
        return events
    }

    static func isTokenByte(_ b: UInt8) -> Bool {
        (0x30 ... 0x39).contains(b) || (0x41 ... 0x5A).contains(b) || (0x61 ... 0x7A).contains(b) || Array("!#$%&'*+-.^_`|~".utf8).contains(b)
    }

    static func mentionsMarker(_ bytes: ArraySlice<UInt8>) -> Bool {
        let lowered = bytes.map { (0x41 ... 0x5A).contains($0) ? $0 | 0x20 : $0 }
        return find(Array("content-length".utf8), in: lowered, from: 0) != nil
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var i = from
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0] && bytes[i ..< i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    static func describe(_ events: [FrameOutcome]) -> String {
        "["
            + events.map { event in
                switch event {
                case .message(let body): return "message \(FuzzSupport.excerpt(body, limit: 60))"
                case .tooLarge: return "too large"
                }
            }.joined(separator: ", ") + "]"
    }
}

/// What a `FrameEvent` says that must not depend on how the stream was read: a message
/// and its body, or that an oversized one went by. The notes about skipped bytes do
/// depend on the reads, and are left out; other details of an event (such as the length
/// or id of an oversized message) are not compared, so that the reader can grow them.
enum FrameOutcome: Equatable {
    case message([UInt8])
    case tooLarge

    init?(_ event: FrameEvent) {
        switch event {
        case .message(let body): self = .message(body)
        case .skipped: return nil
        case .tooLarge: self = .tooLarge  // no payload pattern: it may gain more than a length
        }
    }

    var size: Int {
        if case .message(let body) = self { return body.count }
        return 0
    }
}
