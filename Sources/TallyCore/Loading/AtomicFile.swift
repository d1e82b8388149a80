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
/// one file system), are flushed to disk, get the owner, group and permissions of the
/// file they replace, and are then renamed over it. A symbolic link is followed, so the
/// link stays a link and its target is replaced. Every tool that writes a user's file
/// goes through here.
///
/// Nothing is written when in doubt: a file without write permission for its owner is
/// read-only and is refused (checked on the mode bits, because root may write anyway and
/// a rename would replace it regardless), as is one the user may not write, and one whose
/// owner, group or permissions the new file could not be given.
public enum AtomicFile {
    /// Writes `bytes` to `path`, replacing what is there.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        try commit(stage(bytes, to: path))
    }

    /// Writes several files as one change, as far as a file system allows: every new text
    /// is first written and flushed to a temporary file beside its target, and only when
    /// all are ready are they renamed over their targets. A full disk or a folder that
    /// cannot be written therefore changes none of the files. (A rename failing after
    /// others succeeded, which the staging leaves all but impossible, leaves the earlier
    /// files replaced; the error names the files that were.)
    public static func write(all files: [(path: String, bytes: [UInt8])]) throws(FileWriteError) {
        var staged: [Staged] = []
        do {
            for file in files { staged.append(try stage(file.bytes, to: file.path)) }
        } catch {
            for done in staged { unlink(done.temporary) }
            throw error
        }
        for (i, file) in staged.enumerated() {
            do {
                try commit(file)
            } catch {
                for rest in staged[(i + 1)...] { unlink(rest.temporary) }
                let written = staged[..<i].map(\.path)
                throw FileWriteError(written.isEmpty ? error.reason : error.reason + " (already written: " + written.joined(separator: ", ") + ")")
            }
        }
    }

    /// A new text written and flushed beside its target, ready to be renamed over it.
    private struct Staged {
        /// The path as the caller named it.
        let path: String
        /// The file finally replaced (symbolic links followed).
        let target: String
        let folder: String
        let temporary: String
    }

    /// Writes `bytes` to a temporary file beside `path`'s target, with the target's
    /// permissions and owner, flushed to disk. Nothing at `path` changes.
    private static func stage(_ bytes: [UInt8], to path: String) throws(FileWriteError) -> Staged {
        let target = resolvedTarget(of: path)
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var existing = stat()
        let exists = stat(target, &existing) == 0
        let mode: mode_t = exists ? existing.st_mode & 0o7777 : 0o644
        if exists {
            if existing.st_mode & S_IWUSR == 0 {
                throw FileWriteError("the file is read-only (its owner has no write permission); nothing was written")
            }
            if access(target, W_OK) != 0 {
                throw FileWriteError("the file is not writable: \(systemError()); nothing was written")
            }
        }

        var template = Array(((folder.isEmpty ? "." : folder) + "/." + name + ".tally-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileWriteError("cannot create a temporary file beside \(path): \(systemError())") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)

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
            // Owner first: changing it may clear the set-id bits the mode then restores.
            if exists && fchown(fd, existing.st_uid, existing.st_gid) != 0 {
                _ = fchown(fd, uid_t.max, existing.st_gid)  // the group alone, which a member may set
            }
            if fchmod(fd, mode) != 0 { return systemError() }
            if exists {
                var staged = stat()
                if fstat(fd, &staged) != 0 { return systemError() }
                if staged.st_uid != existing.st_uid || staged.st_gid != existing.st_gid {
                    return "its owner and group (\(existing.st_uid):\(existing.st_gid)) could not be kept; nothing was written"
                }
                if staged.st_mode & 0o7777 != mode { return "its permissions could not be kept; nothing was written" }
            }
            if fsync(fd) != 0 { return systemError() }
            return nil
        }
        close(fd)
        if let failure {
            unlink(temporary)
            throw FileWriteError("cannot write \(path): \(failure)")
        }
        return Staged(path: path, target: target, folder: folder, temporary: temporary)
    }

    /// Renames a staged text over its target and makes the rename durable.
    private static func commit(_ staged: Staged) throws(FileWriteError) {
        guard rename(staged.temporary, staged.target) == 0 else {
            let reason = systemError()
            unlink(staged.temporary)
            throw FileWriteError("cannot replace \(staged.path): \(reason)")
        }
        let folderFD = open(staged.folder.isEmpty ? "." : staged.folder, O_RDONLY)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    /// The file a path finally names, following symbolic links.
    static func resolvedTarget(of path: String) -> String {
        var current = path
        for _ in 0 ..< 40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current =
                destination.hasPrefix("/")
                ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }

    private static func systemError() -> String { String(cString: strerror(errno)) }
}
