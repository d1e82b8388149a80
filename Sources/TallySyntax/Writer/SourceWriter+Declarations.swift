/// Declarations, one space between fields, as `tally init` writes a new budget (the
/// formatter lays them out in columns afterwards).
extension SourceWriter {
    /// `currency CODE`: the default currency (the first such line) or another one.
    public static func currency(_ code: String) -> String {
        "currency \(code)"
    }

    /// `wallet NAME KIND [opening AMOUNT [on DATE]]`. `kind` is a wallet kind's word
    /// (`bank`, `cash`, ...); `opening` as ``amount(_:currency:)`` writes it.
    public static func wallet(name: String, kind: String, opening: String? = nil, on date: CivilDate? = nil) -> String {
        var fields = ["wallet", self.name(name), kind]
        if let opening {
            fields += ["opening", opening]
            if let date { fields += ["on", self.date(date)] }
        }
        return fields.joined(separator: " ")
    }

    /// `income NAME, ...` or `expense NAME, ...` (`income` true for the first).
    public static func categories(income: Bool, _ names: [String]) -> String {
        (income ? "income " : "expense ") + names.map(name).joined(separator: ", ")
    }

    /// `envelope NAME [AMOUNT] PERIOD [for CATEGORY, ...] [rollover]`: without an amount
    /// the envelope is filled by hand; `period` is `weekly`, `monthly`, `quarterly` or
    /// `yearly`.
    public static func envelope(name: String, amount: String? = nil, period: String, for categories: [String], rollover: Bool = false) -> String {
        var fields = ["envelope", self.name(name)]
        if let amount { fields.append(amount) }
        fields.append(period)
        if !categories.isEmpty { fields += ["for", categories.map(self.name).joined(separator: ", ")] }
        if rollover { fields.append("rollover") }
        return fields.joined(separator: " ")
    }
}
