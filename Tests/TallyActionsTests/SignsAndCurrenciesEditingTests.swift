import Foundation
import TallyActions
import TallyCore
import TallyFormat
import TallySyntax
import TallyTestSupport
import Testing

/// ``EditEntry`` on entries a form once could not save as they are: a transfer, a `fill`
/// and a `move` written with a negative amount, transfers between currencies (`= AMOUNT`
/// and `@ RATE`), a refund written with its `+`, a purchase paid in another currency, a
/// split whose total has no decimals. A form saved as it was drawn writes nothing and says
/// so; an edit writes exactly the intended line, `tally fmt --check` clean.
@Suite struct SignsAndCurrenciesEditingTests {
    static let text = EditingBudgets.signsAndCurrencies
    static let today = CivilDate(iso: "2026-11-22")!

    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder("signs-currencies-editing")
        path = try folder.write(Self.text, to: "b.tally")
    }

    private func read() throws -> [UInt8] { try DiskFileProvider().read(path) }

    private func isFormatted() throws -> Bool {
        Formatter.format(Parser.parse(SourceText(path: path, bytes: try read()))) == .unchanged
    }

    /// The budget, its model, and the entry on `line` (from 1) as a page shows it.
    private func shown(line: Int) throws -> (reference: EntryReference, index: Int, model: BudgetModel, budget: Budget) {
        let budget = try BudgetLoader().load(path)
        let model = Interpreter.interpret(budget, today: Self.today, reusing: nil).model
        let file = try #require(budget.file(path))
        let lines = LineIndex(file.tree.source)
        let index = try #require(model.entries.firstIndex { lines.line(containing: $0.location.range.start) == line - 1 })
        return (try #require(EntryReference.of(model.entries[index].location, bytes: file.tree.source.bytes, lines: lines)), index, model, budget)
    }

    /// The change the entry's edit form asks for when saved as drawn: a purchase's fields
    /// as the web form sends them (``EditEntry/Fields``), or a movement's.
    private func formAsDrawn(line: Int) throws -> EditEntry.Change {
        let entry = try shown(line: line)
        if let movement = EditEntry.movementFields(of: entry.index, budget: entry.budget, model: entry.model) { return movement.change }
        let fields = try #require(EditEntry.fields(of: entry.index, budget: entry.budget, model: entry.model))
        var request = AddEntry.Request(
            file: path, date: fields.date, parties: .named(payee: fields.payee, wallet: fields.wallet, category: fields.splits.isEmpty ? fields.category : nil),
            amount: fields.amount, note: fields.note.isEmpty ? nil : fields.note, tags: fields.tags, today: Self.today, root: path)
        request.splits = fields.splits
        return .purchase(request)
    }

    private func edit(line: Int, _ change: EditEntry.Change) throws -> EditEntry.Result {
        try EditEntry.perform(.init(root: path, entry: try shown(line: line).reference, change: change, today: Self.today))
    }

    @Test func theBudgetIsFormattedToBeginWith() throws {
        defer { folder.remove() }
        #expect(try isFormatted())
    }

    /// Every entry's form saved as it was drawn writes nothing and says so, whatever its
    /// spelling: negative amounts (12–14), both conversions (15, 16), `+12.50` (17), a
    /// purchase paid in another currency (18), a split total `-25` (19).
    @Test(arguments: 12 ... 19)
    func aFormSavedAsDrawnWritesNothing(line: Int) throws {
        defer { folder.remove() }
        let result = try edit(line: line, try formAsDrawn(line: line))
        #expect(!result.changed, "line \(line): \(result.lines)")
        #expect(result.lines == result.replaced && result.effects.lines.isEmpty && result.effects.undo == nil)
        #expect(try read() == Array(Self.text.utf8))
    }

    /// A bank movement with no category yet, its form saved as drawn (the category left
    /// to "the payee's usual"): nothing is written, where reading the form as a new
    /// purchase would fill in Food from the payee's habits — a guess the person never made.
    @Test func anUncategorisedMovementSavedAsDrawnStaysUncategorised() throws {
        defer { folder.remove() }
        let text = """
            currency EUR
            wallet Checking  bank  opening 100.00
            expense Food

            2026-11-01 "Tesco"  Checking  Food  -5.00
            2026-11-02 "Tesco"  Checking        -7.00
                id: "B-2"

            """
        let other = try folder.write(text, to: "u.tally")
        let budget = try BudgetLoader().load(other)
        let model = Interpreter.interpret(budget, today: Self.today, reusing: nil).model
        let file = try #require(budget.file(other))
        let index = try #require(model.entries.firstIndex { $0.date == CivilDate(iso: "2026-11-02")! })
        let reference = try #require(EntryReference.of(model.entries[index].location, bytes: file.tree.source.bytes, lines: LineIndex(file.tree.source)))
        let fields = try #require(EditEntry.fields(of: index, budget: budget, model: model))
        #expect(fields.category == "" && fields.amount == "-7.00")
        let request = AddEntry.Request(
            file: other, date: fields.date, parties: .named(payee: fields.payee, wallet: fields.wallet, category: ""), amount: fields.amount, today: Self.today,
            root: other)
        let result = try EditEntry.perform(.init(root: other, entry: reference, draft: request))
        #expect(!result.changed && result.lines == ["2026-11-02 \"Tesco\"  Checking        -7.00", "    id: \"B-2\""], "\(result.lines)")
        #expect(try String(contentsOfFile: other, encoding: .utf8) == text)
    }

    /// A refund written `+12.50` in an expense category, its date changed from its form:
    /// it stays money back (`+12.50`), never read as spending by the category's sign; the
    /// form shows the sign (`+12.50`) for that. A split's parts likewise.
    @Test func aRefundEditedStaysARefund() throws {
        defer { folder.remove() }
        guard case .purchase(var request) = try formAsDrawn(line: 17) else { Issue.record("not a purchase"); return }
        #expect(request.amount == "+12.50")
        request.date = "2026-11-09"
        let before = try read()
        let result = try edit(line: 17, .purchase(request))
        #expect(result.lines == ["2026-11-09 \"Shop\"   Checking  Food  +12.50  #refund"], "\(result.lines)")
        #expect(changedLines(before, try read()) == (["2026-11-06 \"Shop\"   Checking  Food  +12.50  #refund"], result.lines))
        #expect(try isFormatted())
    }

    /// The forms show the signs and both sides as the file has them.
    @Test func theFormsShowSignsAndBothSides() throws {
        defer { folder.remove() }
        func fields(_ line: Int) throws -> EditEntry.MovementFields? {
            let entry = try shown(line: line)
            return EditEntry.movementFields(of: entry.index, budget: entry.budget, model: entry.model)
        }
        #expect(try fields(12) == .init(kind: .transfer, date: "2026-11-01", from: "Savings", to: "Checking", amount: "-50.00"))
        #expect(try fields(13) == .init(kind: .fill, date: "2026-11-02", to: "Fun", amount: "-20.00"))
        #expect(try fields(14) == .init(kind: .move, date: "2026-11-03", from: "Food", to: "Fun", amount: "-15.00"))
        #expect(try fields(15) == .init(kind: .transfer, date: "2026-11-04", from: "Checking", to: "Dollars", amount: "100.00", received: "108.00"))
        #expect(try fields(16) == .init(kind: .transfer, date: "2026-11-05", from: "Dollars", to: "Checking", amount: "50.00", rate: "0.92"))
    }

    /// A negative transfer edited on its date alone keeps its sign; a negative fill made
    /// −25.00: exactly its line changes.
    @Test func negativeAmountsEditedKeepTheirSign() throws {
        defer { folder.remove() }
        var before = try read()
        let moved = try edit(line: 12, .transfer(date: "2026-11-02", from: "Savings", to: "Checking", amount: "-50.00", note: ""))
        #expect(moved.changed && moved.lines == ["2026-11-02 transfer Savings -> Checking  -50.00"], "\(moved.lines)")
        #expect(changedLines(before, try read()) == (["2026-11-01 transfer Savings -> Checking  -50.00"], moved.lines))
        #expect(try isFormatted())

        before = try read()
        let filled = try edit(line: 13, .fill(date: "2026-11-02", envelope: "Fun", amount: "-25,00"))
        #expect(filled.lines == ["2026-11-02 fill Fun  -25.00"], "\(filled.lines)")
        #expect(changedLines(before, try read()) == (["2026-11-02 fill Fun  -20.00"], filled.lines))
        #expect(try isFormatted())
        // Fun: 50.00 planned − 25.00 filled back − 15.00 moved out (−15.00 from Food) − 9.20
        // (Diner) − 5.00 (the rest of Tesco's −25 after Food's −20) = −4.20: over.
        #expect(filled.effects.warnings == ["Fun is over for 2026-11: -4.20 left"], "\(filled.effects.warnings)")
    }

    /// Grammar.md §3.11 and §3.12: a negative amount goes the other way. Savings 500.00 −
    /// (−50.00) = 550.00 and Checking 1000.00 + (−50.00) = 950.00 on 2026-11-01. In a budget
    /// with income (ready to assign is kept for those): Fun 50.00 + (−20.00) = 30.00,
    /// ready to assign 1000.00 − 50.00 − 200.00 = 750.00 on 2026-11-01 and 20.00 higher,
    /// 770.00, on 2026-11-02; after `move Food -> Fun -15.00`, Fun 30.00 − 15.00 = 15.00
    /// and Food 200.00 + 15.00 = 215.00 (nothing is spent).
    @Test func negativeAmountsGoTheOtherWay() throws {
        defer { folder.remove() }
        let model = try shown(line: 12).model
        let (checking, savings) = (0, 1)
        let day1 = CivilDate(iso: "2026-11-01")!, day2 = CivilDate(iso: "2026-11-02")!
        #expect(model.balance(of: savings, at: day1) == Money("550.00")!)
        #expect(model.balance(of: checking, at: day1) == Money("950.00")!)

        let small = try folder.write(
            """
            currency EUR
            wallet Checking  bank
            income  Salary
            expense Food, Fun
            envelope Food  200.00  monthly  for Food
            envelope Fun    50.00  monthly  for Fun
            2026-11-01 "Job"  Checking  Salary  1000.00
            2026-11-02 fill Fun  -20.00
            2026-11-03 move Food -> Fun  -15.00

            """, to: "small.tally")
        let envelopes = Interpreter.interpret(try BudgetLoader().load(small), today: Self.today, reusing: nil).model
        #expect(envelopes.readyToAssign(at: day1) == Money("750.00")!, "\(String(describing: envelopes.readyToAssign(at: day1)))")
        #expect(envelopes.readyToAssign(at: day2) == Money("770.00")!)
        let fun = try #require(envelopes.envelopes.firstIndex { $0.name == "Fun" }), food = try #require(envelopes.envelopes.firstIndex { $0.name == "Food" })
        #expect(envelopes.envelopeStatus(fun, at: day2)?.filled == Money("-20.00")!)
        #expect(envelopes.envelopeStatus(fun, at: day2)?.available == Money("15.00")!)
        #expect(envelopes.envelopeStatus(food, at: day2)?.available == Money("215.00")!)
    }

    /// Both sides of a transfer between currencies edited: what arrived (108.00 → 110.00
    /// USD), and the rate (0.92 → 0.95: 50.00 USD × 0.95 = 47.50 EUR reach Checking).
    @Test func bothSidesOfAConversionEdited() throws {
        defer { folder.remove() }
        var before = try read()
        let received = try edit(line: 15, .transfer(date: "2026-11-04", from: "Checking", to: "Dollars", amount: "100", note: "", received: "110"))
        #expect(received.lines == ["2026-11-04 transfer Checking -> Dollars  100.00 = 110.00 USD"], "\(received.lines)")
        #expect(changedLines(before, try read()) == (["2026-11-04 transfer Checking -> Dollars  100.00 = 108.00 USD"], received.lines))
        #expect(try isFormatted())

        before = try read()
        let rated = try edit(line: 16, .transfer(date: "2026-11-05", from: "Dollars", to: "Checking", amount: "50.00", note: "", rate: "0,95"))
        #expect(rated.lines == ["2026-11-05 transfer Dollars -> Checking   50.00 @ 0.95 EUR"], "\(rated.lines)")
        #expect(changedLines(before, try read()) == (["2026-11-05 transfer Dollars -> Checking   50.00 @ 0.92"], rated.lines))
        #expect(try isFormatted())
        let model = try shown(line: 16).model
        let day = CivilDate(iso: "2026-11-05")!
        // Checking: 1000.00 − 50.00 (the negative transfer from Savings) − 100.00 sent +
        // 47.50 received = 897.50.
        #expect(model.balance(of: 0, at: day) == Money("897.50")!, "\(model.balance(of: 0, at: day))")
        // Dollars: 110.00 − 50.00 = 60.00 USD.
        #expect(model.balance(of: 2, at: day) == Money("60.00")!)
    }

    /// What a conversion refuses, writing nothing; and a purchase paid in another
    /// currency has no form (its page says why), its edit refused.
    @Test func refusals() throws {
        defer { folder.remove() }
        let refused: [(Int, EditEntry.Change, String)] = [
            (15, .transfer(date: "2026-11-04", from: "Checking", to: "Dollars", amount: "100", note: ""), "give the amount received (in USD) or the rate"),
            (15, .transfer(date: "2026-11-04", from: "Checking", to: "Dollars", amount: "100", note: "", received: "108", rate: "1.08"), "not both"),
            (15, .transfer(date: "2026-11-04", from: "Checking", to: "Savings", amount: "100", note: "", received: "108"), "both hold EUR"),
            (15, .transfer(date: "2026-11-04", from: "Checking", to: "Dollars", amount: "100", note: "", received: "-108"), "have one sign"),
            (16, .transfer(date: "2026-11-05", from: "Dollars", to: "Checking", amount: "50", note: "", rate: "0"), "not a rate above zero"),
            (12, .transfer(date: "2026-11-01", from: "Savings", to: "Checking", amount: "0", note: ""), "not an amount other than zero"),
            (13, .fill(date: "2026-11-02", envelope: "Fun", amount: "1,234"), "reads two ways")
        ]
        for (line, change, words) in refused {
            #expect {
                try edit(line: line, change)
            } throws: { error in
                (error as? ActionRefusal)?.message().contains(words) ?? false
            }
        }
        var diner = try formAsDrawn(line: 18)
        if case .purchase(var request) = diner {
            request.amount = "-9.50"
            diner = .purchase(request)
        }
        #expect {
            try edit(line: 18, diner)
        } throws: { error in
            (error as? ActionRefusal)?.message().contains("converts a currency") ?? false
        }
        #expect(try read() == Array(Self.text.utf8))

        let entry = try shown(line: 18)
        #expect(EditEntry.noForm(for: entry.index, model: entry.model) == "it was paid in another currency, and the form has the wallet's amount only")
        for line in [12, 13, 14, 15, 16, 17, 19] {
            let other = try shown(line: line)
            #expect(EditEntry.noForm(for: other.index, model: other.model) == nil, "line \(line)")
        }
    }
}
