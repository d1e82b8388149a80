import TallyCore
import TallyReports
import TallySyntax

/// The options every report shares, read by one parser so that time ranges and filters
/// mean the same in every command. Each command names the shared flags it accepts and
/// its own extra flags; anything else is a usage error naming the flag.
struct ReportOptions {
    /// A flag a report may accept, declared once.
    enum Flag: CaseIterable {
        case format, today, period, begin, end, at, wallet, category, tag, payee, type, search, sort, desc, csvSeparator, color

        /// The flag's declaration (its help line, spellings and value).
        var declaration: FlagDeclaration {
            switch self {
            case .format: FlagDeclaration("-O", "--format", aliases: ["--output-format"], value: "text|json|csv", help: "Output format (default: text)")
            case .today:
                FlagDeclaration(
                    "--today", value: "YYYY-MM-DD",
                    help: """
                        The date reports are made as of (default: TALLY_TODAY,
                        else the system's local date)
                        """)
            case .period:
                FlagDeclaration(
                    "-p", "--period", value: "PERIOD",
                    help: """
                        2026, 2026-11, 2026-11-05, 2026q4, nov, today,
                        yesterday, this|last|next week|month|quarter|year,
                        X..Y or from X to Y (both ends included), 2026-11..
                        or ..2026-10-01
                        """)
            case .begin: FlagDeclaration("-b", "--begin", value: "PERIOD", help: "From the first day of PERIOD on (a date, 2026-11, ...)")
            case .end:
                FlagDeclaration(
                    "-e", "--end", value: "PERIOD",
                    help: """
                        Up to the first day of PERIOD, which is not included
                        (-b 2026-10 -e 2026-12: October and November)
                        """)
            case .at: FlagDeclaration("--at", value: "YYYY-MM-DD", help: "The day to show (default: today)")
            case .wallet: FlagDeclaration("--wallet", value: "NAME", help: "Only this wallet (repeat for more)")
            case .category: FlagDeclaration("--category", value: "NAME", help: "Only this category and its children (repeat for more)")
            case .tag:
                FlagDeclaration(
                    "--tag", value: "NAME",
                    help: """
                        Only entries with this tag, `#` optional (repeat for
                        more)
                        """)
            case .payee: FlagDeclaration("--payee", value: "TEXT", help: "Only entries whose payee has TEXT (any case or accent)")
            case .type: FlagDeclaration("--type", value: "income|expense|transfer", help: "Only this kind of movement (repeat for more)")
            case .search:
                FlagDeclaration(
                    "--search", value: "TEXT",
                    help: """
                        Only rows whose payee, note, category, wallet, tags or
                        amount contain TEXT (any case or accent)
                        """)
            case .sort: FlagDeclaration("--sort", value: "date|amount|category|payee", help: "Order of rows (default: date)")
            case .desc: FlagDeclaration("--desc", help: "Reverse the order")
            case .csvSeparator: FlagDeclaration("--csv-separator", value: "CHAR", help: "Field separator of CSV output (default: ,)")
            case .color:
                FlagDeclaration(
                    "--color", aliases: ["--colour"], value: "auto|always|never",
                    help: """
                        Colour negative amounts (default: auto: only on a
                        terminal, never when NO_COLOR is set)
                        """)
            }
        }

        /// The request's option this flag sets; nil for the flags that say how to print.
        var option: ReportRequest.Option? { ReportRequest.Option(rawValue: String(declaration.name.dropFirst(2))) }
    }

    /// The request the flags make (the library's grammar reads them).
    var request = ReportRequest()
    /// The budget file as named to people (the first of several).
    var file: String?
    /// Every budget file: the positional one, or each `-f`, or `TALLY_FILE`.
    var files: [String] = []
    /// Files named with `-f/--file`.
    var fileFlags: [String] = []
    /// Arguments that are neither flags nor values: the file (unless `-f` or
    /// `TALLY_FILE` names it) and query terms.
    var positionals: [String] = []
    /// Whether the command takes query terms after the file.
    var acceptsQuery = false
    /// The query terms (positional arguments after the file).
    var queryTerms: [String] { request.queryTerms }
    var format = "text"
    /// `--width N`: the columns text tables may take.
    var width: Int?
    /// Whether `--format` was given (not the default).
    var formatGiven = false
    var csvSeparator: Character = ","
    var color = "auto"

