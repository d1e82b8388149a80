extension SyntaxTree {
    /// A readable, stable dump of the tree and its diagnostics, one element a line,
    /// indented by depth. Used by the parser's golden tests and `tally parse --tree`.
    ///
    /// ```
    /// SourceFile@0..24
    ///   WalletDirective@0..24
    ///     Keyword@0..6 "wallet"
    /// ```
    public func dump() -> String {
        var out = ""
        dump(root, depth: 0, into: &out)
        for d in diagnostics {
            out += "\(d.severity.rawValue)[\(d.code)]@\(d.range): \(d.message)\n"
        }
        return out
    }

    private func dump(_ node: SyntaxNode, depth: Int, into out: inout String) {
        let indent = String(repeating: "  ", count: depth)
        out += "\(indent)\(node.kind)@\(node.range)\n"
        for child in node.children {
            switch child {
            case .node(let n):
                dump(n, depth: depth + 1, into: &out)
            case .token(let t):
                out += "\(indent)  \(t.kind)@\(t.range) \(Self.quote(t.text))\n"
            }
        }
    }

    /// The text in double quotes with control characters and quotes escaped.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{FFFD}" {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
