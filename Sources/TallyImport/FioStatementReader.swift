import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads the statements of Fio banka's API, as the bank documents them, in XML
/// (`<AccountStatement>`: `<Info>` and a `<TransactionList>` of `<Transaction>`s whose
/// fields are `<column_N>`) and in JSON (`accountStatement`: `info` and
/// `transactionList.transaction[]`, each field `columnN: {value, name, id}` or null).
///
/// The movement id is column 22 ("ID pohybu"); the date column 0 ("Datum", with a zone
/// offset: the day written); the signed amount column 1 ("Objem"), in column 14 ("Měna");
/// the counterparty column 10 ("Název protiúčtu"), else column 7 ("Uživatelská
/// identifikace", where card payments name the shop); the description column 16 ("Zpráva
/// pro příjemce"), else 25 ("Komentář"), else 8 ("Typ"). The account is `accountId`,
/// the currency `currency`, and `closingBalance` at `dateEnd` the closing balance.
public enum FioStatementReader {
    /// True when the text is Fio's XML statement.
    public static func recognisesXML(_ text: String) -> Bool { text.prefix(1000).contains("<AccountStatement") }

    /// True when the text is Fio's JSON statement.
    public static func recognisesJSON(_ text: String) -> Bool {
        text.first(where: { !$0.isWhitespace }) == "{" && text.prefix(200).contains("\"accountStatement\"")
    }

    /// One movement's columns by number, each with its place.
    typealias Columns = [Int: (String, StatementPosition)]

    public static func readXML(_ bytes: [UInt8], path: String) throws(StatementError) -> Statement {
        let collector = Collector(path: path)
        do {
            try XMLReader.read(bytes) { event, line, column in
                let position = StatementPosition(line: line, column: column)
                switch event {
                case .start(let name, _): collector.start(name, at: position)
                case .text(let text): collector.text += text
                case .end(let name): collector.end(name, at: position)
                }
                return collector.error == nil
            }
        } catch {
            throw StatementError(
                path: path, position: StatementPosition(line: error.line, column: error.column), message: "not well-formed XML: \(error.reason)")
        }
        if let error = collector.error { throw error }
        guard collector.sawStatement else { throw StatementError(path: path, position: nil, message: "no <AccountStatement> in this file") }
        return try statement(info: collector.info, transactions: collector.transactions, format: .fioXML, path: path)
    }

    public static func readJSON(_ text: String, path: String) throws(StatementError) -> Statement {
        let json = try StatementJSON.parse(text, path: path)
        guard let root = json["accountStatement"] else { throw StatementError(path: path, position: nil, message: "no accountStatement in this JSON file") }
        var info: [String: String] = [:]
        if case .object(let members, _)? = root["info"] {
            for (key, value) in members { if let text = value.text { info[key] = text } }
        }
        var transactions: [(start: StatementPosition, columns: Columns)] = []
        if case .array(let items)? = root["transactionList"]?["transaction"] {
            for case .object(let members, let start) in items {
                var columns: Columns = [:]
                for (key, field) in members where key.hasPrefix("column") {
                    guard let number = Int(key.dropFirst(6)), let value = field["value"]?.text else { continue }
                    columns[number] = (value, start)
                }
                transactions.append((start, columns))
            }
        }
        return try statement(info: info, transactions: transactions, format: .fioJSON, path: path)
    }

    private static func statement(
        info: [String: String], transactions: [(start: StatementPosition, columns: Columns)], format: Statement.Format, path: String
    ) throws(StatementError) -> Statement {
        var rows: [StatementRow] = []
        for (start, columns) in transactions {
            func text(_ column: Int) -> String? {
                guard let value = columns[column]?.0.trimmingWhitespace, !value.isEmpty else { return nil }
                return value
            }
            guard let (dateText, datePosition) = columns[0] else {
                throw StatementError(path: path, position: start, message: "this movement has no date (column 0, Datum)")
            }
            guard let date = ZonedDay.parse(dateText) else {
                throw StatementError(path: path, position: datePosition, message: "`\(dateText)` in column 0 (Datum) is not a date")
            }
            guard let amountText = columns[1]?.0, let amount = AmountText.parse(amountText, mark: .point) else {
                throw StatementError(
                    path: path, position: columns[1]?.1 ?? start, message: "`\(columns[1]?.0 ?? "")` in column 1 (Objem) is not an amount")
            }
            if let currency = text(14), let stated = info["currency"], currency != stated {
                throw StatementError(
                    path: path, position: columns[14]?.1, message: "a movement in \(currency) in a statement of an account in \(stated)")
            }
            rows.append(
                StatementRow(
                    date: date, amount: amount, payee: text(10) ?? text(7), description: text(16) ?? text(25) ?? text(8),
                    bankID: text(22), position: start))
        }
        rows.sort { $0.date < $1.date }
        var statement = Statement(path: path, format: format, rows: rows, currency: info["currency"]?.uppercased())
        statement.account = info["accountId"].flatMap { $0.isEmpty ? nil : $0 }
        if let text = info["closingBalance"], let end = info["dateEnd"] {
            guard let balance = AmountText.parse(text, mark: .point), let day = ZonedDay.parse(end) else {
                throw StatementError(path: path, position: nil, message: "`\(text)` at `\(end)` is not a closing balance and its date")
            }
            statement.closingBalance = balance
            statement.closingDate = day
        }
        return statement
    }

    /// Collects `<Info>`'s fields and each `<Transaction>`'s `<column_N>`.
    private final class Collector {
        let path: String
        var info: [String: String] = [:]
        var transactions: [(start: StatementPosition, columns: Columns)] = []
        var sawStatement = false
        var error: StatementError?
        private var depth = 0
        var text = ""
        private var inInfo = false
        private var current: (start: StatementPosition, columns: Columns)?

        init(path: String) { self.path = path }

        private func position(_ place: StatementPosition, _ element: String) -> StatementPosition {
            StatementPosition(line: place.line, column: place.column, element: element)
        }

        func start(_ name: String, at place: StatementPosition) {
            depth += 1
            text = ""
            if depth > MarkupSafety.maximumDepth {
                if error == nil { error = MarkupSafety.depthError(at: position(place, name), path: path) }
                return
            }
            switch name {
            case "AccountStatement": sawStatement = true
            case "Info": inInfo = true
            case "Transaction": current = (position(place, name), [:])
            default: break
            }
        }

        func end(_ name: String, at place: StatementPosition) {
            depth -= 1
            if name == "Info" {
                inInfo = false
            } else if inInfo {
                info[name] = text.trimmingWhitespace
            } else if name == "Transaction", let done = current {
                transactions.append(done)
                current = nil
            } else if name.hasPrefix("column_"), let number = Int(name.dropFirst(7)) {
                current?.columns[number] = (text, position(place, name))
            }
            text = ""
        }
    }
}
