import Foundation
import TallyCore
import TallyImport
import TallyReports
import TallySyntax

/// `tally import BUDGET STATEMENT...`: appends the new movements of bank statements to
/// the budget as ordinary transactions, each movement exactly once.
///
/// Every statement is read whole first (a malformed one stops everything), then
/// `ImportPlan` decides each row: already present, matched by a hand-entered
/// transaction, or added (with a category when one is found; otherwise in the
/// `--uncategorized` category, or without one: I0601). A stated closing balance becomes
/// an `assert`.
/// As with `tally record`, the budget must be free of errors before and after (checked in
/// memory), the write is atomic, and every byte already in the file stays.
enum ImportCommand: Subcommand {
    static let name = "import"
    static let summary = "Import bank statements (CSV, OFX, CAMT.053) as transactions"
    static let help = """
    tally import: read bank statements and append their new movements to the budget as
    transactions, each movement exactly once, categorized from the budget's own rules
    and history.

    USAGE
      tally import [options] <budget> <statement>...

    OPTIONS
      --wallet NAME          The wallet the statements belong to (needed when the
                             budget has more than one wallet and no `import`
                             profile names the account the statements are of)
      --into FILE            Append to this file of the budget (default: the file with
                             the wallet's latest transaction, else its declaration)
      --uncategorized NAME   Book movements no rule or habit categorizes in this
                             category (default: write them without a category and
                             list them; `tally check` and the editor ask for one)
      --encoding NAME        The statements' encoding: utf-8, utf-16, windows-1250,
                             windows-1252, iso-8859-1, iso-8859-2, iso-8859-15
                             (default: a byte-order mark, else UTF-8, else windows-1252)
      --date-format FORMAT   How CSV dates are written: YYYY-MM-DD, DD.MM.YYYY,
                             MM/DD/YYYY, DD/MM/YYYY, DD-MM-YYYY, YYYY/MM/DD, DD.MM.YY,
                             YYYYMMDD (default: the one that reads every date)
      --decimal-comma        CSV amounts use a decimal comma (default: detected)
      --separator CHAR       The CSV field separator (default: detected; `tab` for a tab)
      --today YYYY-MM-DD     The date to check the budget as of (default: TALLY_TODAY,
                             else the system's local date)
      --add-ids              Add the movement's id to each hand-entered transaction it
                             matches, so that later imports find it by id
      --dry-run              Print the entries and the summary; write nothing
      -h, --help             Show this help

    Statements are CSV (the header row names the columns: date, amount or debit and
    credit, payee, description, id, balance), OFX/QFX 1.x and 2.x, or CAMT.053 XML.
    The budget's `import WALLET ...` profile says how a bank's CSV is read, and its
    `match "TEXT" CATEGORY ...` rules categorize movements first (Grammar.md section 7).
    A movement's bank id, or else a fingerprint of it, is written as `id:`, so importing
    a statement again, or one that overlaps it, adds nothing twice. A movement that a
    hand-entered transaction already records (same wallet and amount, no id, dated at
    most 3 days apart) is matched, not added. A closing balance becomes an `assert`; if
    the budget would not agree with it, nothing is written. See docs/import.md.

    EXIT CODES
      0  imported (or nothing new)
      1  the budget has or would get errors, or the closing balance disagrees
      2  usage mistake, unknown wallet, or a statement or file that cannot be read

    """

