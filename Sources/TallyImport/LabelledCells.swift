import TallyCore

/// Cells that say what they hold before a colon, in a description column and the
/// columns without a header right after it: PKO BP writes `"Opis transakcji","",""` over
/// `Rachunek odbiorcy: 10 2000 …`, `Nazwa odbiorcy: SPÓŁDZIELNIA MIESZKANIOWA`, `Tytuł:
/// CZYNSZ 03/2026`. A label that is a header name Tally knows (``CSVColumns/names``) gives
/// its role to the value after the colon, where the row's own columns leave it empty:
/// the recipient, the payer, the payee, the description. Other labels (`Rachunek
/// odbiorcy`, `Lokalizacja`) say nothing.
enum LabelledCells {
    /// The roles labelled cells can give.
    static let roles: [CSVColumns.Role] = [.payer, .recipient, .payee, .description]

    /// The columns without a header right after the description column, or none.
    static func continuation(of header: [String], description: Int?) -> [Int] {
        guard let description else { return [] }
        return Array(header.indices.dropFirst(description + 1).prefix { header[$0].trimmingWhitespace.isEmpty })
    }

    /// What the labelled cells among `cells` give, by role; the first cell of a role wins.
    static func values(_ cells: [String]) -> [CSVColumns.Role: String] {
        var found: [CSVColumns.Role: String] = [:]
        for cell in cells {
            guard let colon = cell.firstIndex(of: ":") else { continue }
            let label = CSVColumns.normalize(String(cell[..<colon]))
            let value = String(cell[cell.index(after: colon)...]).trimmingWhitespace
            guard !value.isEmpty, let role = roles.first(where: { CSVColumns.names[$0]?.contains(label) ?? false }), found[role] == nil else { continue }
            found[role] = value
        }
        return found
    }
}
