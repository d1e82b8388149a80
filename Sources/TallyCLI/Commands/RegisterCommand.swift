import TallyCore
import TallySyntax

/// `tally register FILE`: the transactions, one line per posting or transfer side, with
/// each wallet's running balance; filtered and sorted.
enum RegisterCommand: Subcommand {
    static let name = "register"
    static let summary = "Transactions with running balances, filtered and sorted"
    static let flags: [ReportOptions.Flag] = [.period, .wallet, .category, .tag, .payee, .type, .search, .sort, .desc,
                                              .today, .format, .csvSeparator, .color]
    static let help = """
    tally register: the transactions, one line per category of a split and per side
    of a transfer, with the wallet's balance after each line. The balance is the
    wallet's real balance, whatever the filters leave out.

    USAGE
      tally register [options] <file>

    OPTIONS
    \(ReportOptions.help(flags))  -h, --help             Show this help

    Without --period every date is shown. Filters of different kinds must all
    match; repeating one (--wallet A --wallet B) matches either. JSON and CSV
    layouts: docs/reports.md.

    """

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let context: ReportContext
        switch ReportContext.open(name, arguments, console: console, parse: { (a) throws(UsageError) in
            try ReportOptions.parse(a, command: name, flags: flags)
        }) {
        case .success(let c): context = c
        case .failure(let f): return f.code
        }
        let model = context.model
        let filter: EntryFilter
        do { filter = try context.filter(range: context.range(default: nil)) } catch { return context.fail(error) }
        let rows = model.register(filter, sort: context.options.sort, descending: context.options.descending)
        func what(_ row: RegisterRow) -> String {
            if let category = row.category { return model.categories[category].name }
            let other = row.counterpart.map { model.wallets[$0].name } ?? ""
            return row.amount.isNegative ? "→ \(other)" : "← \(other)"
        }
        func currency(_ row: RegisterRow) -> String { model.wallets[row.wallet].currency }
        // Rows come many to a date: the date's text is made once per run of equal dates.
        var lastDate: CivilDate?
        var lastDateText = ""
        func date(_ row: RegisterRow) -> String {
            if row.date != lastDate { lastDate = row.date; lastDateText = row.date.description }
            return lastDateText
        }

        switch context.options.format {
        case "json":
            // Written row by row into one buffer, in the layout JSONValue gives.
            var out: [UInt8] = []
            out.reserveCapacity(rows.count * 320 + 32)
            out.appendUTF8("{\n  \"rows\": [")
            for (i, row) in rows.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.newline(&out, depth: 2)
                var object = JSONObjectWriter(depth: 2, into: &out)
                object.string("date", date(row), &out)
                object.string("wallet", model.wallets[row.wallet].name, &out)
                object.string("type", row.type.rawValue, &out)
                object.string("category", row.category.map { model.categories[$0].name }, &out)
                object.string("counterpart", row.counterpart.map { model.wallets[$0].name }, &out)
                object.string("payee", row.payee, &out)
                object.string("note", row.note, &out)
                object.strings("tags", row.tags, &out)
                object.string("amount", context.plain(row.amount, currency(row)), &out)
                object.string("currency", currency(row), &out)
                object.string("balance", context.plain(row.balance, currency(row)), &out)
                object.finish(&out)
            }
            if !rows.isEmpty { JSONValue.newline(&out, depth: 1) }
            out.appendUTF8("]\n}\n")
            console.out(bytes: out)
        case "csv":
            // Rows go straight into one buffer; a table of 100k rows is never kept.
            let separator = CSVTable.bytes(of: context.options.csvSeparator)
            var out: [UInt8] = []
            out.reserveCapacity(rows.count * 96 + 128)
            CSVTable.append(["date", "wallet", "type", "category", "counterpart", "payee", "note", "tags", "amount", "currency", "balance"],
                            separator: separator, to: &out)
            for row in rows {
                CSVTable.append([date(row), model.wallets[row.wallet].name, row.type.rawValue, row.category.map { model.categories[$0].name } ?? "",
                                 row.counterpart.map { model.wallets[$0].name } ?? "", row.payee ?? "", row.note ?? "",
                                 row.tags.map { "#" + $0 }.joined(separator: " "), context.plain(row.amount, currency(row)), currency(row),
                                 context.plain(row.balance, currency(row))], separator: separator, to: &out)
            }
            console.out(bytes: out)
        default:
            // One currency for every row: name it once in the header; else on every amount.
            let first = rows.first.map(currency)
            let single = rows.allSatisfy { currency($0) == first } ? first ?? context.currency : nil
            func money(_ value: Money, _ row: RegisterRow) -> String {
                single == nil ? context.amount(value, currency(row)) : context.plain(value, currency(row))
            }
            let unit = single.map { $0.isEmpty ? "" : " " + $0 } ?? ""
            var table = TextTable([.init(title: "Date", alignment: .left), .init(title: "Wallet", alignment: .left, maxWidth: 10),
                                   .init(title: "Payee", alignment: .left, maxWidth: 14), .init(title: "Category", alignment: .left, maxWidth: 15),
                                   .init(title: "Amount" + unit, alignment: .decimal), .init(title: "Balance" + unit, alignment: .decimal)])
            for row in rows {
                table.add([date(row), model.wallets[row.wallet].name, row.payee ?? row.note ?? "", what(row),
                           money(row.amount, row), money(row.balance, row)])
            }
            var out = rows.isEmpty ? "No transactions match.\n" : table.render(color: context.color)
            if rows.count > 1 { out += "\(rows.count) lines\n" }
            console.out(out)
        }
        return ExitCode.success
    }
}
