import TallyCore
import TallySyntax

/// The names a shell completes from a budget (`tally __names`): its wallets, categories
/// and payees, one list each, from the same listings `tally wallets`, `tally categories`
/// and `tally payees` print. Reading only: nothing is written, nothing is cached.
public enum BudgetNames {
    /// Which names.
    public enum Kind: String, CaseIterable, Sendable {
        case wallets, categories, payees
    }

    /// The names of `kind` in `budget`: wallets in file order, categories parents first
    /// (`Food` before `Food:Groceries`), payees as `tally payees` orders them.
    public static func names(_ kind: Kind, in budget: ReportBudget) -> [String] {
        switch kind {
        case .wallets: WalletList(budget, range: nil).wallets.map(\.name)
        case .categories: CategoryTree(budget, range: nil).nodes.map(\.name)
        case .payees: NameCounts.payees(budget, range: nil).counts.map(\.name)
        }
    }

    /// The names of `kind` in the budget `words`, a command line being completed, name (see
    /// ``files(in:fallback:)``), as of TALLY_TODAY or the system's day; nil when there is
    /// none or it cannot be read (standard input is never read).
    public static func names(_ kind: Kind, words: [String], environment: [String: String]) -> [String]? {
        let files = files(in: words, fallback: environment["TALLY_FILE"])
        guard !files.isEmpty, !files.contains("-"),
            let budget = try? ReportBudget.open(files: files, today: Interpreter.todayOrSystemDate(environment: environment))
        else { return nil }
        return names(kind, in: budget)
    }

    /// The budget files a command line being completed names: each `-f FILE`,
    /// `--file FILE` or `--file=FILE`, else each word ending in `.tally`, else `fallback`
    /// (`TALLY_FILE`). A shell may hand the line split at `=` (`--file`, `=`, `b.tally`).
    public static func files(in words: [String], fallback: String?) -> [String] {
        var flagged: [String] = []
        var named: [String] = []
        var i = 0
        while i < words.count {
            let word = words[i]
            if word == "-f" || word == "--file" {
                i += words.indices.contains(i + 1) && words[i + 1] == "=" ? 1 : 0
                if words.indices.contains(i + 1) { flagged.append(words[i + 1]) }
                i += 2
                continue
            }
            if word.hasPrefix("--file=") { flagged.append(String(word.dropFirst("--file=".count))) }
            if word.hasSuffix(".tally") && !word.hasPrefix("-") { named.append(word) }
            i += 1
        }
        if !flagged.isEmpty { return flagged }
        if !named.isEmpty { return named }
        return fallback.map { $0.isEmpty ? [] : [$0] } ?? []
    }
}
