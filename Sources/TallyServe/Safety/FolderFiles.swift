#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// The files of one folder the import screen may list and read: regular files only, by
/// name, never through a symbolic link.
///
/// A name in the budget's folder could be a link to anywhere (`/proc/self/environ`, a key
/// in the home folder), a FIFO that blocks whoever opens it, or a device. Listing looks at
/// the entry itself (`lstat`), and reading opens it with `O_NOFOLLOW | O_NONBLOCK` and
/// checks the opened file again (`fstat`), so an entry swapped for a link or a FIFO
/// between the listing and the reading is refused rather than followed or waited on.
enum FolderFiles {
    /// The largest file read, in bytes: far above any bank statement, small enough that
    /// a huge file beside the budget cannot exhaust the server's memory.
    static let largest = 64 << 20

    /// Why a file was not read, in words for a page.
    struct Refused: Error, Equatable {
        let message: String
    }

    /// The names in `folder` (not below it) that are regular files, not hidden, and
    /// accepted by `wanted`, sorted.
    static func regularFiles(in folder: String, where wanted: (String) -> Bool) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in
            guard !name.hasPrefix("."), !name.contains("/"), wanted(name) else { return false }
            var info = stat()
            return lstat(folder + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        }.sorted()
    }

    /// The bytes of the regular file `name` in `folder`, refused for anything else.
    static func read(_ name: String, in folder: String) throws(Refused) -> [UInt8] {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else { throw Refused(message: "`\(name)` is not a file in the budget's folder.") }
        let descriptor = open(folder + "/" + name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Refused(message: "`\(name)` cannot be opened (a link, or not readable); only regular files in the budget's folder are read.") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw Refused(message: "`\(name)` is not a regular file; only regular files in the budget's folder are read.")
        }
        guard Int(info.st_size) <= largest else { throw Refused(message: "`\(name)` is larger than \(largest >> 20) MiB; it is not read.") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Refused(message: "`\(name)` could not be read.") }
            if count == 0 { return bytes }
            bytes += chunk[0 ..< count]
            guard bytes.count <= largest else { throw Refused(message: "`\(name)` is larger than \(largest >> 20) MiB; it is not read.") }
        }
    }
}
