import TallyCore
import TallyReports
import TallySyntax

/// `tally accounts FILE [TEXT]`: the wallets and categories, one name a line, as
/// hledger's `accounts` lists accounts.
enum AccountsCommand: ReportSubcommand {
    static let name = "accounts"
    static let summary = "List the wallets and categories, one name a line"
    static let shared: [ReportOptions.Flag] = [.today]
    /// The command's own flags, each declared once (their values: `ReportOptions.value`).
    enum Own: FlagSet {
        case types

        var declaration: FlagDeclaration {
            switch self {
            case .types: FlagDeclaration("--types", help: "A table of each name and its kind: a wallet's (bank,\ncash, ...), income or expense")
            }
        }
    }
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = [ReportOptions.fileFlag, OutputFile.flag] + shared.map(\.declaration) + Own.declarations + [.helpFlag]
    static let help = """
        tally accounts: the wallets, then the categories, one name a line, in the
        order they are declared; with TEXT, only the names containing it (any case).

        USAGE
          tally accounts [options] <file> [TEXT]

        OPTIONS
        \(FlagDeclaration.help(flags))\

        Exit codes: 0 shown, 2 usage mistake or unreadable file.

        """

    /// The options: the file, and the text names must contain.
    static func parse(_ arguments: [String]) throws(UsageError) -> ReportOptions {
        let options = try ReportOptions.parse(arguments, command: name, flags: shared, formats: ["text"], own: Own.declarations, query: true)
        guard options.positionals.count <= (options.fileFlags.isEmpty ? 2 : 1) else {
            throw UsageError("`tally accounts` takes one TEXT after the file")
        }
        return options
    }

    /// The names, from an opened budget.
    static func report(_ context: ReportContext) -> Int32 {
        let model = context.model
        let text = context.options.queryTerms.first?.lowercased()
        let types = context.options.value(Own.types) != nil
        var lines: [(name: String, type: String)] = model.wallets.map { ($0.name, $0.kind.rawValue) }
        lines += model.categories.map { ($0.name, $0.isIncome ? "income" : "expense") }
        let kept = lines.filter { line in text.map { line.name.lowercased().contains($0) } ?? true }
        var out = ""
        if types {
            var table = TextTable([.init(title: "Name", alignment: .left, maxWidth: 60), .init(title: "Kind", alignment: .left)])
            for line in kept { table.add([line.name, line.type]) }
            out = kept.isEmpty ? "" : table.render(color: false, width: context.width)
        } else {
            for line in kept { out += line.name + "\n" }
        }
        context.console.out(out)
        return ExitCode.success
    }
}
