import TallyCore
import TallyImport
import TallyReports
import TallySyntax

/// Importing bank statements — `tally import`, the web app's import screen: the new
/// movements appended to the budget as ordinary transactions, each movement exactly once.
///
/// Every statement is read whole first (a malformed one stops everything), then
/// `ImportPlan` decides each row: already present, matched by a hand-entered
/// transaction, or added (with a category when one is found; otherwise in the
/// `uncategorized` category, or without one: I0601). A stated closing balance becomes an
/// `assert`. All or nothing: a refused row (one the statement or the plan cannot read
/// for sure) keeps everything out unless ``Request/skipRefused``. As with every action, the budget must be free of errors before and after
/// (checked in memory), the lines are laid out by the formatter, and the write goes
/// through ``BudgetEditor`` holding ``BudgetWriteLock``.
public enum ImportStatements {
    /// A bank feed whose movements are downloaded rather than read from a file; the
    /// wallet's `import` profile names its credentials (``BankFeed``).
    public typealias Bank = FeedKind

    /// What to import, and how.
    public struct Request: Sendable {
        /// The budget's root file.
        public var budget: String
        public var statements: [StatementSource]
        /// Download from this bank feed instead of reading statements.
        public var from: Bank?
        /// Download from the feed of every open wallet whose profile names one (`tally
        /// sync`) instead of reading statements.
        public var sync: Bool = false
        /// How the feeds' requests travel: the network, or a test's stand-in.
        public var fetcher: any HTTPFetching = ProcessFetcher()
        /// Unix seconds now, for the feeds' signed tokens; nil for the clock's.
        public var now: Int?
        /// The wallet the statements belong to; nil to find it (the only open wallet, or
        /// the one whose profile names the statements' account).
        public var wallet: String?
        /// The file of the budget to append to; nil for the file with the wallet's
        /// latest transaction, else its declaration.
        public var into: String?
        /// The category for movements nothing categorizes; nil to write them without one.
        public var uncategorized: String?
        /// How statements are read, over the wallet's profile.
        public var reading: StatementReader.Options
        /// Add the movement's id to each hand-entered transaction it matches.
        public var addIDs: Bool
        /// The day the budget is checked as of.
        public var today: CivilDate
        /// Plan and check; write nothing.
        public var dryRun: Bool
        /// Write the other rows when some are refused; by default a statement with a
        /// refused row writes nothing (all or nothing, docs/import.md).
        public var skipRefused: Bool
        /// Where a profile's `token "env:NAME"` is looked up.
        public var environment: [String: String]
        /// How the front end names the request's choices, for refusals that ask for one.
        public var names: ChoiceNames = .init()
        /// Keep what takes the write back (``Result/undo``), as a page offers it; a
        /// command that cannot offer it skips comparing and hashing the whole file.
        public var keepsUndo = true

        /// Creates the request.
        public init(
            budget: String, statements: [StatementSource] = [], from: Bank? = nil, wallet: String? = nil, into: String? = nil,
            uncategorized: String? = nil, reading: StatementReader.Options = .init(), addIDs: Bool = false, today: CivilDate, dryRun: Bool = false,
            skipRefused: Bool = false, environment: [String: String] = [:]
        ) {
            self.budget = budget
            self.statements = statements
            self.from = from
            self.wallet = wallet
            self.into = into
            self.uncategorized = uncategorized
            self.reading = reading
            self.addIDs = addIDs
            self.today = today
            self.dryRun = dryRun
            self.skipRefused = skipRefused
            self.environment = environment
        }
    }

    /// How a front end names the choices of a ``Request`` in its refusals ("name the
    /// wallet with --wallet" on the command line, "with the Wallet field" on a page).
    public struct ChoiceNames: Sendable {
        /// Names the wallet (`--wallet`).
        public var wallet: String
        /// Names the category for uncategorized movements (`--uncategorized`).
        public var uncategorized: String
        /// Asks for a download from Fio banka (`--from fio`).
        public var fio: String
        /// Names the other options a refusal names (`--encoding`, or a profile's `encoding`).
        public var options: OptionNaming

        /// The names; by default, a page's.
        public init(
            wallet: String = "the Wallet field", uncategorized: String = "the category for uncategorized movements", fio: String = "a download from Fio banka",
            options: OptionNaming = .parameters
        ) {
            self.wallet = wallet
            self.uncategorized = uncategorized
            self.fio = fio
            self.options = options
        }
    }

    /// One wallet's part of an import.
    public struct Part: Sendable {
        /// The file its lines go to.
        public let file: String
        /// The lines appended, exactly as written (entries, then the closing `assert`).
        public let lines: [String]
    }

    /// How the statements' rows were decided, over every wallet.
    public struct Counts: Sendable, Equatable {
        /// Rows written as new entries.
        public let added: Int
        /// Rows the budget already has (by bank id or fingerprint).
        public let present: Int
        /// Rows a hand-entered entry or a transfer's side already records.
        public let matched: Int
        /// Rows left out, each with its reason in the summary.
        public let refused: Int
    }

