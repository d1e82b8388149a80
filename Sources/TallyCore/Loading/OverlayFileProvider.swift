/// Reads budget files from open editor buffers first and from the disk otherwise, so that
/// a budget's includes see text that is not saved yet (the language server's buffers,
/// `tally check --stdin-filename`'s standard input).
public struct OverlayFileProvider: FileProvider {
    /// Open buffers by canonical path.
    let buffers: [String: [UInt8]]
    let disk: any FileProvider

    /// Creates the provider over `buffers` (keyed by path) and `disk`.
    public init(buffers: [String: [UInt8]], disk: any FileProvider = DiskFileProvider()) {
        self.disk = disk
        var canonical: [String: [UInt8]] = [:]
        for (path, bytes) in buffers { canonical[Self.canonical(path, disk: disk)] = bytes }
        self.buffers = canonical
    }

    public func read(_ path: String) throws(FileReadError) -> [UInt8] {
        if let bytes = buffers[canonicalPath(path)] { return bytes }
        return try disk.read(path)
    }

    public func canonicalPath(_ path: String) -> String { Self.canonical(path, disk: disk) }

    /// Names that are not paths (`untitled:...`, `<stdin>`) are left alone; paths,
    /// relative ones too, are canonicalized by the disk.
    static func canonical(_ path: String, disk: any FileProvider) -> String {
        isPath(path) ? disk.canonicalPath(path) : path
    }

    /// Whether `name` names a file: absolute, or relative without a URI scheme
    /// (`untitled:`) and not a placeholder such as `<stdin>`.
    static func isPath(_ name: String) -> Bool {
        if name.hasPrefix("/") { return true }
        if name.hasPrefix("<") { return false }
        guard let colon = name.firstIndex(of: ":") else { return true }
        let scheme = name[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return true }
        return !scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}
