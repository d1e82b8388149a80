import Foundation
import TallyCore
import TallySyntax

extension ReportCommand {
    /// `--format html` (to standard output) or `--html FILE` (written atomically): the page
    /// with charts, `--months` months of history (default 6).
    static func html(_ context: ReportContext, month: CivilDate) -> Int32 {
        let months = (try? context.options.count(Own.months, default: 6, minimum: 1, maximum: 1200)) ?? 6
        let file = context.options.file!
        let title = file == "-" ? "Budget" : String(file.split(separator: "/").last ?? "Budget")
        let page = HTMLReport.render(model: context.model, month: month, months: months, title: title)
        guard let path = context.options.value(Own.html) else {
            context.console.out(page)
            return ExitCode.success
        }
        // Nothing is written when in doubt: `--html main.tally` must never replace a budget.
        if let reason = refusal(toOverwrite: path) {
            context.console.err("tally report: will not write `\(path)`: \(reason)\n")
            return ExitCode.usage
        }
        do {
            try AtomicFile.write(Array(page.utf8), to: path)
        } catch {
            context.console.err("tally report: cannot write `\(path)`: \(error.reason)\n")
            return ExitCode.usage
        }
        context.console.err("tally report: wrote \(path)\n")
        return ExitCode.success
    }

    /// Why the page may not go to `path`, if it may not: a `.tally` name, or an existing
    /// file that neither is named `.html`/`.htm` nor holds an HTML page (an earlier report
    /// may be replaced; a budget, notes or anything else may not).
    static func refusal(toOverwrite path: String) -> String? {
        let name = path.lowercased()
        if name.hasSuffix(".tally") { return "it is named like a budget file; choose a name ending in .html" }
        if name.hasSuffix(".html") || name.hasSuffix(".htm") { return nil }
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: 512)) ?? Data()
        let text = String(decoding: start, as: UTF8.self).drop { $0.isWhitespace || $0 == "\u{FEFF}" }.lowercased()
        if text.isEmpty || text.hasPrefix("<!doctype html") || text.hasPrefix("<html") { return nil }
        return "the file exists and is not an HTML page; choose a name ending in .html"
    }
}
