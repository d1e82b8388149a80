import TallyCore
import TallySyntax

/// The forecast in each format: each shown wallet today, at the end and at its lowest,
/// the total in the default currency, and the projected movements.
extension ForecastCommand {
    /// What the forecast shows: the projection up to `until`, the wallets shown and their
    /// movements, and the totals (nil without a rate).
    struct Projection {
        let forecast: Forecast
        let until: CivilDate
        let shown: [Int]
        let events: [ForecastEvent]
        let totalToday: Money?
        let totalProjected: Money?
    }

    /// The forecast as one JSON document.
    static func json(_ projection: Projection, context: ReportContext) -> String {
        let model = context.model
        let forecast = projection.forecast, until = projection.until, shown = projection.shown, events = projection.events
        let totalToday = projection.totalToday, totalProjected = projection.totalProjected
        func ruleName(_ r: Int) -> String { model.rules[r].name ?? "(unnamed)" }
        func currency(_ w: Int) -> String { model.wallets[w].currency }
        return JSONValue.object([
            ("from", .string(context.today.description)), ("until", .string(until.description)),
            ("wallets", .array(shown.map { w in
                .object([("name", .string(model.wallets[w].name)), ("currency", .string(currency(w))),
                         ("today", .string(context.plain(forecast.opening[w], currency(w)))),
                         ("projected", .string(context.plain(forecast.projected[w], currency(w)))),
                         ("lowest", .string(context.plain(forecast.lowest[w].balance, currency(w)))),
                         ("lowestOn", .string(forecast.lowest[w].date.description))])
            })),
            ("total", .object([("currency", .string(context.currency)), ("today", .optional(totalToday.map(context.inDefault))),
                               ("projected", .optional(totalProjected.map(context.inDefault)))])),
            ("events", .array(events.map { e in
                .object([("date", .string(e.date.description)), ("rule", .optional(model.rules[e.rule].name)), ("wallet", .string(model.wallets[e.wallet].name)),
                         ("amount", .string(context.plain(e.amount, currency(e.wallet)))), ("currency", .string(currency(e.wallet))),
                         ("balance", .string(context.plain(e.balance, currency(e.wallet))))])
            })),
        ]).rendered()
    }

    /// The projected movements as CSV.
    static func csv(_ projection: Projection, context: ReportContext) -> CSVTable {
        let model = context.model, events = projection.events
        func ruleName(_ r: Int) -> String { model.rules[r].name ?? "(unnamed)" }
        func currency(_ w: Int) -> String { model.wallets[w].currency }
        var csv = CSVTable(["date", "rule", "wallet", "amount", "currency", "balance"])
        for e in events {
            csv.add([e.date.description, ruleName(e.rule), model.wallets[e.wallet].name, context.plain(e.amount, currency(e.wallet)),
                     currency(e.wallet), context.plain(e.balance, currency(e.wallet))])
        }
        return csv
    }

    /// The forecast as text tables, with the movements under `--events`.
    static func text(_ projection: Projection, context: ReportContext) -> String {
        let model = context.model
        let forecast = projection.forecast, until = projection.until, shown = projection.shown, events = projection.events
        let totalToday = projection.totalToday, totalProjected = projection.totalProjected
        func ruleName(_ r: Int) -> String { model.rules[r].name ?? "(unnamed)" }
        func currency(_ w: Int) -> String { model.wallets[w].currency }
        var out = "Forecast from \(context.today) to \(until)\n\n"
        var t = TextTable([.init(title: "Wallet", alignment: .left, maxWidth: 14), .init(title: "Today", alignment: .decimal),
                           .init(title: "On " + until.description, alignment: .decimal), .init(title: "Lowest", alignment: .decimal),
                           .init(title: "On", alignment: .left)])
        for w in shown {
            let low = forecast.lowest[w]
            t.add([model.wallets[w].name, context.amount(forecast.opening[w], currency(w)), context.amount(forecast.projected[w], currency(w)),
                   context.amount(low.balance, currency(w)), low.date == context.today ? "" : low.date.description])
        }
        if shown.count > 1 {
            t.addRule()
            t.add(["Total", totalToday.map { context.amount($0, context.currency) } ?? "no rate",
                   totalProjected.map { context.amount($0, context.currency) } ?? "no rate", "", ""])
        }
        out += t.render(color: context.color, width: context.width)
        let negative = shown.filter { forecast.lowest[$0].balance.isNegative && model.wallets[$0].kind != .credit && model.wallets[$0].kind != .loan }
        for w in negative {
            out += "\n\(model.wallets[w].name) is projected below zero on \(forecast.lowest[w].date)"
        }
        if !negative.isEmpty { out += "\n" }
        if context.options.value(Own.events) != nil, !events.isEmpty {
            var e = TextTable([.init(title: "Date", alignment: .left), .init(title: "Rule", alignment: .left, maxWidth: 14),
                               .init(title: "Wallet", alignment: .left, maxWidth: 12), .init(title: "Amount", alignment: .decimal),
                               .init(title: "Balance", alignment: .decimal)])
            for event in events {
                e.add([event.date.description, ruleName(event.rule), model.wallets[event.wallet].name,
                       context.amount(event.amount, currency(event.wallet)), context.amount(event.balance, currency(event.wallet))])
            }
            out += "\n" + e.render(color: context.color, width: context.width)
        } else if !events.isEmpty {
            out += "\n\(events.count) projected movements; --events lists them.\n"
        }
        return out
    }
}
