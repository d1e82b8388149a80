import TallyCore

/// `tally register`'s JSON for a request whose rows need no sums by period, no running
/// total and no market valuation, written row by row from the model: a front end
/// answering several such requests at once (the web app's `/api/register`) holds a piece
/// of each answer, not its 100k rows. In the budget's own order (by date, ascending) the
/// lines are written as they are walked and none kept; in another order they are ordered
/// first, as ``RegisterLine``s, which hold no text. The bytes are those
/// ``ReportResult/json`` gives for the same request.
public struct RegisterStream: Sendable {
    let model: BudgetModel
    let filter: EntryFilter
    /// The lines in the order asked, when it is not the budget's own.
    let ordered: [RegisterLine]?

    /// The stream for `request` on `budget` in the budget's own order, checked as
    /// ``ReportKind/answer(_:budget:)`` checks it (a mistake is refused in the same words);
    /// nil when its rows must be ordered or summed first: then ``ordered(_:budget:)`` or
    /// ``ReportKind/answer(_:budget:)`` makes them.
    public static func plain(_ request: ReportRequest, budget: ReportBudget) -> Result<RegisterStream?, ReportRefusal> {
        stream(request, budget: budget, ordering: false)
    }

    /// The stream for `request` on `budget`, its lines ordered as asked (`sort`, `desc`)
    /// before the first byte; nil when its rows are summed by period, have a running
    /// total or are valued at market: then ``ReportKind/answer(_:budget:)`` makes them.
    public static func ordered(_ request: ReportRequest, budget: ReportBudget) -> Result<RegisterStream?, ReportRefusal> {
        stream(request, budget: budget, ordering: true)
    }

    private static func stream(_ request: ReportRequest, budget: ReportBudget, ordering: Bool) -> Result<RegisterStream?, ReportRefusal> {
        var checked = request
        do throws(UsageError) {
            try checked.checkShared()
            try ReportKind.register.check(&checked, hasQuery: !request.queryTerms.isEmpty)
            // A market valuation converts each row (`valuedRegister`): never written as is.
            if case .market? = checked.valuation { return .success(nil) }
            let inOwnOrder = checked.sort == .date && !checked.descending
            guard ordering || inOwnOrder, checked.step == nil, !checked.running, checked.queryTerms.isEmpty else { return .success(nil) }
            let filter = try budget.filter(checked.filters, range: checked.days(in: budget))
            let lines = inOwnOrder ? nil : budget.model.registerLines(filter, sort: checked.sort, descending: checked.descending)
            return .success(RegisterStream(model: budget.model, filter: filter, ordered: lines))
        } catch {
            return .failure(.usage(error))
        }
    }

    /// The document, handed to `sink` in pieces of about `chunk` bytes.
    public func writeJSON(chunk: Int = 1 << 16, to sink: ([UInt8]) -> Void) {
        var writer = RegisterJSONWriter(model: model, lastColumn: "balance", chunk: chunk)
        if let ordered {
            writer.append(ordered, of: model, to: sink)
        } else {
            model.walkRegisterLines(filter) { writer.append($0, model.entries[$0.entry], to: sink) }
        }
        writer.finish(to: sink)
    }
}
