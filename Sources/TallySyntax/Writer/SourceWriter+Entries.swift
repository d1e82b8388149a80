/// Whole entries, one space between fields, as the tools build them. Tools that lay an
/// entry out in a file's columns (`tally add`, `tally import`) spell each field with the
/// writer and place the fields themselves.
extension SourceWriter {
    /// A transaction's first line:
    /// `DATE ["payee" ["note"]] WALLET [CATEGORY] [AMOUNT] {#tag}`. A note is the second
    /// text of a line, so a note without a payee is written after an empty payee (`""`).
    /// `amount` is as ``amount(_:currency:)`` writes it; without one, split lines below
    /// must give the amounts.
    public static func transaction(
        date: CivilDate, payee: String? = nil, note: String? = nil, wallet: String,
        category: String? = nil, amount: String? = nil, tags: [String] = []
    ) -> String {
        var fields = [self.date(date)]
        if payee != nil || note != nil { fields.append(text(payee ?? "")) }
        if let note { fields.append(text(note)) }
        fields.append(name(wallet))
        if let category { fields.append(name(category)) }
        if let amount { fields.append(amount) }
        return (fields + tags.map(tag)).joined(separator: " ")
    }

    /// A split line below a transaction, without its indent: `CATEGORY [AMOUNT] {#tag} ["note"]`.
    public static func split(category: String, amount: String? = nil, tags: [String] = [], note: String? = nil) -> String {
        var fields = [name(category)]
        if let amount { fields.append(amount) }
        fields += tags.map(tag)
        if let note { fields.append(text(note)) }
        return fields.joined(separator: " ")
    }

    /// `DATE transfer FROM -> TO AMOUNT {#tag}`.
    public static func transfer(date: CivilDate, from: String, to: String, amount: String, tags: [String] = []) -> String {
        ([self.date(date), "transfer", name(from), "->", name(to), amount] + tags.map(tag)).joined(separator: " ")
    }

    /// `DATE move FROM -> TO AMOUNT`: money moved between two envelopes.
    public static func move(date: CivilDate, from: String, to: String, amount: String) -> String {
        "\(self.date(date)) move \(name(from)) -> \(name(to)) \(amount)"
    }

    /// `include "PATH"`: another file read as part of the budget.
    public static func include(path: String) -> String {
        "include \(text(path))"
    }

    /// `DATE fill ENVELOPE AMOUNT`.
    public static func fill(date: CivilDate, envelope: String, amount: String) -> String {
        "\(self.date(date)) fill \(name(envelope)) \(amount)"
    }
}