    struct Options {
        var budget: String?
        var statements: [String] = []
        var wallet: String?
        var into: String?
        var uncategorized: String?
        var today: CivilDate?
        var dryRun = false
        var addIDs = false
        var reading = StatementReader.Options()
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments)
        while let item = reader.next() {
            switch item {
            case .positional(let value):
                if options.budget == nil { options.budget = value } else { options.statements.append(value) }
            case .flag("--wallet", let inline): options.wallet = try reader.value(for: "--wallet", inline: inline)
            case .flag("--into", let inline): options.into = try reader.value(for: "--into", inline: inline)
            case .flag("--uncategorized", let inline): options.uncategorized = try reader.value(for: "--uncategorized", inline: inline)
            case .flag("--today", let inline):
                let value = try reader.value(for: "--today", inline: inline)
                guard let date = CivilDate(iso: value) else { throw UsageError("`\(value)` is not a date; write --today YYYY-MM-DD") }
                options.today = date
            case .flag("--encoding", let inline):
                let value = try reader.value(for: "--encoding", inline: inline)
                guard let encoding = StatementEncoding(name: value) else { throw UsageError("unknown encoding `\(value)`; use one of \(StatementEncoding.names)") }
                options.reading.encoding = encoding
            case .flag("--date-format", let inline):
                let value = try reader.value(for: "--date-format", inline: inline)
                guard let format = DateFormat(name: value) else {
                    throw UsageError("unknown date format `\(value)`; use one of \(DateFormat.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                options.reading.csv.dateFormat = format
            case .flag("--decimal-comma", nil): options.reading.csv.decimalMark = .comma
            case .flag("--separator", let inline):
                let value = try reader.value(for: "--separator", inline: inline)
                let separator: Character? = value == "tab" || value == "\\t" ? "\t" : (value.count == 1 ? value.first : nil)
                guard let separator, separator != "\"" else { throw UsageError("`--separator` takes one character, or `tab`") }
                options.reading.csv.separator = separator
            case .flag("--dry-run", nil): options.dryRun = true
            case .flag("--add-ids", nil): options.addIDs = true
            case .flag(let flag, _): throw UsageError("unknown option `\(flag)` for `tally import`")
            }
        }
        guard let budget = options.budget else { throw UsageError("`tally import` needs a budget file and at least one statement") }
        if budget == "-" { throw UsageError("`tally import` writes to the budget's files; it cannot read the budget from standard input") }
        if options.statements.isEmpty { throw UsageError("`tally import` needs at least one statement file after the budget") }
        return options
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let options = readOptions(arguments, console: console, parse) else { return ExitCode.usage }
        guard let today = workingDay(options.today, console: console) else { return ExitCode.usage }
        let path = options.budget!
        let budget: Budget
        do {
            budget = try BudgetLoader().load(path)
        } catch {
            console.err("tally import: cannot read `\(path)`: \(error.explanation)\n")
            return ExitCode.usage
        }
        // Interpreted once here; the check after the import reuses this lowering for
        // everything the appended lines do not touch.
        let first = Interpreter.interpret(budget, today: today, reusing: nil)
        guard isClean(budget, first.diagnostics, path: path, console: console) else { return ExitCode.problems }
        let model = first.model
        var lowered: LoweredBudget? = first.lowered

        // The wallet.
        let open = model.wallets.indices.filter { model.wallets[$0].closed == nil }
        let walletIndex: Int
        if let name = options.wallet {
            guard let w = model.wallets.firstIndex(where: { $0.name == name }) else {
                var message = "tally import: no wallet named `\(name)` in `\(path)`"
                if let suggestion = TallyTool.closest(name, model.wallets.map(\.name)) { message += "; did you mean `\(suggestion)`?" }
                console.err(message + "\n")
                return ExitCode.usage
            }
            walletIndex = w
        } else if open.count == 1 {
            walletIndex = open[0]
        } else {
            // The wallet whose profile names the account the statements are of.
            let accounts = statementAccounts(options.statements)
            let owners = accounts.map { model.wallets(ofAccount: $0) }
            guard let account = accounts.first else {
                console.err("tally import: which wallet are the statements of? Name it with --wallet (one of \(model.wallets.map(\.name).joined(separator: ", ")))\n")
                return ExitCode.usage
            }
            guard let only = owners.first?.first, owners.allSatisfy({ $0 == [only] }) else {
                let what = Set(accounts.map(ImportProfile.account)).count > 1
                    ? "the statements are of several accounts (\(accounts.joined(separator: ", "))); import each account's with its --wallet"
                    : "no wallet's import profile names the account `\(account)` the statements are of; add `account \"\(account)\"` to that wallet's `import` profile, or name the wallet with --wallet"
                console.err("tally import: \(what)\n")
                return ExitCode.usage
            }
            walletIndex = only
        }
        let wallet = model.wallets[walletIndex]
        var fallback: Int?
        if let name = options.uncategorized {
            guard let c = model.categories.firstIndex(where: { $0.name == name }) else {
                var message = "tally import: no category named `\(name)` for --uncategorized"
                if let suggestion = TallyTool.closest(name, model.categories.map(\.name)) { message += "; did you mean `\(suggestion)`?" }
                console.err(message + "\n")
                return ExitCode.usage
            }
            fallback = c
        }

        // The wallet's import profile, under what the command line says.
        let profile = WalletImport(model: model, wallet: walletIndex)
        var reading = profile.options
        if let encoding = options.reading.encoding { reading.encoding = encoding }
        if let format = options.reading.csv.dateFormat { reading.csv.dateFormat = format }
        if let mark = options.reading.csv.decimalMark { reading.csv.decimalMark = mark }
        if let separator = options.reading.csv.separator { reading.csv.separator = separator }

        // The statements, each read whole before anything is decided.
        var statements: [Statement] = []
        for statementPath in options.statements {
            let bytes: [UInt8]
            do {
                bytes = try DiskFileProvider().read(statementPath)
            } catch {
                console.err("tally import: cannot read `\(statementPath)`: \(error.explanation)\n")
                return ExitCode.usage
            }
            do {
                let statement = try StatementReader.read(bytes, path: statementPath, options: reading)
                if let stated = statement.account, let mismatch = accountMismatch(stated, wallet: walletIndex, profile: profile,
                                                                                  model: model) {
                    console.err("tally import: \(statementPath): the statement is of account \(stated), \(mismatch); nothing written\n")
                    return ExitCode.usage
                }
                if let currency = statement.currency, currency != wallet.currency {
                    console.err("tally import: \(statementPath): the statement is in \(currency), the wallet `\(wallet.name)` in \(wallet.currency); import it into a wallet in \(currency); nothing written\n")
                    return ExitCode.usage
                }
                statements.append(statement)
            } catch {
                console.err("tally import: \(error.description); nothing written\n")
                return ExitCode.usage
            }
        }

        // The file to append to.
        let target: BudgetFile
        if let into = options.into {
            let canonical = DiskFileProvider().canonicalPath(into)
            guard let file = budget.files.first(where: { $0.path == into || DiskFileProvider().canonicalPath($0.path) == canonical }) else {
                console.err("tally import: `\(into)` is not a file of the budget `\(path)` (it must be the budget or one it includes)\n")
                return ExitCode.usage
            }
            target = file
        } else {
            let latest = model.entries.last { $0.transaction?.wallet == walletIndex }
            target = budget.file(latest?.location.file ?? wallet.location.file) ?? budget.root
        }

        let plan = ImportPlan(model: model, wallet: walletIndex, statements: statements, rules: profile.rules)
        // The columns of the file's latest transactions.
        let layout = FileLayout(recentIn: target.tree)
        let report = ImportReport(plan: plan, model: model, fallback: fallback, layout: layout)
        var lines = report.entryLines

        // The closing balance of the last statement that states one, unless the budget
        // already asserts it or movements are left out (it could not hold then).
        var assertion: (date: CivilDate, amount: Money)?
        if let closing = statements.last(where: { $0.closingBalance != nil }),
           let amount = closing.closingBalance?.rescaled(to: model.decimals(of: wallet.currency)), let date = closing.closingDate {
            let asserted = model.entries.contains {
                if case .assertion(let w, let a) = $0.kind { return w == walletIndex && a == amount && $0.date == date }
                return false
            }
            if report.refused.isEmpty && !asserted {
                assertion = (date, amount)
                lines.append("\(date) assert \(SourceWriter.name(wallet.name))  \(amount.description)")
            }
        }

        var contents: [String: [UInt8]] = [:]
        // With --add-ids, each matched hand-entered transaction gets the movement's id on
        // a new indented line below it; nothing else in its file moves.
        var idsAdded: [(file: String, line: String)] = []
        if options.addIDs {
            var inserts: [String: [(offset: Int, text: String)]] = [:]
            var entriesOf: [String: [SyntaxNode]] = [:]
            for decision in plan.decisions {
                guard case .matched(let i) = decision.outcome, let file = budget.file(model.entries[i].location.file) else { continue }
                let start = model.entries[i].location.range.start
                if entriesOf[file.path] == nil { entriesOf[file.path] = file.tree.entries }
                let nodes = entriesOf[file.path]!
                // The top-level entry holding the transaction: the last one starting at or before it.
                var low = 0, high = nodes.count
                while low < high { let mid = (low + high) / 2; if nodes[mid].range.start <= start { low = mid + 1 } else { high = mid } }
                guard low > 0 else { continue }
                let end = nodes[low - 1].range.end
                let ending = String(decoding: FileLayout.firstLineEnding(file.tree.source.bytes) ?? [0x0A], as: UTF8.self)
                let bytes = file.tree.source.bytes
                let needsBreak = end > 0 && bytes[end - 1] != 0x0A && bytes[end - 1] != 0x0D
                let line = "    id: " + ImportedEntry.text(decision.id)
                inserts[file.path, default: []].append((end, (needsBreak ? ending : "") + line + ending))
                idsAdded.append((file.path, line.trimmingCharacters(in: .whitespaces)))
            }
            for (filePath, list) in inserts {
                guard let file = budget.file(filePath) else { continue }
                var bytes = file.tree.source.bytes
                for insert in list.sorted(by: { $0.offset > $1.offset }) { bytes.insert(contentsOf: Array(insert.text.utf8), at: insert.offset) }
                contents[filePath] = bytes
            }
        }
        if !lines.isEmpty {
            contents[target.path] = RecordCommand.appending(lines, to: contents[target.path] ?? target.tree.source.bytes, lineEnding: layout.lineEnding)
        }
        var summary = report.summary(statements: statements, wallet: wallet.name, assertion: assertion)
        if !idsAdded.isEmpty {
            summary += "  ids added to matched entries: \(idsAdded.count) (\(Set(idsAdded.map(\.file)).sorted().joined(separator: ", ")))\n"
        }

        // The budget as it would be.
        if !contents.isEmpty {
            guard verify(path: path, contents: contents, today: today, previous: budget, lowered: lowered.take(), wallet: walletIndex,
                         assertion: assertion, statements: statements, plan: plan, before: model, console: console) else { return ExitCode.problems }
        }

        if options.dryRun {
            if !lines.isEmpty {
                console.out("Would append to \(target.path):\n")
                for line in lines { console.out(line + "\n") }
                console.out("\n")
            }
            console.out(summary)
            return report.refused.isEmpty ? ExitCode.success : ExitCode.problems
        }
        if !contents.isEmpty {
            // A file changed since it was read is left alone, and so are the others: the
            // import is written whole or not at all.
            var writes: [(path: String, bytes: [UInt8])] = []
            for (filePath, bytes) in contents.sorted(by: { $0.key < $1.key }) {
                guard let file = budget.file(filePath), (try? DiskFileProvider().read(filePath)) == file.tree.source.bytes else {
                    console.err("tally import: `\(filePath)` changed while it was being read; nothing written\n")
                    return ExitCode.problems
                }
                writes.append((filePath, bytes))
            }
            do {
                try AtomicFile.write(all: writes)
            } catch {
                console.err("tally import: \(error.reason)\n")
                return ExitCode.usage
            }
        }
        console.out(summary)
        console.out(contents.isEmpty ? "Nothing written.\n" : lines.isEmpty ? "Ids added.\n" : "Appended to \(target.path).\n")
        return report.refused.isEmpty ? ExitCode.success : ExitCode.problems
    }

    /// The accounts the statements at `paths` say they are of, read without any profile
    /// (a statement that cannot be read so is read again, and its error told, once the
    /// wallet is known).
    private static func statementAccounts(_ paths: [String]) -> [String] {
        paths.compactMap { path in
            guard let bytes = try? DiskFileProvider().read(path) else { return nil }
            return (try? StatementReader.read(bytes, path: path, options: StatementReader.Options()))?.account
        }
    }

    /// Why a statement of account `stated` is not `wallet`'s, or nil when it may be: the
    /// wallet's profile names another account, or another wallet's profile names this one.
    private static func accountMismatch(_ stated: String, wallet: Int, profile: WalletImport, model: BudgetModel) -> String? {
        let name = model.wallets[wallet].name
        if let own = profile.account {
            return own == ImportProfile.account(stated) ? nil : "but the import profile of `\(name)` names account \(own)"
        }
        guard let other = model.wallets(ofAccount: stated).first(where: { $0 != wallet }) else { return nil }
        return "which the import profile of `\(model.wallets[other].name)` names, not `\(name)`"
    }

    /// True when the budget has no errors; else says so.
    private static func isClean(_ budget: Budget, _ found: [Diagnostic], path: String, console: Console) -> Bool {
        let diagnostics = DiagnosticPolicy(budget: budget).apply(budget.diagnostics + found, budget: budget)
        let errors = diagnostics.filter { $0.severity == .error }.count
        guard errors == 0 else {
            console.err("tally import: `\(path)` has \(errors) error\(errors == 1 ? "" : "s"); nothing written. Run `tally check \(path)` to see \(errors == 1 ? "it" : "them").\n")
            return false
        }
        return true
    }

    /// Reads and interprets the budget again with the new contents, in memory, the way an
    /// editor does after an edit (`BudgetLoader(reusing:)`, `Interpreter.interpret(reusing:)`,
    /// what a fresh reading gives in a fraction of the time): it must have no errors, and a
    /// failing closing balance is explained.
    private static func verify(path: String, contents: [String: [UInt8]], today: CivilDate, previous: Budget, lowered: consuming LoweredBudget?,
                               wallet: Int, assertion: (date: CivilDate, amount: Money)?,
                               statements: [Statement], plan: ImportPlan, before: BudgetModel, console: Console) -> Bool {
        let after: Budget
        do {
            after = try BudgetLoader(provider: OverlayFileProvider(buffers: contents), reusing: previous).load(path)
        } catch {
            console.err("tally import: cannot read `\(path)` again: \(error.explanation)\n")
            return false
        }
        let run = Interpreter.interpret(after, today: today, reusing: lowered)
        let diagnostics = DiagnosticPolicy(budget: after).apply(after.diagnostics + run.diagnostics, budget: after)
        if let assertion, diagnostics.contains(where: { $0.severity == .error && $0.code == .failedAssertion }) {
            let balance = run.model.balance(of: wallet, at: assertion.date)
            console.err(BalanceExplanation(model: run.model, wallet: wallet, statements: statements, plan: plan, before: before)
                .text(statementBalance: assertion.amount, budgetBalance: balance, date: assertion.date))
            return false
        }
        if let error = diagnostics.first(where: { $0.severity == .error }) {
            console.err("tally import: the new entries would not read back cleanly (\(error.code.rawValue): \(error.message)); nothing written\n")
            return false
        }
        return true
    }
}
