import TallyActions
import TallyCore
import TallyImport
import TallyReports
import TallySyntax

/// `tally import BUDGET STATEMENT...`: appends the new movements of bank statements to
/// the budget as ordinary transactions, each movement exactly once: the command line of
/// ``ImportStatements``, which decides and writes them.
enum ImportCommand: Subcommand {
    static let name = "import"
    static let summary = "Import bank statements as transactions"
    static let help = """
        tally import: read bank statements and append their new movements to the budget as
        transactions, each movement exactly once, categorized from the budget's own rules
        and history.

        USAGE
          tally import [options] <budget> <statement>...
          tally import [options] <budget> --from fio|simplefin|enablebanking

        OPTIONS
        \(Flag.help)\(FlagDeclaration.helpFlag.help)
        Statements are CSV (the header row names the columns: date, amount or debit and
        credit, payee, description, id, balance), OFX/QFX 1.x and 2.x (a file with several
        accounts' statements gives each to the wallet whose profile names its account), or
        CAMT.053, .052 or .054 XML (pending entries are counted, not imported), MT940,
        QIF, or Fio banka's XML or JSON.
        The budget's `import WALLET ...` profile says how a bank's CSV is read, and its
        `match "TEXT" CATEGORY ...` rules categorize movements first (Grammar.md section 7).
        A movement's bank id, or else a fingerprint of it, is written as `id:`, so importing
        a statement again, or one that overlaps it, adds nothing twice. A movement that a
        hand-entered transaction already records (same wallet and amount, no id, dated at
        most 3 days apart) is matched, not added. A closing balance becomes an `assert`; if
        the budget would not agree with it, nothing is written. See docs/import.md.

        EXIT CODES
          0  imported (or nothing new)
          1  the budget has or would get errors, the closing balance disagrees, or
             movements were refused (listed on standard error; nothing is written
             without --skip-refused)
          2  usage mistake, unknown wallet, or a statement or file that cannot be read

        """
    static var flags: [FlagDeclaration] { Flag.declarations + [.helpFlag] }

    /// The command's flags, each declared once (help, parsing, completions).
    enum Flag: FlagSet {
        case wallet, into, uncategorized, encoding, dateFormat, decimalComma, separator, today, addIDs, dryRun, skipRefused, from

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
                        MM/DD/YY, DD/MM/YY, YY/MM/DD (20YY), YYYYMMDD (default:
                        the one that reads every date)
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
            case .skipRefused: FlagDeclaration("--skip-refused", help: "Write the other movements when some are refused (default: nothing)")
            case .from:
                FlagDeclaration(
                    "--from", value: "BANK",
                    help: """
                        Download the movements from the bank instead of reading
                        statement files: `fio`, `simplefin` or `enablebanking`, as the
                        wallet's profile names it (`feed`, docs/import.md)
                        """)
            }
        }
    }

    static func run(_ arguments: [String], console: Console) -> Int32 { run(arguments, sync: false, console: console) }

    /// Imports, or with `sync` downloads every feed the budget's profiles name.
    static func run(_ arguments: [String], sync: Bool, console: Console) -> Int32 {
        guard let options = readOptions(arguments, console: console, { a throws(UsageError) in try parse(a, sync: sync) }) else { return ExitCode.usage }
        guard let today = workingDay(options.today, console: console) else { return ExitCode.usage }
        var request = ImportStatements.Request(
            budget: options.budget!, statements: options.statements.map { .file($0) }, from: options.from.flatMap(ImportStatements.Bank.init),
            wallet: options.wallet, into: options.into, uncategorized: options.uncategorized, reading: options.reading, addIDs: options.addIDs,
            today: today, dryRun: options.dryRun, skipRefused: options.skipRefused, environment: console.environment)
        request.names = .init(wallet: "--wallet", uncategorized: "--uncategorized", fio: "`--from fio`", options: .flags)
        request.sync = options.sync
        request.keepsUndo = false
        let result: ImportStatements.Result
        do { result = try ImportStatements.perform(request) } catch { return error.report(sync ? SyncCommand.name : name, console: console) }
        // The budget as read and as edited are freed by the exit, not one element at a time.
        if let budget = result.read.first as? Budget { for value in result.read { KeptUntilExit.keep(value, of: budget) } }
        if options.dryRun {
            for part in result.parts {
                console.out("Would append to \(part.file):\n")
                for line in part.lines { console.out(line + "\n") }
                console.out("\n")
            }
        }
        console.out(result.summary)
        for refusal in result.refusals { console.err("refused  \(refusal)\n") }
        if options.dryRun { return result.refusedRows ? ExitCode.problems : ExitCode.success }
        let appended = Set(result.parts.map(\.file)).sorted()
        if result.refusedRows && !options.skipRefused {
            console.err("Nothing written: \(result.refusals.count) refused; --skip-refused writes the others.\n")
        } else {
            console.out(result.changesNothing ? "Nothing written.\n" : appended.isEmpty ? "Ids added.\n" : "Appended to \(appended.joined(separator: ", ")).\n")
        }
        return result.refusedRows ? ExitCode.problems : ExitCode.success
    }
}
