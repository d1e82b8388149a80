import TallyCore
import TallySyntax

/// What a beancount block written back as it was needs of the accounts the export opens:
/// each account it names, from the block's day on, in the commodities it books. beancount
/// refuses a posting to an account before its `open` ("Invalid reference to inactive
/// account") and in a commodity its `open` does not list ("Invalid currency"), so the
/// export opens each account early enough, with every commodity, or opens it at all.
struct KeptAccountNeeds {
    /// Per account: the first day a block uses it, and the commodities its amounts are in.
    private(set) var needs: [String: (day: CivilDate, commodities: [String])] = [:]

    /// The needs of the dated blocks written back to beancount.
    init(_ blocks: [KeptBlock]) {
        for block in blocks where block.formats.contains(.beancount) {
            guard let day = block.date else { continue }
            for (account, commodity) in block.accountUses {
                var need = needs[account] ?? (day, [])
                need.day = min(need.day, day)
                if let commodity, !need.commodities.contains(commodity) { need.commodities.append(commodity) }
                needs[account] = need
            }
        }
    }

    /// The day to open `account` on: `planned`, or earlier when a block uses it earlier.
    func opened(_ account: String, planned: CivilDate) -> CivilDate { min(planned, needs[account]?.day ?? planned) }

    /// The commodities of `account`'s `open`: `planned` (empty: any, left as it is) and
    /// those the blocks book on it.
    func currencies(_ account: String, planned: String) -> String {
        guard !planned.isEmpty else { return planned }
        let extra = (needs[account]?.commodities ?? []).filter { $0 != planned }
        return ([planned] + extra).joined(separator: ",")
    }
}

extension KeptBlock {
    /// The accounts the block's lines name, each with the commodity of its amount (nil
    /// when it has none): postings (`  Assets:Broker  -4 HOOL {}`), and the account of a
    /// `balance`, `pad`, `note` or `document` line.
    var accountUses: [(account: String, commodity: String?)] {
        var uses: [(String, String?)] = []
        for (n, line) in original.enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if n == 0 || !(line.first == " " || line.first == "\t") {
                guard words.count >= 3, ["balance", "pad", "note", "document"].contains(words[1]) else { continue }
                uses.append((words[2], words[1] == "balance" && words.count >= 5 ? words[4] : nil))
                if words[1] == "pad", words.count >= 4 { uses.append((words[3], nil)) }
                continue
            }
            guard var first = words.first else { continue }
            var rest = words.dropFirst()
            if first == "*" || first == "!", let next = rest.first {
                first = next
                rest = rest.dropFirst()
            }
            guard let initial = first.first, initial.isUppercase, first.contains(":") else { continue }  // metadata, comments
            let commodity = rest.count >= 2 && Double(rest[rest.startIndex].replacingText(",", with: "")) != nil ? rest[rest.startIndex + 1] : nil
            uses.append((first, commodity))
        }
        return uses
    }
}
