extension StringProtocol {
    /// The text without the Unicode scalars `drop` accepts at either end: Foundation's
    /// `trimmingCharacters(in:)` without loading Foundation.
    public func trimmingScalars(where drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !drop($0) })!
        return String(String.UnicodeScalarView(scalars[first ... last]))
    }

    /// Without tabs and Unicode space separators at either end:
    /// `trimmingCharacters(in: .whitespaces)`.
    public func trimmingSpaces() -> String { trimmingScalars(where: \.isHorizontalSpace) }

    /// Without spaces, tabs and line breaks at either end:
    /// `trimmingCharacters(in: .whitespacesAndNewlines)`.
    public func trimmingSpacesAndNewlines() -> String {
        trimmingScalars { $0.isHorizontalSpace || $0.isLineBreak }
    }
}

extension Unicode.Scalar {
    /// In Foundation's `CharacterSet.whitespaces`: the tab and general category Zs.
    public var isHorizontalSpace: Bool { value == 0x09 || properties.generalCategory == .spaceSeparator }

    /// In `CharacterSet.newlines` (U+000A–U+000D, U+0085, U+2028, U+2029).
    public var isLineBreak: Bool { (0x0A ... 0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029 }
}

extension String {
    /// The text cut or filled with spaces to `width` UTF-16 units: Foundation's
    /// `padding(toLength:withPad: " ", startingAt: 0)` without loading Foundation.
    public func padded(to width: Int) -> String {
        let units = utf16.count
        if units >= width { return String(utf16.prefix(width)) ?? String(prefix(width)) }
        return self + String(repeating: " ", count: width - units)
    }
}

extension StringProtocol {
    /// Every occurrence of `target` replaced by `replacement`, matching code units
    /// literally (so `"\n"` is found inside `"\r\n"`, which the standard library's
    /// `replacing(_:with:)` treats as one character): Foundation's
    /// `replacingOccurrences(of:with:)` without loading Foundation.
    public func replacingText(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        let haystack = Array(utf8)
        guard !needle.isEmpty, haystack.count >= needle.count else { return String(self) }
        var out: [UInt8] = []
        out.reserveCapacity(haystack.count)
        var at = 0
        while at < haystack.count {
            if haystack[at] == needle[0], at + needle.count <= haystack.count, haystack[at ..< at + needle.count].elementsEqual(needle) {
                out += replacement.utf8
                at += needle.count
            } else {
                out.append(haystack[at])
                at += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
