import Testing

@testable import TallySyntax

/// Every directive of Grammar.md §3 (and §7) refuses what it does not define: a word
/// after its last part is an error, never ignored (issue 24: `include "a" "b"` used to
/// read only `a`, and the wallets of `b` vanished from every figure).
@Suite struct StrictDirectiveTests {
    /// The one diagnostic of `line`, which must be an error.
    func only(_ line: String) -> Diagnostic? {
        let tree = Parser.parse(line)
        #expect(tree.diagnostics.count == 1, "\(line): \(tree.diagnostics.map(\.message))")
        return tree.diagnostics.first
    }

    /// `line` with the first fix of its one diagnostic applied.
    func fixed(_ line: String) -> String? {
        guard let fix = only(line)?.fixes.first else { return nil }
        var bytes = Array(line.utf8)
        for edit in fix.edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(edit.range.start ..< edit.range.end, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func anIncludeWithTwoPathsIsAnErrorWhoseFixWritesTwoIncludes() {
        let line = "include \"a.tally\" \"b.tally\"\n"
        #expect(only(line)?.code == .unexpectedToken)
        #expect(only(line)?.message == "an include names one file; this one names a second file: `\"b.tally\"`")
        #expect(fixed(line) == "include \"a.tally\"\ninclude \"b.tally\"\n")
        // Three paths, a comment and Windows line breaks: the comment stays on the last line.
        #expect(fixed("include \"a\" \"b\" \"c\" ; all\r\n") == "include \"a\"\r\ninclude \"b\"\r\ninclude \"c\" ; all\r\n")
        // Paths are written again by SourceWriter, escapes kept.
        #expect(fixed("include \"a\" \"say \\\"hi\\\".tally\"") == "include \"a\"\ninclude \"say \\\"hi\\\".tally\"")
        // The fixed text reads cleanly.
        #expect(Parser.parse(fixed(line) ?? "").diagnostics.isEmpty)
    }

    @Test func trailingWordsAfterAnIncludeAreRefusedWithARemoval() {
        let line = "include \"a.tally\" extra words"
        #expect(only(line)?.code == .unexpectedToken)
        #expect(only(line)?.message == "unexpected `extra words` after the path of the include, which takes nothing more")
        #expect(fixed(line) == "include \"a.tally\"")
        #expect(fixed("include \"a\" \"b\" #tag") == "include \"a\"")
    }

    @Test func categoryListsAndPayeeRulesRefuseWhatFollowsTheirLastName() {
        #expect(only("expense Food, Fun \"x\"")?.code == .unexpectedToken)
        #expect(fixed("expense Food, Fun \"x\"") == "expense Food, Fun")
        #expect(fixed("income Salary 12") == "income Salary")
        #expect(only("payee \"Rewe\" Food 12.00")?.code == .unexpectedToken)
        #expect(fixed("payee \"Rewe\" Food 12.00") == "payee \"Rewe\" Food")
        // Bare words after a name read as a name with spaces written without its quotes.
        #expect(fixed("expense Food, Eating out") == "expense Food, 'Eating out'")
        #expect(fixed("payee \"Rewe\" Food Shop") == "payee \"Rewe\" 'Food Shop'")
    }

    @Test func optionsOfferToRemoveWhatTheyDoNotTake() {
        #expect(only("option strict yes")?.code == .invalidOption)
        #expect(fixed("option strict yes") == "option strict")
        #expect(fixed("option week-start monday tuesday") == "option week-start monday")
    }

    /// The directives that already refused extra words: each keeps one error.
    @Test(arguments: [
        ("currency EUR decimals 2 extra", DiagnosticCode.unknownAttribute),
        ("wallet A bank hidden extra", .unknownAttribute),
        ("wallet A owner Anna, Ben extra", .unknownAttribute),
        ("envelope E 10 monthly rollover extra", .unknownAttribute),
        ("envelope E 10 2026-01-01..2026-01-31 extra", .unknownAttribute),
        ("goal G 100 reached 2026-01-01 extra", .unknownAttribute),
        ("every month from 2026-01-01 as r A Food -1 extra", .unexpectedToken),
        ("every month from 2026-01-01 transfer A -> B 1 extra", .unexpectedToken),
        ("option severity W0501 off extra", .invalidOption),
        ("import A skip 1 extra", .unknownAttribute),
        ("match \"X\" Food over 10 extra", .unknownAttribute),
        ("2026-01-01 A Food -1 extra", .unexpectedToken),
        ("2026-01-01 transfer A -> B 1 @ 1 USD extra", .unexpectedToken),
        ("2026-01-01 fill E 1 extra", .unexpectedToken),
        ("2026-01-01 move E -> F 1 extra", .unexpectedToken),
        ("2026-01-01 assert A 1 extra", .unexpectedToken),
        ("2026-01-01 rate USD 1 EUR extra", .unexpectedToken),
        ("2026-01-01 skip r extra", .unexpectedToken),
        ("2026-01-01 goal G 1 extra", .unexpectedToken)
    ])
    func everyOtherDirectiveRefusesAWordAfterItsLastPart(line: String, code: DiagnosticCode) {
        #expect(only(line)?.code == code, "\(line)")
    }

    @Test func aNameWithSpacesWrittenBareIsOfferedItsQuotes() {
        let line = "envelope Eating 50 monthly for food:eating out"
        #expect(only(line)?.code == .unknownAttribute)
        #expect(
            only(line)?.message
                == "unknown attribute `out` for an envelope; if `food:eating out` is one name, quote it: 'food:eating out'")
        #expect(fixed(line) == "envelope Eating 50 monthly for 'food:eating out'")
        // The words stop at the next attribute.
        #expect(fixed("envelope E 5 monthly for eating out today rollover") == "envelope E 5 monthly for 'eating out today' rollover")
        #expect(fixed("wallet Joint Account bank") == "wallet 'Joint Account' bank")
        // A near miss of an attribute is still that attribute.
        #expect(fixed("envelope E 5 monthly for Food rolover") == "envelope E 5 monthly for Food rollover")
    }
}
