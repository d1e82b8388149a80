/// The lines of a statement's text, as its line numbers count them.
///
/// Only `\n`, `\r\n` and `\r` end a line: the line breaks every statement format uses and
/// every message's line number counts (`StatementPosition`). Swift's `isNewline` also
/// takes a form feed, a vertical tab, U+0085 and U+2028/2029, which would number the
/// lines after such a character differently from any editor.
extension StringProtocol {
    /// The lines, empty ones included, without their line breaks.
    var statementLines: [SubSequence] {
        split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }
}
