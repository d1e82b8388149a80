import TallyCore
import TallyReports

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Where the bank feeds' credentials are kept outside every budget: SimpleFIN's access
/// URL and Enable Banking's session, each a file of mode 600 in Tally's configuration
/// folder, `$XDG_CONFIG_HOME/tally` (else `~/.config/tally`), itself of mode 700.
///
/// A credential file that others may read is refused, not used: the secret may have
/// leaked, and `tally feed doctor` says so too.
public enum FeedCredentials {
    /// The file of SimpleFIN's access URL.
    public static let simpleFINFile = "simplefin-access-url"
    /// The file of Enable Banking's session for application `app`.
    public static func enableBankingFile(app: String) -> String {
        "enablebanking-session-" + String(app.unicodeScalars.map { $0.properties.isAlphabetic || ("0" ... "9").contains($0) || $0 == "-" ? Character($0) : "_" })
    }

    /// Tally's configuration folder.
    public static func folder(environment: [String: String]) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/tally" }
        return (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.config/tally"
    }

    /// The path of the credential file `name`.
    public static func path(_ name: String, environment: [String: String]) -> String { folder(environment: environment) + "/" + name }

    /// Writes `secret` to the credential file `name`, mode 600, replacing it whole (a
    /// temporary file renamed over it, so a half-written secret is never left).
    public static func store(_ secret: String, as name: String, environment: [String: String]) throws(UsageError) {
        let dir = folder(environment: environment)
        var at = ""
        for piece in dir.split(separator: "/", omittingEmptySubsequences: true) {
            at += "/" + piece
            if mkdir(at, 0o700) != 0 && errno != EEXIST { throw UsageError("cannot make the folder `\(dir)` for the feed's credentials") }
        }
        let target = dir + "/" + name, staged = target + ".tmp-\(getpid())"
        let fd = open(staged, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw UsageError("cannot write the credential file `\(target)`") }
        let bytes = Array((secret + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0 && fchmod(fd, 0o600) == 0
        close(fd)
        guard written == bytes.count, synced, rename(staged, target) == 0 else {
            unlink(staged)
            throw UsageError("cannot write the credential file `\(target)`")
        }
    }

    /// The names of the credential files kept in the folder.
    public static func kept(environment: [String: String]) -> [String] {
        guard let directory = opendir(folder(environment: environment)) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == simpleFINFile || (name.hasPrefix("enablebanking-session-") && !name.contains(".tmp-")) { names.append(name) }
        }
        return names
    }

    /// What is wrong with the credential file at `path`: nil when it is a file only its
    /// owner may read or write.
    public static func problem(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return "`\(path)` does not exist" }
        guard info.st_mode & S_IFMT == S_IFREG else { return "`\(path)` is not a file" }
        let mode = info.st_mode & 0o777
        if mode & 0o077 != 0 {
            return "`\(path)` may be read by others (mode \(String(mode, radix: 8))); run `chmod 600 \(path)`, and renew the credential if others could have read it"
        }
        return access(path, R_OK) == 0 ? nil : "`\(path)` cannot be read"
    }

    /// The first line of the credential file at `path`, refused when others may read it.
    public static func read(_ path: String) throws(UsageError) -> String {
        if let problem = problem(at: path) { throw UsageError(problem) }
        guard let bytes = try? DiskFileProvider().read(path) else { throw UsageError("cannot read `\(path)`") }
        let text = String(decoding: bytes, as: UTF8.self)
        let first = text.split(whereSeparator: \.isNewline).first.map { String($0).trimmingSpaces() } ?? ""
        guard !first.isEmpty else { throw UsageError("`\(path)` is empty") }
        return first
    }

    /// The whole text of the credential file at `path`, refused when others may read it.
    public static func readWhole(_ path: String) throws(UsageError) -> String {
        if let problem = problem(at: path) { throw UsageError(problem) }
        guard let bytes = try? DiskFileProvider().read(path) else { throw UsageError("cannot read `\(path)`") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The secret a profile's `token` names: an environment variable's value, or the
    /// first line of a file (`~` the home folder), which for a file must be mode 600.
    public static func secret(_ source: TokenSource, what: String, environment: [String: String]) throws(UsageError) -> String {
        switch source {
        case .environment(let variable):
            guard let value = environment[variable]?.trimmingSpacesAndNewlines(), !value.isEmpty else {
                throw UsageError("the environment variable \(variable), which the profile names for \(what), is not set")
            }
            return value
        case .file(let path):
            return try read(expanded(path, environment: environment))
        }
    }

    /// `path` with a leading `~/` as the home folder.
    public static func expanded(_ path: String, environment: [String: String]) -> String {
        path.hasPrefix("~/") ? (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + path.dropFirst() : path
    }
}
