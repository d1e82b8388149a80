import TallySyntax
#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Gives a budget its meaning: lowers the syntax into the model, walks the entries in
/// date order to compute balances, envelope periods, goal progress and recurring
/// occurrences, and reports every problem a budgeting app would notify about.
public enum Interpreter {
    /// Interprets `budget` as of `today`. The returned diagnostics are the model's and the
    /// checks'; the budget's own (syntax, includes) are not repeated.
    public static func run(_ budget: Budget, today: CivilDate) -> (model: BudgetModel, diagnostics: [Diagnostic]) {
        let result = interpret(budget, today: today, reusing: nil)
        return (result.model, result.diagnostics)
    }

    /// Interprets `budget` as ``run(_:today:)`` does, and lets go of its syntax trees as
    /// soon as its entries are lowered: for a caller that needs nothing of the trees
    /// afterwards (a one-shot check), and keeps no other reference to them. Neither the
    /// join of a large budget's two halves of entries (`Lowering+Concurrent.swift`) nor
    /// the walk's tables are then held together with the trees, which are larger than
    /// the text, and the trees' arrays are freed, not kept for the next tree
    /// (``SyntaxTree/releaseRetiredArrays()``). While its entries are lowered, the trees'
    /// memory is given back as it is read (``SyntaxTree/discardStorage(nodes:tokens:pageSize:giveBack:)``):
    /// a tree of `budget` held elsewhere must not be read afterwards. The model and
    /// diagnostics are the same.
    public static func run(releasing budget: consuming Budget, today: CivilDate) -> (model: BudgetModel, diagnostics: [Diagnostic]) {
        run(releasing: consume budget, today: today, discardingEvery: Lowering().discardStep)
    }

    /// ``run(releasing:today:)``, giving the trees' memory back every `step` nodes read;
    /// tests give it back often, so that a read of what was given back would show.
    static func run(releasing budget: consuming Budget, today: CivilDate, discardingEvery step: Int)
        -> (model: BudgetModel, diagnostics: [Diagnostic])
    {
        var lowering = Lowering()
        lowering.discardsTrees = true
        lowering.discardStep = step
        lowering.lowerDeclarations(budget)
        var later = lowering.lowerEntriesLeavingJoin(budget)
        _ = consume budget
        SyntaxTree.releaseRetiredArrays()
        lowering.discardsTrees = false
        // Taken out, so that no other reference keeps the part's entries through the walk.
        if let part = later.take() {
            lowering.join(part)
            // The part's blocks were freed into its thread's heap, where the walk, on this
            // thread, would not reuse them: their pages go back now.
            FreedMemory.release()
        }
        var walk = Walk(lowering: consume lowering, today: today)
        walk.keepsAllEntries = false
        walk.run()
        return (walk.model(), walk.diagnostics)
    }

    /// Interprets `budget` as ``run(_:today:)`` does, reusing `previous`, the lowering of
    /// an earlier version of the same budget, for the entries an edit did not touch (see
    /// `Lowering+Reuse.swift`). Returns this run's lowering too, for the next edit. The
    /// model and diagnostics are the same as without `previous`.
    ///
    /// `previous` is consumed, so that the old trees and entries can go before the walk
    /// allocates the new model's tables.
    public static func interpret(_ budget: Budget, today: CivilDate, reusing previous: consuming LoweredBudget?)
        -> (model: BudgetModel, diagnostics: [Diagnostic], lowered: LoweredBudget)
    {
        let declarations: Lowering
        let lowering: Lowering
        if let old = previous.take(), let reused = Lowering.reusing(old, for: budget) {
            (declarations, lowering) = reused
        } else {
            var fresh = Lowering()
            fresh.lowerDeclarations(budget)
            declarations = fresh
            fresh.lowerAllEntries(budget)
            lowering = fresh
        }
        var walk = Walk(lowering: lowering, today: today)
        var result = lowering
        result.entries = []  // kept once, as the model's (see `LoweredBudget`)
        walk.run()
        let model = walk.model()
        let lowered = LoweredBudget(
            budget: budget, declarations: declarations, result: result, entries: walk.allEntries,
            entriesInReadingOrder: walk.entriesWereInReadingOrder)
        return (model, walk.diagnostics, lowered)
    }

    /// Today's date: `TALLY_TODAY` (YYYY-MM-DD) when set, else the local calendar date;
    /// nil when `TALLY_TODAY` is set but not a date (the front ends say so and stop).
    public static func today(environment: [String: String] = ProcessInfo.processInfo.environment) -> CivilDate? {
        if let pinned = environment["TALLY_TODAY"], !pinned.isEmpty { return CivilDate(iso: pinned) }
        return systemToday()
    }