    /// What was imported.
    public struct Result: Sendable {
        public let parts: [Part]
        public let counts: Counts
        /// The summary that accounts for every row of every statement, a line each, but
        /// for the refused rows, which ``refusals`` lists.
        public let summary: String
        /// Each refused row, a line each: where it is (file and line) and why.
        public let refusals: [String]
        /// True when some rows were refused: nothing is written unless the request says
        /// ``Request/skipRefused`` (`tally` exits 1 either way).
        public let refusedRows: Bool
        /// True when the files were written (false for a dry run, when nothing was new,
        /// and when rows were refused without ``Request/skipRefused``).
        public let written: Bool
        /// True when the import changes nothing.
        public let changesNothing: Bool
        /// The budget as read and as edited: a one-shot process may keep them until it
        /// exits rather than free them.
        public let read: [any Sendable]
        /// What takes the import back (``UndoWrite``); nil when nothing was written.
        public var undo: WriteUndo? = nil
    }

    /// Imports the statements, or says why nothing was written. A closing balance the
    /// budget would not agree with refuses the import with an explanation of the
    /// difference (``ActionRefusal/budget(_:)``).
    public static func perform(_ request: Request) throws(ActionRefusal) -> Result {
        try BudgetWriteLock.holding(request.budget) { () throws(ActionRefusal) in try run(request) }
    }

    private static func run(_ request: Request) throws(ActionRefusal) -> Result {
        var editor: BudgetEditor
        do { editor = try BudgetEditor(path: request.budget, today: request.today) } catch { throw .edit(error) }
        let setup: Setup
        do { setup = try Setup(request, editor: editor, environment: request.environment, today: request.today) } catch {
            // A statement that reads but is doubtful (dates read two ways) is refused as a
            // conflict (exit 1), not as a wrong request.
            let message = error.message(request.names.options)
            throw error.doubtful ? .budget(message) : .request(message)
        }
        let model = editor.model
        let parts = setup.parts.map { WalletPart($0, model: model, fallback: setup.fallback, options: request, editor: editor) }
        var edit = editor.edit()
        // Written in the order of the files' paths, the ids before the appended entries.
        var inserts: [String: [(offset: Int, text: String)]] = [:]
        var appends: [String: (lines: [String], ending: [UInt8])] = [:]
        for part in parts {
            inserts.merge(part.ids.inserts) { $0 + $1 }
            if !part.lines.isEmpty { appends[part.setup.target.path, default: ([], part.lineEnding)].lines += part.lines }
        }
        var written: [String: [String]] = [:]
        for filePath in Set(inserts.keys).union(appends.keys).sorted() {
            if let texts = inserts[filePath] { edit.insert(texts, into: filePath) }
            if let (lines, ending) = appends[filePath] { written[filePath] = EntryLayout.append(lines, to: filePath, lineEnding: ending, in: &edit) }
        }

        // The budget as it would be.
        var edited: EditedBudget?
        if !edit.isEmpty {
            do { edited = try editor.check(edit) } catch {
                if let explanation = balanceMismatch(error, parts: parts, before: model) {
                    throw .budget(explanation.hasSuffix("\n") ? String(explanation.dropLast()) : explanation)
                }
                throw .edit(error)
            }
        }
        // All or nothing: a refused row keeps the whole import out, unless asked otherwise.
        let refusedRows = parts.contains { !$0.report.refused.isEmpty }
        let write = !request.dryRun && (!refusedRows || request.skipRefused)
        if write, let edited {
            do { try editor.write(edited) } catch { throw .edit(error) }
        }
        var shown: [Part] = []
        for part in parts where !part.lines.isEmpty {
            let path = part.setup.target.path
            // A file's lines, as laid out, shared out among the parts that wrote to it.
            let lines = written[path] ?? part.lines
            let offset = parts.prefix { $0.setup.wallet != part.setup.wallet }.filter { $0.setup.target.path == path }.reduce(0) { $0 + $1.lines.count }
            shown.append(Part(file: path, lines: Array(lines[offset ..< min(lines.count, offset + part.lines.count)])))
        }
        let counts = Counts(
            added: parts.reduce(0) { $0 + $1.report.added }, present: parts.reduce(0) { $0 + $1.report.present.count },
            matched: parts.reduce(0) { $0 + $1.report.matched.count + $1.report.sides.count }, refused: parts.reduce(0) { $0 + $1.report.refused.count })
        return Result(
            parts: shown, counts: counts, summary: setup.notices.map { "warning: \($0)\n" }.joined() + parts.map(\.summary).joined(), refusals: parts.flatMap(\.report.refusalLines), refusedRows: refusedRows,
            written: write && edited != nil, changesNothing: edit.isEmpty,
            read: [editor.budget, model] + (edited.map { [$0] } ?? []), undo: write && request.keepsUndo ? edited.map(WriteUndo.init) : nil)
    }

    /// The explanation of a closing balance the edited budget disagrees with, when that is
    /// why the edit was refused.
    private static func balanceMismatch(_ error: BudgetEditError, parts: [WalletPart], before model: BudgetModel) -> String? {
        guard case .wouldAddErrors(let after) = error,
            after.diagnostics.contains(where: { $0.severity == .error && $0.code == .failedAssertion }),
            let part = parts.first(where: { part in
                part.assertion.map { after.model.balance(of: part.setup.wallet, at: $0.date) != $0.amount } ?? false
            }),
            let assertion = part.assertion
        else { return nil }
        let balance = after.model.balance(of: part.setup.wallet, at: assertion.date)
        return BalanceExplanation(model: after.model, wallet: part.setup.wallet, statements: part.setup.statements, plan: part.plan, before: model)
            .text(statementBalance: assertion.amount, budgetBalance: balance, date: assertion.date)
    }
}
