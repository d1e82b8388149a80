import TallyCore
import TallySyntax

/// The postings that were not converted, by account: an assertion that counts one would
/// fail in the budget, so it is kept as a comment with them (docs/interop.md, "A budget
/// is always written").
extension BudgetBuilder {
    /// Notes that posting `p` on `date` was not converted (see ``unconverted``).
    mutating func noteUnconverted(_ p: PeerPosting, _ date: CivilDate, _ source: SourceLine) {
        let commodity = p.amount?.commodity
        if let i = unconverted[p.account]?.firstIndex(where: { $0.commodity == commodity }) {
            if date < unconverted[p.account]![i].date { unconverted[p.account]![i] = Unconverted(date: date, source: source, commodity: commodity) }
        } else {
            unconverted[p.account, default: []].append(Unconverted(date: date, source: source, commodity: commodity))
        }
    }

    /// The first posting not converted that an assertion of `account` in `commodity` on
    /// `date` counts (`sameDay`: one of that day too), nil for none. A posting in another
    /// commodity does not count: the peers assert one commodity of an account (`==`, a
    /// nil `commodity`, asserts all).
    func unconvertedPosting(_ account: String, _ commodity: String?, on date: CivilDate, sameDay: Bool) -> Unconverted? {
        let asserted = commodity.map { code($0) ?? $0 }
        return unconverted[account]?.filter { missing in
            guard missing.date < date || (sameDay && missing.date == date) else { return false }
            guard let c = missing.commodity, let commodity else { return true }
            return c == commodity || (code(c) ?? c) == asserted
        }.min { $0.date < $1.date }
    }
}
