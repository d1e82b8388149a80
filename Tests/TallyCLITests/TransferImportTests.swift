import Foundation
import TallyTestSupport
import Testing

/// Transfers between two wallets imported from both wallets' statements: a `match` rule
/// with `transfer WALLET` writes the movement as a transfer carrying its id on its
/// side (`from-id:`/`to-id:`), and the other wallet's statement fills the other side
/// instead of adding the money again (Grammar.md §7.2, §7.3).
@Suite struct TransferImportTests {
    static let budget = """
        currency EUR
        wallet Checking bank opening 1000.00 on 2026-03-01
        wallet Savings  bank opening 0.00 on 2026-03-01
        expense Food

        match "SPARPLAN" in Checking transfer Savings

        """
    static let checking = "Date,Payee,Description,Amount,ID\n2026-03-05,Dauerauftrag,SPARPLAN Maerz,-300.00,C-1\n2026-03-06,REWE,Einkauf,-20.00,C-2\n"
    static let savings = "Date,Payee,Amount,ID\n2026-03-06,Uebertrag von Girokonto,300.00,S-1\n"

    final class Folder {
        let folder: TemporaryFolder
        init(budget: String) throws {
            folder = try TemporaryFolder("transfer-import")
            _ = try folder.write(budget, to: "budget.tally")
            _ = try folder.write(TransferImportTests.checking, to: "checking.csv")
            _ = try folder.write(TransferImportTests.savings, to: "savings.csv")
        }
        deinit { folder.remove() }

        /// `tally` with the paths of this folder, which messages show without it.
        func tally(_ arguments: [String]) -> TallyBinary.Result {
            let result = TallyInProcess.run(arguments.map { $0.hasSuffix(".csv") || $0.hasSuffix(".tally") ? folder.path($0) : $0 } + ["--today", "2026-04-01"])
            let prefix = folder.path + "/"
            return TallyBinary.Result(
                stdout: result.stdout.replacingOccurrences(of: prefix, with: ""), stderr: result.stderr.replacingOccurrences(of: prefix, with: ""), status: result.status)
        }
        func `import`(_ statement: String, _ wallet: String) -> TallyBinary.Result { tally(["import", "budget.tally", statement, "--wallet", wallet]) }
        func budget() throws -> String { try folder.read("budget.tally") }
        func count(_ needle: String) throws -> Int { try budget().components(separatedBy: needle).count - 1 }
    }

    /// Checking's statement, then Savings': one transfer of 300.00 with both ids.
    /// Checking 1000.00 − 300.00 − 20.00 = 680.00; Savings 0.00 + 300.00 = 300.00.
    @Test func aTransferImportedFromOneSideThenTheOtherIsOneTransfer() throws {
        let f = try Folder(budget: Self.budget)
        let first = f.import("checking.csv", "Checking")
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("added            2 (1 as transfers by match rules, 1 without a category yet)"), "\(first.stdout)")
        #expect(try f.budget().contains("2026-03-05 \"Dauerauftrag\" \"SPARPLAN Maerz\"  transfer Checking -> Savings  300.00\n    from-id: \"C-1\"\n"))
        let second = f.import("savings.csv", "Savings")
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("added            0"))
        #expect(second.stdout.contains("matched  savings.csv:2 2026-03-06 300.00 \"Uebertrag von Girokonto\": a side of the transfer of 2026-03-05"))
        #expect(try f.budget().contains("    from-id: \"C-1\"\n    to-id: \"S-1\"\n"))
        #expect(try f.count("transfer Checking -> Savings") == 1)
        // Each statement again: every movement is present.
        #expect(f.import("checking.csv", "Checking").stdout.contains("already present  2"))
        #expect(f.import("savings.csv", "Savings").stdout.contains("already present  1"))
        #expect(try f.count("transfer Checking -> Savings") == 1)
        let balance = f.tally(["balance", "budget.tally"])
        #expect(balance.stdout.contains("680.00 EUR") && balance.stdout.contains("300.00 EUR"), "\(balance.stdout)")
    }

    /// The other way round, with a rule for Savings' text: Savings writes the transfer
    /// (`to-id:`), Checking's statement fills its `from-id:`.
    @Test func theOtherOrderIsOneTransferToo() throws {
        let f = try Folder(budget: Self.budget + "match \"Girokonto\" in Savings transfer Checking\n")
        #expect(f.import("savings.csv", "Savings").status == 0)
        let checking = f.import("checking.csv", "Checking")
        #expect(checking.status == 0, "\(checking.stdout)")
        #expect(checking.stdout.contains("added            1 (1 without a category yet)"), "\(checking.stdout)")
        #expect(try f.budget().contains("transfer Checking -> Savings  300.00\n    to-id: \"S-1\"\n    from-id: \"C-1\"\n"))
        #expect(try f.count("transfer Checking -> Savings") == 1)
    }

    /// Without a rule on the first side, its movement is in the budget as a movement of its
    /// own: the rule on the second side would count the money twice, so that row is
    /// refused with the reason; without any rule, the pair is only suggested.
    @Test func aTransferWhoseOtherSideIsAMovementIsRefusedOrSuggested() throws {
        let f = try Folder(budget: Self.budget)
        #expect(f.import("savings.csv", "Savings").status == 0)
        let checking = f.import("checking.csv", "Checking")
        #expect(checking.status == 1)
        #expect(checking.stderr.contains("refused  checking.csv:2 2026-03-05 -300.00 \"Dauerauftrag\": its `match` rule makes it a transfer with Savings, which has this money's other side"), "\(checking.stderr)")
        #expect(try f.count("transfer ") == 1)  // the rule's line only

        let g = try Folder(budget: Self.budget.replacingOccurrences(of: "match \"SPARPLAN\" in Checking transfer Savings\n", with: ""))
        #expect(g.import("savings.csv", "Savings").status == 0)
        let suggested = g.import("checking.csv", "Checking")
        #expect(suggested.status == 0)
        #expect(suggested.stdout.contains("transfer?  checking.csv:2 2026-03-05 -300.00 \"Dauerauftrag\": likely one side of a transfer with Savings, which has 300.00 on 2026-03-06"), "\(suggested.stdout)")
    }

    /// A transfer rule is checked like the rest of a rule (E0601, E0401 with did-you-mean).
    @Test func transferRulesAreChecked() throws {
        let f = try Folder(
            budget: Self.budget + """
                match "A" transfer Savngs
                match "B" in Savings transfer Savings
                match "C" Food transfer Savings
                currency USD
                wallet Dollars bank currency USD
                match "D" in Checking transfer Dollars

                """)
        let check = f.tally(["check", "budget.tally"])
        for message in [
            "unknown wallet `Savngs`; did you mean `Savings`?", "a transfer from `Savings` to itself", "a transfer rule books no category",
            "`Dollars` is in USD, the rule's wallet in EUR"
        ] {
            #expect(check.stdout.contains(message), "«\(message)» in:\n\(check.stdout)")
        }
    }
}
