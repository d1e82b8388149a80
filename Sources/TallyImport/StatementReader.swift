import TallyCore

/// Reads any statement file Tally knows: CAMT.053 and OFX are recognised by their
/// content, anything else is read as CSV.
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
        let declared = options.encoding ?? OFXStatementReader.declaredEncoding(bytes)
        let text = try StatementEncoding.decode(bytes, declared: declared, path: path)
        let fioXML = FioStatementReader.recognisesXML(text)
        let markup = fioXML || CAMTStatementReader.recognises(text) || OFXStatementReader.recognises(text)
        if markup, let error = MarkupSafety.declarationError(in: text, path: path) { throw error }
        // XML carries its own encoding; hand the parser UTF-8 it can trust.
        var xml: [UInt8] {
            var xml = text
            if xml.hasPrefix("<?xml"), let end = xml.range(of: "?>") { xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + xml[end.upperBound...] }
            return Array(xml.utf8)
        }
        if fioXML { return [try FioStatementReader.readXML(xml, path: path)] }
        if FioStatementReader.recognisesJSON(text) { return [try FioStatementReader.readJSON(text, path: path)] }
        if CAMTStatementReader.recognises(text) { return [try CAMTStatementReader.read(xml, path: path)] }
        if OFXStatementReader.recognises(text) { return try OFXStatementReader.readAll(text, path: path) }
        if MT940StatementReader.recognises(text) { return try MT940StatementReader.readAll(text, path: path) }
        if QIFStatementReader.recognises(text) { return [try QIFStatementReader.read(text, path: path)] }
        return [try CSVStatementReader.read(text, path: path, options: options.csv)]
    }
}
