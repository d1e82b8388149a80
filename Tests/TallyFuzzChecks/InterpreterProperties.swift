import TallyCore
import TallySyntax

/// What loading and interpreting promise for any bytes: no crash, trap or hang; every
/// diagnostic points inside the file it names; interpreting again after an edit, reusing
/// the previous lowering, gives what a fresh run gives; and every report query on
/// `BudgetModel` (`Sources/TallyCore/Reports/`, and the model's own look-ups) answers.
///
/// The input may hold several files: a line `%%% NAME` starts the file `NAME`, so the
/// fuzzer can reach includes, cycles and duplicates (`Fuzz/Seeds/interpreter/` has one).
/// Everything before the first such line is `main.tally`, the root.
enum InterpreterProperties {
    /// The fixed "today" of every run, so that a kept input replays the same.
    static let today = CivilDate(year: 2026, month: 11, day: 22)!

    static func check(_ bytes: [UInt8]) -> String? {
        let files = split(bytes)
        let budget: Budget
        do { budget = try BudgetLoader(provider: provider(files)).load("main.tally") } catch {
            return "the root could not be loaded from memory: \(error)"
        }
        let (model, diagnostics, _) = Interpreter.interpret(budget, today: today, reusing: nil)
        for d in budget.diagnostics + diagnostics {
            guard let file = budget.file(d.file) else { continue }  // e.g. an include that is missing
            if d.range.start > d.range.end || d.range.end > file.tree.source.bytes.count {
                return "\(d.code) \(d.range) lies outside \(d.file) (\(file.tree.source.bytes.count) bytes): \(d.message)"
            }
        }
        if let problem = reuse(files, budget: budget, model: model, diagnostics: diagnostics) { return problem }
        queryEverything(model)
        return nil
    }

