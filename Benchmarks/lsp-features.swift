// Times the language features of `tally lsp` on a large budget, in a release build.
//
// Not part of the package and not a test: Benchmarks/lsp-features.sh compiles it with
// the optimizer against the release build's modules and runs it. It prints one line per
// measurement: the median, the fastest and the slowest of its runs, in milliseconds.
//
//   Benchmarks/lsp-features.sh [FILE]       (default Benchmarks/data/tx-100k.tally)
//
// A few lines with problems are appended to the file's text in memory (an unknown
// wallet, a failed assertion, split parts that do not add up, an unknown envelope), so
// that code actions have diagnostics to work on; the file on disk is never written.
import Foundation
import TallyCore
import TallyLSP
import TallySyntax

let arguments = CommandLine.arguments
guard arguments.count == 2, let original = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
    FileHandle.standardError.write("usage: lsp-features FILE\n".data(using: .utf8)!)
    exit(2)
}
let path = "budget.tally"
let problems = """
    2025-12-31 Chekcing Food:Groceries -5.00
    2025-12-31 assert Savings 0.00
    2025-12-31 "Markt" Checking -10.00
        Food:Groceries  -4.00
        Food:Bakery  -5.00
    2025-12-31 fill Gardening 10.00

    """
let text = (original.hasSuffix("\n") ? original : original + "\n") + problems
let today = CivilDate(year: 2026, month: 11, day: 22)!