    /// Reads `arguments`. `flags` are the shared flags the command accepts, `own` its own
    /// flags (their values go to the request's `own` until the report makes them typed).
    static func parse(
        _ arguments: [String], command: String, flags: [Flag], formats: [String] = ["text", "json", "csv"],
        own: [FlagDeclaration] = [], query: Bool = false
    ) throws(UsageError) -> ReportOptions {
        var options = ReportOptions()
        options.acceptsQuery = query
        var reader = ArgumentReader(arguments)
        /// Values of the command line's own flags that take one value (`--width`, `--file`
        /// is repeatable), to refuse one given twice differently.
        var given: [String: String] = [:]
        func once(_ name: String, _ text: String) throws(UsageError) -> String {
            if name != fileFlag.name, let earlier = given[name], earlier != text {
                throw UsageError("`\(name)` given twice, as `\(earlier)` and `\(text)`; choose one")
            }
            given[name] = text
            return text
        }
        func value(_ name: String, _ inline: String?) throws(UsageError) -> String {
            try once(name, try reader.value(for: name, inline: inline))
        }
        while let item = reader.next() {
            let name: String
            let inline: String?
            switch item {
            case .positional(let word):
                options.positionals.append(word)
                continue
            case .flag(let flag, let value):
                name = ReportOptions.aliases[flag] ?? flag
                inline = value
            }
            if name == widthFlag.name {
                let text = try value(name, inline)
                guard let n = Int(text), n >= 1 else { throw UsageError("`--width`: `\(text)` must be a positive number") }
                options.width = max(n, 20)
                continue
            }
            if name == flatFlag.name {
                guard inline == nil else { throw UsageError("`--flat` takes no value") }
                continue
            }
            if name == fileFlag.name {
                options.fileFlags.append(try value(name, inline))
                continue
            }
            if let declaration = own.first(where: { $0.spellings.contains(name) }) {
                let takesValue = declaration.value != nil
                try options.request.readOwn(name, takesValue ? try reader.value(for: name, inline: inline) : inline, takesValue: takesValue)
                continue
            }
            guard let flag = Flag.allCases.first(where: { $0.declaration.name == name }), flags.contains(flag) else {
                throw UsageError("unknown option `\(name)` for `tally \(command)`")
            }
            if let option = flag.option {
                try options.request.read(option, option == .desc ? inline : try reader.value(for: name, inline: inline))
                continue
            }
            let text = flag == .csvSeparator ? try value(name, inline) : try reader.value(for: name, inline: inline)
            try options.read(flag, text, formats: formats, once: once)
        }
        try options.request.checkShared()
        return options
    }

    /// Reads `text`, the value of a flag that says how to print rather than what to
    /// report; `once` refuses a second, different value.
    private mutating func read(
        _ flag: Flag, _ text: String, formats: [String], once: (String, String) throws(UsageError) -> String
    ) throws(UsageError) {
        let name = flag.declaration.name
        switch flag {
        case .format:
            try UsageError.check(text, of: name, among: formats)
            format = try once(name, text)
            formatGiven = true
        case .csvSeparator:
            let unescaped = text == "\\t" || text == "tab" ? "\t" : text
            guard unescaped.count == 1, let character = unescaped.first, character != "\"", !character.isNewline else {
                throw UsageError("`--csv-separator`: `\(text)` is not one character (write ',' ';' or tab)")
            }
            csvSeparator = character
        case .color:
            try UsageError.check(text, of: name, among: ["auto", "always", "never"])
            color = try once(name, text)
        default: break
        }
    }

