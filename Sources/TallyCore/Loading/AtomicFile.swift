import Foundation

/// Why a file could not be written. Nothing was changed at the path when this is thrown.
public struct FileWriteError: Error, Equatable, Sendable {
    /// The system's words for what went wrong.
    public let reason: String
    /// Creates the error.
    public init(_ reason: String) { self.reason = reason }
}

/// Replaces a file's contents atomically, so that a crash, a full disk or a killed
/// process leaves either the old file or the new one, never a mixture or nothing.
///
/// The bytes go to a temporary file in the same folder (a rename is only atomic within
/// one file system), are flushed to disk, get the permissions of the file they replace,
/// and are then renamed over it. A symbolic link is followed, so the link stays a link
/// and its target is replaced. Every tool that writes a user's file goes through here.
public enum AtomicFile {
    /// Writes `bytes` to `path`, replacing what is there.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        let target = resolvedTarget(of: path)
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var existing = stat()
        let exists = stat(target, &existing) == 0
        let mode: mode_t = exists ? existing.st_mode & 0o7777 : 0o644

        var template = Array(((folder.isEmpty ? "." : folder) + "/." + name + ".tally-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileWriteError("cannot create a temporary file beside \(path): \(systemError())") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var finished = false
        defer {
            if !finished { unlink(temporary) }
        }

        var written = 0
        let failure: String? = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return systemError()
                }
                written += n
            }
            if fchmod(fd, mode) != 0 { return systemError() }
            if exists { _ = fchown(fd, existing.st_uid, existing.st_gid) }
            if fsync(fd) != 0 { return systemError() }
            return nil
        }
        close(fd)
        if let failure { throw FileWriteError("cannot write \(path): \(failure)") }
        guard rename(temporary, target) == 0 else { throw FileWriteError("cannot replace \(path): \(systemError())") }
        finished = true
        // Make the rename itself durable.
        let folderFD = open(folder.isEmpty ? "." : folder, O_RDONLY)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    /// The file a path finally names, following symbolic links.
    static func resolvedTarget(of path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/")
                ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }

    private static func systemError() -> String { String(cString: strerror(errno)) }
}
