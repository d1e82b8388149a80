import TallyCore
import TallyImport
import Testing

/// Never a figure the file contradicts (Grammar.md §7.1, "Fees" and "Running
/// balances"): gross, fee and net agree and say what the amount column means; a sign
/// the direction column contests is decided by the running balance; pending rows the
/// balance counts are taken out of the balance asserted.
@Suite struct StatementFiguresTests {
    private func read(_ text: String, _ options: CSVStatementReader.Options = .init()) throws(StatementError) -> Statement {
        try CSVStatementReader.read(text, path: "s.csv", options: options)
    }

    private func amounts(_ statement: Statement) -> [String] { statement.rows.map(\.amount.description) }

    private func sum(_ statement: Statement) -> String {
        statement.rows.reduce(Money.zero) { $0.adding($1.amount)! }.description
    }

    /// A PayPal activity download, shaped as PayPal writes it: a received payment, a
    /// purchase, a pending deposit the Balance column counts, and a payment with a fee.
    private let paypal = """
        "Date","Time","TimeZone","Name","Type","Status","Currency","Gross","Fee","Net","From Email Address","Balance","Transaction ID","Balance Impact"
        "03/01/2026","10:00:00","CET","Anna Berg","General Payment","Completed","EUR","100.00","0.00","100.00","anna@example.org","100.00","1AB","Credit"
        "03/02/2026","11:00:00","CET","Web Shop","Express Checkout Payment","Completed","EUR","-20.00","0.00","-20.00","","80.00","2CD","Debit"
        "03/03/2026","12:00:00","CET","Bob Ek","General Payment","Pending","EUR","30.00","0.00","30.00","bob@example.org","110.00","3EF","Credit"
        "03/05/2026","13:00:00","CET","Client AB","General Payment","Completed","EUR","50.00","-1.75","48.25","c@example.org","158.25","4GH","Credit"

        """

    @Test func payPalGivesTheSameFiguresWhicheverColumnIsTheAmount() throws {
        // Booked: 100.00 − 20.00 + 48.25 = 128.25. The pending 30.00 is in the file's
        // balance (80.00 + 30.00 = 110.00, 110.00 + 48.25 = 158.25), so the balance
        // asserted is 158.25 − 30.00 = 128.25.
        // Its dates, 03/01 to 03/05, read two ways in order (1 to 5 March, or 3 January to
        // 3 May) and would be refused: the profile says which (DateEvidenceTests).
        let dated = CSVStatementReader.Options(dateFormat: .monthSlashed)
        var gross = dated, net = gross, fee = gross
        gross.columns = [.amount: "Gross"]
        net.columns = [.amount: "Net"]
        fee.columns = [.amount: "Fee"]
        for options in [dated, gross, fee] {
            let statement = try read(paypal, options)
            // The gross excludes the fee: 50.00 and the fee −1.75 (48.25 − 50.00).
            #expect(amounts(statement) == ["100.00", "-20.00", "50.00", "-1.75"])
            #expect(statement.rows.map(\.description) == [nil, nil, nil, "fee"])
            #expect(sum(statement) == "128.25")
            #expect(statement.closingBalance?.description == "128.25")
            #expect(statement.refused.isEmpty)
        }
        // The net includes it: one movement of 48.25, never the fee again (not 126.50).
        let statement = try read(paypal, net)
        #expect(amounts(statement) == ["100.00", "-20.00", "48.25"])
        #expect(sum(statement) == "128.25")
        #expect(statement.closingBalance?.description == "128.25")
        #expect(statement.rows.map(\.payee) == ["Anna Berg", "Web Shop", "Client AB"])
        #expect(statement.currency == "EUR")
        // The pending deposit is not imported, and said.
        #expect(statement.skipped.map(\.position.line) == [4])
        #expect(statement.skipped[0].reason == "its status is `Pending`: pending, not booked yet; the file's balance counts it, the balance asserted does not")
    }

