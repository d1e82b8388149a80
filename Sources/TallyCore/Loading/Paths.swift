/// Path arithmetic on `/`-separated strings, independent of the disk.
public enum Paths {
    /// The folder part of `path` (`"."` when there is none).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last part of `path` after trailing slashes are dropped (`"/"` for the root):
    /// `NSString.lastPathComponent` without Foundation.
    public static func lastComponent(of path: String) -> String {
        let trimmed = trailingSlashesDropped(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `path` without its last part (`""` when it has one part, `"/"` for a part under the
    /// root): `NSString.deletingLastPathComponent` without Foundation.
    public static func deletingLastComponent(of path: String) -> String {
        let trimmed = trailingSlashesDropped(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = trailingSlashesDropped(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    /// `component` after `path` with one slash between: `NSString.appendingPathComponent`
    /// without Foundation.
    public static func appending(_ component: String, to path: String) -> String {
        if path.isEmpty { return component }
        let base = trailingSlashesDropped(path)
        return (base == "/" ? "" : base) + "/" + component
    }

    private static func trailingSlashesDropped(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1 && text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }

    /// `relative` resolved against the folder of `file`; absolute paths stay as they are.
    public static func resolve(_ relative: String, from file: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        let base = directory(of: file)
        return normalize(base == "." ? relative : base + "/" + relative)
    }

    /// Removes `.` segments, folds `..` where possible, and collapses repeated slashes.
    public static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == ".." && absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
