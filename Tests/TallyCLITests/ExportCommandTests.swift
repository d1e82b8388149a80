import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import XCTest

/// `tally export` as a command: its usage errors, what it refuses to write, and the parts
/// of the mapping the balance tests do not see (tags and metadata, recurring entries as
/// hledger periodic transactions), checked with the real programs.
final class ExportCommandTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("export-cmd")
    }

    override func tearDownWithError() throws {
        temporary.remove()
    }

    private func file(_ name: String) -> String { folder.appendingPathComponent(name).path }
    private let household = TestSupport.path("examples/household.tally")
    private let edges = TestSupport.path("Tests/TallyCLITests/Fixtures/interop/export-edges.tally")

    func testUsageMistakesExitWithTwo() throws {
        for arguments in [
            ["export", household], ["export", "--to", "gnucash", household], ["export", "--to", "hledger"],
            ["export", "--to", "hledger", household, household], ["export", "--to", "hledger", "--bogus", household],
            ["export", "--to", "ledger", TestSupport.path("examples/no-such.tally")]
        ] {
            let r = try TallyBinary.run(arguments)
            XCTAssertEqual(r.status, 2, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("tally export: "), r.stderr)
            XCTAssertEqual(r.stdout, "")
        }
    }

    func testWritesStandardOutputOrTheFileAtomically() throws {
        let printed = try TallyBinary.run(["export", "--to", "hledger", household])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertTrue(printed.stdout.hasPrefix("; Exported by `tally export --to hledger`"))
        let out = file("household.journal")
        let written = try TallyBinary.run(["export", "--to=hledger", "-o", out, household])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), printed.stdout)
        // An earlier export is replaced; no temporary file is left beside it.
        let again = try TallyBinary.run(["export", "--to", "ledger", "--output", out, household])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("; Exported by `tally export --to ledger`"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["household.journal"])
    }

    func testNeverOverwritesABudgetOrAFileItDidNotWrite() throws {
        let budget = file("mine.tally")
        try "currency EUR\n".write(toFile: budget, atomically: true, encoding: .utf8)
        let refused = try TallyBinary.run(["export", "--to", "beancount", "-o", budget, household])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("budget file"), refused.stderr)
        XCTAssertEqual(try String(contentsOfFile: budget, encoding: .utf8), "currency EUR\n")

        let journal = file("main.journal")
        try "2026-01-01 hand-written\n    a  1\n    b\n".write(toFile: journal, atomically: true, encoding: .utf8)
        let kept = try TallyBinary.run(["export", "--to", "hledger", "-o", journal, household])
        XCTAssertEqual(kept.status, 2)
        XCTAssertTrue(kept.stderr.contains("not an earlier export"), kept.stderr)
        XCTAssertEqual(try String(contentsOfFile: journal, encoding: .utf8), "2026-01-01 hand-written\n    a  1\n    b\n")
    }

    func testABudgetWithErrorsIsNotExported() throws {
        let budget = file("broken.tally")
        try "currency EUR\nwallet Cash cash\n2026-01-02 Cash Nowhere -5.00\n".write(toFile: budget, atomically: true, encoding: .utf8)
        let out = file("broken.journal")
        let r = try TallyBinary.run(["export", "--to", "hledger", "-o", out, budget])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("tally check"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    /// A budget that declares no currency, read from standard input: hledger and ledger
    /// get amounts without a commodity, beancount (which needs one) `XXX`.
    func testABudgetWithoutCurrencyExportsFromStandardInput() throws {
        let budget = "wallet Cash cash opening 20.00 on 2026-01-01\nexpense Food\n2026-01-02 Cash Food -5.00\n2026-01-02 assert Cash 15.00\n"
        for format in PeerFormat.allCases {
            let peer = try PeerJournal.require(format)
            let r = try TallyBinary.run(["export", "--to", format.rawValue, "-"], stdin: budget)
            XCTAssertEqual(r.status, 0, r.stderr)
            let journal = file("nocurrency." + format.fileExtension)
            try r.stdout.write(toFile: journal, atomically: true, encoding: .utf8)
            XCTAssertNil(try peer.check(journal), "\(format)")
            let balances = try peer.balances(journal, at: CivilDate(iso: "2026-01-02")!)
            XCTAssertEqual(balances["Assets:Cash"], [format == .beancount ? "XXX" : "": Money("15")!], "\(format)")
        }
    }

    /// Tags, people, bank ids, other metadata and split notes arrive where each peer keeps
    /// them: hledger finds them with `tag:` queries, beancount has them in `tags` and `meta`.
    func testTagsAndMetadataReachThePeers() throws {
        let hledger = try ExternalTool.require("hledger")
        let journal = file("edges.journal")
        XCTAssertEqual(try TallyBinary.run(["export", "--to", "hledger", "-o", journal, edges]).status, 0)
        func accounts(_ query: String) throws -> [String] {
            let r = try hledger.run(["-f", journal, "reg", query, "-O", "csv"])
            XCTAssertEqual(r.status, 0, r.output)
            return PeerJournal.csvRows(r.stdout).dropFirst().map { $0[4] }
        }
        XCTAssertEqual(try accounts("tag:garden"), ["Expenses:Home & Garden"])  // a split's tag, on its posting
        XCTAssertEqual(try accounts("tag:work").count, 2)  // the transaction's tag, on both postings
        XCTAssertEqual(try accounts("tag:über").count, 2)
        XCTAssertEqual(try accounts("tag:person=Anna Maria").count, 2)
        XCTAssertEqual(try accounts("tag:id=TX;2026;0103").count, 2)  // hledger ends a value at a comma
        XCTAssertEqual(try accounts("tag:Receipt=R 77").count, 3)

        let check = try PeerJournal.require(.beancount)
        let bean = file("edges.beancount")
        XCTAssertEqual(try TallyBinary.run(["export", "--to", "beancount", "-o", bean, edges]).status, 0)
        let script = """
            import sys
            from beancount import loader
            from beancount.core import data
            entries, errors, _ = loader.load_file(sys.argv[1])
            assert not errors, errors
            for e in entries:
                if isinstance(e, data.Transaction) and (e.tags or {k for k in e.meta if k not in ("filename", "lineno") and not k.startswith("__")}):
                    meta = {k: v for k, v in e.meta.items() if k not in ("filename", "lineno") and not k.startswith("__")}
                    print(e.date, sorted(e.tags), sorted(meta.items()))
                if isinstance(e, data.Transaction):
                    for p in e.postings:
                        meta = {k: v for k, v in (p.meta or {}).items() if k not in ("filename", "lineno") and not k.startswith("__")}
                        if meta: print(" ", p.account, sorted(meta.items()))
            """
        let r = try check.python!.run(["-c", script, bean])
        XCTAssertEqual(r.status, 0, r.output)
        XCTAssertEqual(
            r.stdout,
            """
            2026-01-02 ['-ber', 'work'] [('tally-tags', 'work über')]
            2026-01-02 [] [('receipt', 'R 77')]
              Expenses:Food:Groceries [('note', 'milk; eggs')]
              Expenses:Home-Garden [('tags', 'garden')]
            2026-01-03 [] [('id', 'TX,2026;0103'), ('person', 'Anna Maria')]
            2026-01-06 ['--'] [('tally-tags', '旅行')]
            2026-01-08 ['refund'] []
            2026-01-11 [] [('id', 'B-77')]
            2026-01-12 [] [('id', 'B-78')]

            """)
    }

    /// Recurring entries hledger can express become periodic transactions whose dates,
    /// generated by `hledger print --forecast`, are exactly Tally's occurrences (`tally
    /// forecast` of a budget that records none); the others stay comments.
    func testRecurringEntriesForecastTheSameDatesInHledger() throws {
        let hledger = try ExternalTool.require("hledger")
        let budget = TestSupport.path("Tests/TallyCLITests/Fixtures/interop/rules.tally")
        let journal = file("rules.journal")
        let today = ["TALLY_TODAY": "2026-01-01"]
        XCTAssertEqual(try TallyBinary.run(["export", "--to", "hledger", "-o", journal, budget], environment: today).status, 0)
        let tally = try TallyBinary.run(["forecast", budget, "--until", "2028-12-31", "--format", "json"], environment: today)
        XCTAssertEqual(tally.status, 0, tally.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(tally.stdout.utf8)) as? [String: Any])
        var expected: [String: [String]] = [:]
        for event in json["events"] as? [[String: Any]] ?? [] {
            guard let rule = event["rule"] as? String, let date = event["date"] as? String else { continue }
            if !(expected[rule]?.last == date) { expected[rule, default: []].append(date) }  // a transfer moves two wallets
        }
        let r = try hledger.run(["-f", journal, "print", "--forecast=2026-01-01..2029-01-01"])
        XCTAssertEqual(r.status, 0, r.output)
        var got: [String: [String]] = [:]
        var date = ""
        for line in r.stdout.split(separator: "\n") {
            if line.first?.isNumber == true { date = String(line.prefix(10)) }
            if line.hasPrefix("    ; rule: ") { got[String(line.dropFirst("    ; rule: ".count)), default: []].append(date) }
        }
        let expressed = ["rent", "phone", "thirty-first", "salary", "water", "tax", "gym", "cleaning", "save", "quarterly", "yearly", "shifted"]
        XCTAssertEqual(Set(got.keys), Set(expressed))
        for rule in expressed { XCTAssertEqual(got[rule], expected[rule], rule) }
        XCTAssertNotNil(expected["odd-weeks"])  // every 2 weeks from a Friday: hledger starts such periods on Mondays
    }
}
