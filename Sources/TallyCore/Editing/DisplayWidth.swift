/// How many terminal columns text takes: 2 for East Asian wide characters and most
/// emoji, 0 for combining marks, 1 otherwise. Used to place carets under source text
/// and to line up what the tools write in a file's columns.
public enum DisplayWidth {
    /// The columns one scalar takes.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0 { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1100 ... 0x115F).contains(v) || (0x2E80 ... 0x303E).contains(v) || (0x3041 ... 0x33FF).contains(v)
            || (0x3400 ... 0x4DBF).contains(v) || (0x4E00 ... 0x9FFF).contains(v) || (0xA000 ... 0xA4CF).contains(v)
            || (0xAC00 ... 0xD7A3).contains(v) || (0xF900 ... 0xFAFF).contains(v) || (0xFE30 ... 0xFE4F).contains(v)
            || (0xFF00 ... 0xFF60).contains(v) || (0xFFE0 ... 0xFFE6).contains(v) || (0x1F300 ... 0x1F64F).contains(v)
            || (0x1F900 ... 0x1F9FF).contains(v) || (0x20000 ... 0x3FFFD).contains(v)
        {
            return 2
        }
        return 1
    }

    /// The columns a run of scalars takes.
    public static func of(_ text: Substring.UnicodeScalarView) -> Int {
        text.reduce(0) { $0 + of($1) }
    }
}
