import TallyCore
import TallySyntax

extension Entry {
    /// The wallets the entry moves money in (none for fills, rates, skips ...), as the
    /// listings count them.
    public var walletsMoved: [Int] {
        switch kind {
        case .transaction(let wallet, _, _): return [wallet]
        case .transfer(let from, let to, _, _): return [from, to]
        case .assertion(let wallet, _): return [wallet]
        default: return []
        }
    }
}