/// Runs `body` `runs` times and prints the median, fastest and slowest in milliseconds.
@discardableResult
func measure<T>(_ label: String, runs: Int = 25, _ body: () -> T) -> T {
    var times: [Double] = []
    var last: T?
    for _ in 0 ..< runs {
        let start = DispatchTime.now().uptimeNanoseconds
        last = body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    times.sort()
    let cell = { (v: Double) in String(format: "%9.3f", v) }
    print("\(label.padding(toLength: 52, withPad: " ", startingAt: 0)) \(cell(times[times.count / 2])) \(cell(times.first!)) \(cell(times.last!))   (\(runs) runs)")
    return last!
}

/// The byte offset just after the first occurrence of `needle` at or after `from`.
func offset(after needle: String, from: Int = 0) -> Int {
    let bytes = Array(text.utf8)
    let pattern = Array(needle.utf8)
    var i = from
    while i + pattern.count <= bytes.count {
        if bytes[i ..< i + pattern.count].elementsEqual(pattern) { return i + pattern.count }
        i += 1
    }
    fatalError("`\(needle)` not found")
}

print("label                                                   median ms   min ms    max ms")
let budget = measure("read and parse (BudgetLoader.load)", runs: 5) {
    try! BudgetLoader(provider: InMemoryFileProvider([path: text])).load(path)
}
let analysis = measure("interpret (BudgetAnalysis.init)", runs: 3) { BudgetAnalysis(budget: budget, today: today) }
print("diagnostics: \(analysis.diagnostics.count), entries: \(analysis.model.entries.count)")

/// The next of the fresh analyses, kept alive so that freeing one is not timed.
var used = 0
func next(_ fresh: inout [BudgetAnalysis]) -> BudgetAnalysis {
    defer { used += 1 }
    return fresh[used % fresh.count]
}

// The index is built once per analysis: time it on fresh analyses.
var fresh = (0 ..< 5).map { _ in BudgetAnalysis(budget: budget, today: today) }; used = 0
measure("BudgetIndex step 1 (first use)", runs: 5) { _ = next(&fresh).index }
fresh = (0 ..< 5).map { _ in BudgetAnalysis(budget: budget, today: today) }; used = 0
for analysis in fresh { _ = analysis.index }
measure("BudgetIndex name uses (first completion)", runs: 5) { next(&fresh).index.uses(of: NamedSymbol(kind: .wallet, name: "Checking")) }
used = 0
measure("BudgetIndex payee tallies (first payee completion)", runs: 5) { next(&fresh).index.payees.count }
fresh = (0 ..< 5).map { _ in BudgetAnalysis(budget: budget, today: today) }; used = 0
for analysis in fresh { _ = analysis.index.payees.count }
measure("BudgetIndex open occurrences (first `rule` completion)", runs: 5) { next(&fresh).index.openOccurrences.count }
used = 0
measure("BudgetIndex step 2, every occurrence (prepareAll)", runs: 5) { next(&fresh).index.prepareAll() }

// A cold request on a fresh analysis: what the first keystroke after an edit pays when
// the server has not prepared the index ahead of time.
let middle = text.utf8.count / 2
let walletInMiddle = offset(after: "\n2013-", from: middle)  // a date; the wallet follows
let hoverWallet = offset(after: "Checking", from: middle) - 2
fresh = (0 ..< 3).map { _ in BudgetAnalysis(budget: budget, today: today) }; used = 0
measure("hover on a wallet, cold (index step 1 on the way)", runs: 3) { HoverProvider.hover(in: next(&fresh), path: path, offset: hoverWallet) }
fresh = (0 ..< 3).map { _ in BudgetAnalysis(budget: budget, today: today) }; used = 0
let lineStart = walletInMiddle - 5
measure("completion after a date, cold (step 1 and name uses)", runs: 3) { CompletionProvider.complete(in: next(&fresh), path: path, offset: lineStart + 11) }

// Warm requests: the index is built.
analysis.index.prepareAll()
let payeeInMiddle = offset(after: "\"", from: walletInMiddle)
let hoverCategory = offset(after: "Food:Groceries", from: middle) - 2
let hoverEnvelopeDeclaration = offset(after: "envelope Groceries") - 2
let hoverGoal = offset(after: "goal Vacation") - 2
let hoverRule = offset(after: "as rent") - 1
let hoverLate = offset(after: "Checking", from: text.utf8.count - 20_000) - 2
for (label, at) in [
    ("wallet in a transaction, mid-file", hoverWallet), ("wallet in a transaction, near the end", hoverLate),
    ("category in a transaction", hoverCategory), ("envelope declaration", hoverEnvelopeDeclaration),
    ("goal declaration", hoverGoal), ("recurring entry", hoverRule), ("payee", payeeInMiddle)
] {
    let result = measure("hover: \(label)") { HoverProvider.hover(in: analysis, path: path, offset: at) }
    if result == nil { print("  (no hover at \(at))") }
}

// Completion: the line is typed at the end of the file, as a user adds an entry.
func completionText(_ line: String) -> (BudgetAnalysis, Int) {
    let typed = text + line
    let budget = try! BudgetLoader(provider: InMemoryFileProvider([path: typed])).load(path)
    let a = BudgetAnalysis(budget: budget, today: today)
    a.index.prepareAll()
    return (a, typed.utf8.count)
}
for (label, line) in [
    ("start of a line", "2"), ("wallet after a date", "2026-11-22 Ch"), ("payee in quotes", "2026-11-22 \"Li"),
    ("category after a wallet", "2026-11-22 Checking Gro"), ("after an amount", "2026-11-22 Checking Food:Groceries -5.00 "),
    ("envelope after fill", "2026-11-22 fill Gr"), ("recurring entry after rule", "2026-11-22 Checking Food:Groceries -5.00 rule ")
] {
    let (a, at) = completionText(line)
    let result = measure("completion: \(label)") { CompletionProvider.complete(in: a, path: path, offset: at) }
    if result.isEmpty { print("  (no candidates)") }
}

// Inlay hints for one screen: 60 lines in the middle and near the end.
func screen(from start: Int) -> ByteRange {
    var end = start
    var lines = 0
    let bytes = Array(text.utf8)
    while end < bytes.count && lines < 60 { if bytes[end] == UInt8(ascii: "\n") { lines += 1 }; end += 1 }
    return ByteRange(start: start, end: end)
}
for (label, range) in [("mid-file", screen(from: walletInMiddle)), ("near the end", screen(from: text.utf8.count - 8_000))] {
    let hints = measure("inlay hints: a screen of 60 lines, \(label)") {
        InlayHintProvider.hints(in: analysis, path: path, range: range, options: InlayHintOptions())
    }
    if hints.isEmpty { print("  (no hints)") }
}
measure("inlay hints (whole file)", runs: 3) {
    InlayHintProvider.hints(in: analysis, path: path, range: ByteRange(start: 0, end: text.utf8.count), options: InlayHintOptions()).count
}
measure("code lens (whole file)") { CodeLensProvider.lenses(in: analysis, path: path) }

// Code actions at each appended diagnostic, and for the whole last screen.
for d in analysis.diagnostics where d.file == path {
    let actions = measure("code actions: \(d.code.rawValue) at byte \(d.range.start)") {
        CodeActionProvider.actions(in: analysis, path: path, range: d.range)
    }
    print("  \(actions.count) actions: \(actions.map(\.title).prefix(3).joined(separator: "; "))")
}

// Other requests, for the record.
measure("definition: wallet mid-file") { NavigationProvider.definition(in: analysis, path: path, offset: hoverWallet) }
measure("references: wallet (all files)", runs: 5) { NavigationProvider.references(in: analysis, path: path, offset: hoverWallet, includeDeclaration: true) }
measure("document symbols (whole file)", runs: 5) { SymbolProvider.documentSymbols(tree: budget.files[0].tree) }
measure("semantic tokens (whole file)", runs: 5) { SemanticTokenProvider.tokens(tree: budget.files[0].tree) }
measure("semantic tokens for a screen of 60 lines, mid-file") { SemanticTokenProvider.tokens(tree: budget.files[0].tree, in: screen(from: walletInMiddle)) }
measure("folding ranges (whole file)", runs: 5) { FoldingProvider.ranges(tree: budget.files[0].tree) }
measure("workspace symbols: \"gro\"") { SymbolProvider.workspaceSymbols(in: analysis, query: "gro") }
