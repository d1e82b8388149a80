#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// The `.tally` files of some folders and what each includes, re-read only when a file's
/// size or modification time changes: the workspace folders (searched whole) and the
/// folders ``BudgetSearch`` names around files (searched to their depth).
public struct WorkspaceFiles {
    /// The folders searched whole (the language server's workspace folders).
    public var folders: [String] = []
    /// More folders, each searched to its own depth (``BudgetSearch/folders(for:)``).
    public var nearby: [BudgetSearch.Folder] = []
    /// Path → the paths it includes.
    public private(set) var includes: [String: [String]] = [:]
    private var stamps: [String: Stamp] = [:]

    /// Most `.tally` files read per scan.
    public static let fileLimit = 5000
    /// Most folder entries visited per scan, whatever they are, so that a huge home folder
    /// opened as a workspace, or searched around a file kept in it, stays quick.
    public static let entryLimit = 50_000
    /// Files larger than this are not scanned for includes.
    static let sizeLimit = 64 << 20
    /// Most bytes read per scan, all files together: past it the files left are listed but
    /// not read (they include nothing, as far as the search knows).
    public static let byteLimit = 256 << 20

    /// Which subfolders may be read: only trusted ones are walked (the folders to search
    /// are trusted by whoever names them: the editor's workspace, ``BudgetSearch``).
    public var trust: FolderTrust

    /// What the last ``refresh()`` cost: folders listed, `.tally` files read and their bytes.
    public private(set) var lastScan = Scan()

    /// What a scan cost.
    public struct Scan: Equatable, Sendable {
        /// Folders listed.
        public var folders = 0
        /// Files read (unchanged files are not read again).
        public var files = 0
        /// Bytes of the files read.
        public var bytes = 0
    }

    /// Files listed but not read: their include lines come from elsewhere (the files
    /// `tally check` was given, which it reads only when their includes matter).
    public var skipping: Set<String>

    /// Creates the list for `folders` (searched whole) and `nearby`; nothing is read until
    /// ``refresh()``.
    public init(
        folders: [String] = [], nearby: [BudgetSearch.Folder] = [], skipping: Set<String> = [], trust: FolderTrust = .ownedByUser
    ) {
        self.folders = folders
        self.nearby = nearby
        self.skipping = skipping
        self.trust = trust
    }

    /// The folders to walk, each once, with the most levels any list asks for it.
    private var searched: [BudgetSearch.Folder] {
        var depths: [String: Int] = [:]
        var order: [String] = []
        for folder in folders.map({ BudgetSearch.Folder($0, depth: BudgetSearch.Folder.whole) }) + nearby {
            let path = Paths.normalize(folder.path)
            if depths[path] == nil { order.append(path) }
            depths[path] = max(depths[path] ?? 0, folder.depth)
        }
        return order.map { BudgetSearch.Folder($0, depth: depths[$0]!) }
    }

    /// Re-reads the folders' listing and any file that changed. The walk uses the system's
    /// directory calls, not Foundation's enumerator, which costs tens of thousands of
    /// instructions an entry, and asks the system about an entry (`lstat`) only when the
    /// listing does not say what it is or it is a `.tally` file: `tally check` walks a whole
    /// repository, or the folders around a file, each time it runs. Hidden entries,
    /// `node_modules` and links to folders (which could loop) are skipped; only regular
    /// files (or links to them) named `*.tally` are read. A folder reached twice (a
    /// workspace folder inside another) is walked once. A subfolder ``trust`` does not trust
    /// is not walked, and reading stops at ``byteLimit``.
    public mutating func refresh() {
        var seen = Set<String>()
        var count = 0
        var visited = 0
        var walked: [String: Int] = [:]  // folder → levels below it already walked
        let disk = DiskFileProvider()
        lastScan = Scan()
        for start in searched {
            var pending = [(path: start.path, depth: start.depth)]
            while let (folder, depth) = pending.popLast(), count < Self.fileLimit, visited < Self.entryLimit {
                if let done = walked[folder], done >= depth { continue }
                walked[folder] = depth
                guard let directory = opendir(folder) else { continue }
                defer { closedir(directory) }
                lastScan.folders += 1
                while let entry = readdir(directory), count < Self.fileLimit, visited < Self.entryLimit {
                    visited += 1
                    let type = Int32(entry.pointee.d_type)
                    let (name, isTally) = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                        let bytes = UnsafeRawBufferPointer(rebasing: raw[..<strlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self))])
                        return (String(decoding: bytes, as: UTF8.self), bytes.count > 6 && bytes.suffix(6).elementsEqual(".tally".utf8))
                    }
                    if name.hasPrefix(".") || name == "node_modules" { continue }
                    // What the listing says is enough to pass over anything but folders and
                    // `.tally` files; a file system that does not say is asked.
                    if type != Int32(DT_UNKNOWN) && type != Int32(DT_DIR) && !isTally { continue }
                    let path = folder == "/" ? "/" + name : folder + "/" + name
                    var info = stat()
                    guard lstat(path, &info) == 0 else { continue }
                    var kind = info.st_mode & S_IFMT
                    if kind == S_IFDIR {
                        if depth > 0 && trust.trusts(path, info) { pending.append((path, depth == BudgetSearch.Folder.whole ? depth : depth - 1)) }
                        continue
                    }
                    guard isTally else { continue }
                    if kind == S_IFLNK {
                        guard stat(path, &info) == 0 else { continue }
                        kind = info.st_mode & S_IFMT
                    }
                    guard kind == S_IFREG, seen.insert(path).inserted else { continue }
                    count += 1
                    let stamp = Stamp(seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec), size: Int(info.st_size))
                    if stamps[path] == stamp { continue }
                    // Past the bytes a scan may read, no stamp: the next scan tries again.
                    guard lastScan.bytes + min(stamp.size, Self.sizeLimit) <= Self.byteLimit else {
                        includes[path] = []
                        continue
                    }
                    stamps[path] = stamp
                    guard stamp.size <= Self.sizeLimit, !skipping.contains(path), let bytes = try? disk.read(path) else {
                        includes[path] = []
                        continue
                    }
                    lastScan.files += 1
                    lastScan.bytes += bytes.count
                    includes[path] = IncludeScanner.includes(of: bytes, path: path)
                }
            }
        }
        for path in includes.keys where !seen.contains(path) {
            includes[path] = nil
            stamps[path] = nil
        }
    }

    /// What tells that a file changed: its modification time and size.
    private struct Stamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
    }
}
