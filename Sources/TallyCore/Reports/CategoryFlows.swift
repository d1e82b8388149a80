import TallySyntax

/// Income and spending by category, in the default currency: one record per posting of
/// a transaction in a wallet that is not hidden, in date order. Built once (one pass over
/// the entries); range queries then find their slice by binary search, so a report over
/// a month does not rescan the whole budget. Transfers are never income or expense and
/// do not appear.
public struct CategoryFlows: Sendable {
    /// One posting, converted.
    public struct Flow: Sendable {
        /// Index into ``BudgetModel/entries``.
        public let entry: Int
        public let date: CivilDate
        /// Index into ``BudgetModel/categories``.
        public let category: Int
        /// In the default currency: negative for spending, positive for income (a refund
        /// in an expense category is positive too, and reduces that category's spending).
        public let amount: Money
    }

    /// One posting left out of ``flows`` for want of a rate, in its wallet's currency.
    public struct UnconvertedFlow: Sendable {
        /// Index into ``BudgetModel/entries``.
        public let entry: Int
        public let date: CivilDate
        /// Index into ``BudgetModel/categories``.
        public let category: Int
        /// The wallet's currency.
        public let currency: String
        /// As booked: negative for spending, positive for income and refunds.
        public let amount: Money
    }

    /// Every counted posting, in date order.
    public let flows: [Flow]
    /// Every posting that passed the filter but had no rate, in date order.
    public let unconverted: [UnconvertedFlow]
    /// Currencies that had no rate to the default currency, with the first date needed.
    public let missingRates: [MissingRate]
    /// Postings left out for a missing rate, by entry index.
    public let uncounted: Set<Int>
    /// The decimals a sum of ``flows`` is rounded to once, when they are valued
    /// unrounded (`forSums` under a market valuation); nil when each is rounded already.
    public let sumDecimals: Int?

    /// Reads the model's transactions, keeping those that pass `filter` (its wallets,
    /// categories, tags, payee and income/expense types; the range is left to queries).
    /// With `forSums`, a market valuation keeps each flow's value unrounded (six more
    /// decimals) for a report that rounds each sum once (``ExchangeRates/toDefaultForSum(_:from:at:)``).
    public init(_ model: BudgetModel, rates: ExchangeRates, filter: EntryFilter = EntryFilter(), forSums: Bool = false) {
        let payee = filter.payee.map(SearchText.folded)
        var folded = FoldedTexts()
        let categoryMatch: [Bool] = model.categories.map { category in
            (filter.categories.isEmpty || filter.categories.contains { category.isWithin($0) })
                && (filter.types.isEmpty || filter.types.contains(category.isIncome ? .income : .expense))
        }
        var flows: [Flow] = []
        flows.reserveCapacity(model.entries.count)
        var missing: [MissingRate] = []
        var uncounted = Set<Int>()
        var unconverted: [UnconvertedFlow] = []
        for (index, entry) in model.entries.enumerated() {
            guard case .transaction(let wallet, _, let postings) = entry.kind, !model.wallets[wallet].hidden else { continue }
            if !filter.wallets.isEmpty, !filter.wallets.contains(wallet) { continue }
            if !filter.tags.isEmpty, !entry.tags.contains(where: filter.tags.contains) { continue }
            if let payee, !folded.contains(entry.payee, folded: payee) { continue }
            let currency = model.wallets[wallet].currency
            for posting in postings where categoryMatch[posting.category] {
                if let query = filter.query,
                    !query(EntryLine(entry: entry, wallet: wallet, category: posting.category, counterpart: nil, amount: posting.amount))
                {
                    continue
                }
                let converted =
                    forSums
                    ? rates.toDefaultForSum(posting.amount, from: currency, at: entry.date) : rates.toDefault(posting.amount, from: currency, at: entry.date)
                guard let value = converted else {
                    MissingRate.merge(&missing, MissingRate(currency: currency, date: entry.date))
                    uncounted.insert(index)
                    unconverted.append(
                        UnconvertedFlow(
                            entry: index, date: entry.date, category: posting.category,
                            currency: currency, amount: posting.amount))
                    continue
                }
                flows.append(Flow(entry: index, date: entry.date, category: posting.category, amount: value))
            }
        }
        self.flows = flows
        self.missingRates = missing.sorted()
        self.uncounted = uncounted
        self.unconverted = unconverted
        sumDecimals = forSums && rates.chains ? model.decimals(of: rates.target) : nil
    }

    /// A sum of flows as a report shows it: rounded once to ``sumDecimals``, if any.
    public func rounded(_ sum: Money) -> Money {
        sumDecimals.map { sum.rounded(toPlaces: $0) } ?? sum
    }

    /// The flows dated within `range`.
    public func slice(_ range: ClosedRange<CivilDate>) -> ArraySlice<Flow> {
        flows[firstIndex(onOrAfter: range.lowerBound) ..< firstIndex(after: range.upperBound)]
    }

    /// Missing rates first needed within `range`.
    public func missingRates(in range: ClosedRange<CivilDate>, model: BudgetModel, rates: ExchangeRates) -> [MissingRate] {
        missingRates.filter { $0.date <= range.upperBound }.compactMap { item in
            // The first missing date may lie before the range while the range itself converts fine.
            item.date >= range.lowerBound ? item : firstMissing(item.currency, in: range, model: model, rates: rates)
        }
    }

    private func firstMissing(_ currency: String, in range: ClosedRange<CivilDate>, model: BudgetModel, rates: ExchangeRates) -> MissingRate? {
        for index in uncounted.sorted() where range.contains(model.entries[index].date) {
            if case .transaction(let wallet, _, _) = model.entries[index].kind, model.wallets[wallet].currency == currency {
                return MissingRate(currency: currency, date: model.entries[index].date)
            }
        }
        return nil
    }

    private func firstIndex(onOrAfter date: CivilDate) -> Int {
        var low = 0, high = flows.count
        while low < high {
            let mid = (low + high) / 2
            if flows[mid].date < date { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private func firstIndex(after date: CivilDate) -> Int {
        var low = 0, high = flows.count
        while low < high {
            let mid = (low + high) / 2
            if flows[mid].date <= date { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
