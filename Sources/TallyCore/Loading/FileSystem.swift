import Foundation

/// Why a file could not be read.
public enum FileReadError: Error, Equatable, Sendable {
    /// Nothing exists at the path.
    case notFound
    /// The path names a directory.
    case isDirectory
    /// The file is larger than the syntax tree can address.
    case tooLarge(bytes: Int)
    /// Any other failure, with the system's words.
    case unreadable(String)

    /// A short explanation for people.
    public var explanation: String {
        switch self {
        case .notFound: return "no such file"
        case .isDirectory: return "it is a directory, not a file"
        case .tooLarge(let bytes): return "the file is too large (\(bytes) bytes; at most 4 GiB can be read)"
        case .unreadable(let reason): return reason
        }
    }
}

/// Where budget files come from: the disk for the command line, open editor buffers
/// for the language server, a dictionary in tests.
public protocol FileProvider: Sendable {
    /// The bytes of the file at `path`.
    func read(_ path: String) throws(FileReadError) -> [UInt8]
    /// A canonical form of `path`, so that one file reached by two spellings is one file.
    func canonicalPath(_ path: String) -> String
}

/// Reads files from the local disk.
public struct DiskFileProvider: FileProvider {
    /// Creates the provider.
    public init() {}

    public func read(_ path: String) throws(FileReadError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .notFound }
        if isDirectory.boolValue { throw .isDirectory }
        // Read straight into the array the parser uses: no intermediate copy.
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw .unreadable(errno == EACCES ? "permission denied" : String(cString: strerror(errno)))
        }
        defer { close(fd) }
        return try readAll(fd)
    }

    public func canonicalPath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

/// Files held in memory, keyed by path. For tests and for unsaved editor buffers.
public struct InMemoryFileProvider: FileProvider {
    /// The files.
    public var files: [String: [UInt8]]

    /// Creates the provider from path-to-text pairs.
    public init(_ files: [String: String]) {
        self.files = files.mapValues { Array($0.utf8) }
    }

    public func read(_ path: String) throws(FileReadError) -> [UInt8] {
        guard let bytes = files[canonicalPath(path)] ?? files[path] else { throw .notFound }
        return bytes
    }

    public func canonicalPath(_ path: String) -> String {
        Paths.normalize(path)
    }
}

/// Reads an open file to its end straight into the array the parser uses, with no
/// intermediate copy. A file that grows while being read, or a pipe reporting size 0,
/// is read to its real end.
private func readAll(_ fd: Int32) throws(FileReadError) -> [UInt8] {
    let limit = 4_294_967_294
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
    let size = Int(info.st_size)
    if size > limit { throw .tooLarge(bytes: size) }
    var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
        count = 0
        while count < size {
            let n = read(fd, buffer.baseAddress! + count, size - count)
            if n <= 0 { break }
            count += n
        }
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if n < 0 { throw .unreadable(String(cString: strerror(errno))) }
        if n == 0 { break }
        bytes.append(contentsOf: chunk[0..<n])
        if bytes.count > limit { throw .tooLarge(bytes: bytes.count) }
    }
    return bytes
}