    @Test func grossFeeAndNetThatDisagreeRefuseTheRow() throws {
        // 50.00 + (−1.75) is 48.25, not 48.00.
        let text = "Date,Name,Gross,Fee,Net\n2026-03-01,A,10.00,0.00,10.00\n2026-03-02,B,50.00,-1.75,48.00\n"
        let statement = try read(text)
        #expect(amounts(statement) == ["10.00"])
        #expect(statement.refused.map(\.position.line) == [3])
        #expect(statement.refused.first?.reason == "`Gross` 50.00 and `Fee` -1.75 do not make `Net` 48.00: which figure moved the account is not known")
        // A fee written as a charge (1.75) agrees as well: 50.00 − 1.75 = 48.25.
        let charged = try read("Date,Name,Gross,Fee,Net\n2026-03-02,B,50.00,1.75,48.25\n")
        #expect(amounts(charged) == ["50.00", "-1.75"])
        // An amount that is neither the gross nor the net is refused.
        var options = CSVStatementReader.Options()
        options.columns = [.amount: "Betrag"]
        let neither = try read("Date,Betrag,Gross,Fee,Net\n2026-03-02,49.00,50.00,-1.75,48.25\n", options)
        #expect(neither.rows.isEmpty)
        #expect(
            neither.refused.first?.reason
                == "the amount 49.00 in column `Betrag` is neither the gross 50.00 (`Gross`) nor the net 48.25 (`Net`): which figure moved the account is not known")
        // Stripe's `Amount`, `Fee`, `Net`: the amount is the gross, 50.00 − 1.75 = 48.25.
        let stripe = try read("Date,Amount,Fee,Net\n2026-03-02,50.00,1.75,48.25\n")
        #expect(amounts(stripe) == ["50.00", "-1.75"])
        // Gross and fee without a net: an amount of 48.25 is the net (50.00 − 1.75), one movement.
        let netAmount = try read("Date,Amount,Gross,Fee\n2026-03-02,48.25,50.00,-1.75\n")
        #expect(amounts(netAmount) == ["48.25"])
        // Without a fee column, gross and net are a tax's, not the account's: the amount stands.
        let invoice = try read("Date,Amount,Net,VAT,Gross\n2026-03-02,-119.00,-100.00,-19.00,-119.00\n")
        #expect(amounts(invoice) == ["-119.00"] && invoice.refused.isEmpty)
    }

    @Test func aContestedSignIsDecidedByTheRunningBalance() throws {
        let text = """
            Date,Description,Amount,D/C,Balance
            2026-03-01,Coffee,3.50,D,-23.50
            2026-03-02,Salary,-1533.50,C,1510.00
            2026-03-03,Rent,-500.00,C,1010.00
            2026-03-04,Odd,-7.00,C,1000.00

            """
        let statement = try read(text)
        // −23.50 → 1510.00 is +1533.50: the direction's reading. 1510.00 → 1010.00 is
        // −500.00: the minus as written. 1010.00 → 1000.00 is −10.00: neither ±7.00.
        #expect(amounts(statement) == ["-3.50", "1533.50", "-500.00"])
        #expect(statement.refused.map(\.position.line) == [5])
        #expect(
            statement.refused.first?.reason
                == "the amount -7.00 has a minus, but column `D/C` says `C`, money in; the running balance (1010.00 → 1000.00) confirms neither sign")
        // With the parties in two columns, the decided sign picks the other party: 100.00 →
        // −400.00 is −500.00, money out, so the payee is the recipient, not the payer.
        let parties = try read("Date,Payer,Recipient,Amount,D/C,Balance\n2026-03-01,Me,Shop,3.50,D,100.00\n2026-03-02,Me,Landlord,-500.00,C,-400.00\n")
        #expect(amounts(parties) == ["-3.50", "-500.00"])
        #expect(parties.rows.map(\.payee) == ["Shop", "Landlord"])
        // Without a balance before it, nothing tells: refused.
        let first = try read("Date,Amount,D/C,Balance\n2026-03-02,-1533.50,C,1510.00\n")
        #expect(first.rows.isEmpty)
        #expect(first.refused.first?.reason == "the amount -1533.50 has a minus, but column `D/C` says `C`, money in; no balance before it tells which sign is right")
    }
}
