/// hledger's and ledger's `alias` directives, as hledger applies them: `alias OLD = NEW`
/// renames an account whose name is OLD or starts with `OLD:`; `alias /REGEX/ = NEW`
/// replaces every match of the regular expression (case-insensitive; `\1` in NEW is
/// the first group). Each posting's account (after any `apply account` prefix) and
/// each `account` directive's name is rewritten by every alias in force, the one
/// declared last first, each on the result of the one before; `end aliases` ends them
/// all.
struct AccountAliases {
    private enum Rule {
        case prefix(old: String, new: String)
        case pattern(Regex<AnyRegexOutput>, replacement: String)
    }

    private var rules: [Rule] = []
    /// The renamed accounts, since a journal names few accounts many times.
    private var renamed: [String: String] = [:]

    var isEmpty: Bool { rules.isEmpty }

    /// Adds the alias `definition` (what follows `alias `); false when it cannot be read
    /// (no `=`, an empty side, a regular expression that does not compile).
    mutating func add(_ definition: String) -> Bool {
        guard let equals = definition.firstIndex(of: "=") else { return false }
        let old = definition[..<equals].trimmedSpaces, new = definition[definition.index(after: equals)...].trimmedSpaces
        guard !old.isEmpty else { return false }
        if old.count >= 2, old.hasPrefix("/"), old.hasSuffix("/") {
            guard let regex = try? Regex(String(old.dropFirst().dropLast())).ignoresCase() else { return false }
            rules.append(.pattern(regex, replacement: new))
        } else {
            guard !new.isEmpty else { return false }
            rules.append(.prefix(old: old, new: new))
        }
        renamed.removeAll()
        return true
    }

    /// `end aliases`.
    mutating func removeAll() {
        rules.removeAll()
        renamed.removeAll()
    }

    /// `account` as the aliases in force rename it.
    mutating func apply(_ account: String) -> String {
        guard !rules.isEmpty else { return account }
        if let known = renamed[account] { return known }
        var name = account
        for rule in rules.reversed() {
            switch rule {
            case .prefix(let old, let new):
                if name == old {
                    name = new
                } else if name.hasPrefix(old + ":") {
                    name = new + name.dropFirst(old.count)
                }
            case .pattern(let regex, let replacement):
                name = name.replacing(regex) { match in AccountAliases.expand(replacement, match) }
            }
        }
        renamed[account] = name
        return name
    }

    /// `replacement` with `\N` replaced by the match's group N (empty when it took no part).
    private static func expand(_ replacement: String, _ match: Regex<AnyRegexOutput>.Match) -> String {
        guard replacement.contains("\\") else { return replacement }
        var out = ""
        var characters = replacement.makeIterator()
        while let c = characters.next() {
            guard c == "\\" else {
                out.append(c)
                continue
            }
            guard let next = characters.next() else {
                out.append(c)
                break
            }
            if let n = next.wholeNumberValue, n < match.output.count {
                out += match.output[n].substring.map(String.init) ?? ""
            } else {
                out.append(c)
                out.append(next)
            }
        }
        return out
    }
}
