import Foundation
import TallyCore
import TallyFormat
import TallyLSP
import TallySyntax
import TallyTestSupport
import Testing

/// Issue 33: `tally fmt --check` stays clean after the editor's rename and quick fixes.
/// A formatted budget (examples/household.tally, which `tally fmt` leaves as it is) is
/// edited by each; the result must still be formatted, and differ from the plain edit in
/// whitespace only.
@Suite struct FormattedAfterEditsTests {
    static let path = "main.tally"
    static let household = try! String(contentsOfFile: TestSupport.path("examples/household.tally"), encoding: .utf8)

    /// `text` as `tally fmt` writes it.
    static func formatted(_ text: String) -> String {
        switch Formatter.format(Parser.parse(text, path: path)) {
        case .formatted(let bytes): return String(decoding: bytes, as: UTF8.self)
        default: return text
        }
    }

    static func isFormatted(_ text: String) -> Bool {
        Formatter.format(Parser.parse(text, path: path)) == .unchanged
    }

    /// The text without any whitespace: what an edit may change besides the layout.
    static func squeezed(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
    }

    /// The byte offset of the first `needle` in `text`, plus `shift`.
    static func offset(of needle: String, in text: String, plus shift: Int = 0) throws -> Int {
        let r = try #require(text.range(of: needle))
        return text.utf8.distance(from: text.utf8.startIndex, to: r.lowerBound) + shift
    }

    @Test func theExampleIsFormatted() {
        #expect(Self.isFormatted(Self.household))
    }

    // MARK: Rename

    /// Renames the name at the first `needle` (plus `shift`) to `newName`; checks the
    /// result is formatted and differs from the plain renaming in whitespace only.
    func checkRename(at needle: String, plus shift: Int = 0, to newName: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let text = Self.household
        let analysis = Fixture.analysis(text)
        let offset = try Self.offset(of: needle, in: text, plus: shift)
        let places = NavigationProvider.references(in: analysis, path: Self.path, offset: offset, includeDeclaration: true)
        #expect(!places.isEmpty, sourceLocation: sourceLocation)
        let plain = Fixture.apply(places.map { TextEdit(range: $0.range, replacement: SourceWriter.name(newName)) }, to: text)
        let edits = try NavigationProvider.rename(in: analysis, path: Self.path, offset: offset, newName: newName)
        let renamed = Fixture.apply(edits[Self.path] ?? [], to: text)
        #expect(Self.isFormatted(renamed), "renamed to \(newName):\n\(Self.diff(renamed))", sourceLocation: sourceLocation)
        #expect(Self.squeezed(renamed) == Self.squeezed(plain), sourceLocation: sourceLocation)
        // The plain renaming alone leaves the file unformatted when the width changed: the
        // test would pass without the layout only if the names kept their width.
        #expect(!Self.isFormatted(plain), "the rename to \(newName) does not move a column", sourceLocation: sourceLocation)
        #expect(Self.areOrderedAndApart(edits[Self.path] ?? []), sourceLocation: sourceLocation)
    }

    /// The lines of `text` that formatting would change, for a failure's message.
    static func diff(_ text: String) -> String {
        let after = formatted(text).split(separator: "\n", omittingEmptySubsequences: false)
        return zip(text.split(separator: "\n", omittingEmptySubsequences: false), after)
            .filter { $0.0 != $0.1 }.prefix(6).map { "- \($0.0)\n+ \($0.1)" }.joined(separator: "\n")
    }

    /// Whether edits are in file order and do not overlap, as a client needs them.
    static func areOrderedAndApart(_ edits: [TextEdit]) -> Bool {
        zip(edits, edits.dropFirst()).allSatisfy { $0.range.end <= $1.range.start }
    }

    @Test func renamingAWalletKeepsTheBudgetFormatted() throws {
        try checkRename(at: "wallet Visa", plus: 7, to: "Visa-and-Mastercard-card")
        try checkRename(at: "wallet Anna-cash", plus: 7, to: "AC")
    }

