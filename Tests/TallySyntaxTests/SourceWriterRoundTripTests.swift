import TallyTestSupport
import Testing

@testable import TallySyntax

/// `SourceWriter`: what it writes reads back as the same value. Random names — keywords
/// of the parser's table, leading `.`, digits, currency signs, `+` and `-`, quotes,
/// backslashes, `#`, `;`, `,`, a `:` at the end, spaces, non-ASCII — are written in every
/// place a name stands and read back through the typed syntax views.
@Suite struct SourceWriterRoundTripTests {
    /// Pieces names are made of: what starts, ends or splits other tokens, and plain
    /// letters so that most names are long enough to matter.
    static let pieces: [String] = [
        ".", "..", "0", "7", "2026-01-01", "12.50", "50%", "$", "$5", "€", "€-3", "£", "CHF", "CHF12", "+", "-", "->", "'", "\"", "\\",
        "#", ";", ",", ":", " ", "  ", "\t", "=", "@", "*", "_", "/", "&", "a", "B", "Food", "x1", "é", "食費", "🏠", "\u{A0}",
        "\u{2003}", "½", "٣", "id:", "EUR"
    ]

    /// Every keyword, from the parser's own table.
    static let keywords: [String] = Keyword.allCases.map(\.spelling)

    static func randomName(_ random: inout TestSupport.SeededGenerator) -> String {
        switch Int.random(in: 0 ..< 10, using: &random) {
        case 0, 1: return keywords.randomElement(using: &random)!
        case 2: return keywords.randomElement(using: &random)! + pieces.randomElement(using: &random)!
        case 3: return pieces.randomElement(using: &random)! + keywords.randomElement(using: &random)!
        default:
            let count = Int.random(in: 1 ... 5, using: &random)
            return (0 ..< count).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
    }

    /// Every place a name stands, with the name written there, and how to read it back.
    static func places(_ n: String) -> (text: String, read: (SyntaxTree) -> [String?]) {
        let w = SourceWriter.name(n)
        let date = CivilDate(year: 2026, month: 3, day: 1)!
        let text = """
            wallet \(w) bank owner \(w), \(w)
            income \(w), \(w)
            expense \(w)
            envelope \(w) 100 monthly for \(w), \(w) in \(w)
            goal \(w) 500 by 2026-12-31 in \(w)
            payee "Shop" \(w)
            every month from 2026-01-01 as \(w) "Rent" \(w) \(w) -5.00
            every month from 2026-01-01 as \(w) transfer \(w) -> \(w) 5.00
            import \(w) account "1"
            match "shop" in \(w) \(w)
            match "split" in \(w)
                \(SourceWriter.split(category: n)) 70%
                \(SourceWriter.split(category: n))
            \(SourceWriter.transaction(date: date, payee: "Shop", note: "n", wallet: n, category: n, amount: "-5.00"))
            \(SourceWriter.transaction(date: date, wallet: n, category: n, amount: SourceWriter.amount("-5.00", currency: "EUR")))
            \(SourceWriter.transaction(date: date, wallet: n, amount: "-5.00"))
            \(SourceWriter.transaction(date: date, wallet: n, category: n, amount: "-5.00")) goal \(w) rule \(w) by \(w)
            \(SourceWriter.transaction(date: date, wallet: n, amount: "-5.00"))
                \(SourceWriter.split(category: n, amount: "-2.00"))
                \(SourceWriter.split(category: n))
            \(SourceWriter.transfer(date: date, from: n, to: n, amount: "5.00"))
            \(SourceWriter.fill(date: date, envelope: n, amount: "5.00"))
            \(SourceWriter.move(date: date, from: n, to: n, amount: "5.00"))
            2026-03-01 assert \(w) 5.00
            2026-03-01 skip \(w)
            2026-03-01 goal \(w) 5.00

            """
        return (
            text,
            { tree in
                func all<T>(_ kind: SyntaxKind, _ view: (SyntaxNode) -> T?) -> [T] { tree.entries(of: kind).compactMap(view) }
                var read: [String?] = []
                for wallet in all(.walletDirective, WalletDirectiveSyntax.init) { read += [wallet.name?.value] + wallet.owners }
                for category in all(.categoryDirective, CategoryDirectiveSyntax.init) { read += category.names.map(\.value) }
                for envelope in all(.envelopeDirective, EnvelopeDirectiveSyntax.init) {
                    read += [envelope.name?.value] + envelope.categories.map(\.value) + envelope.wallets.map(\.value)
                }
                for goal in all(.goalDirective, GoalDirectiveSyntax.init) { read += [goal.name?.value, goal.wallet?.value] }
                for payee in all(.payeeDirective, PayeeDirectiveSyntax.init) { read.append(payee.category?.value) }
                for rule in all(.recurringDirective, RecurringDirectiveSyntax.init) {
                    read.append(rule.name?.value)
                    if let t = rule.transaction { read += [t.wallet?.value, t.category?.value] }
                    if let t = rule.transfer { read += [t.from?.value, t.to?.value] }
                }
                for profile in all(.importDirective, ImportDirectiveSyntax.init) { read.append(profile.wallet?.value) }
                for match in all(.matchDirective, MatchDirectiveSyntax.init) {
                    read += [match.wallet?.value] + (match.splits.isEmpty ? [match.category?.value] : match.splits.map { $0.category?.value })
                }
                for t in all(.transaction, TransactionSyntax.init) {
                    read.append(t.wallet?.value)
                    if let c = t.category { read.append(c.value) }
                    read += [t.goal, t.rule, t.by].compactMap { $0?.value }
                    read += t.splits.map { $0.category?.value }
                }
                for t in all(.transfer, TransferSyntax.init) { read += [t.from?.value, t.to?.value] }
                for kind in [SyntaxKind.fill, .move, .assertion, .skip, .contribution] {
                    for entry in all(kind, SimpleDatedEntrySyntax.init) { read += entry.names.map(\.value) }
                }
                return read
            }
        )
    }

    /// How many names each place above reads (a place that stopped reading names fails).
    static let namesPerFile = 3 + 3 + 4 + 2 + 1 + 6 + 1 + 2 + 3 + (2 + 2 + 1 + 5 + 3) + 2 + 1 + 2 + 1 + 1 + 1

    @Test func randomNamesReadBackInEveryPlace() {
        var random = TestSupport.SeededGenerator(seed: 0x5EED_7A11)
        var failures: [String] = []
        for _ in 0 ..< 3000 {
            let name = Self.randomName(&random)
            let (text, read) = Self.places(name)
            let tree = Parser.parse(text)
            let values = read(tree)
            if !tree.diagnostics.isEmpty || values.count != Self.namesPerFile || values.contains(where: { $0 != name }) {
                failures.append("\(name.debugDescription) written \(SourceWriter.name(name)): \(tree.diagnostics.map(\.message)) \(values)")
            }
            if failures.count >= 5 { break }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func plainNamesStayBareAndOthersAreQuoted() {
        for bare in ["Checking", "Food:Groceries", "Crème", "食費", "Room#2", "a.b", "x-1", "$giro", "🏠", "Transfer", "**", "a\\b"] {
            #expect(SourceWriter.name(bare) == bare)
        }
        let quoted = [
            (".cash", "'.cash'"), ("Kid's", "'Kid\\'s'"), ("'a;b'", "'\\'a;b\\''"), ("transfer", "'transfer'"),
            ("every", "'every'"), ("account", "'account'"), ("½ price", "'½ price'"),
            ("a\u{A0}b", "'a\u{A0}b'"), ("", "''"), ("id:", "'id:'"), ("*", "'*'")
        ]
        for (name, written) in quoted { #expect(SourceWriter.name(name) == written) }
    }

    @Test func controlCharactersBecomeSpaces() {
        #expect(SourceWriter.name("a\nb") == "'a b'")
        #expect(SourceWriter.name("a\tb") == "'a\tb'")
        #expect(SourceWriter.text("line\r\nbreak\u{7F}") == "\"line  break \"")
        #expect(SourceWriter.printable("a\tb\u{1}") == "a b ")
    }

    @Test func randomTextsTagsAndKeysReadBack() {
        var random = TestSupport.SeededGenerator(seed: 0x7E47)
        let date = CivilDate(year: 2026, month: 3, day: 1)!
        for _ in 0 ..< 2000 {
            let payee = Self.randomName(&random), note = Self.randomName(&random)
            let tag = Self.randomName(&random), key = Self.randomName(&random), value = Self.randomName(&random)
            let line = SourceWriter.transaction(date: date, payee: payee, note: note, wallet: "W", category: "C", amount: "-1.00", tags: [tag])
            let text = line + "\n    " + SourceWriter.metadata(key: key, value: value) + "\n"
            let tree = Parser.parse(text)
            let t = tree.entries(of: .transaction).first.flatMap(TransactionSyntax.init)
            #expect(tree.diagnostics.isEmpty, "\(text.debugDescription): \(tree.diagnostics.map(\.message))")
            #expect(t?.payee == SourceWriter.printable(payee).replacingOccurrences(of: "\t", with: " ") || t?.payee == payee)
            #expect(t?.note == note)
            #expect(t?.tags == [String(SourceWriter.tag(tag).dropFirst())])
            #expect(t?.metadata.map(\.value) == [value])
            // A tag or key with nothing to replace is written as it is.
            if !tag.isEmpty, !tag.contains(where: { $0.isWhitespace || ",;\"".contains($0) }) { #expect(t?.tags == [tag]) }
        }
    }

    @Test func datesAndAmounts() {
        #expect(SourceWriter.date(CivilDate(year: 26, month: 3, day: 1)!) == "0026-03-01")
        #expect(SourceWriter.date(CivilDate(year: 2026, month: 12, day: 31)!) == "2026-12-31")
        #expect(SourceWriter.amount("-5.00", currency: "EUR") == "-5.00 EUR")
        #expect(SourceWriter.amount("+5") == "+5")
    }
}
