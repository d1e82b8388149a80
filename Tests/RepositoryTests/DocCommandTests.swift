import Foundation
import TallyTestSupport
import Testing

/// Every command in the guides runs, and shows what the guide says it shows. A guide's
/// ```console blocks hold commands (`$ ` lines, a trailing `\` continuing one) each
/// followed by its output (standard output and error together); a fenced block right
/// after `<!-- doc-test: write FILE -->` or `<!-- doc-test: append FILE -->` is written to
/// (or added at the end of) FILE, as a reader types it in an editor. The commands of one
/// guide run in order in one empty folder, with the built `tally` first on PATH and
/// `TALLY_TODAY` as the guide's `<!-- doc-test: today DATE -->` says. `TALLY_RECORD=1`
/// writes the outputs into the guide after a deliberate change.
@Suite struct DocCommandTests {
    static let guides = ["docs/tutorial.md", "docs/coming-from-ynab.md", "docs/coming-from-hledger.md"]

    @Test(arguments: guides)
    func everyCommandShowsWhatTheGuideSays(guide: String) throws {
        let path = TestSupport.path(guide)
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let folder = try TemporaryFolder("doc")
        defer { folder.remove() }
        var today = "2026-11-30"
        var commands = 0
        var rendered: [String] = []
        var lines = original.components(separatedBy: "\n")[...]
        var fileAction: (append: Bool, file: String)?
        while let line = lines.popFirst() {
            rendered.append(line)
            if let directive = Self.directive(line) {
                let words = directive.split(separator: " ").map(String.init)
                if words.count == 2, words[0] == "today" { today = words[1] }
                if words.count == 2, words[0] == "write" || words[0] == "append" { fileAction = (words[0] == "append", words[1]) }
                continue
            }
            guard line.hasPrefix("```") else { continue }
            var body: [String] = []
            while let inner = lines.popFirst(), !inner.hasPrefix("```") { body.append(inner) }
            if let action = fileAction {
                let text = body.joined(separator: "\n") + "\n"
                let target = folder.path(action.file)
                let earlier = action.append ? ((try? String(contentsOfFile: target, encoding: .utf8)) ?? "") : ""
                try (earlier + text).write(toFile: target, atomically: true, encoding: .utf8)
                rendered += body + ["```"]
                fileAction = nil
                continue
            }
            guard line == "```console" else {
                rendered += body + ["```"]
                continue
            }
            rendered += try Self.run(body, in: folder, today: today, commands: &commands) + ["```"]
        }
        #expect(commands > 0, "\(guide) has no commands")
        let actual = rendered.joined(separator: "\n")
        if let problem = TestSupport.compareGolden(actual, path: path) {
            Issue.record("\(guide): \(problem)")
        }
    }

    /// The words of `<!-- doc-test: WORDS -->`, nil for any other line.
    static func directive(_ line: String) -> String? {
        let prefix = "<!-- doc-test: ", suffix = " -->"
        guard line.hasPrefix(prefix), line.hasSuffix(suffix) else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// Runs the commands of one console block and gives the block's lines back with each
    /// command's actual output below it.
    static func run(_ body: [String], in folder: TemporaryFolder, today: String, commands: inout Int) throws -> [String] {
        var out: [String] = []
        var i = body.startIndex
        while i < body.endIndex {
            guard body[i].hasPrefix("$ ") else {
                i += 1  // an expected output line: replaced by the actual output below
                continue
            }
            var shown = [body[i]]
            var command = String(body[i].dropFirst(2))
            while command.hasSuffix("\\"), i + 1 < body.endIndex {
                i += 1
                shown.append(body[i])
                command = String(command.dropLast()) + " " + body[i].trimmingCharacters(in: .whitespaces)
            }
            i += 1
            commands += 1
            let result = try TallyBinary.runShell(
                "cd '\(folder.path)' && { \(command)\n} 2>&1",
                environment: ["TALLY_TODAY": today, "COLUMNS": "80", "NO_COLOR": "1", "HOME": folder.path, "PATH": TallyBinary.url.deletingLastPathComponent().path + ":/usr/bin:/bin"])
            out += shown
            var output = result.stdout + result.stderr
            if output.hasSuffix("\n") { output.removeLast() }
            if !output.isEmpty { out += output.components(separatedBy: "\n") }
        }
        return out
    }
}
