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
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(FileManager.default.isReadableFile(atPath: path) ? "it cannot be opened" : "permission denied")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.readToEnd() ?? Data()
            if data.count > 4_294_967_294 { throw FileReadError.tooLarge(bytes: data.count) }
            return [UInt8](data)
        } catch let error as FileReadError {
            throw error
        } catch {
            throw .unreadable(error.localizedDescription)
        }
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