    /// Today's date as ``today(environment:)`` gives it, or the local calendar date when
    /// `TALLY_TODAY` is not a date: for the long-running front ends (the language server,
    /// `tally serve`), which checked the variable when they started and ask again on
    /// every request, so that a day that passes while they run is seen.
    public static func todayOrSystemDate(environment: [String: String] = ProcessInfo.processInfo.environment) -> CivilDate {
        today(environment: environment) ?? systemToday()
    }

    /// The local calendar date, from the C library's local time (`TZ`, else the system's
    /// zone): `Calendar.current` costs a start of `tally check` its ICU calendar, and
    /// without ICU (`FoundationEssentials` alone) would give the date in UTC.
    private static func systemToday() -> CivilDate {
        var now = time(nil)
        var local = tm()
        guard localtime_r(&now, &local) != nil,
            let date = CivilDate(year: Int(local.tm_year) + 1900, month: Int(local.tm_mon) + 1, day: Int(local.tm_mday))
        else { return CivilDate(year: 1970, month: 1, day: 1)! }
        return date
    }
}

/// The state of one interpretation run.
struct Walk {
    var l: Lowering
    let today: CivilDate
    var diagnostics: [Diagnostic]
    var entries: [Entry] = []
    /// Every lowered entry in date order, those left out by ``screenEntries()`` too: what
    /// the next lowering starts from. The same array as `entries` when none is left out.
    var allEntries: [Entry] = []
    /// False when nothing reads ``allEntries`` (a one-shot check): the entries left out
    /// are then taken out of `entries` in place, rather than into a copy of the rest.
    var keepsAllEntries = true
    var history: [[(entry: Int, balance: Money)]]
    var balances: [Money]
    /// Per `BASE/QUOTE`: the stated rates in date order, gathered by ``screenEntries()``.
    var rates: [String: [(date: CivilDate, rate: Money)]] = [:]
    var periods: [[EnvelopeStatus]]
    var goalHistory: [[(date: CivilDate, saved: Money)]]
    /// Each change to what a goal has saved, in entry order (``tallyGoals()``).
    var goalChanges: [GoalChange] = []
    /// Per goal: the wallet that holds its money, if any (``tallyGoals()``).
    var goalWallets: [Int?] = []
    /// Per goal: whether its money is assigned money of the budget's wallets (``goalIsInBudget(_:)``).
    var goalsInBudget: [Bool] = []
    /// Ready to assign at the end of each day that changed it (empty for budgets that
    /// assign no income).
    var readyToAssign: [(date: CivilDate, total: Money)] = []
    /// Card debt no money holds on each card at the end of each day that changed it
    /// (`Walk+CardDebt.swift`); empty without overspending on cards.
    var uncoveredCardDebt: [(date: CivilDate, card: Int, total: Money)] = []
    /// Per envelope: the first and last day of its periods (nil when it has none).
    var envelopeSpans: [ClosedRange<CivilDate>?] = []
    /// Per wallet: the balance it may not go below (nil for loans), read once.
    var floors: [Money?] = []
    /// Entries whose conversion failed, so each is reported once.
    var conversionReported = Set<Int>()
    /// True when the entries were lowered in date order already, so that `entries` are
    /// the lowering's array itself.
    var entriesWereInReadingOrder = false
    /// False when the budget's amounts could make a total overflow (see `Walk+Bounds.swift`).
    var totalsAreExact = true
    /// The number of entries from which the checks run in two lanes at once (see
    /// `Walk+Lanes.swift`).
    var lanesThreshold = Walk.concurrentLanesThreshold

    init(lowering: Lowering, today: CivilDate) {
        l = lowering
        self.today = today
        diagnostics = lowering.diagnostics
        history = Array(repeating: [], count: lowering.wallets.count)
        balances = lowering.wallets.map(\.opening)
        periods = Array(repeating: [], count: lowering.envelopes.count)
        goalHistory = Array(repeating: [], count: lowering.goals.count)
    }

    func model() -> BudgetModel {
        BudgetModel(
            defaultCurrency: l.defaultCurrency, weekStart: l.weekStart, today: today, wallets: l.wallets,
            categories: l.categories, envelopes: l.envelopes, goals: l.goals, rules: l.rules, entries: entries,
            walletHistory: history, envelopePeriods: periods, goalHistory: goalHistory, goalsInBudget: goalsInBudget,
            readyToAssignDays: readyToAssign, uncoveredCardDebtDays: uncoveredCardDebt, decimals: l.decimals,
            payeeRules: l.payeeRules, importProfiles: l.importProfiles, matchRules: l.matchRules,
            totalsAreExact: totalsAreExact)
    }

