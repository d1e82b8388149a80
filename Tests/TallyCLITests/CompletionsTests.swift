import Foundation
import TallyTestSupport
import XCTest

/// `tally completions bash|zsh|fish`: every command and every flag its help lists is in
/// every script, and each shell accepts its script and completes with it.
final class CompletionsTests: XCTestCase {
    /// The commands `tally --help` lists, and the flags each one's help lists (the part of
    /// a line starting with two spaces and a dash, before the description).
    private func commandsAndFlags() throws -> [(name: String, flags: [String])] {
        let main = try TallyBinary.run(["--help"]).stdout
        let section = try XCTUnwrap(main.components(separatedBy: "COMMANDS\n").last?.components(separatedBy: "\n\n").first)
        let names = section.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }.filter { $0 != "help" }
        XCTAssertTrue(names.contains("check") && names.contains("completions"), "\(names)")
        return try names.map { name in
            let help = try TallyBinary.run(["help", name]).stdout
            var flags: [String] = []
            for line in help.split(separator: "\n") where line.hasPrefix("  -") {
                let spec = line.dropFirst(2).components(separatedBy: "  ")[0]
                flags += spec.matches(of: /(?:^|[ ,])(--?[A-Za-z][A-Za-z0-9-]*)/).map { String($0.1) }
            }
            XCTAssertTrue(flags.contains("--help"), "\(name): \(flags)")
            return (name, flags)
        }
    }

    private func script(_ shell: String) throws -> String {
        let result = try TallyBinary.run(["completions", shell])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func testEveryCommandAndFlagIsInEveryScript() throws {
        let commands = try commandsAndFlags()
        XCTAssertTrue(commands.first { $0.name == "check" }?.flags.contains("--deny") ?? false)
        for shell in ["bash", "zsh", "fish"] {
            let text = try script(shell)
            for command in commands {
                XCTAssertTrue(text.contains(shell == "fish" ? "-a \(command.name) " : command.name), "\(shell): no \(command.name)")
                for flag in command.flags {
                    let spelled =
                        shell != "fish"
                        ? flag
                        : flag.hasPrefix("--") ? "-l " + flag.dropFirst(2) : "-s " + flag.dropFirst()
                    XCTAssertTrue(text.contains(spelled), "\(shell): no \(flag) of \(command.name)")
                }
            }
            // Values the help lists are offered.
            XCTAssertTrue(text.contains("text json github sarif"), shell)
            XCTAssertTrue(text.contains("bash zsh fish"), shell)
        }
    }

    func testUnknownShellIsAUsageMistake() throws {
        for arguments in [["completions"], ["completions", "tcsh"], ["completions", "bash", "zsh"]] {
            let result = try TallyBinary.run(arguments)
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(result.stdout, "")
            XCTAssertTrue(result.stderr.hasPrefix("tally completions: "), result.stderr)
        }
    }

    private func saved(_ shell: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tally-completion-\(UUID().uuidString).\(shell)")
        try script(shell).write(to: url, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testBashAcceptsAndCompletesWithItsScript() throws {
        let bash = try ExternalTool.require("bash")
        let url = try saved("bash")
        let syntax = try bash.run(["-n", url.path])
        XCTAssertEqual(syntax.status, 0, syntax.output)
        // Drives the completion function as bash would for each word list.
        func complete(_ words: [String]) throws -> [String] {
            let list = words.map { "'\($0)'" }.joined(separator: " ")
            let result = try bash.run(["-c", "source '\(url.path)'; COMP_WORDS=(\(list)); COMP_CWORD=\(words.count - 1); _tally; printf '%s\\n' \"${COMPREPLY[@]}\""])
            XCTAssertEqual(result.status, 0, result.output)
            return result.stdout.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete(["tally", "ch"]), ["check"])
        XCTAssertEqual(try complete(["tally", "check", "--for"]), ["--format"])
        XCTAssertEqual(try complete(["tally", "check", "--format", ""]), ["text", "json", "github", "sarif"])
        XCTAssertEqual(try complete(["tally", "check", "--format", "=", "j"]), ["json"])
        XCTAssertEqual(try complete(["tally", "check", "--deny", "W050"]).count, 6)
        XCTAssertEqual(try complete(["tally", "completions", "z"]), ["zsh"])
        XCTAssertEqual(try complete(["tally", "help", "comp"]), ["completions"])
        XCTAssertTrue(try complete(["tally", "check", "examples/hou"]).contains("examples/household.tally"))
        // Values the help lists: periods, formats, sort orders; short names too.
        XCTAssertEqual(try complete(["tally", "register", "--period", "last-m"]), ["last-month"])
        XCTAssertEqual(try complete(["tally", "reg", "-p", "next-q"]), ["next-quarter"])
        XCTAssertEqual(try complete(["tally", "balance", "-e", "this-y"]), ["this-year"])
        XCTAssertEqual(try complete(["tally", "bal", "--format", ""]), ["text", "json", "csv"])
        XCTAssertEqual(try complete(["tally", "register", "--sort", "a"]), ["amount"])
        // Flags whose value is a path complete files (any file: a root, a name, an output).
        XCTAssertTrue(try complete(["tally", "check", "--root", "examples/hou"]).contains("examples/household.tally"))
        XCTAssertTrue(try complete(["tally", "check", "--stdin-filename", "examples/stu"]).contains("examples/student.tally"))
        XCTAssertTrue(try complete(["tally", "lsp", "--root", "examples/mul"]).contains("examples/multi-currency.tally"))
        XCTAssertTrue(try complete(["tally", "balance", "-o", "READ"]).contains("README.md"))
        // Options before the command.
        XCTAssertEqual(try complete(["tally", "-f", "b.tally", "--today", "2026-11-22", "bal", "--for"]), ["--format"])
        XCTAssertEqual(try complete(["tally", "-f", "b.tally", "ba"]), ["balance"])
    }

    func testZshAcceptsItsScript() throws {
        let zsh = try ExternalTool.require("zsh")
        let result = try zsh.run(["-n", try saved("zsh").path])
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testFishAcceptsAndCompletesWithItsScript() throws {
        let fish = try ExternalTool.require("fish")
        let url = try saved("fish")
        let syntax = try fish.run(["-n", url.path])
        XCTAssertEqual(syntax.status, 0, syntax.output)
        let result = try fish.run(["--no-config", "-c", "source '\(url.path)'; complete -C 'tally check --for'; complete -C 'tally check --format '; complete -C 'tally comp'"])
        XCTAssertEqual(result.status, 0, result.output)
        let words = Set(result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
        XCTAssertEqual(words, ["--format", "text", "json", "github", "sarif", "completions"])
        // A short name completes the command's flags and the values its help lists.
        let short = try fish.run(["--no-config", "-c", "source '\(url.path)'; complete -C 'tally bal --quar'; complete -C 'tally reg --period next-q'"])
        let shortWords = Set(short.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
        XCTAssertEqual(shortWords, ["--quarterly", "next-quarter"], short.output)
        // A path flag completes files.
        let path = try fish.run(["--no-config", "-c", "source '\(url.path)'; complete -C 'tally check --root examples/hou'"])
        XCTAssertTrue(path.stdout.contains("examples/household.tally"), path.output)
    }
}
