import TallyCore

/// Reads budget files from open editor buffers first and from the disk otherwise, so that
/// a budget's includes see text that is not saved yet.
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

    /// Non-file names (`untitled:...`) are left alone; paths are canonicalized by the disk.
    static func canonical(_ path: String, disk: any FileProvider) -> String {
        path.hasPrefix("/") ? disk.canonicalPath(path) : path
    }
}
