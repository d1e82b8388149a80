import TallyCore
import TallyLSP
import TallySyntax
import Testing

@Suite struct InlayHintAndCodeLensTests {
    static let marked = """
        currency EUR
        wallet Giro bank opening 1000.00 on 2025-12-31
        wallet '🏠 Haus' cash
        expense 食費:Lebensmittel, Fun
        envelope ⟨Essen⟩ 300 monthly for 食費
        envelope ⟨Spaß⟩ 20 monthly for Fun
        goal ⟨Urlaub⟩ 1200 by 2027-06-01

        ⟨2026-11-02 Giro 食費:Lebensmittel -120.00⟨|⟩  ; Markt
        2026-11-03 "Café ☕" '🏠 Haus' -30.00
            食費:Lebensmittel -5.00⟨|⟩
            Fun -25.00⟨|⟩⟨|⟩
        2026-11-04 transfer Giro -> '🏠 Haus' 50.00⟨|⟩⟩
        2026-11-05 goal Urlaub 100.00
        """

    /// A whole-file request on a large budget stops when the server says the request was
    /// cancelled: the provider asks every 256 entries and returns what it has.
    @Test func wholeFileHintsStopWhenAsked() {
        var text = "currency EUR\nwallet Cash cash opening 100000.00 on 2025-12-31\nexpense Food\nenvelope Eat 500 monthly for Food\n"
        for day in 0 ..< 600 { text += "2026-01-\(String(format: "%02d", day % 28 + 1)) \"Shop\" Cash Food -1.00\n" }
        let analysis = Fixture.analysis(text)
        let whole = ByteRange(start: 0, end: text.utf8.count)
        let all = InlayHintProvider.hints(in: analysis, path: "main.tally", range: whole, options: InlayHintOptions())
        #expect(all.count == 1_200, "an envelope hint and a balance hint per line")
        var asked = 0
        let stopped = InlayHintProvider.hints(
            in: analysis, path: "main.tally", range: whole, options: InlayHintOptions(),
            shouldStop: {
                asked += 1
                return true
            })
        #expect(asked == 1)
        // The first 255 nodes are the 4 declarations and 251 transactions: 2 × 251 hints.
        #expect(stopped.count == 2 * 251, "the first 255 nodes' hints, then it stopped")
    }

