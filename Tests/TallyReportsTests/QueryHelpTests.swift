import Testing

@testable import TallyReports

/// The query help every listing command shows (`EntryQuery.help`) names each word the
/// parser reads, ledger's short forms included, as docs/reports.md does: a short form
/// added to the parser and not to the help fails here.
@Suite struct QueryHelpTests {
    /// Each ledger prefix (`@`, `%`, `=`) appears in the help followed by a capital word
    /// (`@PAYEE`), next to the field it stands for in parentheses (`(payee:)`); `not
    /// TERM`, ledger's spelling of `not:TERM`, too.
    @Test func theHelpListsLedgersShortForms() throws {
        let help = EntryQuery.help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(!EntryQuery.ledgerPrefixes.isEmpty)
        for (prefix, field) in EntryQuery.ledgerPrefixes {
            let word = "\(prefix)\(field.dropLast().uppercased())"
            let shown = help.contains(word + " (\(field))") || help.contains(word + "=VALUE (\(field))")
            #expect(shown, "\(word) (\(field)) missing from: \(help)")
        }
        #expect(help.contains("not TERM (not:TERM)"), "\(help)")
    }

    /// Each short form the help shows is read as the field it names.
    @Test func theShortFormsTheHelpShowsAreRead() throws {
        #expect(try EntryQuery(["@Lidl"]).terms == EntryQuery(["payee:Lidl"]).terms)
        #expect(try EntryQuery(["%trip=japan"]).terms == EntryQuery(["tag:trip=japan"]).terms)
        #expect(try EntryQuery(["=gift"]).terms == EntryQuery(["note:gift"]).terms)
        #expect(try EntryQuery(["not", "@Lidl"]).terms == EntryQuery(["not:payee:Lidl"]).terms)
    }
}
