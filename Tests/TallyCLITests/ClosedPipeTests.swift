import Foundation
import TallyTestSupport
import Testing

/// A reader that goes away is no crash: `tally … | head -1` ends every command quietly,
/// as the shell expects (its own exit code, or SIGPIPE's 141), whether it was writing its
/// product to standard output or messages to standard error. `convert FILE -o OUT 2>&1 |
/// head -1` died with SIGILL (exit 132): Foundation's `FileHandle.write` traps on a
/// closed pipe.
@Suite(.serialized) struct ClosedPipeTests {
    /// How a run ended: its exit code, or the signal that ended it.
    enum Ending: Equatable, CustomStringConvertible {
        case exit(Int32), signal(Int32)
        var description: String {
            switch self {
            case .exit(let code): "exit \(code)"
            case .signal(let signal): "signal \(signal)"
            }
        }
        /// An ending the shell takes as quiet: an exit code, or SIGPIPE.
        var isQuiet: Bool { if case .signal(let s) = self { s == SIGPIPE } else { true } }
    }

    /// Runs `tally arguments` in `directory` with standard output and error into a pipe
    /// whose reader is gone before the first byte: every write meets a closed pipe.
    static func runIntoClosedPipe(_ arguments: [String], in directory: URL, stdin: String = "") throws -> Ending {
        let process = Process()
        process.executableURL = TallyBinary.url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // `feed doctor` looks at the test's own folder, never at the user's credentials.
        process.environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "TALLY_TODAY": "2026-11-22", "XDG_CONFIG_HOME": directory.path]
        let output = Pipe(), input = Pipe()
        try output.fileHandleForReading.close()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = input
        // The command may stop reading early; this side must not die of that either.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? .signal(process.terminationStatus) : .exit(process.terminationStatus)
    }

    static let apps = TestSupport.repositoryRoot.appendingPathComponent("Tests/TallyInteropTests/Fixtures/apps").path

    /// Every command, each into a closed pipe: the report commands print their product,
    /// `check` its findings, the writers what they wrote, `convert` its listed lines on
    /// standard error, `sync` that no wallet names a feed (no download), `feed doctor` its
    /// checks, `help` and `man` their pages, and each command its help.
    static let runs: [[String]] = [
        ["check", "errors.tally"], ["fmt", "-"], ["fmt", "--check", "errors.tally"],
        ["balance", "b.tally"], ["envelopes", "b.tally"], ["goals", "b.tally"], ["register", "b.tally"],
        ["incomestatement", "b.tally"], ["report", "b.tally"], ["insights", "b.tally"], ["due", "b.tally"],
        ["forecast", "b.tally"], ["wallets", "b.tally"], ["categories", "b.tally"], ["accounts", "b.tally"],
        ["payees", "b.tally"], ["tags", "b.tally"], ["stats", "b.tally"], ["print", "b.tally"],
        ["record", "b.tally", "--due", "--dry-run"], ["add", "b.tally", "2026-11-22", "Lidl", "23.40", "--dry-run"],
        ["import", "i.tally", "march.xml", "--dry-run", "--today", "2026-04-01"], ["export", "b.tally", "--to", "hledger"],
        ["convert", "\(apps)/ynab-household - Register.csv", "\(apps)/ynab-household - Plan.csv"],
        ["convert", "\(apps)/ynab-household - Register.csv", "\(apps)/ynab-household - Plan.csv", "-o", "out.tally"],
        ["convert", "unknown.csv"], ["completions", "bash"], ["lsp", "--stdio"], ["init", "--help"], ["serve", "--help"],
        ["sync", "b.tally", "--dry-run"], ["feed", "doctor"], ["help", "check"], ["man"], ["--version"], ["--help"], ["no-such-command"]
    ]

    @Test func everyCommandEndsQuietlyIntoAClosedPipe() throws {
        let folder = try TemporaryFolder("closed-pipe")
        defer { folder.remove() }
        let root = TestSupport.repositoryRoot
        for (name, source) in [
            ("b.tally", "examples/household.tally"), ("i.tally", "examples/import/budget.tally"), ("march.xml", "examples/import/march.xml")
        ] {
            try FileManager.default.copyItem(at: root.appendingPathComponent(source), to: folder.url.appendingPathComponent(name))
        }
        _ = try folder.write("wallet Cash cash\n2026-11-01 Shop\n    Nowhere  -1.00\n    Cash\n", to: "errors.tally")
        _ = try folder.write("Date,Thing,Value\n2026-03-01,Bread,2.50\n", to: "unknown.csv")
        let budget = try String(contentsOf: folder.url.appendingPathComponent("b.tally"), encoding: .utf8)
        for arguments in Self.runs {
            let ending = try Self.runIntoClosedPipe(arguments, in: folder.url, stdin: arguments == ["fmt", "-"] ? budget : "")
            #expect(ending.isQuiet, "tally \(arguments.joined(separator: " ")): \(ending)")
        }
        // Each command's help, a page of standard output.
        for command in Set(Self.runs.map(\.[0]).filter { !$0.hasPrefix("-") && $0 != "no-such-command" }).sorted() {
            let help = try Self.runIntoClosedPipe([command, "--help"], in: folder.url)
            #expect(help.isQuiet, "tally \(command) --help: \(help)")
        }
    }

    /// The issue's own form: the listed lines of a conversion into `head -1`, through the
    /// shell; the budget is written all the same.
    @Test func convertIntoHeadWritesTheBudget() throws {
        let folder = try TemporaryFolder("closed-pipe-head")
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("out.tally").path
        let result = try TallyBinary.runShell(
            """
            ( "$TALLY" convert '\(Self.apps)/ynab-household - Register.csv' '\(Self.apps)/ynab-household - Plan.csv' -o '\(out)' 2>&1; echo $? > '\(out).status' ) | head -1
            """)
        let status = try String(contentsOfFile: out + ".status", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(status == "0" || status == "141", "\(status) \(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 1, "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: out))
    }
}
