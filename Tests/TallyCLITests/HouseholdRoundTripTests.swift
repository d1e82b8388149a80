import Foundation
import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

/// Issue 36's household: two years (2025–2026) of a couple's budget, written as a new
/// user writes it from hledger's and beancount's manuals (`Fixtures/interop/household`:
/// `household.journal` with `alias`, `apply account`, `include`, periodic budgets, a
/// trip to Japan with prices; `household.beancount` with `pad`, `balance`, `pushtag`,
/// metadata, Fava's `custom "budget"`). Each converts with nothing listed, and its
/// export gives each peer the original's figures: hledger's reports byte for byte
/// (`bal --budget -M` and `bal -V` among them), ledger's balances at every month's end
/// and its register, bean-check's and beancount's loader's balances, monthly totals and
/// Fava's budgets. Tally's own `balance` and `envelopes` show the peer's figures. Each
/// test needs its peer: skipped without it, a failure under CI.
@Suite struct HouseholdRoundTripTests {
    static let fixtures = "Tests/TallyCLITests/Fixtures/interop/household/"
    static var underCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }
    static func has(_ tool: String) -> Bool { ExternalTool.find(tool) != nil || underCI }
    /// The month ends of the two years.
    static let monthEnds: [CivilDate] = (0 ..< 24).map { CivilDate(year: 2025 + $0 / 12, month: $0 % 12 + 1, day: 1)!.endOfMonth }

    /// `tally convert --strict` of the fixture (nothing may be listed), then `tally
    /// export --to FORMAT`: the budget's and the export's paths.
    static func roundTrip(_ fixture: String, to format: String, in folder: TemporaryFolder) throws -> (budget: String, exported: String) {
        let budget = folder.path("household.tally")
        let exported = folder.path("back." + ["hledger": "journal", "ledger": "ledger", "beancount": "beancount"][format, default: format])
        let converted = try TallyBinary.run(["convert", "--strict", "-o", budget, TestSupport.path(fixtures + fixture)])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(!converted.stderr.contains("not converted"), "nothing is listed: \(converted.stderr)")
        let check = try TallyBinary.run(["check", budget])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let export = try TallyBinary.run(["export", "--to", format, "-o", exported, budget])
        try #require(export.status == 0, "\(export.stderr)")
        // The export converts back with nothing listed, and to the same envelopes in the
        // original's own format (names change across formats: `Eating-out`).
        let back = folder.path("back.tally")
        let again = try TallyBinary.run(["convert", "--strict", "-o", back, exported])
        #expect(again.status == 0 && !again.stderr.contains("not converted"), "\(again.stderr)")
        let sameFormat = fixture.hasSuffix(".journal") ? format == "hledger" : format == "beancount"
        if sameFormat { #expect(try envelopeLines(back) == envelopeLines(budget)) }
        return (budget, exported)
    }

    /// A budget's `envelope` lines, runs of spaces as one.
    static func envelopeLines(_ budget: String) throws -> [String] {
        try String(contentsOfFile: budget, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("envelope ") }
            .map { $0.split(separator: " ").joined(separator: " ") }
    }

    /// hledger's reports on the original and on the round trip, byte for byte: the
    /// figures, the budget goals and the query words a user types.
    static let hledgerReports: [[String]] = [
        ["reg"], ["bal"], ["bal", "-M"], ["bal", "-V"], ["bal", "-V", "-M"], ["bal", "--budget", "-M"], ["bal", "--budget", "-M", "-V"],
        ["bal", "--budget", "-Y"], ["reg", "tag:trip=japan"], ["reg", "tag:bio"], ["reg", "desc:ramen"], ["bal", "status:*"], ["bal", "status:"],
        ["reg", "payee:visa"], ["bal", "note:salary"], ["reg", "amt:>1000"], ["bal", "cur:JPY"], ["bal", "depth:2"], ["bal", "real:"],
        ["reg", "not:acct:expenses"], ["bal", "-p", "2026/11"], ["reg", "acct:checking", "date:2026-11"], ["bal", "tag:person=alex"]
    ]

    @Test(.enabled(if: has("hledger"), "hledger is not installed"))
    func hledgersReportsAreTheSameAfterTheRoundTrip() throws {
        let hledger = try #require(ExternalTool.find("hledger"), "hledger is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("household")
        defer { folder.remove() }
        let original = TestSupport.path(Self.fixtures + "household.journal")
        let (_, exported) = try Self.roundTrip("household.journal", to: "hledger", in: folder)
        for journal in [original, exported] {
            let check = try hledger.run(["-f", journal, "check", "-s"])
            #expect(check.status == 0 && check.stderr.isEmpty, "\(journal): \(check.output)")
        }
        let width = ["COLUMNS": "100"]
        for report in Self.hledgerReports {
            let before = try hledger.run(["-f", original] + report, environment: width)
            let after = try hledger.run(["-f", exported] + report, environment: width)
            #expect(before.status == 0, "\(before.output)")
            #expect(!before.stdout.isEmpty, "hledger \(report.joined(separator: " ")) shows something")
            #expect(after.stdout == before.stdout, "hledger \(report.joined(separator: " "))")
        }
    }

    /// Each line of a balance report, amounts read whatever the digit groups: a set to
    /// compare with another peer's, which orders accounts its own way.
    static func balanceLines(_ output: String) -> Set<String> {
        var lines = Set<String>()
        var last = ""
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let amountEnd = parts.firstIndex(where: { !($0.first?.isNumber ?? false) && $0.first != "-" }) else { continue }
            let amount = parts[..<parts.index(after: amountEnd)].joined(separator: " ")
            let account = parts[parts.index(after: amountEnd)...].joined(separator: " ")
            if !account.isEmpty { last = account }
            for (commodity, money) in PeerJournal.amounts(amount) { lines.insert("\(last) \(money.formatted(scale: 6)) \(commodity)") }
        }
        return lines
    }

    @Test(.enabled(if: has("hledger") && has("ledger"), "hledger or ledger is not installed"))
    func ledgerReadsHledgersFiguresFromTheExport() throws {
        let hledger = try #require(ExternalTool.find("hledger"), "hledger is not installed; .ci/run installs it")
        let ledger = try #require(ExternalTool.find("ledger"), "ledger is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("household")
        defer { folder.remove() }
        let original = TestSupport.path(Self.fixtures + "household.journal")
        let (_, exported) = try Self.roundTrip("household.journal", to: "ledger", in: folder)
        let pedantic = try ledger.run(["--pedantic", "-f", exported, "bal"])
        #expect(pedantic.status == 0 && pedantic.stderr.isEmpty, "\(pedantic.output)")
        // Every account's balance at every month's end (so every month's change too).
        var compared = 0
        for end in Self.monthEnds {
            let next = end.adding(days: 1)!.description
            let before = try hledger.run(["-f", original, "bal", "-e", next, "--flat", "-N"])
            let after = try ledger.run(["-f", exported, "bal", "-e", next, "--flat", "--no-total"])
            #expect(after.status == 0, "\(after.output)")
            let expected = Self.balanceLines(before.stdout)
            #expect(Self.balanceLines(after.stdout) == expected, "balances at the end of \(end)")
            compared += expected.count
        }
        #expect(compared > 24 * 10, "\(compared) balances compared")
        // The register: each posting's date, account and amount.
        func postings(_ rows: [[String]]) -> [String] {
            rows.map { row in row[0] + " " + row[1] + " " + PeerJournal.amounts(row[2]).map { "\($0.value.formatted(scale: 6)) \($0.key)" }.sorted().joined(separator: ", ") }.sorted()
        }
        let hledgerRows = PeerJournal.csvRows(try hledger.run(["-f", original, "reg", "-O", "csv"]).stdout).dropFirst().map { [$0[1], $0[4], $0[5]] }
        let ledgerOut = try ledger.run(["-f", exported, "reg", "--format", "%(format_date(date, \"%Y-%m-%d\"))\t%(account)\t%(scrub(amount))\n"])
        let ledgerRows = ledgerOut.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(ledgerRows.count > 600, "\(ledgerRows.count) postings")
        #expect(postings(ledgerRows) == postings(Array(hledgerRows)), "ledger reg on the export is hledger reg on the original")
    }

    /// What beancount's loader reads from a file, one line each: its errors' count, each
    /// account's change per month and currency (equity left out: the export books
    /// openings against its own account), and the budget Fava applies to each account in
    /// each month: the latest `custom "budget"` dated on or before the month's first day
    /// (Fava's rule; the file's order breaks ties, as beancount sorts them).
    static let beancountFigures = """
        import sys, collections
        from beancount import loader
        from beancount.core import data
        entries, errors, _ = loader.load_file(sys.argv[1])
        print("errors", len(errors))
        change = collections.defaultdict(int)
        budgets = collections.defaultdict(list)
        for e in entries:
            if isinstance(e, data.Transaction):
                for p in e.postings:
                    if not p.account.startswith("Equity:"):
                        change[(e.date.strftime("%Y-%m"), p.account, p.units.currency)] += p.units.number
            elif isinstance(e, data.Custom) and e.type == "budget":
                account, period, amount = (v.value for v in e.values[:3])
                budgets[account].append((e.date.isoformat(), period, amount))
        for key in sorted(change):
            if change[key]:
                print("change", *key, format(change[key].normalize(), "f"))
        for account in sorted(budgets):
            for year in (2025, 2026):
                for month in range(1, 13):
                    day = "%d-%02d-01" % (year, month)
                    valid = [b for b in budgets[account] if b[0] <= day]
                    if valid:
                        date, period, amount = valid[-1]
                        print("budget", account, day[:7], period, format(amount.number.normalize(), "f"), amount.currency)
        """

    @Test(.enabled(if: has("bean-check"), "bean-check is not installed"))
    func beancountReadsTheSameFiguresAndFavaBudgetsFromTheExport() throws {
        let check = try #require(ExternalTool.find("bean-check"), "bean-check is not installed; .ci/run installs it")
        // The Python beside bean-check is the one with beancount installed.
        let python = ExternalTool(url: check.url.deletingLastPathComponent().appendingPathComponent("python3"))
        let folder = try TemporaryFolder("household")
        defer { folder.remove() }
        let original = TestSupport.path(Self.fixtures + "household.beancount")
        let (_, exported) = try Self.roundTrip("household.beancount", to: "beancount", in: folder)
        for file in [original, exported] {
            let checked = try check.run([file])
            #expect(checked.status == 0 && checked.stdout.isEmpty && checked.stderr.isEmpty, "\(file): \(checked.output)")
        }
        let before = try python.run(["-c", Self.beancountFigures, original])
        let after = try python.run(["-c", Self.beancountFigures, exported])
        #expect(before.status == 0, "\(before.output)")
        let lines = before.stdout.split(separator: "\n")
        #expect(lines.first == "errors 0")
        // 24 months of rent and groceries, 2 years × 12 months × 5 budgets.
        #expect(lines.filter { $0.hasPrefix("budget ") }.count == 120, "\(before.stdout)")
        #expect(lines.contains("budget Expenses:Rent 2026-01 monthly 1190 EUR"))
        #expect(lines.filter { $0.hasPrefix("change ") }.count > 24 * 10)
        #expect(after.stdout == before.stdout, "beancount's figures and Fava's budgets on the export")
    }

    /// The peer account each wallet, category and envelope of a converted budget stands
    /// for: its declaration's `account:` metadata (an envelope's, its category's).
    static func accounts(in budget: String) throws -> [String: String] {
        var accounts: [String: String] = [:]
        var declared: String?
        var envelopes: [(name: String, category: String)] = []
        func name(_ text: Substring) -> String {
            let rest = text.drop { $0 == " " }
            return rest.hasPrefix("'") ? String(rest.dropFirst().prefix { $0 != "'" }) : String(rest.prefix { $0 != " " })
        }
        for line in try String(contentsOfFile: budget, encoding: .utf8).split(separator: "\n") {
            if line.hasPrefix(" ") {
                // The declaration's own account, not `opening-account:`.
                if let declared, line.drop(while: { $0 == " " }).hasPrefix("account: \"") { accounts[declared] = String(line.split(separator: "\"")[1]) }
                continue
            }
            declared = nil
            for keyword in ["wallet ", "income ", "expense "] where line.hasPrefix(keyword) { declared = name(line.dropFirst(keyword.count)) }
            if line.hasPrefix("envelope "), let range = line.range(of: " for ") {
                envelopes.append((name(line.dropFirst("envelope ".count)), name(line[range.upperBound...])))
            }
        }
        for (envelope, category) in envelopes { accounts["envelope " + envelope] = accounts[category] }
        return accounts
    }

    /// Tally's own reports on the converted household show hledger's figures: each
    /// wallet's balance, and its value in euros (`-V`: 39,300 JPY at 0.0061 EUR =
    /// 239.73 EUR at the end of 2025, at 0.0058 = 227.94 at the end of 2026), and each
    /// envelope's planned and spent money per month, hledger's goal and actual change in
    /// `bal --budget -M`.
    @Test(.enabled(if: has("hledger"), "hledger is not installed"))
    func tallysBalancesAndEnvelopesAreHledgersFigures() throws {
        let hledger = try #require(ExternalTool.find("hledger"), "hledger is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("household")
        defer { folder.remove() }
        let original = TestSupport.path(Self.fixtures + "household.journal")
        let (budget, _) = try Self.roundTrip("household.journal", to: "hledger", in: folder)
        let accounts = try Self.accounts(in: budget)
        func money(_ text: String) -> String { Money(text.replacingOccurrences(of: ",", with: ""))?.formatted(scale: 6) ?? "?\(text)" }
        var yen: [String] = []
        for end in ["2025-12-31", "2026-12-31"] {
            let next = CivilDate(iso: end)!.adding(days: 1)!.description
            var peer: [String: (amounts: PeerJournal.Amounts, valued: PeerJournal.Amounts)] = [:]
            for (valued, flags) in [(false, [String]()), (true, ["-V"])] {
                let r = try hledger.run(["-f", original, "bal", "^assets", "^liabilities", "-e", next, "--flat", "-N", "-O", "csv"] + flags)
                for row in PeerJournal.csvRows(r.stdout).dropFirst() where row.count == 2 {
                    if valued { peer[row[0], default: ([:], [:])].valued = PeerJournal.amounts(row[1]) } else { peer[row[0], default: ([:], [:])].amounts = PeerJournal.amounts(row[1]) }
                }
            }
            let report = try TallyBinary.run(["balance", "--at", end, "--today", "2026-12-31", "--format", "csv", budget])
            #expect(report.status == 0, "\(report.stderr)")
            let rows = PeerJournal.csvRows(report.stdout)
            #expect(rows.first == ["wallet", "kind", "owners", "currency", "balance", "converted", "hidden"])
            for row in rows.dropFirst() where row.count == 7 {
                let account = try #require(accounts[row[0]], "wallet \(row[0])")
                let expected = peer[account] ?? ([:], [:])
                #expect(money(row[4]) == (expected.amounts[row[3]] ?? .zero).formatted(scale: 6), "\(row[0]) at \(end)")
                #expect(money(row[5]) == (expected.valued["EUR"] ?? .zero).formatted(scale: 6), "\(row[0]) in EUR at \(end)")
                if row[3] == "JPY" { yen.append(row[5]) }
            }
        }
        #expect(yen == ["239.73", "227.94"], "39300 × 0.0061, 39300 × 0.0058")

        // hledger's budget report: account, then actual and goal for each month.
        let goals = try hledger.run(["-f", original, "bal", "^expenses", "--budget", "-M", "-O", "csv"])
        let table = PeerJournal.csvRows(goals.stdout)
        let header = try #require(table.first)
        var hledgerCells: [String: (spent: String, planned: String)] = [:]
        for row in table.dropFirst() {
            for column in stride(from: 1, to: min(row.count, header.count) - 1, by: 2) where !row[column + 1].isEmpty && row[column + 1] != "0" {
                hledgerCells["\(row[0]) \(header[column])"] = (money(row[column].replacingOccurrences(of: " EUR", with: "")), money(row[column + 1].replacingOccurrences(of: " EUR", with: "")))
            }
        }
        let envelopes = try TallyBinary.run(["envelopes", "-M", "--today", "2026-12-31", "--format", "csv", budget])
        #expect(envelopes.status == 0, "\(envelopes.stderr)")
        var compared = 0
        for row in PeerJournal.csvRows(envelopes.stdout).dropFirst() where row.count == 11 && money(row[5]) != Money.zero.formatted(scale: 6) {
            let account = try #require(accounts["envelope " + row[0]], "envelope \(row[0])")
            let cell = hledgerCells["\(account) \(row[1])"]
            #expect(cell?.planned == money(row[5]), "\(row[0]) planned in \(row[1])")
            #expect(cell?.spent == money(row[8]), "\(row[0]) spent in \(row[1])")
            compared += 1
        }
        #expect(compared == 5 * 24, "every envelope's every month: \(compared)")
    }

    /// hledger's goals per account and month in `bal --budget -M` (`expenses:rent
    /// 2025-01` → `1150`), the account lowercased with `-` as a space.
    static func hledgerGoals(_ journal: String, _ hledger: ExternalTool) throws -> [String: String] {
        let csv = try hledger.run(["-f", journal, "bal", "^expenses", "--budget", "-M", "-O", "csv"])
        #expect(csv.status == 0, "\(csv.output)")
        let table = PeerJournal.csvRows(csv.stdout)
        guard let header = table.first else { return [:] }
        var goals: [String: String] = [:]
        for row in table.dropFirst() where row[0].contains(":") && !row[0].hasPrefix("Total") {
            for column in stride(from: 2, to: min(row.count, header.count), by: 2) {
                for (_, amount) in PeerJournal.amounts(row[column]) { goals["\(accountKey(row[0])) \(header[column - 1])"] = amount.formatted(scale: 2) }
            }
        }
        return goals
    }

    /// Fava's budget per account and month, as `beancountFigures` prints it.
    static func favaGoals(_ figures: String) -> [String: String] {
        var goals: [String: String] = [:]
        for line in figures.split(separator: "\n") where line.hasPrefix("budget ") {
            let parts = line.split(separator: " ").map(String.init)
            if let amount = Money(parts[4]), !amount.isZero { goals["\(accountKey(parts[1])) \(parts[2])"] = amount.formatted(scale: 2) }
        }
        return goals
    }

    static func accountKey(_ account: String) -> String { account.lowercased().replacingOccurrences(of: "-", with: " ") }

    /// Budgets cross over: the hledger household's goals exported to beancount are the
    /// budgets Fava applies each month, and the beancount household's Fava budgets
    /// exported to hledger are `hledger bal --budget -M`'s goals (5 accounts × 24 months
    /// each way; rent 1150.00 in 2025, 1190.00 in 2026).
    @Test(.enabled(if: has("hledger") && has("bean-check"), "hledger or bean-check is not installed"))
    func budgetsCrossFromHledgerToFavaAndBack() throws {
        let hledger = try #require(ExternalTool.find("hledger"), "hledger is not installed; .ci/run installs it")
        let check = try #require(ExternalTool.find("bean-check"), "bean-check is not installed; .ci/run installs it")
        let python = ExternalTool(url: check.url.deletingLastPathComponent().appendingPathComponent("python3"))
        let folder = try TemporaryFolder("household")
        defer { folder.remove() }
        let hledgerOriginal = TestSupport.path(Self.fixtures + "household.journal")
        let toFava = try Self.roundTrip("household.journal", to: "beancount", in: folder).exported
        let fava = try python.run(["-c", Self.beancountFigures, toFava])
        #expect(fava.stdout.hasPrefix("errors 0\n"), "\(fava.output)")
        let hledgerGoals = try Self.hledgerGoals(hledgerOriginal, hledger)
        #expect(hledgerGoals.count == 5 * 24 && hledgerGoals["expenses:rent 2026-12"] == "1190.00", "\(hledgerGoals)")
        let favaFromHledger = Self.favaGoals(fava.stdout)
        #expect(favaFromHledger == hledgerGoals, "Fava's budgets from the hledger household: \(favaFromHledger.filter { hledgerGoals[$0.key] != $0.value }.sorted { $0.key < $1.key })")

        let other = try TemporaryFolder("household")
        defer { other.remove() }
        let favaOriginal = try python.run(["-c", Self.beancountFigures, TestSupport.path(Self.fixtures + "household.beancount")])
        let toHledger = try Self.roundTrip("household.beancount", to: "hledger", in: other).exported
        let favaGoals = Self.favaGoals(favaOriginal.stdout)
        #expect(favaGoals.count == 5 * 24 && favaGoals["expenses:rent 2025-01"] == "1150.00", "\(favaGoals)")
        let hledgerFromFava = try Self.hledgerGoals(toHledger, hledger)
        #expect(hledgerFromFava == favaGoals, "hledger's goals from the beancount household: \(hledgerFromFava.filter { favaGoals[$0.key] != $0.value }.sorted { $0.key < $1.key })")
    }

    /// An account as the formats can be compared: a wallet by its root and last part
    /// (`assets:bank:checking` and `Assets:Checking` are `assets checking`), a category
    /// by its whole path (`Expenses:Eating-out` is `expenses eating out`).
    static func crossKey(_ account: String) -> String {
        let parts = accountKey(account).split(separator: ":").map(String.init)
        guard let root = parts.first, let leaf = parts.last else { return account }
        return ["assets", "liabilities"].contains(root) ? root + " " + leaf : root + " " + parts.dropFirst().joined(separator: ":")
    }

    /// Each account's change per month and commodity, `crossKey MONTH COMMODITY` →
    /// amount, equity left out.
    typealias Changes = [String: String]

    static func add(_ changes: inout Changes, _ account: String, _ month: String, _ commodity: String, _ amount: Money) {
        guard !account.lowercased().hasPrefix("equity"), !amount.isZero else { return }
        let key = "\(crossKey(account)) \(month) \(commodity)"
        guard let sum = (changes[key].flatMap { Money($0) } ?? .zero).adding(amount) else {
            Issue.record("\(key) overflows")
            return
        }
        changes[key] = sum.isZero ? nil : sum.formatted(scale: 6)
    }

    /// The figures cross formats too: the hledger household exported to beancount gives
    /// beancount's loader hledger's change of every account in every month, and the
    /// beancount household exported to ledger gives `ledger reg` beancount's.
    @Test(.enabled(if: has("hledger") && has("bean-check") && has("ledger"), "hledger, ledger or bean-check is not installed"))
    func figuresCrossFormats() throws {
        let hledger = try #require(ExternalTool.find("hledger"), "hledger is not installed; .ci/run installs it")
        let ledger = try #require(ExternalTool.find("ledger"), "ledger is not installed; .ci/run installs it")
        let check = try #require(ExternalTool.find("bean-check"), "bean-check is not installed; .ci/run installs it")
        let python = ExternalTool(url: check.url.deletingLastPathComponent().appendingPathComponent("python3"))
        func beancountChanges(_ file: String) throws -> Changes {
            let r = try python.run(["-c", Self.beancountFigures, file])
            #expect(r.stdout.hasPrefix("errors 0\n"), "\(r.output)")
            var changes = Changes()
            for line in r.stdout.split(separator: "\n") where line.hasPrefix("change ") {
                let parts = line.split(separator: " ").map(String.init)
                if let amount = Money(parts[4]) { Self.add(&changes, parts[2], parts[1], parts[3], amount) }
            }
            return changes
        }
        let folder = try TemporaryFolder("household")
        defer { folder.remove() }
        let toBeancount = try Self.roundTrip("household.journal", to: "beancount", in: folder).exported
        var fromHledger = Changes()
        let monthly = try hledger.run(["-f", TestSupport.path(Self.fixtures + "household.journal"), "bal", "-M", "--flat", "-N", "-O", "csv"])
        let table = PeerJournal.csvRows(monthly.stdout)
        let header = try #require(table.first)
        for row in table.dropFirst() {
            for column in 1 ..< min(row.count, header.count) {
                for (commodity, amount) in PeerJournal.amounts(row[column]) { Self.add(&fromHledger, row[0], header[column], commodity, amount) }
            }
        }
        #expect(fromHledger["assets yen 2025-08 JPY"] == Money("60000")!.formatted(scale: 6), "\(fromHledger)")
        #expect(try beancountChanges(toBeancount) == fromHledger, "beancount's loader on the hledger household's export")

        let other = try TemporaryFolder("household")
        defer { other.remove() }
        let toLedger = try Self.roundTrip("household.beancount", to: "ledger", in: other).exported
        let fromBeancount = try beancountChanges(TestSupport.path(Self.fixtures + "household.beancount"))
        let reg = try ledger.run(["-f", toLedger, "reg", "--format", "%(format_date(date, \"%Y-%m\"))\t%(account)\t%(scrub(amount))\n"])
        var fromLedger = Changes()
        for line in reg.stdout.split(separator: "\n") {
            let parts = line.split(separator: "\t").map(String.init)
            guard parts.count == 3 else { continue }
            for (commodity, amount) in PeerJournal.amounts(parts[2]) { Self.add(&fromLedger, parts[1], parts[0], commodity, amount) }
        }
        #expect(fromBeancount.count > 24 * 10, "\(fromBeancount.count) account-months")
        #expect(fromLedger == fromBeancount, "ledger reg on the beancount household's export")
    }
}
