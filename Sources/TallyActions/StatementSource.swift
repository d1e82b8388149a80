import TallyCore
import TallyImport

/// A bank statement to import: a file on disk (`tally import BUDGET FILE`), or bytes sent
/// from a browser, which are read as they are and never written anywhere.
public enum StatementSource: Sendable {
    /// The file at this path.
    case file(String)
    /// Bytes and the name to show for them (the file's own name in the browser).
    case sent(name: String, bytes: [UInt8])

    /// The name shown in summaries and messages: the path, or the name sent.
    public var name: String {
        switch self {
        case .file(let path): path
        case .sent(let name, _): name
        }
    }

    /// The statement's bytes.
    func bytes() throws(FileReadError) -> [UInt8] {
        switch self {
        case .file(let path): try DiskFileProvider().read(path)
        case .sent(_, let bytes): bytes
        }
    }
}

extension ImportStatements {
    /// The extensions of statement files, for listing a folder's statements
    /// (`ContentFormat.fileExtensions`).
    public static let fileExtensions = ContentFormat.fileExtensions
}
