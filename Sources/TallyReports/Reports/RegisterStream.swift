import TallyCore

/// `tally register`'s JSON for a request whose rows come in the budget's own order (by
/// date, ascending, not summed by period, no running total), written as the rows are
/// walked and none kept: a front end answering several such requests at once (the web
/// app's `/api/register`) holds a piece of each answer, not its 100k rows. The bytes are
/// those ``ReportResult/json`` gives for the same request.
public struct RegisterStream: Sendable {
    let model: BudgetModel
    let filter: EntryFilter

    /// The stream for `request` on `budget`, checked as ``ReportKind/answer(_:budget:)``
    /// checks it (a mistake is refused in the same words); nil when its rows must be
    /// ordered or summed first: then ``ReportKind/answer(_:budget:)`` makes them.
    public static func plain(_ request: ReportRequest, budget: ReportBudget) -> Result<RegisterStream?, ReportRefusal> {
        var checked = request
        do throws(UsageError) {
            try checked.checkShared()
            try ReportKind.register.check(&checked, hasQuery: !request.queryTerms.isEmpty)
            guard checked.sort == .date, !checked.descending, checked.step == nil, !checked.running, checked.queryTerms.isEmpty else {
                return .success(nil)
            }
            let filter = try budget.filter(checked.filters, range: checked.days(in: budget))
            return .success(RegisterStream(model: budget.model, filter: filter))
        } catch {
            return .failure(.usage(error))
        }
    }

    /// The document, handed to `sink` in pieces of about `chunk` bytes.
    public func writeJSON(chunk: Int = 1 << 16, to sink: ([UInt8]) -> Void) {
        var writer = RegisterJSONWriter(model: model, lastColumn: "balance", chunk: chunk)
        model.walkRegister(filter) { writer.append($0, last: $0.balance, to: sink) }
        writer.finish(to: sink)
    }
}