    /// Decides which positional arguments name the budget and which are query terms.
    /// With `-f`, every positional argument is a query term. Without, the first names the
    /// budget, unless `TALLY_FILE` is set and the argument is neither `-`, nor a name
    /// ending in `.tally`, nor an existing file: then it is a query term too.
    mutating func resolveFiles(command: String, environment: [String: String]) throws(UsageError) {
        var words = positionals[...]
        if !fileFlags.isEmpty {
            files = fileFlags
        } else if let first = words.first,
            environment["TALLY_FILE"].map({ $0.isEmpty }) ?? true || first == "-" || first.hasSuffix(".tally")
                || FileManager.default.fileExists(atPath: first)
        {
            files = [first]
            words = words.dropFirst()
        } else if let variable = environment["TALLY_FILE"], !variable.isEmpty {
            files = [variable]
        } else {
            throw UsageError("`tally \(command)` needs a budget file: name it, or -f FILE, or set TALLY_FILE (- reads standard input)")
        }
        if files.filter({ $0 == "-" }).count > 1 { throw UsageError("standard input (`-`) can be read only once") }
        // A second budget file is not a query word (`tally bal a.tally b.tally`).
        let fileLike = words.first { $0.hasSuffix(".tally") || $0 == "-" || FileManager.default.fileExists(atPath: $0) }
        if let word = acceptsQuery ? fileLike : words.first {
            throw UsageError("`tally \(command)` reads one budget file (with its includes; repeat -f for more); got `\(files[0])` and `\(word)`")
        }
        try request.setQuery(Array(words))
        file = files[0]
    }

    /// `-f/--file`, which every report takes.
    static let fileFlag = FlagDeclaration(
        "-f", "--file", value: "FILE",
        help: """
            The budget (repeatable: several files read as one);
            default: the first argument, else TALLY_FILE
            """)

    /// `--width N`, which every report takes.
    static let widthFlag = FlagDeclaration(
        "-w", "--width", value: "N",
        help: """
            Columns text tables may take (default: COLUMNS, else
            the terminal's width, else 80); names are cut only
            when a table would not fit
            """)

    /// `--flat`, which every report takes as hledger users type it: categories are named
    /// in full (`food:groceries`) anyway, so it changes nothing.
    static let flatFlag = FlagDeclaration("--flat", help: "Categories by their full names (food:groceries), as\nhledger's --flat: what Tally shows anyway")

    /// hledger's valuation flags, which balance, register, incomestatement and report take
    /// (the library's `Valuation`; docs/reports.md, "Valuation").
    static let valuationFlags = [
        FlagDeclaration("-B", "--cost", help: "Amounts at cost, as written (what Tally shows anyway)"),
        FlagDeclaration("-V", "--market", help: "Amounts at market value in the default currency, at\nthe rate of each period's last day (rates chained)"),
        FlagDeclaration("-X", "--exchange", value: "CODE", help: "As -V, in the currency CODE")
    ]

    /// Short and alternative spellings of flags, by the spelling they stand for.
    static let aliases: [String: String] = {
        var aliases: [String: String] = [:]
        for flag in [fileFlag, widthFlag] + Flag.allCases.map(\.declaration) {
            for spelling in flag.spellings where spelling != flag.name { aliases[spelling] = flag.name }
        }
        return aliases
    }()

    /// The declarations of the flags every report takes (`-f`, `-o`, `--width`) and of
    /// `flags`, in the order the help lists them; `--format` lists `formats`.
    static func declarations(_ flags: [Flag], formats: [String] = ["text", "json", "csv"]) -> [FlagDeclaration] {
        [fileFlag, OutputFile.flag, widthFlag, flatFlag]
            + flags.map { flag in
                let declaration = flag.declaration
                guard flag == .format else { return declaration }
                return FlagDeclaration(names: declaration.names, value: formats.joined(separator: "|"), text: declaration.text)
            }
    }

    /// `-W, --weekly, -M, --monthly, -Q, --quarterly, -Y, --yearly` (columns over time,
    /// hledger's short spellings too), one help entry saying `what` the columns show.
    static func stepsFlag(_ what: String) -> FlagDeclaration {
        FlagDeclaration(names: PeriodColumns.Step.allCases.flatMap { [$0.shortFlag, $0.flag] }, value: nil, text: what)
    }

    /// The flags that take a value among those every report takes, with every spelling:
    /// what may come before the command (`tally -f b.tally bal`).
    static var valueFlags: Set<String> {
        Set(declarations(Flag.allCases).filter { $0.value != nil }.flatMap(\.spellings))
    }

    /// The value of a command's own flag, if given (empty for a switch).
    func value<Own: FlagSet>(_ flag: Own) -> String? { request.own[flag.name] }
}
