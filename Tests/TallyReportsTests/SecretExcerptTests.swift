import Foundation
import TallyCore
import TallyReports
import TallySyntax
import TallyTestSupport
import Testing

/// An import profile's `token` that may be the bank's token itself is never printed by
/// any renderer of `tally check`, as an attacker who reads a CI log or a SARIF upload
/// would look for it: not in the excerpt, the message, nor anywhere in the output.
@Suite struct SecretExcerptTests {
    static let secret = "k7Vx3q0pLr9Tz2Wm"
    /// Two problems on the profile's line (an unknown encoding, then the token) and a
    /// second profile whose token names its place, shown as written.
    static let budget = """
        currency CZK
        wallet Ucet  bank  opening 30000.00 on 2026-01-01
        wallet Druhy  bank  opening 0.00 on 2026-01-01
        expense Food

        import Ucet  encoding ebcdic  account "2000123456"  token "\(secret)"
        import Druhy  encoding klingon  token "env:FIO_TOKEN"

        """

    /// The diagnostics of the budget, as `tally check` finds them, and its sources.
    static func checked() throws -> (diagnostics: [Diagnostic], sources: SourceMap, folder: TemporaryFolder) {
        let folder = try TemporaryFolder("secret-excerpt")
        let path = try folder.write(budget, to: "budget.tally")
        let loaded = try BudgetLoader().load(path)
        let found = Interpreter.run(loaded, today: CivilDate(iso: "2026-02-01")!).diagnostics
        let sources = SourceMap()
        for file in loaded.files { sources.add(file.tree.source) }
        return (found.sorted { ($0.file, $0.range.start) < ($1.file, $1.range.start) }, sources, folder)
    }

    @Test func noRendererPrintsTheToken() throws {
        let (diagnostics, sources, folder) = try Self.checked()
        defer { folder.remove() }
        // The token (E0418) and both unknown encodings (E0601) are found.
        #expect(diagnostics.filter { $0.code == .tokenInBudget }.count == 1)
        #expect(diagnostics.filter { $0.code == .invalidImportSetting }.count == 2, "\(diagnostics.map(\.message))")
        let text = diagnostics.map { TextDiagnosticRenderer(sources: sources, color: false).render($0) }.joined()
        let outputs = [
            ("text", text),
            ("json", JSONDiagnosticRenderer(sources: sources).render(diagnostics, totals: DiagnosticTotals(diagnostics), omitted: [])),
            ("sarif", SARIFDiagnosticRenderer(sources: sources).render(diagnostics, omitted: [])),
            ("github", GitHubDiagnosticRenderer(sources: sources).render(diagnostics, omitted: []))
        ]
        for (format, output) in outputs {
            #expect(!output.isEmpty, "\(format)")
            #expect(!output.contains(Self.secret), "\(format) prints the token:\n\(output)")
            // Not even a part of it long enough to be worth guessing from.
            #expect(!output.contains(String(Self.secret.prefix(6))), "\(format)")
        }
        // Both excerpts of the token's line show it masked, the underline under `"…"`.
        #expect(text.components(separatedBy: #"account "2000123456"  token "…""#).count == 3, "\(text)")
        #expect(text.contains("token \"…\"\n  |" + String(repeating: " ", count: 59) + "^^^\n"), "\(text)")
        // A token that names its place is not a secret: shown as written.
        #expect(text.contains(#"encoding klingon  token "env:FIO_TOKEN""#), "\(text)")
    }

    /// Where the secrets of a line are, as the lexer reads them: a quoted value inside
    /// its quotes, a bare one whole; nothing on other lines or for a place.
    @Test func secretValuesAreFoundOnTheProfileLineOnly() {
        func secrets(_ line: String) -> [String] {
            let source = SourceText(path: "t", text: line)
            return SecretValues.ranges(in: source, line: ByteRange(start: 0, end: source.bytes.count)).map { source.text(in: $0) }
        }
        #expect(secrets(#"import Ucet  token "abc def""#) == ["abc def"])
        #expect(secrets("import Ucet  token abc123") == ["abc123"])
        #expect(secrets(#"import Ucet  token "unterminated"#) == ["unterminated"])
        #expect(secrets(#"import Ucet  token "file:~/.fio""#).isEmpty)
        #expect(secrets(#"import Ucet  token "env:FIO TOKEN""#) == ["env:FIO TOKEN"])
        #expect(secrets(#"2026-01-02 "token" Ucet Food -1.00"#).isEmpty)
        #expect(secrets(#"  import Ucet  token "x""#).isEmpty)
        let source = SourceText(path: "t", text: #"import Ucet  token "abc""#)
        #expect(SecretValues.masked(source, line: ByteRange(start: 0, end: source.bytes.count)) == #"import Ucet  token "…""#)
    }
}
