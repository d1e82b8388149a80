import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import XCTest

/// `tally convert` on journals written in each peer's own habits (several years and
/// currencies, includes, prices, assertions, tags and metadata; fixtures in
/// `Fixtures/interop/{hledger,ledger,beancount}`): nothing is left out, the budget passes
/// `tally check` and is formatted, and exported back it gives the peer the same balances
/// at every assertion date and at the end, and the same category totals per month, as
/// the original journal. A journal with what Tally cannot represent gets exactly those
/// lines listed.
final class ConvertPeerTests: XCTestCase {
    private var temporary: TemporaryFolder!
    var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("convert")
    }

    override func tearDownWithError() throws {
        temporary.remove()
    }

    func testHledgerJournalRoundTrips() throws { try roundTrip("hledger/main.journal", .hledger) }
    func testLedgerJournalRoundTrips() throws { try roundTrip("ledger/main.ledger", .ledger) }
    func testBeancountFileRoundTrips() throws { try roundTrip("beancount/main.beancount", .beancount) }
    func testBeancountPadsRoundTrip() throws { try roundTrip("beancount/pad.beancount", .beancount) }
    func testBeancountPushedTagsRoundTrip() throws { try roundTrip("beancount/pushtag.beancount", .beancount) }
    func testLedgerAppliedTagRoundTrips() throws { try roundTrip("Tests/TallyCLITests/Fixtures/interop/ledger/apply-tag.ledger", .ledger) }

    /// A `pad` becomes what beancount inserts: an opening against Equity:Opening-Balances,
    /// a transaction against a category (163.50 counted, 140.00 asserted: 80.00 - 4.20 +
    /// 100.00 - 12.30 = 163.50, so -23.50 into Misc); a pad no `balance` follows is listed.
    func testBeancountPadsBecomeOpeningsAndTransactions() throws {
        let original = TestSupport.path("Tests/TallyCLITests/Fixtures/interop/beancount/pad.beancount")
        let r = try TallyBinary.run(["convert", "--strict", original])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        XCTAssertTrue(r.stdout.contains("wallet Bank  bank  opening 1500.00 on 2024-01-01\n    account: \"Assets:Bank\""), r.stdout)
        XCTAssertTrue(lines.contains("wallet Cash cash opening 80.00 on 2024-01-01"), r.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("2024-02-27 \"\" \"(Padding inserted") && $0.hasSuffix("Cash Misc -23.50") }, r.stdout)

        let unused = folder.appendingPathComponent("unused.beancount").path
        try "2024-01-01 open Assets:Cash EUR\n2024-01-01 open Equity:Opening-Balances\n2024-01-01 pad Assets:Cash Equity:Opening-Balances\n"
            .write(toFile: unused, atomically: true, encoding: .utf8)
        let listed = try TallyBinary.run(["convert", unused])
        XCTAssertTrue(listed.stderr.contains("unused.beancount:3: not converted: a `pad` without a later `balance` of its account"), listed.stderr)
    }

    /// `fixture` under `Fixtures/interop/`, or a path from the repository's root; a
    /// journal of one's own (`original`) with `listed`, the only reason lines may be listed
    /// for (nothing with money in it), when some are.
    func roundTrip(_ fixture: String, _ format: PeerFormat, original: String? = nil, listed: String? = nil) throws {
        let peer = try PeerJournal.require(format)
        let original =
            original ?? TestSupport.path(fixture.hasPrefix("Tests/") ? fixture : "Tests/TallyCLITests/Fixtures/interop/" + fixture)
        let accepted = try peer.tool.run(format == .hledger ? ["-f", original, "check"] : format == .ledger ? ["-f", original, "bal"] : [original])
        XCTAssertEqual(accepted.status, 0, "the fixture itself: \(accepted.output)")

        let budget = folder.appendingPathComponent("converted.tally").path
        let converted = try TallyBinary.run(["convert", "--force"] + (listed == nil ? ["--strict"] : []) + ["-o", budget, original])
        XCTAssertEqual(converted.status, 0, converted.stderr)
        if let listed {
            for line in converted.stderr.split(separator: "\n") where line.contains(": not converted: ") {
                XCTAssertTrue(line.contains(listed), "only \(listed) is listed: \(line)")
            }
        } else {
            XCTAssertEqual(converted.stderr, "", "nothing is left out")
        }
        let check = try TallyBinary.run(["check", budget])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertEqual(try TallyBinary.run(["fmt", "--check", budget]).status, 0, "the budget is formatted")

        let exported = folder.appendingPathComponent("back." + format.fileExtension).path
        let export = try TallyBinary.run(["export", "--to", format.rawValue, "-o", exported, budget])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertNil(try peer.check(exported))

        // Which exported account each original account became.
        let text = try String(contentsOfFile: budget, encoding: .utf8)
        let loaded = try BudgetLoader().load(budget)
        let model = Interpreter.run(loaded, today: CivilDate(iso: "2026-11-22")!).model
        let names = AccountNames(model: model, budget: loaded, format: format)
        var accounts: [String: String] = [:]
        // Each declaration keeps its peer account as `account: "…"` metadata below it.
        var declared: (isWallet: Bool, name: String)?
        for line in text.split(separator: "\n") {
            for keyword in ["wallet ", "income ", "expense "] where line.hasPrefix(keyword) {
                let rest = line.dropFirst(keyword.count).drop { $0 == " " }
                let name = rest.hasPrefix("'") ? String(rest.dropFirst().prefix { $0 != "'" }) : String(rest.prefix { $0 != " " })
                declared = (keyword == "wallet ", name)
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard let (isWallet, name) = declared, line.hasPrefix(" "), trimmed.hasPrefix("account: ") else { continue }
            let account = String(trimmed.dropFirst("account: ".count).dropFirst().dropLast())
            if isWallet {
                accounts[account] = names.wallets[try XCTUnwrap(model.wallets.firstIndex { $0.name == name }, name)]
            } else {
                accounts[account] = names.categories[try XCTUnwrap(model.categories.firstIndex { $0.name == name }, name)]
            }
        }
        for (index, category) in model.categories.enumerated() {
            for root in ["Income", "Expenses", "income", "expenses"] where accounts[root + ":" + category.name] == nil {
                accounts[root + ":" + category.name] = names.categories[index]
            }
        }
        // The export writes the journal's own symbols back (`$`, not `USD`).
        func code(_ commodity: String) -> String { commodity }

        var dates = Set<CivilDate>()
        for entry in model.entries { if case .assertion = entry.kind { dates.insert(entry.date) } }
        dates.insert(try XCTUnwrap(model.entries.last?.date))
        if fixture.hasPrefix("Tests/") {  // a short journal of one's own: every month's end too
            for entry in model.entries { dates.insert(entry.date.endOfMonth) }
        }
        // A generated journal of years (bean-example): its last assertion dates and its end,
        // since each date is one run of the peer.
        if original != nil { dates = Set(dates.sorted().suffix(3)) }
        XCTAssertGreaterThanOrEqual(dates.count, 2)
        for date in dates.sorted() {
            let before = try peer.balances(original, at: date)
            let after = try peer.balances(exported, at: date)
            XCTAssertEqual(Set(before.keys.compactMap { accounts[$0] }), Set(after.keys), "\(fixture) at \(date)")
            for (account, amounts) in before {
                let mapped = try XCTUnwrap(accounts[account], account)
                XCTAssertEqual(
                    Dictionary(uniqueKeysWithValues: amounts.map { (code($0.key), $0.value) }), after[mapped] ?? [:],
                    "\(fixture): \(account) at the end of \(date)")
            }
        }
        var before: [String: Money] = [:]
        for (key, value) in try peer.monthlyTotals(original) {
            let parts = key.split(separator: " ").map(String.init)
            before["\(accounts[parts[0]] ?? parts[0]) \(parts[1]) \(code(parts.count > 2 ? parts[2] : ""))"] = value
        }
        XCTAssertFalse(before.isEmpty)
        XCTAssertEqual(before, try peer.monthlyTotals(exported), fixture)
    }

    func testHledgerExportsConvertBack() throws { try exportConvertExport(.hledger) }
    func testLedgerExportsConvertBack() throws { try exportConvertExport(.ledger) }
    func testBeancountExportsConvertBack() throws { try exportConvertExport(.beancount) }

    /// Every example exported, converted back and exported again gives the peer the same
    /// balances and monthly totals both times; only what has no peer equivalent (periodic
    /// transactions, `custom` entries) is listed, and the budget passes `tally check`.
    private func exportConvertExport(_ format: PeerFormat) throws {
        let peer = try PeerJournal.require(format)
        for example in ["household", "multi-currency", "student"] {
            let budget = TestSupport.path("examples/\(example).tally")
            let first = folder.appendingPathComponent("\(example)-1.\(format.fileExtension)").path
            XCTAssertEqual(try TallyBinary.run(["export", "--to", format.rawValue, "-o", first, budget]).status, 0)
            let converted = folder.appendingPathComponent("\(example).tally").path
            let r = try TallyBinary.run(["convert", "-o", converted, first])
            XCTAssertEqual(r.status, 0, r.stderr)
            for line in r.stderr.split(separator: "\n") where line.contains("not converted: ") {
                XCTAssertTrue(line.contains("periodic transaction") || line.contains("`custom` entry"), "\(example): \(line)")
            }
            let check = try TallyBinary.run(["check", converted])
            XCTAssertEqual(check.status, 0, check.stdout)
            let second = folder.appendingPathComponent("\(example)-2.\(format.fileExtension)").path
            XCTAssertEqual(try TallyBinary.run(["export", "--to", format.rawValue, "-o", second, converted]).status, 0)
            XCTAssertNil(try peer.check(second))
            let model = Interpreter.run(try BudgetLoader().load(budget), today: CivilDate(iso: "2026-11-22")!).model
            var dates = Set(
                model.entries.compactMap { entry -> CivilDate? in
                    if case .assertion = entry.kind { return entry.date } else { return nil }
                })
            dates.insert(model.entries.last!.date)
            for date in dates.sorted() {
                let before = try peer.balances(first, at: date)
                XCTAssertFalse(before.isEmpty)
                XCTAssertEqual(before, try peer.balances(second, at: date), "\(example) at \(date)")
            }
            XCTAssertEqual(try peer.monthlyTotals(first), try peer.monthlyTotals(second), example)
        }
    }

    /// Each thing Tally cannot represent is listed with its file and line, and nothing
    /// else; `--strict` then fails and writes nothing.
    func testWhatCannotBeRepresentedIsListedLineByLine() throws {
        let journal = TestSupport.path("Tests/TallyCLITests/Fixtures/interop/unrepresentable.journal")
        let r = try TallyBinary.run(["convert", journal])
        XCTAssertEqual(r.status, 0, r.stderr)
        let listed = r.stderr.split(separator: "\n").filter { $0.contains(": not converted: ") }
            .map { line -> Int in Int(line.split(separator: ":")[1]) ?? 0 }
        // a default year, automated transaction, virtual posting, a cost the peers balance apart
        // (ledger at the cost, hledger ignoring braces), an equity posting that is no
        // opening. (The periodic transaction on line 11, an expense against a wallet
        // without a start, is a budget goal: an envelope; the dollars of line 24 in the
        // euro account are a wallet of their own, `'checking USD'`.)
        XCTAssertEqual(listed, [2, 8, 17, 20, 28], r.stderr)
        XCTAssertTrue(r.stderr.contains("unrepresentable.journal:20: not converted: a posting without an amount beside a cost in braces"), r.stderr)
        XCTAssertTrue(r.stdout.contains("2025-01-07 \"coffee\""), "what can be converted still is")
        XCTAssertTrue(r.stdout.contains("'checking USD'  gifts  +50.00"), r.stdout)

        let out = folder.appendingPathComponent("strict.tally").path
        let strict = try TallyBinary.run(["convert", "--strict", "-o", out, journal])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.contains("--strict: 5 lines not converted; nothing written"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testConvertReplacesAFileOnlyWithForceAndReportsUsageMistakes() throws {
        let existing = folder.appendingPathComponent("mine.tally").path
        try "currency EUR\n".write(toFile: existing, atomically: true, encoding: .utf8)
        let journal = TestSupport.path("Tests/TallyCLITests/Fixtures/interop/hledger/main.journal")
        let r = try TallyBinary.run(["convert", "-o", existing, journal])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "currency EUR\n")
        for arguments in [
            ["convert"], ["convert", "--wallet-kind", "x", journal], ["convert", "--commodity", "$", journal],
            ["convert", folder.appendingPathComponent("missing.journal").path]
        ] {
            let bad = try TallyBinary.run(arguments)
            XCTAssertEqual(bad.status, 2, "\(arguments)")
            XCTAssertTrue(bad.stderr.hasPrefix("tally convert: "), bad.stderr)
        }
    }

    func testFlagsChooseWalletKindsAndCurrencyCodes() throws {
        let journal = folder.appendingPathComponent("small.journal").path
        try """
        2026-01-01 opening
            assets:pocket   $20.00
            equity:opening

        2026-01-02 lunch
            expenses:food   $5.00
            assets:pocket

        """.write(toFile: journal, atomically: true, encoding: .utf8)
        let guessed = try TallyBinary.run(["convert", journal])
        XCTAssertTrue(guessed.stdout.contains("wallet pocket  bank  opening 20.00 on 2026-01-01"), guessed.stdout)
        XCTAssertTrue(guessed.stdout.contains("currency USD"), guessed.stdout)
        let chosen = try TallyBinary.run(["convert", "--wallet-kind", "assets:pocket=cash", "--commodity", "$=CAD", journal])
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
        XCTAssertTrue(chosen.stdout.contains("wallet 'pocket'") || chosen.stdout.contains("wallet pocket  cash"), chosen.stdout)
        XCTAssertTrue(chosen.stdout.contains("currency CAD"), chosen.stdout)
    }
}

/// Bad input of any kind gets a defined exit code from `tally convert`, never a crash.
final class ConvertRobustnessTests: XCTestCase {
    func testDamagedJournalsNeverCrashTheConverter() throws {
        let temporary = try TemporaryFolder("convert-fuzz")
        defer { temporary.remove() }
        let folder = temporary.url
        let sources = ["hledger/2024.journal", "ledger/2023.ledger", "beancount/2024.beancount", "unrepresentable.journal", "periodic/mixed.journal"]
            .map { TestSupport.path("Tests/TallyCLITests/Fixtures/interop/" + $0) }
        var random = TestSupport.SeededGenerator(seed: 15)
        for (n, source) in sources.enumerated() {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: source)))
            for round in 0 ..< 12 {
                var damaged = bytes
                for _ in 0 ..< 1 + round {
                    let at = Int(random.next() % UInt64(damaged.count))
                    switch random.next() % 4 {
                    case 0: damaged.remove(at: at)
                    case 1: damaged.insert([10, 32, 59, 61, 64, 123, 40, 34, 0xFF][Int(random.next() % 9)], at: at)
                    case 2: damaged[at] = UInt8(truncatingIfNeeded: random.next())
                    default: damaged.insert(contentsOf: damaged[at ..< min(damaged.count, at + 40)], at: at)
                    }
                }
                let ext = URL(fileURLWithPath: source).pathExtension
                let path = folder.appendingPathComponent("damaged-\(n)-\(round).\(ext)").path
                FileManager.default.createFile(atPath: path, contents: Data(damaged))
                let r = try TallyBinary.run(["convert", path])
                XCTAssertTrue([0, 1].contains(r.status), "\(path): status \(r.status)\n\(r.stderr)")
                // The only errors a converted budget may have are the journal's own
                // assertions, which the damage broke (the peer rejects them too).
                for line in r.stderr.split(separator: "\n") where line.hasPrefix("converted budget: error[") {
                    XCTAssertTrue(line.hasPrefix("converted budget: error[E0410]"), "\(path): \(line)")
                }
            }
        }
    }
}
