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
        \(Flag.help)\(FlagDeclaration.helpFlag.help)
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
    static var flags: [FlagDeclaration] { Flag.declarations + [.helpFlag] }

    /// The command's flags, each declared once (help, parsing, completions).
    enum Flag: FlagSet {
        case wallet, into, uncategorized, encoding, dateFormat, decimalComma, separator, today, addIDs, dryRun

        var declaration: FlagDeclaration {
            switch self {
            case .wallet:
                FlagDeclaration(
                    "--wallet", value: "NAME",
                    help: """
                        The wallet the statements belong to (needed when the
                        budget has more than one wallet and no `import`
                        profile names the account the statements are of)
                        """)
            case .into:
                FlagDeclaration(
                    "--into", value: "FILE",
                    help: """
                        Append to this file of the budget (default: the file with
                        the wallet's latest transaction, else its declaration)
                        """)
            case .uncategorized:
                FlagDeclaration(
                    "--uncategorized", value: "NAME",
                    help: """
                        Book movements no rule or habit categorizes in this
                        category (default: write them without a category and
                        list them; `tally check` and the editor ask for one)
                        """)
            case .encoding:
                FlagDeclaration(
                    "--encoding", value: "NAME",
                    help: """
                        The statements' encoding: utf-8, utf-16, windows-1250,
                        windows-1252, iso-8859-1, iso-8859-2, iso-8859-15
                        (default: a byte-order mark, else UTF-8, else windows-1252)
                        """)
            case .dateFormat:
                FlagDeclaration(
                    "--date-format", value: "FORMAT",
                    help: """
                        How CSV dates are written: YYYY-MM-DD, DD.MM.YYYY,
                        MM/DD/YYYY, DD/MM/YYYY, DD-MM-YYYY, YYYY/MM/DD, DD.MM.YY,
                        YYYYMMDD (default: the one that reads every date)
                        """)
            case .decimalComma: FlagDeclaration("--decimal-comma", help: "CSV amounts use a decimal comma (default: detected)")
            case .separator: FlagDeclaration("--separator", value: "CHAR", help: "The CSV field separator (default: detected; `tab` for a tab)")
            case .today:
                FlagDeclaration(
                    "--today", value: "YYYY-MM-DD",
                    help: """
                        The date to check the budget as of (default: TALLY_TODAY,
                        else the system's local date)
                        """)
            case .addIDs:
                FlagDeclaration(
                    "--add-ids",
                    help: """
                        Add the movement's id to each hand-entered transaction it
                        matches, so that later imports find it by id
                        """)
            case .dryRun: FlagDeclaration("--dry-run", help: "Print the entries and the summary; write nothing")
            }
        }
    }

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
            case .flag(let spelling, let inline):
                let flag = try Flag.named(spelling, inline: inline, command: name)
                switch flag {
                case .wallet: options.wallet = try reader.value(of: flag, inline: inline)
                case .into: options.into = try reader.value(of: flag, inline: inline)
                case .uncategorized: options.uncategorized = try reader.value(of: flag, inline: inline)
                case .today:
                    let value = try reader.value(of: flag, inline: inline)
                    guard let date = CivilDate(iso: value) else { throw UsageError("`\(value)` is not a date; write --today YYYY-MM-DD") }
                    options.today = date
                case .encoding:
                    let value = try reader.value(of: flag, inline: inline)
                    guard let encoding = StatementEncoding(name: value) else { throw UsageError("unknown encoding `\(value)`; use one of \(StatementEncoding.names)") }
                    options.reading.encoding = encoding
                case .dateFormat:
                    let value = try reader.value(of: flag, inline: inline)
                    guard let format = DateFormat(name: value) else {
                        throw UsageError("unknown date format `\(value)`; use one of \(DateFormat.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    options.reading.csv.dateFormat = format
                case .decimalComma: options.reading.csv.decimalMark = .comma
                case .separator:
                    let value = try reader.value(of: flag, inline: inline)
                    let separator: Character? = value == "tab" || value == "\\t" ? "\t" : (value.count == 1 ? value.first : nil)
                    guard let separator, separator != "\"" else { throw UsageError("`--separator` takes one character, or `tab`") }
                    options.reading.csv.separator = separator
                case .dryRun: options.dryRun = true
                case .addIDs: options.addIDs = true
                }
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
        var editor: BudgetEditor
        do { editor = try BudgetEditor(path: options.budget!, today: today) } catch { return error.report(name, console: console) }
        let setup: Setup
        do { setup = try Setup(options, editor: editor) } catch {
            console.err("tally import: \(error.message)\n")
            return ExitCode.usage
        }
        let model = editor.model, wallet = model.wallets[setup.wallet], target = setup.target
        let plan = ImportPlan(
            model: model, wallet: setup.wallet, statements: setup.statements, rules: setup.profile.rules, transfers: TransferSides(budget: editor.budget, model: model))
        // The columns of the file's latest transactions.
        let layout = FileLayout(recentIn: target.tree)
        let report = ImportReport(plan: plan, statements: setup.statements, model: model, fallback: setup.fallback, layout: layout)
        var lines = report.entryLines
        let assertion = report.refused.isEmpty ? closingBalance(of: setup.statements, wallet: setup.wallet, model: model) : nil
        if let assertion { lines.append("\(assertion.date) assert \(SourceWriter.name(wallet.name))  \(assertion.amount.description)") }

        let ids = MatchedIDs(plan: plan, budget: editor.budget, model: model, handEntered: options.addIDs)
        var edit = editor.edit()
        // Written in the order of the files' paths, the ids before the appended entries.
        for filePath in Set(ids.inserts.keys).union(lines.isEmpty ? [] : [target.path]).sorted() {
            if let inserts = ids.inserts[filePath] { edit.insert(inserts, into: filePath) }
            if filePath == target.path && !lines.isEmpty { edit.append(lines, to: filePath, lineEnding: layout.lineEnding) }
        }
        var summary = report.summary(statements: setup.statements, wallet: wallet.name, assertion: assertion)
        if !ids.added.isEmpty {
            summary += "  ids added to matched entries: \(ids.added.count) (\(Set(ids.added.map(\.file)).sorted().joined(separator: ", ")))\n"
        }

        // The budget as it would be.
        var edited: EditedBudget?
        if !edit.isEmpty {
            do { edited = try editor.check(edit) } catch {
                if case .wouldAddErrors(let after) = error, let assertion,
                    after.diagnostics.contains(where: { $0.severity == .error && $0.code == .failedAssertion })
                {
                    let balance = after.model.balance(of: setup.wallet, at: assertion.date)
                    console.err(
                        BalanceExplanation(model: after.model, wallet: setup.wallet, statements: setup.statements, plan: plan, before: model)
                            .text(statementBalance: assertion.amount, budgetBalance: balance, date: assertion.date))
                    return ExitCode.problems
                }
                return error.report(name, console: console)
            }
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
        if let edited {
            do { try editor.write(edited) } catch { return error.report(name, console: console) }
        }
        console.out(summary)
        console.out(edit.isEmpty ? "Nothing written.\n" : lines.isEmpty ? "Ids added.\n" : "Appended to \(target.path).\n")
        return report.refused.isEmpty ? ExitCode.success : ExitCode.problems
    }

    /// The closing balance of the last statement that states one, as an `assert` to
    /// append, unless the budget already asserts it.
    private static func closingBalance(of statements: [Statement], wallet: Int, model: BudgetModel) -> (date: CivilDate, amount: Money)? {
        guard let closing = statements.last(where: { $0.closingBalance != nil }),
            let amount = closing.closingBalance?.exactly(places: model.decimals(of: model.wallets[wallet].currency)), let date = closing.closingDate
        else { return nil }
        let asserted = model.entries.contains {
            if case .assertion(let w, let a) = $0.kind { return w == wallet && a == amount && $0.date == date }
            return false
        }
        return asserted ? nil : (date, amount)
    }
}
