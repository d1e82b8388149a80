import Foundation
import TallyCore
import TallyReports
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyCLI

/// What people type to the command line: decimal commas where they read one way only,
/// currency names as at `tally init`'s question, a quoted wallet name; the commands the
/// tools print run as printed; `tally check` reads TALLY_FILE as the other commands do.
@Suite struct TypedInputTests {
    /// `tally init`'s questions, answered in process: `$` is asked again (several
    /// currencies), `euro` is EUR; `1,234` is asked again with the question, `1.412,50` is
    /// 1412.50; a quoted wallet name loses its quotes.
    @Test func initQuestionsReadWhatPeopleType() throws {
        var answers = ["$", "euro", "Checking bank 1,234", "Checking bank 1.412,50", "\"Joint Account\" savings", "", ""]
        let console = Console.capturing()
        let questions = InitCommand.Questions(console: console, today: CivilDate(iso: "2026-11-22")!) { answers.isEmpty ? nil : answers.removeFirst() }
        let starter = try #require(questions.ask())
        #expect(starter.currency == "EUR")
        #expect(starter.wallets.map(\.name) == ["Checking", "Joint Account"])
        #expect(starter.wallets.map(\.opening) == ["1412.50", nil])
        #expect(console.capturedOut.contains("`$` names more than one currency; write the code (USD, CAD, AUD, NZD, MXN, ...)"))
        #expect(console.capturedOut.contains("`1,234` reads two ways: did you mean 1234 or 1.234?"))
    }

    /// `--currency` takes what the question takes: `euro` and `€` are EUR, `eur` is EUR;
    /// `$` and `dollar` are refused with the codes to choose from.
    @Test func initCurrencyFlagTakesTheQuestionsNames() throws {
        for (typed, code) in [("euro", "EUR"), ("€", "EUR"), ("eur", "EUR"), ("GBP", "GBP"), ("BTC", "BTC")] {
            #expect(try InitCommand.parse(["--currency", typed]).currency == code, "\(typed)")
        }
        for typed in ["$", "dollar", "euroo"] {
            #expect(throws: UsageError.self, "\(typed)") { try InitCommand.parse(["--currency", typed]) }
        }
    }

    /// The binary, once: `init` with a currency name, a quoted wallet name and a decimal
    /// comma, into a path with a space and a quote; the printed next command runs in a
    /// shell as printed; `add` takes `12,99` and says when an envelope goes over;
    /// `check` reads TALLY_FILE.
    @Test func theCommandLineReadsTypedAmountsAndSaysWhatAWriteDid() throws {
        let folder = try TemporaryFolder("typed-input")
        defer { folder.remove() }
        let path = folder.path("it's my budget.tally")
        let initialized = try TallyBinary.run(
            ["init", "--currency", "euro", "--wallet", "\"Joint Account\" bank 1.412,50", "--today", "2026-11-22", path], stdin: "")
        #expect(initialized.status == 0, "\(initialized.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("currency EUR\n"))
        #expect(text.contains("wallet 'Joint Account'  bank  opening 1412.50 on 2026-11-22\n"), "\(text)")

        // The next command, as printed, with `tally` the built binary.
        let printed = try #require(
            initialized.stdout.firstRange(of: "(tally add ").flatMap { start in
                initialized.stdout[start.upperBound...].firstRange(of: ").\n").map { String(initialized.stdout[start.upperBound ..< $0.lowerBound]) }
            })
        let next = try TallyBinary.runShell("\"$TALLY\" add " + printed)
        #expect(next.status == 0, "\(printed): \(next.stderr)")
        #expect(next.stdout.contains("'Joint Account'") && next.stdout.hasSuffix(" -4.50\n"), "\(next.stdout)")

        let comma = try TallyBinary.run(["add", path, "2026-11-22", "Shop", "Joint Account", "Food:Groceries", "12,99"])
        #expect(comma.status == 0, "\(comma.stderr)")
        #expect(comma.stdout.hasSuffix(" -12.99\n"), "\(comma.stdout)")
        #expect(comma.stderr.isEmpty, "\(comma.stderr)")
        let twoWays = try TallyBinary.run(["add", path, "2026-11-22", "Shop", "Joint Account", "Food:Groceries", "1,234"])
        #expect(twoWays.status == 2)
        #expect(twoWays.stderr.contains("`1,234` reads two ways: did you mean 1234 or 1.234?"), "\(twoWays.stderr)")
        // Groceries holds 400 for November: 400 - 4.50 - 12.99 - 1412.50 = -1029.99.
        let over = try TallyBinary.run(["add", path, "2026-11-22", "Shop", "Joint Account", "Food:Groceries", "1.412,50"])
        #expect(over.status == 0, "\(over.stderr)")
        #expect(over.stderr.contains("tally add: warning: Groceries is over for 2026-11: -1029.99 left\n"), "\(over.stderr)")

        let bad = try folder.write("currency EUR\nwallet Cash cash\n2026-11-01 \"Shop\" Cash Food -1\n", to: "bad.tally")
        #expect(try TallyBinary.run(["check"], environment: ["TALLY_FILE": path]).status == 0)
        let refused = try TallyBinary.run(["check"], environment: ["TALLY_FILE": bad])
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect((refused.stdout + refused.stderr).contains("bad.tally"), "\(refused.stdout)")
    }
}
