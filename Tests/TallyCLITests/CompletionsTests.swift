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

    // MARK: names from the budget

    /// A budget with a wallet, a category and a payee whose names hold a space or a `:`.
    private func namesBudget() throws -> String {
        let folder = try TemporaryFolder("names")
        addTeardownBlock { folder.remove() }
        return try folder.write(
            """
            currency EUR
            wallet Checking opening 500.00 on 2026-11-01
            wallet 'Cash box' opening 80.00 on 2026-11-01
            expense Food:Groceries, Transport
            2026-11-02 "Corner shop"  'Cash box'  Food:Groceries  -7.50

            """, to: "names.tally")
    }

    /// What bash's completion function offers for `words`, the last being completed.
    private func bashComplete(_ bash: ExternalTool, _ url: URL, _ words: [String], environment: [String: String] = [:]) throws -> [String] {
        let list = words.map { "'\($0)'" }.joined(separator: " ")
        let result = try bash.run(
            ["-c", "source '\(url.path)'; COMP_WORDS=(\(list)); COMP_CWORD=\(words.count - 1); _tally; printf '%s\\n' \"${COMPREPLY[@]}\""],
            environment: environment)
        XCTAssertEqual(result.status, 0, result.output)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    func testBashCompletesNamesFromTheBudget() throws {
        let bash = try ExternalTool.require("bash")
        let url = try saved("bash")
        let file = try namesBudget()
        // A name with a space comes quoted, as bash reads it back.
        XCTAssertEqual(try bashComplete(bash, url, ["tally", "register", file, "--wallet", ""]), ["Checking", "Cash\\ box"])
        XCTAssertEqual(try bashComplete(bash, url, ["tally", "reg", file, "--wallet", "=", "Ca"]), ["Cash\\ box"])
        // bash splits words at `:`: it is given back what follows the last one.
        XCTAssertEqual(try bashComplete(bash, url, ["tally", "register", file, "--category", "Food", ":", "G"]), ["Groceries"])
        XCTAssertEqual(try bashComplete(bash, url, ["tally", "register", file, "cat", ":", "F"]), ["Food", "Food:Groceries"])
        XCTAssertEqual(try bashComplete(bash, url, ["tally", "register", file, "wallet", ":", ""]), ["Checking", "Cash\\ box"])
        // The budget TALLY_FILE names, when the line names none.
        XCTAssertEqual(try bashComplete(bash, url, ["tally", "register", "--payee", "Co"], environment: ["TALLY_FILE": file]), ["Corner\\ shop"])
        XCTAssertEqual(try bashComplete(bash, url, ["tally", "register", "--payee", ""], environment: ["TALLY_FILE": ""]), [])
        // `add`: after the date, wallets and categories.
        XCTAssertEqual(try bashComplete(bash, url, ["tally", "add", file, "2026-11-05", "C"]), ["Checking", "Cash\\ box"])
        XCTAssertEqual(try bashComplete(bash, url, ["tally", "add", file, "2026-11-05", "Fo"]), ["Food", "Food:Groceries"])
        // Values the help names only in words.
        XCTAssertEqual(try bashComplete(bash, url, ["tally", "export", file, "--to", ""]), ["hledger", "ledger", "beancount"])
        XCTAssertEqual(try bashComplete(bash, url, ["tally", "convert", "--from", "y"]), ["ynab", "ynab4"])
        XCTAssertEqual(try bashComplete(bash, url, ["tally", "import", "--from", ""]), ["fio"])
        XCTAssertEqual(try bashComplete(bash, url, ["tally", "import", file, "--uncategorized", "T"]), ["Transport"])
    }

    func testZshCompletesNamesFromTheBudget() throws {
        let zsh = try ExternalTool.require("zsh")
        let url = try saved("zsh")
        let file = try namesBudget()
        // Types `line` and TAB into an interactive zsh (on a pseudo-terminal, with compinit
        // and the script loaded) and reads back the line as completion left it.
        func complete(_ line: String) throws -> String {
            let driver = """
                zmodload zsh/zpty
                zpty z zsh -f -i
                zpty -w z 'PROMPT=""; autoload -U compinit; compinit -u -D; source \(url.path)'
                zpty -w z 'shown() { print -r -- "LINE[$BUFFER]EN""D" >/dev/tty }; zle -N shown; bindkey "^X" shown'
                zpty -wn z $'\(line)\\t\\C-x'
                while zpty -r z out; do [[ $out == *LINE\\[*\\]END* ]] && { print -r -- ${${out#*LINE\\[}%%\\]END*}; break }; done
                zpty -d z
                """
            let result = try zsh.run(["-f", "-c", driver], timeout: 20)
            XCTAssertEqual(result.status, 0, result.output)
            return result.stdout.trimmingCharacters(in: .newlines)
        }
        // One name starting so: zsh writes it in, its space quoted.
        XCTAssertEqual(try complete("tally register \(file) --wallet Ca"), "tally register \(file) --wallet Cash\\ box ")
        XCTAssertEqual(try complete("tally reg \(file) --category Food:G"), "tally reg \(file) --category Food:Groceries ")
        XCTAssertEqual(try complete("tally register \(file) payee:Cor"), "tally register \(file) payee:Corner\\ shop ")
        XCTAssertEqual(try complete("tally export \(file) --to bean"), "tally export \(file) --to beancount ")
    }

    func testFishCompletesNamesFromTheBudget() throws {
        let fish = try ExternalTool.require("fish")
        let url = try saved("fish")
        let file = try namesBudget()
        func complete(_ line: String) throws -> [String] {
            let result = try fish.run(["--no-config", "-c", "source '\(url.path)'; complete -C '\(line)'"])
            XCTAssertEqual(result.status, 0, result.output)
            return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        }
        XCTAssertEqual(Set(try complete("tally register \(file) --wallet ")), ["Checking", "Cash box"])
        XCTAssertEqual(try complete("tally reg \(file) --category Food:"), ["Food:Groceries"])
        XCTAssertEqual(Set(try complete("tally register \(file) cat:Fo")), ["cat:Food", "cat:Food:Groceries"])
        XCTAssertEqual(Set(try complete("tally export \(file) --to ")), ["hledger", "ledger", "beancount"])
    }
}
