import TallyCore
import TallyImport
import TallyReports
import TallySyntax

extension ImportCommand {
    struct Options {
        var budget: String?
        var statements: [String] = []
        var wallet: String?
        var into: String?
        var uncategorized: String?
        var today: CivilDate?
        var dryRun = false, skipRefused = false
        var addIDs = false
        /// The feed to download from (`--from fio`), or every wallet's (`tally sync`).
        var from: String?, sync = false
        var reading = StatementReader.Options()
    }

    static func parse(_ arguments: [String], sync: Bool = false) throws(UsageError) -> Options {
        var options = Options(sync: sync)
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
                case .skipRefused: options.skipRefused = true
                case .addIDs: options.addIDs = true
                case .from:
                    let value = try reader.value(of: flag, inline: inline)
                    guard FeedKind(rawValue: value) != nil else { throw UsageError("`--from` knows fio, simplefin and enablebanking, not `\(value)`") }
                    options.from = value
                }
            }
        }
        guard let budget = options.budget else { throw UsageError("`tally import` needs a budget file and at least one statement") }
        if budget == "-" { throw UsageError("`tally import` writes to the budget's files; it cannot read the budget from standard input") }
        if (options.from != nil || sync) && !options.statements.isEmpty { throw UsageError("a feed downloads the statement: name no statement files with it") }
        if options.statements.isEmpty && options.from == nil && !options.sync {
            throw UsageError("`tally import` needs at least one statement file after the budget, or `--from fio`")
        }
        return options
    }
}
