import Dispatch
import TallyCore
import TallySyntax

/// How a feature request is answered: its turn on the server's queue brings what it reads
/// up to date and takes a ``FeatureSnapshot``; the long ones are then worked out on
/// ``LanguageServer/featureQueue`` while the queue goes on (hovers, completions and edits
/// are not held up behind a whole-file inlay hint); the answer is sent unless the client
/// cancelled the request first, up to the moment its bytes go out.
extension LanguageServer {
    /// Requests whose answers can take long on a large budget (whole-file walks, every
    /// reference, a whole-file layout): answered beside the queue. The rest are quick and
    /// answered in their turn.
    static let answeredBeside: Set<String> = [
        "textDocument/inlayHint", "textDocument/codeLens", "textDocument/references", "textDocument/rename",
        "textDocument/documentSymbol", "workspace/symbol", "textDocument/foldingRange", "textDocument/semanticTokens/full",
        "textDocument/formatting", "textDocument/rangeFormatting"
    ]

    /// Requests that need only the buffer's syntax tree, never the budget's analysis.
    static let syntaxRequests: Set<String> = [
        "textDocument/documentSymbol", "textDocument/foldingRange", "textDocument/semanticTokens/full",
        "textDocument/semanticTokens/range", "textDocument/formatting", "textDocument/rangeFormatting"
    ]

    /// Answers the feature request `id`, in its turn on the queue (a method no feature
    /// has is answered MethodNotFound).
    func answerFeatureRequest(id: JSON, method: String, params: Params) throws(ResponseError) {
        let snapshot = try featureSnapshot(method: method, params: params, id: id)
        let work = { @Sendable () throws(ResponseError) -> JSON in
            guard let result = try snapshot.answerFeature(method: method, params: params) else {
                throw ResponseError(code: ResponseError.methodNotFoundCode, message: "unknown method `\(method)`")
            }
            return result
        }
        guard Self.answeredBeside.contains(method) else {
            respond(id: id, method: method, work: work)
            return
        }
        cancelled.beginBeside(id)
        featureQueue.async {
            self.respond(id: id, method: method, work: work)
            self.cancelled.endBeside(id)
        }
    }

    /// What the request reads, brought up to date: the buffer's syntax tree for syntax
    /// requests (never forcing the debounced analysis), the analyses for the rest.
    private func featureSnapshot(method: String, params: Params, id: JSON) throws(ResponseError) -> FeatureSnapshot {
        var syntax: (document: Document, tree: SyntaxTree)?
        if Self.syntaxRequests.contains(method) {
            syntax = try syntaxTarget(params)
        } else {
            analyzeIfPending()
        }
        let cancelled = self.cancelled
        return FeatureSnapshot(
            documents: documents, analyses: analyses, rootOfDocument: rootOfDocument, encoding: encoding,
            configuration: configuration, syntax: syntax, shouldStop: { cancelled.isCancelled(id) })
    }

    /// Works the answer out and sends it, or RequestCancelled when the client cancelled
    /// the request before its bytes were ready, or the error. The answer is written out
    /// to bytes before it is sent, and the cancellation asked once more after that: a
    /// large answer (references to the 100k benchmark's main wallet: 5 MB, `lsp_bench.py`,
    /// 2026-11-26) takes a while to print.
    func respond(id: JSON, method: String, work: () throws(ResponseError) -> JSON) {
        // `shutdown` is answered whatever happens: the client waits for it to exit.
        let cancellable = method != "shutdown"
        let clock = ContinuousClock()
        let start = clock.now
        do throws(ResponseError) {
            let bytes = try answerBytes(id: id, cancellable: cancellable, work: work)
            if cancellable && cancelled.isCancelled(id) { throw ResponseError.cancelled }
            let answered = clock.now
            send(.raw(bytes))
            let elapsed = clock.now - start
            if elapsed > .milliseconds(50) {
                note("\(method) took \(Self.milliseconds(elapsed)) ms (\(Self.milliseconds(answered - start)) ms to answer, the rest to send)")
            }
        } catch {
            if error == ResponseError.cancelled { note("\(method) cancelled after \(Self.milliseconds(clock.now - start)) ms") }
            send(OutgoingMessage.error(id: id, error))
        }
    }

    /// The answer's printed text. The result lives only in here: a whole-file answer is
    /// megabytes, and its printed form must not sit in memory beside a copy of it.
    private func answerBytes(id: JSON, cancellable: Bool, work: () throws(ResponseError) -> JSON) throws(ResponseError) -> [UInt8] {
        let result = try work()
        if cancellable && cancelled.isCancelled(id) { throw ResponseError.cancelled }
        return OutgoingMessage.responseBytes(id: id, result: consume result)
    }

    /// The syntax tree of an open buffer as it is now, for features that need no budget
    /// (outline, folding, semantic tokens, formatting). It comes from the current analysis
    /// when there is one, else from one parse per version, so these requests never force
    /// the debounced analysis to run early.
    func syntaxTarget(_ params: Params) throws(ResponseError) -> (document: Document, tree: SyntaxTree)? {
        let uri = try params.string("textDocument.uri")
        let path = DocumentURI.path(of: uri)
        guard let document = documents[path] else { return nil }
        if !analysisPending, let root = rootOfDocument[path], let file = analyses[root]?.file(path) {
            return (document, file.tree)
        }
        if let cached = treeCache[path], cached.version == document.version { return (document, cached.tree) }
        // The buffer changed since the last tree of it: re-read only what changed.
        let source = SourceText(path: path, bytes: document.bytes)
        let earlier = treeCache[path]?.tree ?? rootOfDocument[path].flatMap { analyses[$0]?.file(path)?.tree }
        let tree =
            earlier.map { Parser.reparse(source, previous: $0, parseWhole: { ConcurrentParse.parse($0) }) }
            ?? ConcurrentParse.parse(source)
        treeCache = [path: (document.version, tree)]
        return (document, tree)
    }
}