    /// A whole-file request reads each period once, going on from the last line's reading
    /// (``EnvelopeRuns``); every figure must equal the one a request for that line alone
    /// computes from the period's start: across months, fills and moves, splits, lines out
    /// of date order, and a wallet in another currency.
    @Test func wholeFileHintsEqualOneLineRequests() {
        var text = """
            currency EUR
            wallet Cash cash opening 5000.00 on 2025-12-31
            wallet Card bank currency USD opening 500.00 on 2025-12-31
            expense Food:Out, Food:Home, Fun
            envelope Eat 300 monthly for Food
            envelope Play 50 monthly for Fun
            rate USD EUR 0.90 on 2025-12-31

            """
        for day in 0 ..< 120 {
            let date = "2026-0\(1 + day / 40)-\(String(format: "%02d", day % 28 + 1))"
            switch day % 7 {
            case 0: text += "\(date) fill Eat 10.00\n"
            case 1: text += "\(date) move 5.00 Eat -> Play\n"
            case 2: text += "\(date) \"Split\" Cash -12.00\n    Food:Out -7.00\n    Fun -5.00\n"
            case 3 where day % 3 == 0: text += "\(date) Card Food:Home -4.00\n"
            default: text += "\(date) Cash Food:\(day % 2 == 0 ? "Home" : "Out") -\(day % 9 + 1).50\n"
            }
        }
        text += "2026-01-15 Cash Fun -3.00\n2026-02-01 Cash Food:Home -1.00\n"  // out of date order
        let analysis = Fixture.analysis(text)
        let whole = InlayHintProvider.hints(in: analysis, path: "main.tally", range: ByteRange(start: 0, end: text.utf8.count), options: InlayHintOptions())
        var lineByLine: [InlayHintInfo] = []
        var start = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let end = start + line.utf8.count
            lineByLine += InlayHintProvider.hints(in: analysis, path: "main.tally", range: ByteRange(start: start, end: end), options: InlayHintOptions())
            start = end + 1
        }
        #expect(whole.filter { $0.kind == .envelopeLeft }.count > 100)
        #expect(whole == lineByLine)
    }

    @Test func hintsShowEnvelopesLeftAndRunningBalances() {
        let doc = MarkedDocument(Self.marked)
        let analysis = Fixture.analysis(doc.text)
        let hints = InlayHintProvider.hints(in: analysis, path: "main.tally", range: doc.ranges[3], options: InlayHintOptions())
        // Running: Essen 300 - 120 = 180, then - 5 = 175 left; Spaß: 20 - 25 = 5 over.
        let split = doc.text.range(of: "-30.00")!
        let headerEnd = doc.text.utf8.distance(from: doc.text.utf8.startIndex, to: split.upperBound)
        #expect(
            hints == [
                InlayHintInfo(offset: doc.cursors[0], label: "Essen: 180.00 left", kind: .envelopeLeft),
                InlayHintInfo(offset: doc.cursors[0], label: "Giro = 880.00 EUR", kind: .runningBalance),
                // The split transaction's balance goes at the end of its first line.
                InlayHintInfo(offset: headerEnd, label: "🏠 Haus = -30.00 EUR", kind: .runningBalance),
                InlayHintInfo(offset: doc.cursors[1], label: "Essen: 175.00 left", kind: .envelopeLeft),
                InlayHintInfo(offset: doc.cursors[2], label: "Spaß: 5.00 over", kind: .envelopeLeft),
                InlayHintInfo(offset: doc.cursors[4], label: "Giro = 830.00 EUR, 🏠 Haus = 20.00 EUR", kind: .runningBalance)
            ])
    }

    @Test func eachKindOfHintCanBeTurnedOff() {
        let doc = MarkedDocument(Self.marked)
        let analysis = Fixture.analysis(doc.text)
        let all = doc.ranges[3]
        let noEnvelopes = InlayHintProvider.hints(in: analysis, path: "main.tally", range: all, options: InlayHintOptions(envelopeLeft: false))
        #expect(noEnvelopes.allSatisfy { $0.kind == .runningBalance } && noEnvelopes.count == 3)
        let noBalances = InlayHintProvider.hints(in: analysis, path: "main.tally", range: all, options: InlayHintOptions(runningBalance: false))
        #expect(noBalances.allSatisfy { $0.kind == .envelopeLeft } && noBalances.count == 3)
        #expect(InlayHintProvider.hints(in: analysis, path: "main.tally", range: all, options: InlayHintOptions(envelopeLeft: false, runningBalance: false)).isEmpty)
    }

    @Test func onlyTheRequestedRangeGetsHints() {
        let doc = MarkedDocument(Self.marked)
        let analysis = Fixture.analysis(doc.text)
        let firstLine = ByteRange(start: doc.ranges[3].start, end: doc.cursors[0])
        let hints = InlayHintProvider.hints(in: analysis, path: "main.tally", range: firstLine, options: InlayHintOptions())
        #expect(hints.map(\.label) == ["Essen: 180.00 left", "Giro = 880.00 EUR"])
    }

    @Test func envelopeHintsRunThroughFillsAndMovesOfThePeriod() {
        let doc = MarkedDocument(
            """
            currency EUR
            wallet Giro
            wallet Dollars currency USD
            expense Food, Fun
            envelope Food-box monthly for Food rollover
            envelope Fun-box 50 monthly for Fun
            2026-10-10 Giro Food -10.00
            2026-11-01 fill Food-box 100
            2026-11-02 Giro Food -30.00⟨|⟩
            2026-11-03 move Fun-box -> Food-box 20
            2026-11-04 Giro Food -100.00⟨|⟩
            2026-11-05 rate USD 0.5 EUR
            2026-11-06 Dollars Food -10.00
            2026-11-07 Giro Food -1.00⟨|⟩
            """)
        let analysis = Fixture.analysis(doc.text)
        let hints = InlayHintProvider.hints(
            in: analysis, path: "main.tally", range: ByteRange(start: 0, end: doc.text.utf8.count),
            options: InlayHintOptions(runningBalance: false))
        // October leaves 10 over, carried in: -10 + 100 filled - 30 = 60; + 20 moved - 100 = 20 over.
        // After spending in dollars the period's own figure: 20 over - 5 - 1 = 26 over.
        #expect(hints.map(\.label) == ["Food-box: 10.00 over", "Food-box: 60.00 left", "Food-box: 20.00 over", "Food-box: 26.00 over", "Food-box: 26.00 over"])
        #expect(hints.dropFirst().map(\.offset) == [doc.cursors[0], doc.cursors[1], doc.cursors[2] - "2026-11-07 Giro Food -1.00".utf8.count - 1, doc.cursors[2]])
    }

    @Test func lensesSummariseEnvelopesAndGoals() {
        let doc = MarkedDocument(Self.marked)
        let analysis = Fixture.analysis(doc.text)
        let lenses = CodeLensProvider.lenses(in: analysis, path: "main.tally")
        #expect(lenses.map(\.range) == [doc.ranges[0], doc.ranges[1], doc.ranges[2]])
        #expect(lenses[0].title == "2026-11: 175.00 left of 300.00 EUR · 125.00 spent")
        #expect(lenses[1].title == "2026-11: 5.00 over · 25.00 spent of 20.00 EUR")
        // 1100.00 still needed over seven months.
        #expect(lenses[2].title == "saved 100.00 of 1200.00 EUR (8.3%) · on track · 157.14 EUR a month until 2027-06-01")
    }
}
