#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Why a file could not be written. Nothing was changed at the path when this is thrown.
public struct FileWriteError: Error, Equatable, Sendable {
    /// The system's words for what went wrong.
    public let reason: String
    /// The file that was not as expected when it was to be replaced, for
    /// ``changedOnDisk(path:)``; nil for every other failure.
    public let changedPath: String?

    /// Creates the error.
    public init(_ reason: String) {
        self.reason = reason
        changedPath = nil
    }

    private init(reason: String, changedPath: String) {
        self.reason = reason
        self.changedPath = changedPath
    }

    /// The file at `path` is not what ``AtomicFile/Expectation`` said (changed, made or
    /// removed since it was read); every file was left as it was.
    public static func changedOnDisk(path: String) -> FileWriteError {
        FileWriteError(reason: "`\(path)` changed on disk since it was read; nothing was written", changedPath: path)
    }
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
    /// What must be at a path for a write to replace it, checked at the moment of the
    /// rename (see ``write(all:)``).
    public enum Expectation: Sendable, Equatable {
        /// Anything, or nothing: an output file the user named.
        case anything
        /// Nothing: a new file, never one made meanwhile.
        case absent
        /// Exactly these bytes: the file as a tool read it, so that a change made since
        /// (an editor's save, another `tally`) is never overwritten.
        case bytes([UInt8])
    }

    /// One file to write: its path, its new bytes, what must be there now.
    public struct Replacement: Sendable {
        public let path: String
        public let bytes: [UInt8]
        public let expected: Expectation

        /// Creates the replacement.
        public init(path: String, bytes: [UInt8], expected: Expectation) {
            self.path = path
            self.bytes = bytes
            self.expected = expected
        }
    }

    /// Writes `bytes` to `path`, replacing what is there.
    public static func write(_ bytes: [UInt8], to path: String, expecting expected: Expectation = .anything) throws(FileWriteError) {
        try write(all: [Replacement(path: path, bytes: bytes, expected: expected)])
    }

    /// Writes several files as one change, as far as a file system allows: every new text
    /// is first written and flushed to a temporary file beside its target, and only when
    /// all are ready are they swapped in. A full disk or a folder that cannot be written
    /// therefore changes none of the files. (A rename failing after others succeeded,
    /// which the staging leaves all but impossible, leaves the earlier files replaced;
    /// the error names the files that were.)
    ///
    /// A file whose new text only adds to the end of what was expected is appended to in
    /// place instead (``PendingAppend``): nothing another program writes to it meanwhile
    /// can be lost. Its comparison comes first, its write last, once every other file is
    /// in place; when one cannot be written, the new text is taken back off every file
    /// it was appended to.
    ///
    /// Every other file's ``Expectation`` is checked with the swap itself: where the system has
    /// an atomic exchange (Linux's `renameat2`), the new file and the old one trade names,
    /// and the old one is then compared with what was expected; a difference swaps every
    /// file back and throws ``FileWriteError/changedOnDisk``. A change written into the
    /// old file is therefore never lost, however late it comes before the exchange. Only
    /// a write into the old file by a program that opened it before the exchange and
    /// writes after the comparison (microseconds) can still be lost, as with any
    /// program that saves by renaming. Without the exchange, the file is compared right
    /// before a plain rename.
    public static func write(all files: [Replacement]) throws(FileWriteError) {
        var appends: [PendingAppend] = []
        var replacements: [Replacement] = []
        do {
            for file in files {
                if case .bytes(let expected) = file.expected, file.bytes.count > expected.count, ByteRuns.starts(file.bytes, with: expected) {
                    appends.append(try PendingAppend(path: file.path, bytes: file.bytes, expected: expected))
                } else {
                    replacements.append(file)
                }
            }
            try replace(all: replacements)
        } catch {
            for append in appends { append.close() }
            throw error
        }
        defer { for append in appends { append.close() } }
        for (i, append) in appends.enumerated() {
            do { try append.write() } catch {
                // The change is written whole or not at all: the files appended to already
                // lose the new text again.
                for done in appends[..<i] { done.takeBack() }
                throw error
            }
        }
    }

    /// Replaces each file by a new one, as ``write(all:)`` describes.
    private static func replace(all files: [Replacement]) throws(FileWriteError) {
        var staged: [Staged] = []
        do {
            for file in files { staged.append(try stage(file.bytes, to: file.path, expected: file.expected)) }
        } catch {
            for done in staged { unlink(done.temporary) }
            throw error
        }
        var swapped: [Staged] = []
        for (i, staging) in staged.enumerated() {
            var file = staging
            do {
                try commit(&file)
                swapped.append(file)
            } catch {
                for rest in staged[(i + 1)...] { unlink(rest.temporary) }
                if error.changedPath != nil {
                    // Swapped back, last first: every file is again as it was.
                    for done in ([file] + swapped.reversed()) { swapBack(done) }
                    throw error
                }
                for done in swapped where done.exchanged { unlink(done.temporary) }
                let written = staged[..<i].map(\.path)
                throw FileWriteError(written.isEmpty ? error.reason : error.reason + " (already written: " + written.joined(separator: ", ") + ")")
            }
        }
        for file in swapped where file.exchanged { unlink(file.temporary) }
        for file in swapped { syncFolder(file.folder) }
    }