    mutating func report(
        _ code: DiagnosticCode, _ message: String, _ location: SourceLocation,
        help: String? = nil, notes: [DiagnosticNote] = [], severity: Severity? = nil
    ) {
        diagnostics.append(
            Diagnostic(
                code, message, file: location.file, range: location.range,
                severity: severity, notes: notes, help: help))
    }

    /// An amount with its currency's decimals, and its code unless `code` is false.
    func format(_ money: Money, _ currency: String, code: Bool = true) -> String {
        money.text(.atLeast(l.decimals(of: currency)), currency: currency, code: code)
    }

    mutating func run() {
        entries = Walk.dateOrdered(l.entries)
        entriesWereInReadingOrder = entries.withUnsafeBufferPointer { $0.baseAddress } == l.entries.withUnsafeBufferPointer { $0.baseAddress }
        l.entries = []
        screenEntries()
        runLanes(concurrently: entries.count >= lanesThreshold)
    }

    /// `entries` by date, file order within a day, assertions last in a day.
    ///
    /// Entries are large, and a file is usually written in date order: the order is
    /// decided on small integer keys, and entries move only when some are out of place.
    static func dateOrdered(_ entries: [Entry]) -> [Entry] {
        // Date, then assertion or not, then reading order, packed so that integer order
        // is entry order: 23 bits of date, 1 bit, 40 bits of reading order.
        func key(_ i: Int) -> UInt64 {
            let date = UInt64(entries[i].date.year << 9 | entries[i].date.month << 5 | entries[i].date.day)
            let isAssertion: UInt64 = entries[i].isAssertion ? 1 : 0
            return date << 41 | isAssertion << 40 | UInt64(truncatingIfNeeded: entries[i].order) & 0xFF_FFFF_FFFF
        }
        // Most budgets are in order: that is checked without an array of keys.
        var sorted = true
        var previous: UInt64 = 0
        for i in entries.indices {
            let k = key(i)
            if i > 0 && previous > k {
                sorted = false
                break
            }
            previous = k
        }
        if sorted { return entries }
        let keys = entries.indices.map(key)
        return keys.indices.sorted { keys[$0] < keys[$1] }.map { entries[$0] }
    }

    // MARK: Conversion

    /// `amount` in `currency` expressed in the default currency at `date`, with the latest
    /// rate on or before it. Reports a missing rate on entry `entry` once.
    mutating func convert(_ amount: Money, from currency: String, at date: CivilDate, entry: Int, location: SourceLocation) -> Money? {
        convert(amount, from: currency, to: l.defaultCurrency, at: date, entry: entry, location: location)
    }

    /// `amount` in `currency` expressed in `target` at `date`, with the latest rate stated
    /// for that pair on or before it (never an inverse or a cross rate, which would be a
    /// guess). Reports a missing rate on entry `entry` once.
    mutating func convert(
        _ amount: Money, from currency: String, to target: String, at date: CivilDate, entry: Int,
        location: SourceLocation
    ) -> Money? {
        if currency == target || currency.isEmpty || target.isEmpty { return amount }
        if let table = rates[currency + "/" + target] {
            // Rates are recorded in date order: the latest on or before `date` is found by
            // bisection, since every converted posting asks.
            var low = 0
            var high = table.count
            while low < high {
                let mid = (low + high) / 2
                if table[mid].date <= date { low = mid + 1 } else { high = mid }
            }
            if low > 0 { return amount.multiplied(by: table[low - 1].rate, roundedTo: l.decimals(of: target)) }
        }
        if conversionReported.insert(entry).inserted {
            report(
                .missingRate, "no rate from \(currency) to \(target) on or before \(date), so this amount cannot be counted in \(target)",
                location, help: "add a line such as `\(date) rate \(currency) 0.92 \(target)` before it")
        }
        return nil
    }

    // MARK: Balances and entry checks

