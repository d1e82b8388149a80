import TallyCore
import TallySyntax

/// The id lines an import inserts into existing entries; nothing else in their files
/// moves. With `--add-ids`, each hand-entered transaction a movement matched gets the
/// movement's id (`id:`); always, a transfer one of whose sides a movement filled gets
/// its id under that side's key (`from-id:` or `to-id:`, ``TransferSides``).
public struct MatchedIDs: Sendable {
    /// Per file, the `id:` lines to insert and the offsets (the end of the entry holding
    /// the transaction) they go at.
    public private(set) var inserts: [String: [(offset: Int, text: String)]] = [:]
    /// Each id line added, with its file, for the summary.
    public private(set) var added: [(file: String, line: String)] = []

    /// No id lines (without `--add-ids`).
    public init() {}

    /// The id lines for the transfers `plan` filled a side of, and with `handEntered`
    /// for the transactions it matched.
    public init(plan: ImportPlan, budget: Budget, model: BudgetModel, handEntered: Bool) {
        var entriesOf: [String: [SyntaxNode]] = [:]
        for decision in plan.decisions {
            let i: Int, key: String
            switch decision.outcome {
            case .matched(let entry) where handEntered: (i, key) = (entry, "id")
            case .transferSide(let entry, let side): (i, key) = (entry, side)
            default: continue
            }
            guard let file = budget.file(model.entries[i].location.file) else { continue }
            let start = model.entries[i].location.range.start
            if entriesOf[file.path] == nil { entriesOf[file.path] = file.tree.entries }
            let nodes = entriesOf[file.path]!
            // The top-level entry holding the transaction: the last one starting at or before it.
            var low = 0, high = nodes.count
            while low < high { let mid = (low + high) / 2; if nodes[mid].range.start <= start { low = mid + 1 } else { high = mid } }
            guard low > 0 else { continue }
            let end = nodes[low - 1].range.end
            let ending = String(decoding: LineEnding.of(file.tree.source.bytes), as: UTF8.self)
            let bytes = file.tree.source.bytes
            let needsBreak = end > 0 && bytes[end - 1] != 0x0A && bytes[end - 1] != 0x0D
            let line = "    \(key): " + ImportedEntry.text(decision.id)
            inserts[file.path, default: []].append((end, (needsBreak ? ending : "") + line + ending))
            added.append((file.path, String(line.drop { $0 == " " })))
        }
    }
}
