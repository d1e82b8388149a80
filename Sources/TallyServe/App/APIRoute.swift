import TallyReports
import TallySyntax

/// `GET /api/REPORT?...`: the library's report (`ReportKind`), the JSON `tally REPORT
/// --format json` prints for the same budget and options. Query parameters are the long
/// flags without their dashes, read by the library's grammar (`ReportKind.request`);
/// what would write a file or change the output's form (`file`, `output`, `format`,
/// `color`, `width`, `csv-separator`, `html`) is refused.
enum APIRoute {
    /// Parameters the API never reads.
    static let refused: Set<String> = ["file", "f", "o", "output", "format", "color", "colour", "width", "csv-separator", "html", "token"]

    /// The request `query` makes for `report`, or why not.
    static func request(_ report: ReportKind, _ query: [(String, String)]) -> Result<ReportRequest, UsageError> {
        for (name, _) in query where name != "q" {
            guard !refused.contains(name), let first = name.first, first.isLetter, first.isASCII,
                name.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" })
            else { return .failure(UsageError("`\(name)` is not a report option here")) }
        }
        do throws(UsageError) {
            return .success(try report.request(query))
        } catch {
            return .failure(error)
        }
    }
}
