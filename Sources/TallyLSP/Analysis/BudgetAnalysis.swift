import TallyCore
import TallySyntax

/// One budget, read and interpreted: what every language feature looks at.
///
/// The server builds one per root file after each change (from open buffers laid over the
/// disk) and hands it to the features. Features answer in UTF-8 byte offsets of a named
/// file; only the server converts to the client's line and column encoding.
public struct BudgetAnalysis: Sendable {
    /// The files with their trees, the root first.
    public let budget: Budget
    /// The interpreted budget.
    public let model: BudgetModel
    /// Every diagnostic of the budget, after the budget's own severity policy (`option
    /// severity`, `tally-ignore`), sorted by file and position.
    public let diagnostics: [Diagnostic]
    /// The date the budget was interpreted as of.
    public let today: CivilDate
    /// The lowering behind `model`, which the next analysis after an edit starts from.
    public let lowered: LoweredBudget
    /// The features' look-up tables, built on first use (see ``index``).
    let indexCache: BudgetIndexCache

    /// Interprets `budget` as of `today` and applies its diagnostic policy; `previous`, the
    /// lowering of the budget before an edit, spares lowering the entries the edit left
    /// alone, and `payees`, its payee table (``payeesToCarry``), counting the habits of
    /// the payees it left alone (the result is the same without them).
    public init(
        budget: Budget, today: CivilDate, reusing previous: consuming LoweredBudget? = nil, payees: PayeeHabitTable? = nil
    ) {
        self.budget = budget
        self.today = today
        indexCache = BudgetIndexCache(earlierPayees: payees)
        let run = Interpreter.interpret(budget, today: today, reusing: previous.take())
        model = run.model
        lowered = run.lowered
        diagnostics = DiagnosticPolicy.shown(run.diagnostics, in: budget).sorted {
            ($0.file, $0.range.start, $0.range.end, $0.code.rawValue) < ($1.file, $1.range.start, $1.range.end, $1.code.rawValue)
        }
    }

    /// The payee table the analysis after an edit can start from: built by a request, or
    /// handed on from the analysis before when none needed it.
    public var payeesToCarry: PayeeHabitTable? { indexCache.payeesToCarry }

    /// The file at `path`, if it belongs to this budget.
    public func file(_ path: String) -> BudgetFile? { budget.file(path) }
}

/// A range in a named file of the budget, in UTF-8 bytes.
public struct FileRange: Hashable, Sendable {
    /// The file's path, as the budget names it.
    public var path: String
    /// The bytes.
    public var range: ByteRange

    /// Creates the range.
    public init(path: String, range: ByteRange) {
        self.path = path
        self.range = range
    }
}
