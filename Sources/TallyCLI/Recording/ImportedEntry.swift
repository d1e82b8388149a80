import TallyCore
import TallySyntax

/// The text of a transaction written by `tally import`: the date, the payee (and the
/// statement's description as the note when it says more), the wallet, the category
/// (left out when a `payee` rule books the entry), the amount, and the movement's id on
/// an indented `id:` line. Columns follow the file's layout where it shows one.
struct ImportedEntry {
    let layout: FileLayout

    /// The lines (without line endings) of one entry.
    func lines(date: CivilDate, payee: String?, note: String?, wallet: String, category: String?, amount: String, tags: [String] = [], id: String) -> [String] {
        var line = date.description
        if let payee { line += " " + Self.text(payee) }
        if let note { line += " " + Self.text(note) }
        func field(_ text: String, column: Int?, gap: Int = 2) {
            let width = FileLayout.width(line)
            let spaces = column.map { $0 > width ? $0 - width : gap } ?? gap
            line += String(repeating: " ", count: max(1, spaces)) + text
        }
        field(Self.name(wallet), column: layout.walletColumn)
        if let category { field(Self.name(category), column: layout.categoryColumn) }
        let width = FileLayout.width(line)
        if let end = layout.amountEndColumn, end - FileLayout.width(amount) > width {
            line += String(repeating: " ", count: end - FileLayout.width(amount) - width) + amount
        } else if let start = layout.amountStartColumn, start > width {
            line += String(repeating: " ", count: start - width) + amount
        } else {
            line += "  " + amount
        }
        if !tags.isEmpty { line += String(repeating: " ", count: layout.clauseGap ?? 2) + tags.map { "#" + $0 }.joined(separator: " ") }
        return [line, "    id: " + Self.text(id)]
    }

    /// Double-quoted text, with quotes and backslashes escaped and line breaks, tabs and
    /// other control characters (which a statement field may hold) made spaces.
    static func text(_ value: String) -> String {
        var out = "\""
        var lastSpace = false
        for scalar in value.unicodeScalars {
            let isControl = scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
            if isControl || scalar == " " {
                if !lastSpace { out.append(" ") }
                lastSpace = true
                continue
            }
            lastSpace = false
            if scalar == "\"" || scalar == "\\" { out.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        if out.hasSuffix(" ") { out.removeLast() }
        return out + "\""
    }

    /// Words that must be quoted where a wallet or category stands.
    private static let keywords: Set<String> = [
        "currency", "wallet", "income", "expense", "envelope", "goal", "payee", "every", "option", "include",
        "transfer", "fill", "move", "assert", "rate", "skip", "rule", "by",
    ]

    /// A name as a Tally file writes it: bare when it reads back as a name, else quoted.
    static func name(_ value: String) -> String {
        let plain = !value.isEmpty && !keywords.contains(value)
            && !value.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || ";\",".unicodeScalars.contains($0) }
            && !"'#=@+-0123456789".contains(value.first!)
            && !value.hasSuffix(":")
        if plain { return value }
        return "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
