import TallyCore
import TallySyntax

/// What the model does not keep of a transaction or transfer, read back from its syntax:
/// metadata other than the bank id, and each split line's note and tags.
struct EntrySource {
    /// Top-level nodes of each file, in order, for a binary search by offset.
    private let entries: [String: [SyntaxNode]]

    /// The currencies the budget's `currency` lines declare, in order: a purchase may be
    /// paid in one no wallet holds (`-23.50 USD = -21.62 EUR`).
    let declaredCurrencies: [String]
    /// Per currency code, the format a converted journal wrote it in (`commodity:
    /// "$1,000.00"` below its `currency` line).
    let commodityFormats: [String: String]

    init(budget: Budget?) {
        var entries: [String: [SyntaxNode]] = [:]
        var declared: [String] = []
        var formats: [String: String] = [:]
        for file in budget?.files ?? [] {
            entries[file.path] = file.tree.entries
            for node in file.tree.entries where node.kind == .currencyDirective {
                guard let currency = CurrencyDirectiveSyntax(node), let code = currency.code else { continue }
                declared.append(code)
                if let format = node.metadataValue(AccountNames.commodityKey) { formats[code] = format }
            }
        }
        self.entries = entries
        declaredCurrencies = declared
        commodityFormats = formats
    }

    /// The top-level node an entry was read from.
    private func node(_ location: SourceLocation) -> SyntaxNode? {
        guard let nodes = entries[location.file] else { return nil }
        var low = 0, high = nodes.count
        while low < high {
            let mid = (low + high) / 2
            if nodes[mid].range.end <= location.range.start { low = mid + 1 } else { high = mid }
        }
        guard low < nodes.count, nodes[low].range.contains(location.range.start) else { return nil }
        return nodes[low]
    }

    /// Extra words of one entry.
    struct Details {
        /// `key: value` lines other than `id`, in order.
        var metadata: [(key: String, value: String)] = []
        /// Per split line, in order: its note and tags.
        var splits: [(note: String?, tags: [String])] = []
    }

    /// The peer account a `wallet` or one-name `income`/`expense` declaration at
    /// `location` keeps under `key` (`account: "assets:bank:giro"`, written by `tally
    /// convert`).
    func declaredAccount(_ location: SourceLocation, _ key: String) -> String? {
        declaredAccounts(location, key).first
    }

    /// Every value a `wallet` or one-name `income`/`expense` declaration keeps under `key`
    /// (`declared-parent:` lines), in order.
    func declaredAccounts(_ location: SourceLocation, _ key: String) -> [String] {
        guard let node = node(location) else { return [] }
        guard WalletDirectiveSyntax(node) != nil || CategoryDirectiveSyntax(node)?.names.count == 1 else { return [] }
        return node.metadataValues(key)
    }

    /// The value of an entry's metadata line with `key` (of any kind of entry).
    func metadataValue(of entry: Entry, _ key: String) -> String? {
        node(entry.location)?.metadataValue(key)
    }

    func details(of entry: Entry) -> Details? {
        guard let node = node(entry.location) else { return nil }
        var details = Details()
        if let transaction = TransactionSyntax(node) {
            details.metadata = transaction.metadata.filter { $0.key != "id" }
            details.splits = transaction.splits.map { ($0.note, $0.tags) }
        } else if let transfer = TransferSyntax(node) {
            details.metadata = transfer.metadata.filter { $0.key != "id" }
        } else {
            return nil
        }
        return details.metadata.isEmpty && details.splits.allSatisfy({ $0.note == nil && $0.tags.isEmpty })
            ? nil : details
    }
}

extension Entry {
    /// True for a transfer.
    var isTransfer: Bool {
        if case .transfer = kind { return true }
        return false
    }
}
