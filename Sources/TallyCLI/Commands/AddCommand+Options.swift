import TallyCore
import TallyReports
import TallySyntax

/// The command line of `tally add`: its flags, and the words (DATE, PAYEE, WALLET,
/// CATEGORY, AMOUNT, a negative amount included) that `Draft` reads.
extension AddCommand {
    static var flags: [FlagDeclaration] { Flag.declarations + [.helpFlag] }

    /// The command's flags, each declared once (help, parsing, completions).
    enum Flag: FlagSet {
        case file, note, tag, today, dryRun

        var declaration: FlagDeclaration {
            switch self {
            case .file: FlagDeclaration("-f", "--file", value: "FILE", help: "The budget (default: the first argument, else TALLY_FILE)")
            case .note: FlagDeclaration("--note", value: "TEXT", help: "The transaction's note")
            case .tag: FlagDeclaration("--tag", value: "NAME", help: "A tag, `#` optional (repeatable)")
            case .today:
                FlagDeclaration(
                    "--today", value: "YYYY-MM-DD",
                    help: """
                        What `today` and `yesterday` mean (default: TALLY_TODAY,
                        else the system's local date)
                        """)
            case .dryRun: FlagDeclaration("--dry-run", help: "Print the entry; write nothing")
            }
        }
    }

    struct Options {
        var words: [String] = []
        var file: String?
        var note: String?
        var tags: [String] = []
        var today: CivilDate?
        var dryRun = false
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments)
        while let item = reader.next() {
            switch item {
            case .positional(let word): options.words.append(word)
            case .flag(let flag, nil) where flag.dropFirst().first?.isNumber ?? false:
                options.words.append(flag)  // a negative amount: -12.50
            case .flag(let spelling, let inline):
                let flag = try Flag.named(spelling, inline: inline, command: name)
                switch flag {
                case .file:
                    guard options.file == nil else { throw UsageError("`tally add` writes to one file; `--file` given twice") }
                    options.file = try reader.value(of: flag, inline: inline)
                case .note:
                    guard options.note == nil else { throw UsageError("`--note` given twice") }
                    options.note = try reader.value(of: flag, inline: inline)
                case .tag:
                    let tag = try reader.value(of: flag, inline: inline)
                    let name = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
                    guard !name.isEmpty, !name.contains(where: { $0.isWhitespace || $0 == "#" }) else { throw UsageError("`--tag`: `\(tag)` is not a tag name") }
                    options.tags.append(name)
                case .today: options.today = try reader.date(of: flag, inline: inline)
                case .dryRun: options.dryRun = true
                }
            }
        }
        return options
    }
}
