import TallyCore
import TallySyntax

/// A report's request from named parameters (a web page's query string): the names are
/// the long flags without their dashes (`period=2026-11`, `wallet=Cash&wallet=Bank`), a
/// parameter without a value is a switch (`desc`, `monthly`), and `q` holds query words.
/// Each is read by the grammar the command line's flags are read by.
extension ReportKind {
    /// The request `parameters` make for this report; a name it does not read is a
    /// usage mistake, worded as the command line words it.
    public func request(_ parameters: [(String, String)]) throws(UsageError) -> ReportRequest {
        var request = ReportRequest()
        var words: [String] = []
        for (name, value) in parameters {
            if name == "q" {
                words += QueryWords.split(value)
                continue
            }
            let flag = "--" + name
            let switchValue = value.isEmpty ? nil : value
            if let option = ReportRequest.Option(rawValue: name), option == .today || options.contains(option) {
                if option != .desc, value.isEmpty { throw UsageError("`\(option: flag)` needs a value") }
                try request.read(option, option == .desc ? switchValue : value)
            } else if let takesValue = ownOptions[flag] {
                if takesValue, value.isEmpty { throw UsageError("`\(option: flag)` needs a value") }
                try request.readOwn(flag, takesValue ? value : switchValue, takesValue: takesValue)
            } else {
                throw UsageError("unknown option `\(option: flag)` for \(command: rawValue)")
            }
        }
        try request.setQuery(words)
        return request
    }
}

extension ReportRequest {
    /// The shared options among `parameters` (a page's query string, which may carry
    /// other fields too), read by the same grammar; empty values are left out, as a form
    /// sends its empty fields.
    public init(page parameters: [(String, String)]) throws(UsageError) {
        self.init()
        var words: [String] = []
        for (name, value) in parameters where !value.isEmpty || name == "desc" {
            if name == "q" {
                words += QueryWords.split(value)
            } else if let option = Option(rawValue: name) {
                try read(option, option == .desc ? nil : value)
            }
        }
        // A page links a day and a period together (the envelopes page keeps both).
        try checkShared(day: false)
        try setQuery(words)
    }
}

/// Query words typed in one box: split at spaces, except inside double quotes (which are
/// kept, as a shell would not keep them: `payee:"Corner Shop"` is one word).
public enum QueryWords {
    /// The words of `text`.
    public static func split(_ text: String) -> [String] {
        var words: [String] = [], current = "", quoted = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
                continue
            }
            if character == " " && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
