import Foundation
import TallyTestSupport
import Testing

/// `tally init`: with flags it writes, for every template, a budget that `tally check
/// --strict` passes and `tally fmt --check` leaves alone; it never replaces a file; on a
/// terminal it asks, which a pseudo-terminal driven by python3's `pty` module shows.
@Suite struct InitCommandTests {
    static let wallets = ["--wallet", "Checking bank 1200.00", "--wallet", "Cash cash 40", "--wallet", "Joint Account savings"]

    @Test(arguments: ["household", "student", "ynab", "none"])
    func everyTemplateChecksCleanAndIsFormatted(template: String) throws {
        let folder = try TemporaryFolder("init")
        defer { folder.remove() }
        let path = folder.path("budget.tally")
        let result = try TallyBinary.run(["init", "--currency", "EUR", "--template", template, "--today", "2026-11-22", path] + Self.wallets, stdin: "")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Wrote \(path): 3 wallets"))
        let check = try TallyBinary.run(["check", "--strict", path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let format = try TallyBinary.run(["fmt", "--check", path])
        #expect(format.status == 0, "\(format.stdout)\(format.stderr)")
        let text = try folder.read("budget.tally")
        #expect(text.contains("currency EUR\n"))
        #expect(text.contains("wallet 'Joint Account'  savings\n"))  // quoted by SourceWriter
        // Balances are the openings: 1200.00 + 40 + 0 = 1240.00.
        let balance = try TallyBinary.run(["balance", path, "--format", "csv"])
        #expect(balance.stdout.contains("Checking,bank,,EUR,1200.00,1200.00,no"), "\(balance.stdout)")
    }

    @Test func neverReplacesAFile() throws {
        let folder = try TemporaryFolder("init")
        defer { folder.remove() }
        let path = try folder.write("; mine\n", to: "budget.tally")
        let result = try TallyBinary.run(["init", "--currency", "EUR", path] + Self.wallets)
        #expect(result.status == 1)
        #expect(result.stderr.contains("already exists; nothing written"))
        #expect(try folder.read("budget.tally") == "; mine\n")
    }

    @Test func flagsThatCannotBeUsedAreUsageMistakes() throws {
        let folder = try TemporaryFolder("init")
        defer { folder.remove() }
        let path = folder.path("budget.tally")
        let cases: [([String], String)] = [
            (["--currency", "$"], "names more than one currency"),
            (["--currency", "EUR", "--wallet", "Checking 12"], "is not NAME KIND [OPENING]"),
            (["--currency", "EUR", "--template", "family"] + Self.wallets, "expected one of: household, student, ynab, none"),
            (["--currency", "EUR"], "name at least one wallet"),
            (Self.wallets, "name the currency with --currency")
        ]
        for (arguments, message) in cases {
            let result = try TallyBinary.run(["init", path] + arguments, stdin: "")
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// The questions, answered through a pseudo-terminal: a lowercase currency, a wallet
    /// named twice and one without a kind are asked again; the budget has what was
    /// answered and checks clean.
    @Test(
        .enabled(
            if: ExternalTool.find("python3") != nil || ProcessInfo.processInfo.environment["CI"] == "true",
            "python3 is not installed (it drives the pseudo-terminal)"))
    func asksOnATerminal() throws {
        let python = try #require(ExternalTool.find("python3"), "python3 is not installed; .ci/run should have it")
        let folder = try TemporaryFolder("init")
        defer { folder.remove() }
        let path = folder.path("mine.tally")
        let steps: [(expect: String, send: String)] = [
            ("[EUR]: ", "usd"), ("Wallet 1: ", "Checking bank 1200.00"), ("Wallet 2: ", "checking cash 5"),
            ("There is a wallet `checking` already.", ""), ("Wallet 2: ", "Piggy 10"), ("is not NAME KIND", ""),
            ("Wallet 2: ", "Cash cash 40"), ("Wallet 3: ", ""), ("Template [household]: ", "student")
        ]
        let script = """
            import os, pty, sys, json
            tally, path, steps = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
            pid, fd = pty.fork()
            if pid == 0:
                os.execv(tally, [tally, "init", "--today", "2026-11-22", path])
            seen = b""
            def until(text):
                global seen
                while text.encode() not in seen:
                    chunk = os.read(fd, 1024)
                    if not chunk:
                        sys.exit("the end came before: " + text + "\\n" + seen.decode(errors="replace"))
                    seen += chunk
                seen = seen[seen.index(text.encode()) + len(text):]
            for expect, send in steps:
                until(expect)
                if expect.endswith(": "):
                    os.write(fd, (send + "\\n").encode())
            until("Wrote ")
            _, status = os.waitpid(pid, 0)
            sys.exit(os.WEXITSTATUS(status))
            """
        let stepsJSON = String(decoding: try JSONSerialization.data(withJSONObject: steps.map { [$0.expect, $0.send] }), as: UTF8.self)
        let result = try python.run(["-c", script, TallyBinary.url.path, path, stepsJSON], timeout: 30)
        #expect(result.status == 0, "\(result.output)")
        let text = try folder.read("mine.tally")
        #expect(text.contains("currency USD\n"))
        #expect(text.contains("wallet Checking  bank  opening 1200.00 on 2026-11-22\n"), "\(text)")
        #expect(text.contains("wallet Cash      cash  opening 40 on 2026-11-22\n"), "\(text)")
        #expect(!text.contains("Piggy"))
        #expect(text.contains("envelope Food-week  60  weekly   for Food\n"), "\(text)")  // the student template
        let check = try TallyBinary.run(["check", "--strict", path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}
