import TallyCore
import TallySyntax

/// Reads the ISO 20022 bank-to-customer messages that list movements (any version of
/// the schema: elements are matched by their local names): the CAMT.053 statement
/// (`BkToCstmrStmt`, each account's `Stmt`), the CAMT.052 account report
/// (`BkToCstmrAcctRpt`, `Rpt`: intraday, often with pending entries) and the CAMT.054
/// debit/credit notification (`BkToCstmrDbtCdtNtfctn`, `Ntfctn`).
///
/// Each booked `<Ntry>` is a movement: `Amt` (with `Ccy`), `CdtDbtInd` (`DBIT` is money
/// out), `BookgDt` (else `ValDt`), the bank's reference `AcctSvcrRef` (else `NtryRef`,
/// else the transaction's `AcctSvcrRef` or `EndToEndId`), the counterparty (`Cdtr` of a
/// debit, `Dbtr` of a credit) and the remittance text (`Ustrd`, else `AddtlNtryInf`).
/// Entries whose `Sts` is not booked (`PDNG`, `INFO`) are listed as skipped. Dates may
/// carry a zone offset (`2017-04-11+02:00`, `2017-04-11T10:00:00+02:00`): the day is the
/// one written, the bank's. The closing balance is the `Bal` of type `CLBD` (an interim
/// balance, `ITBD`, is not a day's end and is not asserted); the account, the statement's `Acct/Id`
/// (`IBAN`, else `Othr/Id`). Places are ``XMLReader``'s: after an element's start or end tag.
public enum CAMTStatementReader {
    public static func recognises(_ text: String) -> Bool { format(of: text) != nil }

    /// Which of the three messages `text` looks like, from its namespace or root element.
    static func format(of text: String) -> Statement.Format? {
        let head = text.prefix(3000)
        let messages: [(Statement.Format, String, String)] = [
            (.camt, "camt.053", "BkToCstmrStmt"), (.camt052, "camt.052", "BkToCstmrAcctRpt"), (.camt054, "camt.054", "BkToCstmrDbtCdtNtfctn")
        ]
        return messages.first { head.contains($0.1) || head.contains("<" + $0.2) || head.contains(":" + $0.2) }?.0
    }

    public static func read(_ bytes: [UInt8], path: String) throws(StatementError) -> Statement {
        let delegate = Collector(path: path)
        do {
            try XMLReader.read(bytes, localNames: true) { event, line, column in
                let position = StatementPosition(line: line, column: column)
                switch event {
                case .start(let name, let attributes): delegate.start(name, attributes: attributes, at: position)
                case .text(let text): delegate.text += text
                case .end(let name): delegate.end(name, at: position)
                }
                return delegate.error == nil
            }
        } catch {
            throw StatementError(
                path: path, position: StatementPosition(line: error.line, column: error.column), message: "not well-formed XML: \(error.reason)")
        }
        if let error = delegate.error { throw error }
        let format = format(of: String(decoding: bytes.prefix(3000), as: UTF8.self)) ?? .camt
        guard delegate.sawStatement else {
            let element = format == .camt ? "Stmt" : format == .camt052 ? "Rpt" : "Ntfctn"
            throw StatementError(path: path, position: nil, message: "no <\(element)> in this file; is it a \(format.rawValue) message?")
        }
        var statement = Statement(path: path, format: format, rows: delegate.rows.sorted { $0.date < $1.date }, currency: delegate.accountCurrency ?? delegate.currencies.first)
        statement.account = delegate.account
        statement.closingBalance = delegate.closing
        statement.closingDate = delegate.closingDate
        statement.skipped = delegate.skipped
        if Set(delegate.currencies).count > 1 {
            throw StatementError(path: path, position: nil, message: "the statement's entries are in several currencies (\(Set(delegate.currencies).sorted().joined(separator: ", "))); Tally imports one currency per wallet")
        }
        return statement
    }

    private final class Collector {
        let path: String
        var rows: [StatementRow] = []
        var skipped: [(position: StatementPosition, reason: String)] = []
        var currencies: [String] = []
        var accountCurrency: String?
        var account: String?
        var closing: Money?
        var closingDate: CivilDate?
        var sawStatement = false
        var error: StatementError?

        private var stack: [String] = []
        var text = ""
        private var attributes: [String: String] = [:]
        /// Values of the entry being read, by path below `Ntry` (`Amt`, `BookgDt/Dt`, ...).
        private var entry: [String: (String, StatementPosition)]?
        private var entryStart = StatementPosition(line: 0, column: 0)
        private var entryCurrency: String?
        private var balance: [String: (String, StatementPosition)]?
        private var balanceCurrency: String?

        init(path: String) { self.path = path }

        func start(_ elementName: String, attributes attributeDict: [String: String], at place: StatementPosition) {
            stack.append(elementName)
            let position = StatementPosition(line: place.line, column: place.column, element: elementName)
            // Each end of an element looks along the stack: a deep one would cost time
            // quadratic in its depth, and no statement nests so deep.
            if stack.count > MarkupSafety.maximumDepth {
                if error == nil { error = MarkupSafety.depthError(at: position, path: path) }
                return
            }
            text = ""
            attributes = attributeDict
            switch elementName {
            case "Stmt", "Rpt", "Ntfctn": sawStatement = true
            case "Ntry": entry = [:]; entryStart = position; entryCurrency = nil
            case "Bal" where entry == nil: balance = [:]; balanceCurrency = nil
            default: break
            }
        }

