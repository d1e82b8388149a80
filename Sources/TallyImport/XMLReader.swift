import TallyCore

/// A small XML reader, enough for bank statements (CAMT.052/053/054, Fio banka's XML):
/// elements, attributes, text, CDATA sections, comments and processing instructions, the
/// five predefined entities and numeric character references. Foundation's XMLParser
/// would load libxml2 and Foundation with ICU into every `tally` call (issue 39).
///
/// It refuses, with a line and column, anything that is not well-formed, and anything a
/// statement never needs that could change what a value says: a document type, entity
/// declarations and so any entity but the five (no external entity is ever fetched,
/// nothing is expanded). Input is UTF-8 (the statement reader hands it over as such).
///
/// Events come in document order with the place after them (after a start tag's `>`, as
/// libxml2 tells it); text may come in several pieces. Line ends are read as `\n`.
struct XMLReader {
    enum Event: Equatable {
        /// A start tag, with its attributes (`xmlns` declarations left out when
        /// names are local).
        case start(name: String, attributes: [String: String])
        case end(name: String)
        case text(String)
    }

    /// Why the document is not well-formed, and where (1-based line and column, columns
    /// counted in Unicode scalars).
    struct Failure: Error, Equatable {
        let line: Int
        let column: Int
        let reason: String
    }

    private let bytes: [UInt8]
    /// When true, names lose their namespace prefix (`camt:Ntry` is `Ntry`).
    private let localNames: Bool
    private var at = 0
    private var cursor = (offset: 0, line: 1, column: 1)

    private init(_ bytes: [UInt8], localNames: Bool) {
        self.bytes = bytes
        self.localNames = localNames
    }

    /// Reads `bytes` whole, handing each event and the place after it to `handle`, which
    /// returns false to stop reading (no failure is thrown then).
    static func read(
        _ bytes: [UInt8], localNames: Bool = false, _ handle: (Event, _ line: Int, _ column: Int) -> Bool
    ) throws(Failure) {
        var reader = XMLReader(bytes, localNames: localNames)
        try reader.checkCharacters()
        try reader.readDocument(handle)
    }

    // MARK: The document

