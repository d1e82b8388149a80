import TallyCore
import TallyInterop
import TallyReports
import TallySyntax

/// `tally convert JOURNAL... [-o BUDGET]`: a Tally budget from hledger, ledger or
/// beancount files, or from a budgeting app's CSV export, with everything that could not
/// be carried over listed.
enum ConvertCommand: Subcommand {
    static let name = "convert"
    static let summary = "Make a budget from hledger, ledger or beancount files or an app's export"
    static let help = """
        tally convert: read hledger or ledger journals or beancount files (the kind is told
        by the extension, else by the content; includes are followed) and write a Tally
        budget. Asset and liability accounts become wallets, income and expense accounts
        categories, commodities currency codes, prices rates, balance assertions `assert`,
        opening-balance transactions wallet openings, budget goals envelopes. What Tally
        cannot represent (costs and lots, virtual postings, automated transactions, periods
        Tally has no form for, commodities that are no currency code, equity postings
        other than openings, ...) is listed on standard error with its file and line
        and kept in the budget as a comment at its place (`; not converted (FILE:LINE):
        REASON` above its original lines); an assertion that counts such a line is kept
        the same way. Nothing is dropped silently.

        It reads the CSV exports of YNAB (the register and plan files of its export, both
        given), Goodbudget, Spendee and Wallet by BudgetBakers too, told by their columns
        (else by --from): accounts become wallets, categories categories, transfers
        transfers (once), YNAB's assigned amounts envelope fills, so the budget shows the
        app's balances, envelopes and ready to assign.

        USAGE
          tally convert [options] <journal>...
          tally convert [options] "<budget> - Register.csv" "<budget> - Plan.csv"

        OPTIONS
        \(Flag.help)\(FlagDeclaration.helpFlag.help)\

        The budget is laid out as `tally fmt` does and checked as `tally check` does before
        it is written; docs/interop.md has the whole mapping.

        EXIT CODES
          0  written (lines left out, if any, are listed and kept as comments)
          1  --strict and something was left out, or the result does not pass the check;
             nothing written
          2  usage mistake, a file that cannot be read or written, a CSV that is no
             export Tally reads, files that give no wallet or nothing in one, an
             output that exists (without --force)

        """

    static var flags: [FlagDeclaration] { Flag.declarations + [.helpFlag] }

    /// The command's flags, each declared once (help, parsing, completions).
    enum Flag: FlagSet {
        case output, force, strict, walletKind, commodity, from, dateFormat, decimal, today

        var declaration: FlagDeclaration {
            switch self {
            case .output:
                FlagDeclaration(
                    "-o", "--output", value: "FILE",
                    help: """
                        Write the budget to FILE (atomically; an existing file is
                        replaced only with --force) instead of standard output
                        """)
            case .force: FlagDeclaration("--force", help: "Replace the output file when it exists")
            case .strict: FlagDeclaration("--strict", help: "Fail (exit 1, nothing written) when anything is left out")
            case .walletKind:
                FlagDeclaration(
                    "--wallet-kind", value: "ACCOUNT=KIND",
                    help: """
                        The kind of the wallet an account becomes (bank, cash,
                        credit, savings, investment, loan, other); else guessed
                        from its name. An account under a root of no type
                        becomes a wallet only so. Repeat for more
                        """)
            case .commodity:
                FlagDeclaration(
                    "--commodity", value: "SYMBOL=CODE",
                    help: """
                        The currency code for a commodity ($ is USD, € EUR, £ GBP,
                        ¥ JPY, ₹ INR unless given); `=CODE` names the unit of
                        amounts written without one. Repeat for more
                        """)
            case .from:
                FlagDeclaration(
                    "--from", value: "APP",
                    help: """
                        The app whose export the files are (ynab, ynab4, mint, …; a
                        wrong name lists all eleven) when their columns do not tell
                        """)
            case .dateFormat:
                FlagDeclaration(
                    "--date-format", value: "FORMAT",
                    help: """
                        How an app's export writes dates (MM/DD/YYYY,
                        DD/MM/YYYY, DD.MM.YYYY, YYYY-MM-DD, ...), when they can
                        be read two ways
                        """)
            case .decimal:
                FlagDeclaration("--decimal", value: "MARK", help: "An app's decimal mark (point, comma), when its amounts do not tell")
            case .today: FlagDeclaration("--today", value: "YYYY-MM-DD", help: "The day taken as today for the check of the result")
            }
        }
    }

