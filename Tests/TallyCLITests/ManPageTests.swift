import Foundation
import TallyTestSupport
import Testing

@testable import TallyCLI

/// The manual pages come from the same declarations as `--help`: `tally(1)` names every
/// command, `tally-COMMAND(1)` every spelling of every flag the command's help lists;
/// `man` renders each without a warning.
@Suite struct ManPageTests {
    static func run(_ arguments: [String]) -> (status: Int32, out: String) {
        let console = Console.capturing()
        let status = TallyTool.run(arguments, console: console)
        return (status, console.capturedOut)
    }

    /// The commands, from the main help's list (the names before their summaries).
    static var commands: [String] {
        let help = run(["--help"]).out
        let list = help.components(separatedBy: "COMMANDS\n")[1].components(separatedBy: "\n\n")[0]
        return list.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }.filter { $0 != "help" }
    }

    @Test func everyCommandAndFlagIsInThePages() {
        let commands = Self.commands
        #expect(commands.count > 20)
        let main = Self.run(["man"])
        #expect(main.status == 0)
        for command in commands {
            #expect(main.out.contains(".B \(ManPage.escape(command))\n"), "tally(1) lacks \(command)")
            let page = Self.run(["man", command])
            #expect(page.status == 0)
            #expect(page.out.hasPrefix(".TH TALLY\\-\(ManPage.escape(command.uppercased())) 1"))
            // Every flag the help lists (`  -x, --name VALUE`) is in the page.
            let help = Self.run(["help", command]).out
            let spellings = help.split(separator: "\n").filter { $0.hasPrefix("  -") }.flatMap { line in
                line.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }.filter { $0.hasPrefix("-") && $0.count > 1 }
            }
            #expect(!spellings.isEmpty, "\(command)")
            for spelling in spellings {
                #expect(page.out.contains("\\fB\(ManPage.escape(spelling))\\fR"), "tally-\(command)(1) lacks \(spelling)")
            }
        }
        #expect(Self.run(["man", "nosuch"]).status == 2)
    }

    @Test(
        .enabled(
            if: ExternalTool.find("man") != nil || ProcessInfo.processInfo.environment["CI"] == "true",
            "man is not installed (man-db)"))
    func manRendersEveryPageWithoutAWarning() throws {
        let man = try #require(ExternalTool.find("man"), "man is not installed; .ci/run installs man-db")
        let folder = try TemporaryFolder("man")
        defer { folder.remove() }
        for command in [""] + Self.commands {
            let page = try folder.write(Self.run(command.isEmpty ? ["man"] : ["man", command]).out, to: "page.1")
            let result = try man.run(["--warnings", "-l", page], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
            #expect(result.status == 0, "\(command): \(result.output)")
            #expect(result.stderr.isEmpty, "\(command): \(result.stderr)")
            #expect(result.stdout.contains("tally"), "\(command)")
        }
    }
}
