/// A statement format told by its content rather than by the file's name: how to
/// recognise a file of it and how to read one. ``StatementReader`` tries them in the
/// order of ``all`` and reads a file none of them recognises as CSV; the check for files
/// Tally does not read goes by the same list.
public struct ContentFormat: Sendable {
    /// Whether the format is markup (XML), whose declarations are checked before it is
    /// parsed (``MarkupSafety``).
    let isMarkup: Bool
    /// Whether `text` is a file of this format.
    let recognises: @Sendable (_ text: String) -> Bool
    /// The statements of a file: read from its text, or from `xml`, the text as UTF-8
    /// XML, for the markup formats, with what the user states (QIF's dates).
    let read: @Sendable (_ text: String, _ xml: () -> [UInt8], _ path: String, _ options: StatementReader.Options) throws(StatementError) -> [Statement]

    /// The formats read, CSV included, for messages: the names of ``all``'s formats.
    public static let names = "CSV, OFX, CAMT.053/.052/.054, MT940, QIF or Fio banka's XML or JSON"

    /// The file name extensions statements of these formats come with: how a folder's
    /// statements are told from its other files (a statement itself is told by its
    /// content, never by its name).
    public static let fileExtensions: Set<String> = ["csv", "tsv", "txt", "ofx", "qfx", "xml", "sta", "mt940", "940", "qif", "json"]

    /// Every format told by content, in the order they are tried: Fio banka's XML and
    /// JSON first (their own readers know Fio's fields), then CAMT, OFX, MT940 and QIF.
    static let all: [ContentFormat] = [
        ContentFormat(isMarkup: true, recognises: FioStatementReader.recognisesXML) { _, xml, path, _ throws(StatementError) in
            [try FioStatementReader.readXML(xml(), path: path)]
        },
        ContentFormat(isMarkup: false, recognises: FioStatementReader.recognisesJSON) { text, _, path, _ throws(StatementError) in
            [try FioStatementReader.readJSON(text, path: path)]
        },
        ContentFormat(isMarkup: true, recognises: CAMTStatementReader.recognises) { _, xml, path, _ throws(StatementError) in
            [try CAMTStatementReader.read(xml(), path: path)]
        },
        ContentFormat(isMarkup: true, recognises: OFXStatementReader.recognises) { text, _, path, _ throws(StatementError) in
            try OFXStatementReader.readAll(text, path: path)
        },
        ContentFormat(isMarkup: false, recognises: MT940StatementReader.recognises) { text, _, path, _ throws(StatementError) in
            try MT940StatementReader.readAll(text, path: path)
        },
        ContentFormat(isMarkup: false, recognises: QIFStatementReader.recognises) { text, _, path, options throws(StatementError) in
            [try QIFStatementReader.read(text, path: path, options: options.csv)]
        }
    ]
}
