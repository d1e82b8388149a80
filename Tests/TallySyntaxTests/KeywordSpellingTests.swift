import TallySyntax
import Testing

/// The keywords' spellings are written out rather than made by reflection at start-up
/// (issue 39): each must be its case's name, in the cases' order.
struct KeywordSpellingTests {
    @Test func eachSpellingIsItsCasesName() {
        #expect(Keyword.allCases.map(\.spelling) == Keyword.allCases.map { String(describing: $0) })
    }
}