        /// True when the element ending (the last of `stack`) is `Acct/Id/IBAN` or
        /// `Acct/Id/Othr/Id`.
        static func isAccountID(_ stack: [String]) -> Bool {
            let n = stack.count
            if n >= 3, stack[n - 1] == "IBAN", stack[n - 2] == "Id", stack[n - 3] == "Acct" { return true }
            return n >= 4 && stack[n - 1] == "Id" && stack[n - 2] == "Othr" && stack[n - 3] == "Id" && stack[n - 4] == "Acct"
        }

        func end(_ elementName: String, at place: StatementPosition) {
            let value = text.trimmingWhitespace
            text = ""
            let position = StatementPosition(line: place.line, column: place.column, element: elementName)
            if let n = stack.lastIndex(of: "Ntry"), entry != nil {
                let key = stack[(n + 1)...].joined(separator: "/")
                if !key.isEmpty, entry?[key] == nil, !value.isEmpty { entry?[key] = (value, position) }
                if key == "Amt" { entryCurrency = attributes["Ccy"] }
            } else if let b = stack.lastIndex(of: "Bal"), balance != nil {
                let key = stack[(b + 1)...].joined(separator: "/")
                if !key.isEmpty, !value.isEmpty { balance?[key] = (value, position) }
                if key == "Amt" { balanceCurrency = attributes["Ccy"] }
            } else if elementName == "Ccy", stack.contains("Acct"), accountCurrency == nil, !value.isEmpty {
                accountCurrency = value
            } else if account == nil, !value.isEmpty, Self.isAccountID(stack) {
                // The statement's own account; not a counterparty's, which lies inside an
                // entry and is read above.
                account = value
            }
            stack.removeLast()
            attributes = [:]
            if elementName == "Ntry", let fields = entry {
                entry = nil
                finishEntry(fields)
            } else if elementName == "Bal", let fields = balance {
                balance = nil
                finishBalance(fields)
            }
        }

        private func fail(_ position: StatementPosition?, _ message: String) {
            if error == nil { error = StatementError(path: path, position: position, message: message) }
        }

        private func date(_ fields: [String: (String, StatementPosition)], _ keys: [String]) -> (CivilDate, StatementPosition)? {
            for key in keys {
                guard let (text, position) = fields[key] else { continue }
                guard let date = ZonedDay.parse(text) else { fail(position, "`\(text)` in <\(key)> is not a date (YYYY-MM-DD)"); return nil }
                return (date, position)
            }
            return nil
        }

        private func signedAmount(_ fields: [String: (String, StatementPosition)], what: String) -> Money? {
            guard let (text, position) = fields["Amt"] else { fail(entryStart, "this <\(what)> has no <Amt>"); return nil }
            guard let amount = AmountText.parse(text, mark: .point), !amount.isNegative else {
                fail(position, "`\(text)` in <Amt> is not an amount"); return nil
            }
            guard let (indicator, indicatorPosition) = fields["CdtDbtInd"] else { fail(position, "this <\(what)> has no <CdtDbtInd> (CRDT or DBIT)"); return nil }
            switch indicator {
            case "CRDT": return amount
            case "DBIT": return amount.negated
            default: fail(indicatorPosition, "`\(indicator)` in <CdtDbtInd> is neither CRDT nor DBIT"); return nil
            }
        }

        private func finishEntry(_ fields: [String: (String, StatementPosition)]) {
            let status = fields["Sts/Cd"]?.0 ?? fields["Sts"]?.0 ?? "BOOK"
            guard status == "BOOK" else {
                skipped.append((entryStart, "its status is \(status), not booked (BOOK)"))
                return
            }
            guard let amount = signedAmount(fields, what: "Ntry") else { return }
            guard let (day, _) = date(fields, ["BookgDt/Dt", "BookgDt/DtTm", "ValDt/Dt", "ValDt/DtTm"]) else {
                if error == nil { fail(entryStart, "this <Ntry> has no <BookgDt>") }
                return
            }
            if let c = entryCurrency { currencies.append(c) }
            func first(_ keys: [String]) -> String? {
                keys.lazy.compactMap { fields[$0]?.0 }.first { !$0.isEmpty && $0 != "NOTPROVIDED" }
            }
            let tx = "NtryDtls/TxDtls/"
            let counterparty =
                amount.isNegative
                ? first([tx + "RltdPties/Cdtr/Nm", tx + "RltdPties/Cdtr/Pty/Nm", tx + "RltdPties/Dbtr/Nm"])
                : first([tx + "RltdPties/Dbtr/Nm", tx + "RltdPties/Dbtr/Pty/Nm", tx + "RltdPties/Cdtr/Nm"])
            rows.append(
                StatementRow(
                    date: day, amount: amount, payee: counterparty,
                    description: first([tx + "RmtInf/Ustrd", "AddtlNtryInf", tx + "AddtlTxInf"]),
                    bankID: first(["AcctSvcrRef", "NtryRef", tx + "Refs/AcctSvcrRef", tx + "Refs/EndToEndId"]),
                    position: entryStart))
        }

        private func finishBalance(_ fields: [String: (String, StatementPosition)]) {
            guard (fields["Tp/CdOrPrtry/Cd"]?.0 ?? fields["Tp/CdOrPrtry/Prtry"]?.0) == "CLBD" else { return }
            guard let amount = signedAmount(fields, what: "Bal"),
                let (day, _) = date(fields, ["Dt/Dt", "Dt/DtTm"])
            else { return }
            closing = amount
            closingDate = day
            if accountCurrency == nil { accountCurrency = balanceCurrency }
        }
    }
}