    mutating func walkLedger() {
        // Likely duplicates share a date, and entries come in date order: look each
        // transaction up among those of its own day only.
        var sameDay = SameDayIndex()
        var day: CivilDate?
        floors = l.wallets.map { $0.kind == .credit ? $0.limit?.negated : ($0.kind == .loan ? nil : Money.zero) }
        // A local copy of the array (not of its entries): the loop reads fields in place
        // while reporting changes `self`.
        let entries = self.entries
        // Histories are sized up front: grown by doubling, a million bookings would be
        // copied about twice over, into freshly zeroed pages each time. The lowering
        // counted every time a wallet was named, which every booking does (so did a few
        // declarations and assertions): a bound without a pass over the entries.
        for wallet in history.indices where l.walletSeen.indices.contains(wallet) {
            history[wallet].reserveCapacity(l.walletSeen[wallet])
        }
        for index in entries.indices {
            let date = entries[index].date
            if date > today && !recordsOccurrence(entries[index]) {
                report(
                    .futureDated, "this entry is dated \(date), after today (\(today))", entries[index].location,
                    help: "a future date is usually a typo; plan future money with recurring entries")
            }
            if let (wallet, amount) = entries[index].transaction {
                if !entries[index].hasBankID, entries[index].payee != nil {
                    if day != date {
                        day = date
                        sameDay.removeAll()
                    }
                    if let first = sameDay.firstOrInsert(
                        wallet: wallet, amount: amount, entry: index, samePayee: { entries[$0].payee == entries[index].payee })
                    {
                        let other = entries[first].location
                        report(
                            .likelyDuplicate, "this looks like the same transaction entered twice: same date, wallet, amount and payee",
                            entries[index].location, help: "remove one, or give each its bank `id:` if both really happened",
                            notes: [DiagnosticNote(file: other.file, range: other.range, message: "the other one")])
                    }
                }
                book(wallet, amount, entry: index)
                continue
            }
            // Transactions are handled above, without making their postings.
            switch entries[index].kind {
            case .transfer(let from, let to, let sent, let received):
                book(from, sent.negated, entry: index)
                book(to, received, entry: index)
            case .assertion(let wallet, let amount):
                let actual = balances[wallet]
                if actual != amount {
                    let currency = l.wallets[wallet].currency
                    let difference = actual.subtracting(amount).map { format($0, currency) } ?? "?"
                    report(
                        .failedAssertion,
                        "\(l.wallets[wallet].name) holds \(format(actual, currency)) at the end of \(date), not \(format(amount, currency)) (a difference of \(difference))",
                        entries[index].location, help: "a transaction is missing or mistyped since the last assertion that held")
                }
            default:
                break
            }
        }
    }

    /// True when `entry` names a recurring rule (`rule NAME` or `skip NAME`), is dated
    /// in the window of one of its occurrences, from a week before it to a week before the
    /// next (as ``checkRecurring()`` matches), and at most a year after today: recording or
    /// skipping a planned occurrence ahead is deliberate, not a typo, so such an entry is
    /// not future-dated (W0511). Further ahead, a mistyped year is the likelier story.
    func recordsOccurrence(_ entry: Entry) -> Bool {
        guard let r = entry.rule, let limit = entry.date.adding(days: 7),
            let yearAhead = today.adding(years: 1), entry.date <= yearAhead
        else { return false }
        let rule = l.rules[r]
        let occurrences = rule.occurrences(through: limit)
        guard let k = occurrences.indices.last else { return false }
        let occurrence = occurrences[k]
        guard let next = rule.occurrence(k + 1) else { return true }
        let windowEnd = max(occurrence.adding(days: 1) ?? occurrence, next.adding(days: -7) ?? next)
        return entry.date < windowEnd
    }

    mutating func book(_ wallet: Int, _ amount: Money, entry: Int) {
        let before = balances[wallet]
        guard let after = before.adding(amount) else {
            // Past the bound, E0404 has been reported where the amounts crossed it.
            guard totalsAreExact else { return }
            report(.numericOverflow, "the balance of \(l.wallets[wallet].name) becomes too large to compute exactly", entries[entry].location)
            return
        }
        balances[wallet] = after
        history[wallet].append((entry, after))
        guard let floor = floors[wallet], after < floor, !(before < floor) else { return }
        let w = l.wallets[wallet]
        if w.kind == .credit {
            let over = floor.subtracting(after).map { format($0, w.currency) } ?? "?"
            report(
                .walletBelowZero, "\(w.name) goes \(over) beyond its limit of \(format(w.limit ?? .zero, w.currency)) with this entry (balance \(format(after, w.currency)))",
                entries[entry].location)
        } else {
            report(
                .walletBelowZero, "\(w.name) goes below zero with this entry: its balance is \(format(after, w.currency))",
                entries[entry].location, help: "money is missing from this wallet: a transfer in, or an income, may not be recorded yet")
        }
    }
}