    private mutating func readDocument(_ handle: (Event, Int, Int) -> Bool) throws(Failure) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
        let start = at
        var open: [String] = []
        var sawRoot = false
        var text: [UInt8] = []
        while at < bytes.count {
            let byte = bytes[at]
            if byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&") {
                if open.isEmpty && !Self.isSpace(byte) {
                    throw failure(at, sawRoot ? "text after the root element ends" : "text before the root element")
                }
                if byte == UInt8(ascii: "]"), starts("]]>") { throw failure(at, "`]]>` outside a CDATA section") }
                if byte == UInt8(ascii: "\r") {
                    text.append(UInt8(ascii: "\n"))
                    at += starts("\r\n") ? 2 : 1
                } else {
                    text.append(byte)
                    at += 1
                }
                continue
            }
            if byte == UInt8(ascii: "&") {
                guard !open.isEmpty else { throw failure(at, "a reference outside the root element") }
                text += try readReference()
                continue
            }
            if starts("<![CDATA[") {
                guard !open.isEmpty else { throw failure(at, "a CDATA section outside the root element") }
                text += try readUntil("]]>", from: at + 9, what: "a CDATA section")
                continue
            }
            if !text.isEmpty {
                if !open.isEmpty, !tell(.text(String(decoding: text, as: UTF8.self)), handle) { return }
                text = []
            }
            if starts("<?") {
                try readProcessingInstruction(first: at == start)
            } else if starts("<!--") {
                let body = try readUntil("-->", from: at + 4, what: "a comment")
                if let dashes = Self.find([UInt8(ascii: "-"), UInt8(ascii: "-")], in: body) {
                    throw failure(at - 3 - body.count + dashes, "`--` inside a comment")
                }
            } else if starts("<!") {
                throw failure(at, "a document type or declaration (`<!`); bank statements never need one")
            } else if starts("</") {
                let tagStart = at
                let name = try readEndTag()
                guard let last = open.last else { throw failure(tagStart, "the end tag </\(name)> closes no element") }
                guard last == name else { throw failure(tagStart, "the end tag </\(name)> does not close <\(last)>") }
                open.removeLast()
                if !tell(.end(name: local(name)), handle) { return }
            } else {
                if sawRoot && open.isEmpty { throw failure(at, "a second root element") }
                let (name, attributes, empty) = try readStartTag()
                sawRoot = true
                if !tell(.start(name: local(name), attributes: attributes), handle) { return }
                if empty {
                    if !tell(.end(name: local(name)), handle) { return }
                } else {
                    open.append(name)
                }
            }
        }
        if let last = open.last { throw failure(bytes.count, "the element <\(last)> is never closed") }
        if !sawRoot { throw failure(bytes.count, "no root element") }
    }

    /// Hands `event` and the place after it to `handle`; false to stop.
    private mutating func tell(_ event: Event, _ handle: (Event, Int, Int) -> Bool) -> Bool {
        let place = position(of: at)
        return handle(event, place.line, place.column)
    }

    // MARK: Markup

    /// A start tag at `at`: its name, attributes and whether it closes itself (`/>`).
    private mutating func readStartTag() throws(Failure) -> (String, [String: String], Bool) {
        let tagStart = at
        at += 1
        guard let name = readName() else { throw failure(at, "`<` starts no element name (a less-than sign in text is written &lt;)") }
        var attributes: [String: String] = [:]
        var seen: Set<String> = []
        while true {
            let spaced = skipSpaces()
            guard at < bytes.count else { throw failure(tagStart, "the tag <\(name) is never closed") }
            if bytes[at] == UInt8(ascii: ">") {
                at += 1
                return (name, attributes, false)
            }
            if starts("/>") {
                at += 2
                return (name, attributes, true)
            }
            guard spaced, let attribute = readName() else { throw failure(at, "expected an attribute, `>` or `/>` in the tag <\(name)>") }
            skipSpaces()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { throw failure(at, "expected `=` after the attribute \(attribute)") }
            at += 1
            skipSpaces()
            let value = try readAttributeValue()
            guard seen.insert(attribute).inserted else { throw failure(at, "the attribute \(attribute) is given twice in <\(name)>") }
            if localNames && (attribute == "xmlns" || attribute.hasPrefix("xmlns:")) { continue }
            attributes[local(attribute)] = value
        }
    }

    /// A quoted attribute value at `at`, references read and white space made spaces.
    private mutating func readAttributeValue() throws(Failure) -> String {
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else {
            throw failure(at, "expected a quoted attribute value")
        }
        let quote = bytes[at]
        let valueStart = at
        at += 1
        var value: [UInt8] = []
        while at < bytes.count, bytes[at] != quote {
            switch bytes[at] {
            case UInt8(ascii: "<"): throw failure(at, "`<` inside an attribute value (write &lt;)")
            case UInt8(ascii: "&"): value += try readReference()
            case UInt8(ascii: "\r"):
                value.append(UInt8(ascii: " "))
                at += starts("\r\n") ? 2 : 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\t"):
                value.append(UInt8(ascii: " "))
                at += 1
            default:
                value.append(bytes[at])
                at += 1
            }
        }
        guard at < bytes.count else { throw failure(valueStart, "an attribute value that is never closed") }
        at += 1
        return String(decoding: value, as: UTF8.self)
    }

    /// An end tag at `at`: its name.
    private mutating func readEndTag() throws(Failure) -> String {
        at += 2
        guard let name = readName() else { throw failure(at, "`</` starts no element name") }
        skipSpaces()
        guard at < bytes.count, bytes[at] == UInt8(ascii: ">") else { throw failure(at, "expected `>` to end the tag </\(name)>") }
        at += 1
        return name
    }

    /// A processing instruction at `at` (`<?name …?>`); the XML declaration only first.
    private mutating func readProcessingInstruction(first: Bool) throws(Failure) {
        let piStart = at
        at += 2
        guard let target = readName() else { throw failure(at, "`<?` starts no processing instruction name") }
        if target.lowercased() == "xml" && !first { throw failure(piStart, "an XML declaration (`<?xml`) that is not at the start") }
        _ = try readUntil("?>", from: at, what: "a processing instruction")
    }

    /// The text of a reference at `at` (`&amp;`, `&#48;`, `&#x30;`).
    private mutating func readReference() throws(Failure) -> [UInt8] {
        let referenceStart = at
        guard let semicolon = bytes[at...].prefix(16).firstIndex(of: UInt8(ascii: ";")) else {
            throw failure(at, "an `&` that starts no reference (an ampersand in text is written &amp;)")
        }
        let name = String(decoding: bytes[(at + 1) ..< semicolon], as: UTF8.self)
        at = semicolon + 1
        switch name {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "apos": return [UInt8(ascii: "'")]
        case "quot": return [UInt8(ascii: "\"")]
        default: break
        }
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, !digits.isEmpty, digits.first != "+", digits.first != "-", Self.isXMLCharacter(value), let scalar = Unicode.Scalar(value) else {
                throw failure(referenceStart, "`&\(name);` is no character XML allows")
            }
            return Array(String(scalar).utf8)
        }
        throw failure(referenceStart, "the entity `&\(name);` is not one of XML's five (&lt; &gt; &amp; &apos; &quot;), and statements declare none")
    }

    /// The bytes from `from` to `terminator`, after which reading goes on.
    private mutating func readUntil(_ terminator: String, from: Int, what: String) throws(Failure) -> [UInt8] {
        let end = Array(terminator.utf8)
        guard from <= bytes.count, let found = Self.find(end, in: bytes[from...]) else { throw failure(at, "\(what) that is never closed") }
        let body = Array(bytes[from ..< (from + found)])
        at = from + found + end.count
        return body
    }

    // MARK: Pieces

    private mutating func readName() -> String? {
        let nameStart = at
        guard at < bytes.count, Self.isNameStart(bytes[at]) else { return nil }
        at += 1
        while at < bytes.count, Self.isNameStart(bytes[at]) || Self.isNameOnly(bytes[at]) { at += 1 }
        return String(decoding: bytes[nameStart ..< at], as: UTF8.self)
    }

    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let before = at
        while at < bytes.count, Self.isSpace(bytes[at]) { at += 1 }
        return at > before
    }

    private func starts(_ text: String) -> Bool { bytes[at...].starts(with: text.utf8) }

    private func local(_ name: String) -> String {
        guard localNames, let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    /// Control characters and the non-characters U+FFFE and U+FFFF are not XML.
    private mutating func checkCharacters() throws(Failure) {
        for (offset, byte) in bytes.enumerated() {
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                throw failure(offset, "the control character \(StatementEncoding.hex(byte)), which XML does not allow")
            }
            if byte == 0xEF, offset + 2 < bytes.count, bytes[offset + 1] == 0xBF, bytes[offset + 2] >= 0xBE {
                throw failure(offset, "the non-character U+FFF\(bytes[offset + 2] == 0xBE ? "E" : "F"), which XML does not allow")
            }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard let first = needle.first else { return 0 }
        var index = haystack.startIndex
        while let found = haystack[index...].firstIndex(of: first) {
            if haystack[found...].starts(with: needle) { return found - haystack.startIndex }
            index = found + 1
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? { find(needle, in: haystack[...]) }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// ASCII letters, `_`, `:` and every byte of a non-ASCII character.
    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    /// Digits, `-` and `.`: in a name, not first.
    private static func isNameOnly(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isXMLCharacter(_ value: UInt32) -> Bool {
        value == 0x9 || value == 0xA || value == 0xD || (0x20 ... 0xD7FF).contains(value) || (0xE000 ... 0xFFFD).contains(value)
            || (0x10000 ... 0x10FFFF).contains(value)
    }

    // MARK: Places

    /// The line and column of byte `offset`; offsets asked for only grow, mostly, so
    /// the count goes on from the last one asked.
    private mutating func position(of offset: Int) -> (line: Int, column: Int) {
        if offset < cursor.offset { cursor = (0, 1, 1) }
        var (line, column) = (cursor.line, cursor.column)
        var index = cursor.offset
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                column += 1
            }
            index += 1
        }
        cursor = (end, line, column)
        return (line, column)
    }

    private mutating func failure(_ offset: Int, _ reason: String) -> Failure {
        let place = position(of: offset)
        return Failure(line: place.line, column: place.column, reason: reason)
    }
}
