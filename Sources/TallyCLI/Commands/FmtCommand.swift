import TallyCore
import TallyFormat
import TallyReports
import TallySyntax

/// `tally fmt FILE...`: rewrites budget files in the canonical layout, changing nothing
/// but whitespace.
enum FmtCommand: Subcommand {
    static let name = "fmt"
    static let summary = "Format budget files in the canonical layout"
    static let help = """
        tally fmt: lay out budget files canonically: aligned amounts and comments, one space
        between fields, indented split lines. Only whitespace ever changes.

        USAGE
          tally fmt [options] <file>...
          tally fmt [options] -            (read standard input, write standard output)

        OPTIONS
        \(Flag.help)\(FlagDeclaration.helpFlag.help)\

        Files are replaced atomically (a temporary file beside them, then a rename) and keep
        their owner, group and permissions; a read-only file (no write permission for its
        owner) or one that is not text is refused and left alone; files already formatted
        are not touched. Entries with syntax
        errors and lines between `; tally-fmt: off` and `; tally-fmt: on` are kept exactly.
        Before anything is written, the output is checked to differ from the input only in
        whitespace and to read back the same; if not, nothing is written. The layout is
        described in Grammar.md, section "Canonical layout".

        EXIT CODES
          0  done (with --check or --diff: every file is already formatted)
          1  with --check or --diff: some file would change
          2  usage mistake, a file that cannot be read or written, or an internal error
             (the formatter refused to change a file; nothing was written)

        """

    static var flags: [FlagDeclaration] { Flag.declarations + [.helpFlag] }

    /// The command's flags, each declared once (help, parsing, completions).
    enum Flag: FlagSet {
        case check, diff

        var declaration: FlagDeclaration {
            switch self {
            case .check: FlagDeclaration("--check", help: "Write nothing; list the files that would change")
            case .diff: FlagDeclaration("--diff", help: "Write nothing; print a unified diff of what would change")
            }
        }
    }

    struct Options {
        var files: [String] = []
        var check = false
        var diff = false
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        try ArgumentReader.read(arguments, command: name) { (file) throws(UsageError) in
            options.files.append(file)
        } flag: { (flag: Flag, _, _) throws(UsageError) in
            switch flag {
            case .check: options.check = true
            case .diff: options.diff = true
            }
        }
        if options.files.isEmpty { throw UsageError("`tally fmt` needs at least one file, or `-` for standard input") }
        if options.files.filter({ $0 == "-" }).count > 1 { throw UsageError("standard input (`-`) can be read only once") }
        return options
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let options = readOptions(arguments, console: console, usage: "tally fmt [--check] [--diff] <file>...", parse) else { return ExitCode.usage }
        var wouldChange = false
        var failed = false
        let disk = DiskFileProvider()
        for path in options.files {
            let fromStandardInput = path == "-"
            let shownName = fromStandardInput ? "<stdin>" : path
            let bytes: [UInt8]
            do {
                bytes = fromStandardInput ? try FileDescriptorReader.readStandardInput() : try disk.read(path)
            } catch {
                console.err("tally fmt: cannot read \(fromStandardInput ? "standard input" : "`\(path)`"): \(error.explanation)\n")
                failed = true
                continue
            }
            guard bytes.count <= Parser.maximumFileSize else {
                console.err("tally fmt: cannot read `\(path)`: the file is larger than 4 GiB\n")
                failed = true
                continue
            }
            // Large files are read, and read back by the guard, on every core.
            let tree = ConcurrentParse.parse(SourceText(path: shownName, bytes: bytes))
            if tree.isNotText {
                console.err("tally fmt: `\(shownName)` is not a text file (E0105); it was left alone\n")
                failed = true
                continue
            }
            let formatted: [UInt8]
            switch Formatter.format(tree, parse: { ConcurrentParse.parse($0) }) {
            case .unchanged:
                formatted = bytes
            case .formatted(let output):
                formatted = output
            case .refused(let reason):
                console.err("tally fmt: internal error: formatting `\(shownName)` was refused by the whitespace guard: \(reason); nothing was written. Please report this.\n")
                failed = true
                continue
            }
            let changed = formatted != bytes
            if changed { wouldChange = true }
            if options.diff {
                // Relative paths get git's `a/` and `b/`, so `git apply` takes the diff.
                let relative = !shownName.hasPrefix("/")
                console.out(
                    UnifiedDiff.render(
                        old: bytes, new: formatted,
                        oldName: relative ? "a/\(shownName)" : shownName,
                        newName: relative ? "b/\(shownName)" : shownName))
            } else if options.check {
                if changed { console.out(shownName + "\n") }
            } else if fromStandardInput {
                console.out(bytes: formatted)
            } else if changed {
                do {
                    // Only over the bytes formatted: a save made meanwhile is kept.
                    try BudgetWriteLock.holding(path) { () throws(FileWriteError) in try AtomicFile.write(formatted, to: path, expecting: .bytes(bytes)) }
                } catch {
                    console.err("tally fmt: cannot write `\(path)`: \(error.reason)\n")
                    failed = true
                }
            }
        }
        if failed { return ExitCode.usage }
        if (options.check || options.diff) && wouldChange { return ExitCode.problems }
        return ExitCode.success
    }
}
