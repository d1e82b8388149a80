import Foundation
import TallyTestSupport
import Testing

/// Holdings go back to beancount as lots (issue 36): a purchase at cost as `10 HOOL
/// {300.00 USD}`, a sale as a posting per lot it takes with the lot's cost and date, so
/// that bean-check books each sale against the lot the original sold and the cost basis
/// survives the round trip; `{}` sales across lots of different costs follow the booking
/// method (`option "booking_method"`, `open … "LIFO"`) and are listed, line named, under
/// STRICT. Checked with bean-check and beancount's own booking (its Python beside it):
/// skipped with the reason when missing, a failure under CI.
@Suite struct LotExportPeerTests {
    static let fixtures = [
        "Tests/TallyCLITests/Fixtures/interop/lot-sales.beancount",
        "Tests/TallyCLITests/Fixtures/interop/lot-methods.beancount",
        "Tests/TallyInteropTests/Fixtures/convert/brokerage.beancount"
    ]

    /// Per day and asset account, what beancount holds after its booking: the units, and
    /// their cost (`(8 VWCE) at cost (784.00 USD)`); units without a cost stay units.
    static let basis = """
        import sys
        from beancount import loader
        from beancount.core import data, inventory, convert
        entries, errors, _ = loader.load_file(sys.argv[1])
        if errors:
            sys.exit("errors: %d" % len(errors))
        held, days = {}, {}
        for e in entries:
            if isinstance(e, data.Transaction):
                for p in e.postings:
                    if p.account.startswith("Assets:"):
                        held.setdefault(p.account, inventory.Inventory()).add_amount(p.units, p.cost)
                for a, i in held.items():
                    days[(e.date.isoformat(), a)] = "%s at cost %s" % (i.reduce(convert.get_units), i.reduce(convert.get_cost))
        for (d, a), v in sorted(days.items()):
            print(d, a, v)
        """

