#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The first bytes of a file, to tell what it is before overwriting it (an earlier export,
/// an HTML page): what `FileHandle(forReadingAtPath:)` and `read(upToCount:)` gave,
/// without loading Foundation.
public enum FileHead {
    /// Up to `count` bytes from the start of `path`; nil when it cannot be opened (it does
    /// not exist, or may not be read), empty when it cannot be read.
    public static func read(_ path: String, upTo count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + filled, count - filled) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            filled += got
        }
        return Array(bytes[..<filled])
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif
