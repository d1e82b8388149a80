import TallyCore

/// Reads any statement file Tally knows: the formats of ``ContentFormat/all`` are
/// recognised by their content, anything else is read as CSV.
public enum StatementReader {
    /// What the user states about a statement; everything else is detected.
    public struct Options: Sendable {
        public var encoding: StatementEncoding?
        public var csv = CSVStatementReader.Options()
        public init(encoding: StatementEncoding? = nil, csv: CSVStatementReader.Options = CSVStatementReader.Options()) {
            self.encoding = encoding
            self.csv = csv
        }
    }

    /// The one statement of a file; one holding several (an OFX file with a bank's and a
    /// card's) is refused: ``readAll(_:path:options:)`` reads them.
    public static func read(_ bytes: [UInt8], path: String, options: Options = Options()) throws(StatementError) -> Statement {
        let statements = try readAll(bytes, path: path, options: options)
        guard statements.count == 1 else {
            let accounts = statements.map { $0.account ?? "?" }.joined(separator: ", ")
            throw StatementError(
                path: path, position: nil, message: "the file holds \(statements.count) statements (accounts \(accounts)); each is imported into its own wallet")
        }
        return statements[0]
    }

    /// Every statement of a file, in file order: one for most files, one per account for
    /// an OFX file holding several.
    public static func readAll(_ bytes: [UInt8], path: String, options: Options = Options()) throws(StatementError) -> [Statement] {
        if bytes.isEmpty { throw StatementError(path: path, position: nil, message: "the statement is empty") }
        if let kind = unreadKind(bytes) { throw unread(kind, path: path) }
        let declared = options.encoding ?? OFXStatementReader.declaredEncoding(bytes)
        let text = try StatementEncoding.decode(bytes, declared: declared, path: path)
        if let kind = unreadKind(text) { throw unread(kind, path: path) }
        let markup = ContentFormat.all.contains { $0.isMarkup && $0.recognises(text) }
        if markup, let error = MarkupSafety.declarationError(in: text, path: path) { throw error }
        // XML carries its own encoding; hand the parser UTF-8 it can trust.
        var xml: [UInt8] {
            var xml = text
            if xml.hasPrefix("<?xml"), let end = xml.firstRange(of: "?>") { xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + xml[end.upperBound...] }
            return Array(xml.utf8)
        }
        if let format = ContentFormat.all.first(where: { $0.recognises(text) }) { return try format.read(text, { xml }, path, options) }
        return [try CSVStatementReader.read(text, path: path, options: options.csv)]
    }

    // MARK: Files Tally does not read

    private static func unread(_ kind: String, path: String) -> StatementError {
        StatementError(
            path: path, position: nil,
            message: "this file looks like \(kind), which is not a statement Tally reads; download the statement as \(ContentFormat.names) (docs/import.md lists them)")
    }

    /// What a binary file is, by its first bytes: a PDF, a spreadsheet, an archive.
    static func unreadKind(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: Array("%PDF-".utf8)) { return "a PDF document" }
        if bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) { return "an Excel 97-2003 workbook (XLS)" }
        if bytes.starts(with: [0x1F, 0x8B]) { return "a compressed file (gzip)" }
        if bytes.starts(with: Array("{\\rtf".utf8)) { return "a rich-text document (RTF)" }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            let head = String(decoding: bytes.prefix(4000), as: UTF8.self)
            if head.contains("opendocument.spreadsheet") { return "a spreadsheet (ODS)" }
            return head.contains("xl/") ? "an Excel workbook (XLSX)" : "a ZIP archive (an Excel workbook, XLSX, is one too)"
        }
        return nil
    }

    /// What a text file is when it is none of the formats read: a web page, an MT942
    /// report, another ISO 20022 message, other XML or JSON. Nil for what may be read
    /// (CSV included).
    static func unreadKind(_ text: String) -> String? {
        let head = text.prefix(4000)
        let start = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        let lower = start.prefix(300).lowercased()
        if lower.hasPrefix("<!doctype html") || lower.hasPrefix("<html") || (lower.hasPrefix("<?xml") && lower.contains("<html")) {
            return "a web page (HTML), perhaps the bank's login or error page saved instead of the statement"
        }
        if head.contains(":20:") && head.contains(":34F:") { return "an MT942 interim report (a day's movements so far, not a statement)" }
        if ContentFormat.all.contains(where: { $0.recognises(text) }) { return nil }
        if let iso = head.firstRange(of: "urn:iso:std:iso:20022:tech:xsd:") {
            let message = head[iso.upperBound...].prefix { $0 != "\"" && $0 != "'" && !$0.isWhitespace }
            return "the ISO 20022 message \(message), which lists no account's movements (CAMT.053, .052 and .054 do)"
        }
        if start.hasPrefix("<") {
            // The first element's name, after any declaration or comment.
            let element = start.split(separator: "<").lazy.map { $0.prefix { $0 != ">" && $0 != " " && $0 != "/" } }.first { !$0.isEmpty && $0.first!.isLetter }
            return "an XML document" + (element.map { " (<\($0)>)" } ?? "") + " of a kind Tally does not read"
        }
        if start.hasPrefix("{") || start.hasPrefix("[") { return "a JSON document other than Fio banka's statement" }
        return nil
    }
}
