import Foundation

/// A small TextMate-style matcher for tests: reads a grammar's top-level `match` rules
/// and scopes each line the way TextMate engines do. From the current position every
/// rule is searched; the match that starts first wins, ties go to the rule listed first;
/// scanning goes on after it. Lines are matched one at a time, without their line break.
struct TextMateMatcher {
    struct Rule {
        var name: String
        var scope: String
        var regex: NSRegularExpression
    }

    let rules: [Rule]

    /// Reads a `.tmLanguage.json` whose top-level patterns include repository rules.
    init(grammar: [String: Any]) throws {
        let repository = grammar["repository"] as? [String: [String: Any]] ?? [:]
        var rules: [Rule] = []
        for pattern in grammar["patterns"] as? [[String: Any]] ?? [] {
            guard let include = pattern["include"] as? String, include.hasPrefix("#"),
                let rule = repository[String(include.dropFirst())],
                let match = rule["match"] as? String, let scope = rule["name"] as? String
            else {
                throw NSError(domain: "TextMateMatcher", code: 1, userInfo: [NSLocalizedDescriptionKey: "unsupported pattern \(pattern)"])
            }
            rules.append(Rule(name: String(include.dropFirst()), scope: scope, regex: try NSRegularExpression(pattern: match)))
        }
        self.rules = rules
    }

    /// The scope of each UTF-16 unit of `line`; nil where no rule matched.
    func scopes(of line: String) -> [String?] {
        let text = line as NSString
        var result = [String?](repeating: nil, count: text.length)
        var position = 0
        // Anchors see the whole line and lookarounds see past the searched range.
        let options: NSRegularExpression.MatchingOptions = [.withoutAnchoringBounds, .withTransparentBounds]
        while position < text.length {
            var best: (range: NSRange, scope: String)?
            for rule in rules {
                let range = NSRange(location: position, length: text.length - position)
                guard let match = rule.regex.firstMatch(in: line, options: options, range: range), match.range.length > 0 else { continue }
                if best == nil || match.range.location < best!.range.location { best = (match.range, rule.scope) }
            }
            guard let best else { break }
            for i in best.range.location ..< best.range.location + best.range.length { result[i] = best.scope }
            position = best.range.location + best.range.length
        }
        return result
    }
}
