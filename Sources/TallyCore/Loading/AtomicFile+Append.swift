#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

extension AtomicFile {
    /// New text that only adds to the end of a file as it was read: written in place, at
    /// the end, with `O_APPEND`, never by replacing the file. Nothing anyone else writes
    /// to the file can then be lost: a line another program appends meanwhile stays,
    /// before or after ours. The file is compared with what was read through the very
    /// descriptor the new text is written with, and after the write the path must still
    /// name that file (an editor that saved by renaming meanwhile replaced it, and the
    /// write is refused as ``FileWriteError/changedOnDisk(path:)``).
    struct PendingAppend {
        let path: String
        private let fd: Int32
        private let suffix: ArraySlice<UInt8>
        /// The file's size when it was compared, where the new text starts.
        private let size: off_t
        private let target: String

        /// Opens the file and compares it with `expected`; throws when it is not that.
        init(path: String, bytes: [UInt8], expected: [UInt8]) throws(FileWriteError) {
            let target = resolvedTarget(of: path)
            var info = stat()
            guard stat(target, &info) == 0 else { throw .changedOnDisk(path: path) }
            if info.st_mode & S_IWUSR == 0 { throw FileWriteError("the file is read-only (its owner has no write permission); nothing was written") }
            let fd = open(target, O_RDWR | O_APPEND | O_CLOEXEC)
            guard fd >= 0 else { throw FileWriteError("the file is not writable: \(AtomicFile.systemError()); nothing was written") }
            var current = [UInt8](repeating: 0, count: expected.count + 1)
            var read = 0
            while read < current.count {
                let n = current.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + read, $0.count - read, off_t(read)) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                read += n
            }
            guard read == expected.count, ByteRuns.equal(current[..<read], expected) else {
                _ = Glibc.close(fd)
                throw .changedOnDisk(path: path)
            }
            self.path = path
            self.fd = fd
            self.target = target
            suffix = bytes[expected.count...]
            size = off_t(expected.count)
        }

        /// Writes the new text at the end and flushes it; on failure takes it back off
        /// (when nothing else was appended after it) and throws. The file stays open until
        /// ``close()``, so that the write can still be taken back.
        func write() throws(FileWriteError) {
            let (written, writeFailure) = AtomicFile.writeAll(suffix, to: fd)
            let failure = writeFailure ?? (fsync(fd) == 0 ? nil : AtomicFile.systemError())
            if let failure {
                takeBack(written)
                throw FileWriteError("cannot write \(path): \(failure)")
            }
            var atPath = stat(), ours = stat()
            guard stat(target, &atPath) == 0, fstat(fd, &ours) == 0, atPath.st_ino == ours.st_ino, atPath.st_dev == ours.st_dev else {
                throw .changedOnDisk(path: path)
            }
        }

        /// Takes the whole new text back off, when it is still the file's end: another
        /// file of the same change could not be written.
        func takeBack() { takeBack(suffix.count) }

        /// Removes `count` bytes written at the end, if they are still the file's end.
        private func takeBack(_ count: Int) {
            var info = stat()
            if fstat(fd, &info) == 0, info.st_size == size + off_t(count) { _ = ftruncate(fd, size) }
        }

        /// Closes the file (written or not).
        func close() { _ = Glibc.close(fd) }
    }
}
