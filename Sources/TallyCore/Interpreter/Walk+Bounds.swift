import TallySyntax

/// The bound that keeps every total exact.
///
/// Reports add amounts in many ways (per category, per month, per person, converted
/// balances across wallets, envelope periods), and a sum that overflowed 64 bits must
/// never silently drop an addend. Rather than check every addition, the walk checks once
/// that the amounts cannot overflow however they are added: per currency, the sum of the
/// magnitudes of every amount in it (openings, postings, both sides of transfers, fills,
/// moves, contributions, the planned amount of every envelope period) plus what any
/// conversion into it can give (the magnitudes in the other currency times the largest
/// rate stated for the pair, plus one unit of rounding each) stays within 64 bits. Any
/// total is a signed sum of a part of these, so every total fits.
///
/// When the bound is crossed, the entry (or declaration, or the rate whose conversions
/// cross it) gets E0404, the model says so (``BudgetModel/totalsAreExact`` is false), and
/// the report commands refuse to show figures instead of showing wrong ones.
///
/// The sums are kept during the pass that screens the entries (`Walk+Exclusions.swift`),
/// so checking the bound costs no pass of its own.
struct TotalsBound {
    /// The largest magnitude, in units of a currency's smallest decimal, that amounts in
    /// one currency may add up to: what 64 bits hold.
    static let limit = Int64.max

    /// Currencies by number, with their decimals.
    private var numbers: [String: Int] = [:]
    private var places: [Int] = []
    /// Per currency: the sum of magnitudes, and how many amounts (each conversion of one
    /// may round up by a unit).
    private var sums: [Int64] = []
    private var counts: [Int64] = []
    /// Per pair: the largest rate stated, and where.
    private var rates: [String: (base: Int, quote: Int, rate: Money, location: SourceLocation)] = [:]
    private let decimals: (String) -> Int
    let walletCurrency: [Int]
    let goalCurrency: [Int]
    let target: Int
    /// True once the bound is crossed.
    private(set) var crossed = false

    init(_ l: Lowering) {
        decimals = { [decimals = l.decimals] in decimals[$0] ?? BudgetModel.defaultDecimals(of: $0) }
        var numbers: [String: Int] = [:]
        var codes: [String] = []
        func number(_ code: String) -> Int {
            if let n = numbers[code] { return n }
            numbers[code] = codes.count
            codes.append(code)
            return codes.count - 1
        }
        let main = number(l.defaultCurrency)
        target = main
        let wallets = l.wallets.map { number($0.currency) }
        walletCurrency = wallets
        goalCurrency = l.goals.map { goal in goal.wallet.map { wallets[$0] } ?? main }
        self.numbers = numbers
        places = codes.map { l.decimals(of: $0) }
        sums = Array(repeating: 0, count: codes.count)
        counts = Array(repeating: 0, count: codes.count)
    }

    private mutating func number(_ code: String) -> Int {
        if let n = numbers[code] { return n }
        numbers[code] = places.count
        places.append(decimals(code))
        sums.append(0)
        counts.append(0)
        return places.count - 1
    }

    /// Adds `count` times `amount` in currency number `c`; false once the bound is crossed.
    mutating func add(_ amount: Money, _ c: Int, times count: Int64 = 1) -> Bool {
        guard !crossed else { return false }
        let magnitude: UInt64
        if amount.scale == places[c] {
            magnitude = amount.units.magnitude
        } else if let rescaled = amount.rescaled(to: max(places[c], amount.scale)) {
            magnitude = rescaled.units.magnitude
        } else {
            crossed = true
            return false
        }
        let (scaled, o1) = Int64(clamping: magnitude).multipliedReportingOverflow(by: count)
        let (sum, o2) = sums[c].addingReportingOverflow(scaled)
        guard magnitude <= UInt64(TotalsBound.limit), !o1, !o2 else {
            crossed = true
            return false
        }
        sums[c] = sum
        counts[c] &+= count
        return true
    }

    /// What an entry other than a transaction adds (`stored`, its kind); false once the
    /// bound is crossed. Transactions are added posting by posting by the caller, which
    /// reads them in place: copying each entry would retain its strings.
    mutating func add(other stored: Entry.Stored, location: @autoclosure () -> SourceLocation) -> Bool {
        switch stored {
        case .other(.transfer(let from, let to, let sent, let received)):
            return add(sent, walletCurrency[from]) && add(received, walletCurrency[to])
        case .other(.fill(_, let amount)), .other(.move(_, _, let amount)):
            return add(amount, target)
        case .other(.contribution(let goal, let amount)):
            return add(amount, goalCurrency[goal])
        case .other(.rate(let base, let rate, let quote)):
            let magnitude = rate.isNegative ? rate.negated : rate
            let key = base + "/" + quote
            if let known = rates[key], !(known.rate < magnitude) { return true }
            rates[key] = (number(base), number(quote), magnitude, location())
            return true
        default:
            return true
        }
    }

    /// Adds what conversions can give to each currency they convert into, once every
    /// amount is in. Returns the location of the rate whose conversions cross the bound.
    mutating func addConversions() -> SourceLocation? {
        guard !crossed else { return nil }
        var totals = sums
        // In a fixed order, so that the rate reported is always the same one.
        for (_, pair) in rates.sorted(by: { $0.key < $1.key }) {
            let sum = Money(units: sums[pair.base], scale: places[pair.base])
            guard let converted = sum.multiplied(by: pair.rate, roundedTo: places[pair.quote]) else {
                crossed = true
                return pair.location
            }
            let (withRounding, o1) = converted.units.addingReportingOverflow(counts[pair.base])
            let (total, o2) = totals[pair.quote].addingReportingOverflow(withRounding)
            guard !o1, !o2 else {
                crossed = true
                return pair.location
            }
            totals[pair.quote] = total
        }
        return nil
    }
}

extension Walk {
    /// E0404 where the bound of ``TotalsBound`` was crossed.
    mutating func reportTotalsTooLarge(at location: SourceLocation, rate: Bool = false) {
        report(
            .numericOverflow,
            rate
                ? "converted at this rate, the budget's amounts add up to more than Tally can total exactly, so reports cannot show exact figures"
                : "amounts up to here add up to more than Tally can total exactly, so reports cannot show exact figures",
            location, help: rate ? "the rate, or an amount, is probably mistyped" : "an amount is probably mistyped (too many digits)")
    }
}
