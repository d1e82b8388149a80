#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Why a file could not be read.
public enum FileReadError: Error, Equatable, Sendable {
    /// Nothing exists at the path.
    case notFound
    /// The path names a directory.
    case isDirectory
    /// The path names something other than a regular file or a directory: a device, a
    /// FIFO, a socket (its kind in words, "a character device").
    case notRegularFile(String)
    /// The file is larger than the syntax tree can address.
    case tooLarge(bytes: Int)
    /// Any other failure, with the system's words.
    case unreadable(String)

    /// A short explanation for people.
    public var explanation: String {
        switch self {
        case .notFound: return "no such file"
        case .isDirectory: return "it is a directory, not a file"
        case .notRegularFile(let kind): return "it is \(kind), not a regular file"
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

    /// Reads only regular files: a directory, device, FIFO or socket is refused before a
    /// byte is read (a FIFO would block, `/dev/zero` never end), and the size is checked
    /// before reading. The file is opened without blocking and checked again on the open
    /// descriptor, so what is read is what was checked.
    public func read(_ path: String) throws(FileReadError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw errno == ENOENT || errno == ENOTDIR ? .notFound : .unreadable(FileDescriptorReader.systemError())
        }
        try FileDescriptorReader.requireRegularFile(info)
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw .unreadable(errno == EACCES ? "permission denied" : FileDescriptorReader.systemError())
        }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { throw .unreadable(FileDescriptorReader.systemError()) }
        try FileDescriptorReader.requireRegularFile(info)
        return try FileDescriptorReader.readAll(fd, expectedSize: Int(info.st_size))
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

/// Reads open files and standard input with read(2), straight into the array the parser
/// uses, with every failure a ``FileReadError`` (never a trap).
public enum FileDescriptorReader {
    /// The most bytes a file may have: what the syntax tree can address.
    public static let limit = 4_294_967_294

    /// Reads standard input to its end. A directory, a closed descriptor or a read error
    /// is an error; a pipe, a terminal or a file is read until its end, up to ``limit``.
    public static func readStandardInput() throws(FileReadError) -> [UInt8] {
        var info = stat()
        guard fstat(0, &info) == 0 else {
            throw .unreadable(errno == EBADF ? "standard input is closed" : systemError())
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw .isDirectory }
        let regular = info.st_mode & S_IFMT == S_IFREG
        if regular && Int(info.st_size) > limit { throw .tooLarge(bytes: Int(info.st_size)) }
        return try readAll(0, expectedSize: regular ? Int(info.st_size) : 0)
    }

    /// Refuses what is not a regular file.
    static func requireRegularFile(_ info: stat) throws(FileReadError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if Int(info.st_size) > limit { throw .tooLarge(bytes: Int(info.st_size)) }
        case S_IFDIR: throw .isDirectory
        case S_IFCHR: throw .notRegularFile("a character device")
        case S_IFBLK: throw .notRegularFile("a block device")
        case S_IFIFO: throw .notRegularFile("a FIFO (named pipe)")
        case S_IFSOCK: throw .notRegularFile("a socket")
        default: throw .notRegularFile("not a file")
        }
    }

    /// Reads `fd` to its end: `expectedSize` bytes first into an array of that capacity,
    /// then whatever more there is (a file that grows while being read, a pipe), never more
    /// than ``limit``. Interrupted reads are retried.
    static func readAll(_ fd: Int32, expectedSize: Int) throws(FileReadError) -> [UInt8] {
        let size = min(max(expectedSize, 0), limit)
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let n = Glibc.read(fd, buffer.baseAddress! + count, size - count)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failure = errno }
                if n <= 0 { break }
                count += n
            }
        }
        if failure != 0 { throw error(failure) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw error(errno)
            }
            if n == 0 { break }
            if bytes.count + n > limit { throw .tooLarge(bytes: bytes.count + n) }
            bytes.append(contentsOf: chunk[0 ..< n])
        }
        return bytes
    }

    private static func error(_ code: Int32) -> FileReadError {
        code == EISDIR ? .isDirectory : .unreadable(String(cString: strerror(code)))
    }

    static func systemError() -> String { String(cString: strerror(errno)) }
}
