#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// An include with a wildcard (hledger `include *.journal`, `include 20*/**/*.journal`;
/// beancount `include "accounts/*.beancount"`): the files it names, in the order the peers
/// read them (sorted by path). `*` matches any characters but `/`, `**` any characters
/// including `/` (a `**/` also none), `?` one character but `/`.
enum IncludePattern {
    /// Whether an include's target is a pattern rather than a path.
    static func isPattern(_ target: String) -> Bool { target.contains("*") || target.contains("?") }

    /// The regular files whose absolute paths `pattern` (absolute) matches, sorted, without
    /// `excluding` (the file that includes them, as hledger leaves it out).
    static func files(matching pattern: String, excluding: String) -> [String] {
        // The folder to walk: the pattern's components before the first wildcard.
        let components = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let fixed = components.prefix { !isPattern(String($0)) }
        let root = fixed.joined(separator: "/")
        let deep = components.dropFirst(fixed.count).count > 1 || pattern.contains("**")
        let manager = FileManager.default
        var candidates: [String] = []
        if deep {
            guard let relatives = try? manager.subpathsOfDirectory(atPath: root) else { return [] }
            candidates = relatives.map { root + "/" + $0 }
        } else {
            candidates = ((try? manager.contentsOfDirectory(atPath: root)) ?? []).map { root + "/" + $0 }
        }
        let excluded = URL(fileURLWithPath: excluding).standardizedFileURL.path
        let pattern = Array(pattern.unicodeScalars)
        return candidates.filter { path in
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return false }
            return URL(fileURLWithPath: path).standardizedFileURL.path != excluded && matches(pattern[...], Array(path.unicodeScalars)[...])
        }.sorted()
    }

    /// Whether `path` matches `pattern` (see ``IncludePattern``).
    static func matches(_ pattern: ArraySlice<Unicode.Scalar>, _ path: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let p = pattern.first else { return path.isEmpty }
        if p == "*" {
            let double = pattern.dropFirst().first == "*"
            let rest = pattern.dropFirst(double ? 2 : 1)
            if double, rest.first == "/", matches(rest.dropFirst(), path) { return true }  // `**/` matching no folder
            var i = path.startIndex
            while true {
                if matches(rest, path[i...]) { return true }
                guard i < path.endIndex, double || path[i] != "/" else { return false }
                i += 1
            }
        }
        guard let c = path.first, p == "?" ? c != "/" : p == c else { return false }
        return matches(pattern.dropFirst(), path.dropFirst())
    }
}
