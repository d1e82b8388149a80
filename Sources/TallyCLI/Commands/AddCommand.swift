import TallyActions
import TallyCore
import TallyReports
import TallySyntax

/// `tally add FILE DATE [PAYEE] WALLET [CATEGORY] AMOUNT`: one transaction from the
/// command line, for scripts and phone shortcuts. What is left out is completed from the
/// budget when that is unambiguous (a payee's usual wallet and category), and the entry
/// is written by ``AddEntry``: appended to the budget file, laid out as `tally fmt` lays
/// out its block, checked in memory first.
enum AddCommand: Subcommand {
    static let name = "add"
    static let summary = "Add one transaction from the command line"
    static let help = """
        tally add: append one transaction to the budget, completed from the budget where
        that is unambiguous: a payee's usual wallet and category.

        USAGE
          tally add [options] <file> DATE [PAYEE] WALLET [CATEGORY] AMOUNT
          tally add [options] <file> DATE PAYEE [CATEGORY] AMOUNT     (the payee's wallet)
          tally add [options] <file> DATE PAYEE AMOUNT                (its wallet and category)

        OPTIONS
        \(Flag.help)\(FlagDeclaration.helpFlag.help)\

        DATE is YYYY-MM-DD, today or yesterday. WALLET and CATEGORY are names the budget
        declares (any case). An AMOUNT without a sign is spending in an expense category
        (written negative) and money in for an income category; +12.50 and -12.50 are
        kept as written, and one against its category's sign is tagged #refund (or
        #reversal for income), as `tally check` asks (W0413). `12,50` and `1.234,50` are
        read as 12.50 and 1234.50; `1,234` is refused (1234, or 1.234?). The answer says
        when the entry takes an envelope over. The file may be any file of a budget: the
        whole budget is read, and the entry goes to the end of the file that holds the
        date's entries (a year file: Grammar.md §3.9), laid out as `tally fmt` lays out
        the block it joins; no other byte changes. Nothing is written when the budget
        has errors before, or would have any after.

        EXIT CODES
          0  added
          1  the budget has errors (before or after): nothing written
          2  usage mistake, an unknown or ambiguous name, or an unreadable file

        """

    static func run(_ arguments: [String], console: Console) -> Int32 {
        func fail(_ message: String, _ code: Int32 = ExitCode.usage) -> Int32 {
            console.err("tally add: \(message)\n")
            return code
        }
        var options: Options
        do { options = try parse(arguments) } catch { return fail(error.message) }
        // The file: -f, else a first word that names one, else TALLY_FILE.
        if options.file == nil, let first = options.words.first,
            first.hasSuffix(".tally") || FileManager.default.fileExists(atPath: first)
        {
            options.file = first
            options.words.removeFirst()
        }
        if options.file == nil, let variable = console.environment["TALLY_FILE"], !variable.isEmpty { options.file = variable }
        guard let path = options.file else { return fail("name the budget file (or -f FILE, or set TALLY_FILE)") }
        if path == "-" { return fail("`tally add` writes to the budget file; it cannot read standard input") }
        guard let today = options.today ?? Interpreter.today(environment: console.environment) else {
            return fail("TALLY_TODAY is not a date; write it as YYYY-MM-DD")
        }
        guard options.words.count >= 3 else {
            return fail("write `tally add FILE DATE [PAYEE] WALLET [CATEGORY] AMOUNT` (see `tally help add`)")
        }
        let request = AddEntry.Request(
            file: path, date: options.words[0], parties: .words(Array(options.words[1 ..< options.words.count - 1])), amount: options.words[options.words.count - 1],
            note: options.note, tags: options.tags, today: today, dryRun: options.dryRun)
        let result: AddEntry.Result
        do { result = try AddEntry.perform(request) } catch { return error.report(name, entries: "the entry", console: console) }
        // What was filled in, so that a guess never goes unnoticed.
        if !result.completed.isEmpty { console.err("tally add: \(result.completed.joined(separator: "; "))\n") }
        console.out(result.written ? "Added to \(result.file): \(result.line)\n" : "Would append to \(result.file):\n\(result.line)\n")
        for warning in result.effects.warnings { console.err("tally add: warning: \(warning)\n") }  // an envelope over, ...
        return ExitCode.success
    }
}