    static var python: String? {
        KeptBlocksBeancountTests.beanCheck.map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("python3").path }
    }

    /// Converts `journal` (nothing listed) and exports it back to beancount.
    static func roundTrip(_ journal: String, _ folder: TemporaryFolder) throws -> (budget: String, export: String) {
        let budget = folder.path("b.tally"), back = folder.path("back.beancount")
        let converted = try TallyBinary.run(["convert", "--strict", "--force", journal, "-o", budget])
        #expect(converted.status == 0 && converted.stderr.isEmpty, "\(converted.stderr)")
        let exported = try TallyBinary.run(["export", "--to", "beancount", budget, "-o", back])
        #expect(exported.status == 0, "\(exported.stderr)")
        return (budget, back)
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let r = try ExternalTool(url: URL(fileURLWithPath: tool)).run(arguments)
        return (r.status, r.stdout + r.stderr)
    }

    @Test(.enabled(if: KeptBlocksBeancountTests.beanCheckOrCI, "bean-check is not installed (run .ci/run)"), arguments: fixtures)
    func theCostBasisSurvivesTheRoundTrip(_ fixture: String) throws {
        let beanCheck = try #require(KeptBlocksBeancountTests.beanCheck, "bean-check missing under CI")
        let python = try #require(Self.python)
        let folder = try TemporaryFolder("lots")
        defer { folder.remove() }
        let original = TestSupport.path(fixture)
        let (budget, back) = try Self.roundTrip(original, folder)
        let checked = try Self.run(beanCheck, [back])
        #expect(checked.status == 0 && checked.output.isEmpty, "\(checked.output)")
        let before = try Self.run(python, ["-c", Self.basis, original]), after = try Self.run(python, ["-c", Self.basis, back])
        #expect(before.status == 0 && after.status == 0, "\(before.output)\n\(after.output)")
        #expect(before.output.contains(" at cost (") && !before.output.contains("{"))
        #expect(before.output == after.output)
        // Converted back, every purchase and sale is the same transfer at the same cost.
        let again = folder.path("again.tally")
        let reconverted = try TallyBinary.run(["convert", "--strict", "--force", back, "-o", again])
        #expect(reconverted.status == 0 && reconverted.stderr.isEmpty, "\(reconverted.stderr)")
        func transfers(_ path: String) throws -> [Substring] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { $0.contains(" transfer ") }
        }
        #expect(try transfers(again) == transfers(budget))
        #expect(try !transfers(budget).isEmpty)
    }

    /// The export's lots, by hand: the lot-sales fixture's last sale takes the 6 HOOL
    /// left of the first lot and 2 of the second, 6 x 300.00 + 2 x 320.00 = 2440.00.
    @Test func salesNameTheLotsTheyTake() throws {
        let folder = try TemporaryFolder("lots-text")
        defer { folder.remove() }
        let (_, back) = try Self.roundTrip(TestSupport.path(Self.fixtures[0]), folder)
        let text = try String(contentsOfFile: back, encoding: .utf8)
        #expect(text.contains("    Assets:Broker:HOOL  10 HOOL {300.00 USD}\n"), "\(text)")
        #expect(text.contains("    Assets:Broker:HOOL  -4 HOOL {300.00 USD, 2024-01-05} @ 350.00 USD\n"))
        #expect(text.contains("    Assets:Broker:HOOL  5 HOOL {320.00 USD}\n"))
        #expect(
            text.contains(
                "    Assets:Broker:Cash  2440.00 USD\n    Assets:Broker:HOOL  -6 HOOL {300.00 USD, 2024-01-05}\n    Assets:Broker:HOOL  -2 HOOL {320.00 USD, 2024-04-02}\n"
            ))
    }

    /// FIFO on the file and LIFO on one account: the cost each sale takes and the gain,
    /// by hand in the fixture's header (1151.00 and +61.00; 1580.00 and -30.00).
    @Test func theBookingMethodPicksTheLots() throws {
        let folder = try TemporaryFolder("lots-methods")
        defer { folder.remove() }
        let (budget, _) = try Self.roundTrip(TestSupport.path(Self.fixtures[1]), folder)
        let lines = try String(contentsOfFile: budget, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.contains { $0.hasSuffix("transfer VWCE -> Cash 12 VWCE = 1151.00 USD") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix("Cash Trading:Gains +61.00") })
        #expect(lines.contains { $0.hasSuffix("transfer HOOL -> Cash 5 HOOL = 1580.00 USD") })
        #expect(lines.contains { $0.hasSuffix("Cash Trading:Gains -30.00 #reversal") })
    }

    /// Under STRICT (no method stated) the same sales are ambiguous, as beancount says:
    /// each is listed with its line, and `--strict` writes nothing.
    @Test func anAmbiguousSaleIsListedNotPicked() throws {
        let folder = try TemporaryFolder("lots-strict")
        defer { folder.remove() }
        let text = try String(contentsOfFile: TestSupport.path(Self.fixtures[1]), encoding: .utf8)
            .replacingOccurrences(of: "option \"booking_method\" \"FIFO\"", with: "")
            .replacingOccurrences(of: " \"LIFO\"", with: "")
        let journal = try folder.write(text, to: "strict.beancount")
        let r = try TallyBinary.run(["convert", journal])
        #expect(r.status == 0)
        let reason = "not converted: a posting without an amount beside a cost (`{}`) that no one lot held decides"
        #expect(r.stderr.contains("strict.beancount:38: \(reason)"), "\(r.stderr)")
        #expect(r.stderr.contains("strict.beancount:43: \(reason)"), "\(r.stderr)")
        #expect(!r.stdout.contains("= 1151.00 USD") && !r.stdout.contains("= 1580.00 USD"))
        let strict = try TallyBinary.run(["convert", "--strict", journal, "-o", folder.path("s.tally")])
        #expect(strict.status != 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path("s.tally")))
    }

    /// ledger gets the same lots by price (`10 ACME {100.00 USD}`; it matches a sale to a
    /// lot by its price): before the first sale `bal --lots` lists the two lots bought,
    /// after the last none is left, only the cash (3222.70 USD, by hand in the fixture).
    @Test(.enabled(if: ExternalTool.find("ledger") != nil || ProcessInfo.processInfo.environment["CI"] == "true", "ledger is not installed"))
    func ledgerHoldsTheSameLots() throws {
        let ledger = try #require(ExternalTool.find("ledger"), "ledger is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("lots-ledger")
        defer { folder.remove() }
        let budget = folder.path("b.tally"), back = folder.path("back.ledger")
        let original = TestSupport.path("Tests/TallyInteropTests/Fixtures/convert/brokerage.ledger")
        #expect(try TallyBinary.run(["convert", "--strict", original, "-o", budget]).status == 0)
        #expect(try TallyBinary.run(["export", "--to", "ledger", budget, "-o", back]).status == 0)
        let held = try ledger.run(["-f", back, "bal", "--lots", "Assets:Broker:ACME", "-e", "2024-03-01"])
        #expect(held.stdout.contains("10 ACME {100.00 USD}\n") && held.stdout.contains(" 5 ACME {120.00 USD}  Assets:Broker:ACME"), "\(held.output)")
        let end = try ledger.run(["-f", back, "bal", "--lots", "Assets:Broker"])
        #expect(end.stdout == "         3222.70 USD  Assets:Broker:Cash\n", "\(end.output)")
    }
}