    @Test func renamingACategoryKeepsTheBudgetFormatted() throws {
        try checkRename(at: "Food:Groceries,", to: "Food:Groceries-and-household")
        try checkRename(at: "Housing:Energy,", to: "Power")
    }

    @Test func renamingAnEnvelopeKeepsTheBudgetFormatted() throws {
        try checkRename(at: "envelope Groceries", plus: 9, to: "Groceries-and-household-goods")
        try checkRename(at: "envelope Everything", plus: 9, to: "All")
    }

    // MARK: Quick fixes

    /// Applies every action offered on the whole of `text` (each on its own); each result
    /// must be formatted. Returns the results by title.
    static func applyingEveryAction(to text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String: String] {
        let analysis = Fixture.analysis(text)
        let actions = CodeActionProvider.actions(in: analysis, path: path, range: ByteRange(start: 0, end: text.utf8.count))
        #expect(!actions.isEmpty, sourceLocation: sourceLocation)
        var results: [String: String] = [:]
        for action in actions {
            let edits = action.edits[path] ?? []
            #expect(Self.areOrderedAndApart(edits), sourceLocation: sourceLocation)
            let fixed = Fixture.apply(edits, to: text)
            #expect(isFormatted(fixed), "\(action.title):\n\(diff(fixed))", sourceLocation: sourceLocation)
            results[action.title] = fixed
        }
        return results
    }

    /// The household budget with each line added before the first `before`, formatted.
    static func householdWith(_ lines: [(before: String, line: String)]) throws -> String {
        var text = household
        for (before, line) in lines {
            let at = try offset(of: before, in: text)
            var bytes = Array(text.utf8)
            bytes.insert(contentsOf: Array((line + "\n").utf8), at: at)
            text = String(decoding: bytes, as: UTF8.self)
        }
        text = formatted(text)
        #expect(isFormatted(text))
        return text
    }

    @Test func bookingAMovementInACategoryKeepsTheBudgetFormatted() throws {
        // The likeliest category, from the payee's history, is wider than any in
        // November's block: booking it widens the category column.
        let text = try Self.householdWith([
            ("payee \"Lidl\"", "expense Fun:Zoo-and-animal-parks"),
            ("2026-09-22", "2026-09-21 \"Tierpark\" Joint Fun:Zoo-and-animal-parks -30.00"),
            ("2026-11-21", "2026-11-20 \"Tierpark\" Joint -31.50\n    id: \"DE-2026-1120-0031\"")
        ])
        let results = Self.applyingEveryAction(to: text)
        let booked = results.filter { $0.key.hasPrefix("Book it in ") }
        #expect(booked.keys.contains("Book it in Fun:Zoo-and-animal-parks"))
        for (title, result) in booked {
            let category = SourceWriter.name(String(title.dropFirst("Book it in ".count)))
            let plain = text.replacingOccurrences(of: "-31.50", with: "\(category) -31.50")
            #expect(Self.squeezed(result) == Self.squeezed(plain), "\(title)")
            // Without the layout, the long category would leave the block unformatted.
            if category.count > 20 { #expect(!Self.isFormatted(plain)) }
        }
    }

    @Test func replacingAMisspeltNameKeepsTheBudgetFormatted() throws {
        // A longer misspelling, whose fix narrows the wallet column, and a shorter one,
        // whose fix widens it.
        for (misspelt, name) in [("Anna-caaash", "Anna-cash"), ("Anna-cas", "Anna-cash")] {
            let text = try Self.householdWith([("2026-11-21", "2026-11-20 \"Bakery\" \(misspelt) Food:Groceries -4.20")])
            let results = Self.applyingEveryAction(to: text)
            let fixed = try #require(results["Replace with `\(name)`"], "\(results.keys.sorted())")
            #expect(Self.squeezed(fixed) == Self.squeezed(text.replacingOccurrences(of: misspelt + " ", with: name + " ")))
            #expect(results.keys.contains { $0.hasPrefix("Declare the wallet") })
        }
    }
}