    /// The files of an input: `main.tally`, then one per `%%% NAME` line.
    static func split(_ bytes: [UInt8]) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        var name = "main.tally"
        var current: [UInt8] = []
        var i = 0
        let marker = Array("%%% ".utf8)
        while i < bytes.count {
            let lineEnd = bytes[i...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            if bytes[i ..< lineEnd].starts(with: marker) {
                if files[name] == nil { files[name] = current }
                name = String(decoding: bytes[i + marker.count ..< lineEnd], as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                current = []
            } else {
                current.append(contentsOf: bytes[i ..< lineEnd])
            }
            i = lineEnd
        }
        if files[name] == nil { files[name] = current }
        if files["main.tally"] == nil { files["main.tally"] = [] }
        return files
    }

    static func provider(_ files: [String: [UInt8]]) -> InMemoryFileProvider {
        var provider = InMemoryFileProvider([:])
        provider.files = files
        return provider
    }

    /// Interprets an edited root first, then this input reusing that lowering (as the
    /// language server does after an edit), and compares with the fresh run.
    static func reuse(_ files: [String: [UInt8]], budget: Budget, model: BudgetModel, diagnostics: [Diagnostic]) -> String? {
        var state = FuzzSupport.hash(files["main.tally"] ?? [])
        var oldFiles = files
        oldFiles["main.tally"] = ParserProperties.edited(files["main.tally"] ?? [], &state)
        guard let oldBudget = try? BudgetLoader(provider: provider(oldFiles)).load("main.tally"),
            let newBudget = try? BudgetLoader(provider: provider(files), reusing: oldBudget).load("main.tally")
        else {
            return "an edited budget could not be loaded from memory"
        }
        let old = Interpreter.interpret(oldBudget, today: today, reusing: nil)
        let again = Interpreter.interpret(newBudget, today: today, reusing: old.lowered)
        if again.diagnostics != diagnostics {
            return "interpreting after an edit gives other diagnostics than afresh: \(again.diagnostics.map { "\($0.code)\($0.range)" }) instead of \(diagnostics.map { "\($0.code)\($0.range)" })"
        }
        if again.model.entries.count != model.entries.count { return "interpreting after an edit gives \(again.model.entries.count) entries instead of \(model.entries.count)" }
        for w in model.wallets.indices where again.model.balance(of: w, at: today) != model.balance(of: w, at: today) {
            return "interpreting after an edit gives wallet \(w) another balance"
        }
        return nil
    }

    /// Asks every query a report, the HTML page or the language server asks. Answers are
    /// not checked against each other here (the unit tests do that on known budgets); the
    /// point is that none traps, overflows or hangs on whatever the model holds.
    static func queryEverything(_ model: BudgetModel) {
        let today = model.today
        let yearStart = CivilDate(year: today.year, month: 1, day: 1)!
        let yearEnd = CivilDate(year: today.year, month: 12, day: 31)!
        let monthStart = CivilDate(year: today.year, month: today.month, day: 1)!
        let soon = today.adding(days: 90) ?? today
        var ranges = [yearStart ... yearEnd, monthStart ... today, today ... today]
        if let first = model.entries.map(\.date).min(), let last = model.entries.map(\.date).max() {
            ranges.append(first ... last)
        }

        let rates = ExchangeRates(model)
        for wallet in model.wallets { _ = rates.toDefault(Money.zero, from: wallet.currency, at: today) }
        var filter = EntryFilter()
        let flows = CategoryFlows(model, rates: rates, filter: filter)
        for range in ranges {
            _ = flows.slice(range)
            _ = flows.missingRates(in: range, model: model, rates: rates)
            _ = flows.totals(range, model: model)
            _ = flows.byCategory(range)
            _ = flows.spendingByPerson(range, model: model)
            for depth in [nil, 1, 2] as [Int?] { _ = model.categoryShares(range, flows: flows, depth: depth) }
            for depth in [1, 2] { _ = flows.byCategory(range, mappedBy: model.ancestors(depth: depth)) }
        }
        for granularity in Granularity.allCases { _ = flows.series(yearStart ... yearEnd, by: granularity, model: model) }
        for depth in [nil, 1] as [Int?] { _ = model.monthlyReport(month: monthStart, flows: flows, rates: rates, depth: depth) }
        _ = model.readyToAssign(at: today)
        let sheet = model.balanceSheet(at: today, rates: rates)
        _ = sheet.byOwner(model)
        _ = NameUses(model: model)

        for sort in RegisterSort.allCases {
            for descending in [false, true] { _ = model.register(filter, sort: sort, descending: descending) }
        }
        filter.range = yearStart ... yearEnd
        filter.wallets = Set(model.wallets.indices.prefix(2))
        filter.categories = model.categories.prefix(2).map(\.name)
        filter.tags = model.entries.lazy.flatMap(\.tags).prefix(1).map { $0 }
        filter.payee = "a"
        filter.types = [.expense, .transfer]
        filter.search = "e"
        _ = model.register(filter)
        _ = CategoryFlows(model, rates: rates, filter: filter).totals(yearStart ... yearEnd, model: model)

        _ = model.dueOccurrences(through: soon)
        _ = model.forecast(until: soon)
        _ = model.unrecordedOccurrences(through: today)
        for r in model.rules.indices {
            _ = model.effect(of: r)
            _ = model.occurrences(of: r, in: monthStart ... soon)
        }
        for w in model.wallets.indices {
            _ = model.decimals(of: model.wallets[w].currency)
            for date in [yearStart, today, soon] { _ = model.balance(of: w, at: date) }
            for e in model.entries.indices.prefix(64) {
                _ = model.balance(of: w, afterEntry: e)
                _ = model.balance(of: w, rightAfter: e)
            }
        }
        for e in model.envelopes.indices {
            _ = model.envelopeStatus(e, at: today)
            _ = model.envelopeHistory(e)
            _ = model.envelopePeriod(e, containing: yearStart)
            _ = model.envelopeDays(e, at: today, rates: rates)
        }
        for c in model.categories.indices {
            _ = model.envelopes(covering: c, from: nil)
            if !model.wallets.isEmpty { _ = model.envelopes(covering: c, from: 0) }
        }
        for g in model.goals.indices {
            _ = model.goalStatus(g, at: today)
            _ = model.saved(towards: g, at: today)
            _ = model.periodicGoalStatus(g, at: today)
        }
    }
}
