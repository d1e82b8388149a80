import TallyCore

/// Reads from the disk, except for files given new contents: used to check a budget as it
/// would be after a change, before anything is written.
struct OverlayFileProvider: FileProvider {
    let base: any FileProvider
    /// New contents by path, exactly as the loader names the file.
    let overrides: [String: [UInt8]]

    func read(_ path: String) throws(FileReadError) -> [UInt8] {
        if let bytes = overrides[path] { return bytes }
        return try base.read(path)
    }

    func canonicalPath(_ path: String) -> String { base.canonicalPath(path) }
}