    struct Options {
        var files: [String] = []
        var output: String?
        var strict = false
        var force = false
        var conversion = ConversionOptions()
        var app = AppExportOptions()
        var today: CivilDate?
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        try ArgumentReader.read(arguments, command: name) { (file) throws(UsageError) in
            options.files.append(file)
        } flag: { (flag: Flag, reader, inline) throws(UsageError) in
            switch flag {
            case .output: options.output = try reader.value(of: flag, inline: inline)
            case .strict: options.strict = true
            case .force: options.force = true
            case .walletKind:
                let value = try reader.value(of: flag, inline: inline)
                guard let equals = value.lastIndex(of: "="), let kind = WalletKind(rawValue: String(value[value.index(after: equals)...])) else {
                    throw UsageError("`--wallet-kind`: write ACCOUNT=KIND, KIND one of \(WalletKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                options.conversion.walletKinds[String(value[..<equals])] = kind
            case .commodity:
                let value = try reader.value(of: flag, inline: inline)
                guard let equals = value.lastIndex(of: "="), !value[value.index(after: equals)...].isEmpty else {
                    throw UsageError("`--commodity`: write SYMBOL=CODE, for example '$=CAD'")
                }
                options.conversion.commodities[String(value[..<equals])] = String(value[value.index(after: equals)...])
            case .from, .dateFormat, .decimal:
                try readAppFlag(flag, try reader.value(of: flag, inline: inline), into: &options.app)
            case .today:
                options.today = try reader.date(of: flag, inline: inline)
            }
        }
        if options.files.isEmpty { throw UsageError("`tally convert` needs at least one journal file") }
        return options
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let options = readOptions(arguments, console: console, usage: "tally convert [-o BUDGET [--force]] [--strict] <journal>...", parse) else { return ExitCode.usage }
        guard let today = workingDay(options.today, console: console) else { return ExitCode.usage }
        if let output = options.output, !options.force, FileManager.default.fileExists(atPath: output) {
            console.err("tally convert: will not write `\(output)`: the file exists (`--force` replaces it)\n")
            return ExitCode.usage
        }
        // The result must pass the check, as the user will run it.
        let path = options.output ?? "converted.tally"
        var result: ConversionResult
        var diagnostics: [Diagnostic]
        do {
            (result, diagnostics) = try converted(options, options.conversion, path: path, today: today)
            // Assertions that fail only because lines were left out (lines the converter
            // cannot tie to an account, a directive that renames accounts) are kept as
            // comments too: converted once more with them named.
            let failing = diagnostics.filter { $0.code == .failedAssertion }
            if !result.leftOut.isEmpty, !failing.isEmpty, diagnostics.allSatisfy({ $0.severity != .error || $0.code == .failedAssertion }) {
                var again = options.conversion
                again.failingAssertions = Set(failing.map { ConversionOptions.assertionLine(at: $0.range.start, in: result.tree.source.bytes) })
                (result, diagnostics) = try converted(options, again, path: path, today: today)
            }
        } catch let error as ConvertReadError {
            console.err("tally convert: cannot read `\(error.path)`\(error.reason.map { ": " + $0 } ?? "")\n")
            return ExitCode.usage
        } catch let error as ConvertInternalError {
            console.err("tally convert: internal error: \(error.reason)\n")
            return ExitCode.problems
        } catch {
            console.err("tally convert: \(error)\n")
            return ExitCode.usage
        }
        for item in result.leftOut { console.err("\(item.source): not converted: \(item.reason)\n") }
        // Never an empty budget at success: files that give no wallet, or none that moves.
        if let lack = result.lack { console.err("tally convert: the files give \(lack); nothing written\n"); return ExitCode.usage }
        let errors = diagnostics.filter { $0.severity == .error }
        let warnings = diagnostics.filter { $0.severity == .warning }
        for d in errors + warnings {
            console.err("converted budget: \(d.severity == .error ? "error" : "warning")[\(d.code)]: \(d.message)\n")
        }
        if !errors.isEmpty {
            console.err("tally convert: the result has \(errors.count) error\(errors.count == 1 ? "" : "s"); nothing written\n")
            return ExitCode.problems
        }
        if options.strict && !result.leftOut.isEmpty {
            console.err("tally convert: --strict: \(result.leftOut.count) line\(result.leftOut.count == 1 ? "" : "s") not converted; nothing written\n")
            return ExitCode.problems
        }
        if !result.leftOut.isEmpty {
            console.err("tally convert: \(result.leftOut.count) line\(result.leftOut.count == 1 ? "" : "s") not converted (listed above, kept in the budget as comments)\n")
        }
        guard let output = options.output else {
            console.out(bytes: result.tree.source.bytes)
            return ExitCode.success
        }
        do {
            try AtomicFile.write(result.tree.source.bytes, to: output)
        } catch {
            console.err("tally convert: cannot write `\(output)`: \(error.reason)\n")
            return ExitCode.usage
        }
        return ExitCode.success
    }
}

extension ConvertCommand {
    /// The conversion of the files `options` names, with `conversion`'s settings, and the
    /// diagnostics `tally check` shows for it.
    static func converted(
        _ options: Options, _ conversion: ConversionOptions, path: String, today: CivilDate
    ) throws -> (ConversionResult, [Diagnostic]) {
        let result = try convertFiles(options, conversion, budgetPath: path)
        // The tree's bytes are the budget's: handed over as they are, not copied again.
        var provider = InMemoryFileProvider([:])
        provider.files[path] = result.tree.source.bytes
        guard let budget = try? BudgetLoader(provider: provider, parsed: [result.tree]).load(path) else {
            throw ConvertInternalError(reason: "the result cannot be read back")
        }
        let (_, found) = Interpreter.run(budget, today: today)
        return (result, DiagnosticPolicy.shown(found, in: budget))
    }
}

/// A converted budget that cannot be read back (a converter bug).
struct ConvertInternalError: Error {
    let reason: String
}

/// A journal file that could not be read.
struct ConvertReadError: Error {
    let path: String
    /// Why, when the file exists (its encoding).
    var reason: String?
}
