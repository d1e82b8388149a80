import TallySyntax

extension BudgetModel {
    /// Where a goal stands at `date`: saved, percent of target, state, and the one
    /// forward-looking figure budgeting apps show, which depends on what the goal sets:
    /// - target and date: the amount still needed each month;
    /// - date only: the total expected by the date at the current pace;
    /// - target only: when the target will be reached at the current pace;
    /// - neither: the total expected at the end of the year at the current pace.
    /// The pace is what was saved since the first contribution, per day.
    public func goalStatus(_ g: Int, at date: CivilDate) -> GoalStatus {
        let goal = goals[g]
        let currency = goal.wallet.map { wallets[$0].currency } ?? defaultCurrency
        let places = decimals(of: currency)
        let saved = saved(towards: g, at: date)
        let percent = goal.target.flatMap { target in
            saved.multiplied(by: Money(units: 100, scale: 0), roundedTo: saved.scale).flatMap { $0.divided(by: target, roundedTo: 1) }
        }
        func text(_ money: Money) -> String { money.text(.exactly(places), currency: currency) }
        let start = goalHistory[g].first?.date
        let elapsed = start.map { max(1, $0.days(until: date)) }
        /// What the current pace adds over `days` more days.
        func projected(_ days: Int) -> Money? {
            guard let elapsed, days >= 0 else { return nil }
            return saved.multiplied(by: Money(units: Int64(days), scale: 0), roundedTo: saved.scale)?.divided(by: elapsed, roundedTo: places)
        }

        let reached = (goal.reached && (goal.reachedOn.map { $0 <= date } ?? true)) || (goal.target.map { !(saved < $0) } ?? false)
        var state: GoalStatus.State = .open
        if reached {
            state = .reached
        } else if let by = goal.by, by < date {
            state = .overdue
        } else if let target = goal.target, let by = goal.by, let start, start < by {
            let expected = target.multiplied(by: Money(units: Int64(start.days(until: date)), scale: 0), roundedTo: target.scale)?
                .divided(by: start.days(until: by), roundedTo: places)
            state = expected.map { saved < $0 ? .behind : .onTrack } ?? .onTrack
        }

        var outlook: String?
        if !reached {
            switch (goal.target, goal.by) {
            case (let target?, let by?):
                if by >= date, let remaining = target.subtracting(saved) {
                    let months = max(1, (by.year - date.year) * 12 + (by.month - date.month) + (by.day > date.day ? 1 : 0))
                    outlook = remaining.divided(by: months, roundedTo: places).map { "\(text($0)) a month until \(by)" }
                }
            case (nil, let by?):
                if by >= date, let more = projected(date.days(until: by)), let total = saved.adding(more) {
                    outlook = "about \(text(total)) by \(by) at the current pace"
                }
            case (let target?, nil):
                if let elapsed, saved.units > 0, let remaining = target.subtracting(saved),
                    let scaled = remaining.multiplied(by: Money(units: Int64(elapsed), scale: 0), roundedTo: remaining.scale),
                    let days = scaled.divided(by: saved, roundedTo: 0), let when = date.adding(days: Int(days.units))
                {
                    outlook = "reached around \(when) at the current pace"
                } else {
                    outlook = "no contributions yet"
                }
            case (nil, nil):
                if let yearEnd = CivilDate(year: date.year, month: 12, day: 31), let more = projected(date.days(until: yearEnd)),
                    let total = saved.adding(more)
                {
                    outlook = "about \(text(total)) by the end of \(date.year) at the current pace"
                }
            }
        }
        return GoalStatus(saved: saved, percent: percent, state: state, outlook: outlook)
    }
}
