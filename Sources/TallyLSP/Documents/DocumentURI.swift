#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Conversion between `file://` URIs and the paths the budget loader reads.
///
/// Other schemes (`untitled:` buffers) keep the whole URI as their "path": such a buffer
/// is its own budget, and its includes resolve against nothing on disk.
public enum DocumentURI {
    /// The path of a URI: percent-decoded, normalized; the URI itself for other schemes.
    public static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var rest = Substring(uri.dropFirst("file://".count))
        // `file://host/path`: a host other than localhost cannot be read here anyway.
        if !rest.hasPrefix("/"), let slash = rest.firstIndex(of: "/") { rest = rest[slash...] }
        let decoded = (String(rest).percentDecoded() ?? String(rest))
        return normalize(decoded)
    }

    /// The `file://` URI of an absolute path, percent-encoding what URIs must not hold.
    public static func uri(of path: String) -> String {
        if !path.hasPrefix("/") { return path }
        let encoded = path.percentEncoded { $0.isAlphanumeric || "/-._~!$&'()*+,;=:@".unicodeScalars.contains($0) }
        return "file://" + encoded
    }

    private static func normalize(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
