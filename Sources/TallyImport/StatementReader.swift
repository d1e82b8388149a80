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

    public static func read(_ bytes: [UInt8], path: String, options: Options = Options()) throws(StatementError) -> Statement {
        if bytes.isEmpty { throw StatementError(path: path, position: nil, message: "the statement is empty") }
        let declared = options.encoding ?? OFXStatementReader.declaredEncoding(bytes)
        let text = try StatementEncoding.decode(bytes, declared: declared, path: path)
        let markup = CAMTStatementReader.recognises(text) || OFXStatementReader.recognises(text)
        if markup, let error = MarkupSafety.declarationError(in: text, path: path) { throw error }
        if CAMTStatementReader.recognises(text) {
            // XML carries its own encoding; hand the parser UTF-8 it can trust.
            var xml = text
            if xml.hasPrefix("<?xml"), let end = xml.range(of: "?>") { xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + xml[end.upperBound...] }
            return try CAMTStatementReader.read(Array(xml.utf8), path: path)
        }
        if OFXStatementReader.recognises(text) { return try OFXStatementReader.read(text, path: path) }
        return try CSVStatementReader.read(text, path: path, options: options.csv)
    }
}