    /// A new text written and flushed beside its target, ready to be renamed over it.
    private struct Staged {
        /// The path as the caller named it.
        let path: String
        /// The file finally replaced (symbolic links followed).
        let target: String
        let folder: String
        let temporary: String
        /// What must be at the target when it is replaced.
        let expected: Expectation
        /// True once the target and the temporary file traded names: the old text is then
        /// at `temporary` until it is removed.
        var exchanged = false
    }

    /// Writes `bytes` to a temporary file beside `path`'s target, with the target's
    /// permissions and owner, flushed to disk. Nothing at `path` changes.
    private static func stage(_ bytes: [UInt8], to path: String, expected: Expectation) throws(FileWriteError) -> Staged {
        let target = resolvedTarget(of: path)
        let folder = Paths.deletingLastComponent(of: target)
        let name = Paths.lastComponent(of: target)
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

        let failure: String? = {
            if let failure = writeAll(bytes[...], to: fd).failure { return failure }
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
        }()
        close(fd)
        if let failure {
            unlink(temporary)
            throw FileWriteError("cannot write \(path): \(failure)")
        }
        return Staged(path: path, target: target, folder: folder, temporary: temporary, expected: expected)
    }

    /// Puts a staged text in its target's place, checking the target's expectation as it
    /// does (see ``write(all:)``). Leaves `file.exchanged` true when the old text was kept
    /// at the temporary name, to be removed (or swapped back) by the caller.
    private static func commit(_ file: inout Staged) throws(FileWriteError) {
        switch file.expected {
        case .anything:
            try rename(file)
        case .absent:
            switch SystemRename.rename(file.temporary, file.target, flags: SystemRename.noReplace) {
            case .done: return
            case .failed(let code) where code == EEXIST:
                unlink(file.temporary)
                throw .changedOnDisk(path: file.path)
            case .failed, .unsupported:
                guard !exists(file.target) else {
                    unlink(file.temporary)
                    throw .changedOnDisk(path: file.path)
                }
                try rename(file)
            }
        case .bytes(let expected):
            switch SystemRename.rename(file.temporary, file.target, flags: SystemRename.exchange) {
            case .done:
                file.exchanged = true
                // The old text is at the temporary name now: exactly what was read, or
                // someone wrote meanwhile and it is swapped back.
                guard read(file.temporary) == expected else { throw .changedOnDisk(path: file.path) }
            case .failed(let code) where code == ENOENT:
                unlink(file.temporary)
                throw .changedOnDisk(path: file.path)
            case .failed, .unsupported:
                guard read(file.target) == expected else {
                    unlink(file.temporary)
                    throw .changedOnDisk(path: file.path)
                }
                try rename(file)
            }
        }
    }

    /// Renames a staged text over its target.
    private static func rename(_ file: Staged) throws(FileWriteError) {
        guard Glibc.rename(file.temporary, file.target) == 0 else {
            let reason = systemError()
            unlink(file.temporary)
            throw FileWriteError("cannot replace \(file.path): \(reason)")
        }
    }

    /// Undoes an exchange: the old text goes back to the target's name, the new one is removed.
    private static func swapBack(_ file: Staged) {
        guard file.exchanged else { return }
        if case .done = SystemRename.rename(file.temporary, file.target, flags: SystemRename.exchange) { unlink(file.temporary) }
    }

    /// Makes the renames in `folder` durable.
    private static func syncFolder(_ folder: String) {
        let folderFD = open(folder.isEmpty ? "." : folder, O_RDONLY)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    /// The bytes at `path`, nil when it cannot be read.
    private static func read(_ path: String) -> [UInt8]? {
        try? DiskFileProvider().read(path)
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The file a path finally names, following symbolic links.
    static func resolvedTarget(of path: String) -> String {
        var current = path
        for _ in 0 ..< 40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current =
                destination.hasPrefix("/")
                ? destination
                : Paths.appending(destination, to: Paths.deletingLastComponent(of: current))
        }
        return current
    }

    static func systemError() -> String { String(cString: strerror(errno)) }

    /// Writes all of `bytes` to `fd`, again after an interruption; how many bytes were
    /// written, and the system's words when it failed.
    static func writeAll(_ bytes: ArraySlice<UInt8>, to fd: Int32) -> (written: Int, failure: String?) {
        var written = 0
        let failure: String? = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return systemError()
                }
                written += n
            }
            return nil
        }
        return (written, failure)
    }
}
