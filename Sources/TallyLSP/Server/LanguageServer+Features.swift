import TallyCore
import TallyFormat
import TallySyntax

/// The language features, wired to their requests. The features answer in UTF-8 offsets of
/// named files; this is the one place that converts their answers to protocol positions.
/// Each reads a ``FeatureSnapshot``, never the server's changing state, so a long request
/// can run beside the server's queue (see `LanguageServer+Requests.swift`).
extension FeatureSnapshot {
    /// Answers a language-feature request, or returns nil when no feature has `method`.
    func answerFeature(method: String, params: Params) throws(ResponseError) -> JSON? {
        switch method {
        case "textDocument/hover": return try hover(params)
        case "textDocument/inlayHint": return try inlayHints(params)
        case "textDocument/codeLens": return try codeLenses(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "workspace/symbol": return try workspaceSymbols(params)
        case "textDocument/foldingRange": return try foldingRanges(params)
        case "textDocument/semanticTokens/full": return try semanticTokens(params)
        case "textDocument/semanticTokens/range": return try semanticTokens(params, range: params.range("range"))
        case "textDocument/documentLink": return try documentLinks(params)
        case "textDocument/formatting": return try formatting(params, range: false)
        case "textDocument/rangeFormatting": return try formatting(params, range: true)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/completion": return try completion(params)
        default: return nil
        }
    }

    /// The capabilities the wired features add to `initialize`'s answer.
    static var featureCapabilities: [String: JSON] {
        [
            "hoverProvider": true,
            "inlayHintProvider": true,
            "codeLensProvider": ["resolveProvider": false],
            "definitionProvider": true,
            "referencesProvider": true,
            "renameProvider": ["prepareProvider": true],
            "documentSymbolProvider": true,
            "workspaceSymbolProvider": true,
            "foldingRangeProvider": true,
            "semanticTokensProvider": [
                "legend": [
                    "tokenTypes": .array(SemanticTokenProvider.legend.types.map { .string($0) }),
                    "tokenModifiers": .array(SemanticTokenProvider.legend.modifiers.map { .string($0) })
                ],
                "full": true,
                "range": true
            ],
            "documentLinkProvider": ["resolveProvider": false],
            "documentFormattingProvider": true,
            "documentRangeFormattingProvider": true,
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            "completionProvider": ["triggerCharacters": [":"], "resolveProvider": false]
        ]
    }

    // MARK: Looking things up

    /// The open document a request names, with its budget's analysis; nil when the
    /// document is not open (the request then has an empty answer).
    struct Target {
        let path: String
        let analysis: BudgetAnalysis
        let lines: LineIndex
        let length: Int
    }

    func target(_ params: Params) throws(ResponseError) -> Target? {
        let uri = try params.string("textDocument.uri")
        let path = DocumentURI.path(of: uri)
        guard let document = documents[path], let root = rootOfDocument[path], let analysis = analyses[root],
            analysis.file(path) != nil
        else { return nil }
        return Target(path: path, analysis: analysis, lines: document.lines, length: document.bytes.count)
    }

    /// The syntax tree of the open buffer a syntax request names (outline, folding,
    /// semantic tokens, formatting), as the server's turn for the request found it
    /// (``LanguageServer/syntaxTarget(_:)``); nil when the buffer is not open.
    func syntaxTarget(_ params: Params) throws(ResponseError) -> (document: Document, tree: SyntaxTree)? {
        let path = DocumentURI.path(of: try params.string("textDocument.uri"))
        guard let syntax, syntax.document.uri == documents[path]?.uri else { return nil }
        return syntax
    }

    func offset(_ params: Params, in target: Target) throws(ResponseError) -> Int {
        target.lines.offset(of: try params.position("position"), encoding: encoding, textLength: target.length)
    }

    /// The line table of any file of an analysis: the open buffer's, else built from the tree.
    func lineIndex(of path: String, in analysis: BudgetAnalysis) -> LineIndex? {
        if let document = documents[path] { return document.lines }
        return analysis.file(path).map { LineIndex($0.tree.source) }
    }

    func location(_ range: FileRange, in analysis: BudgetAnalysis, cache: inout [String: LineIndex]) -> JSON? {
        if cache[range.path] == nil { cache[range.path] = lineIndex(of: range.path, in: analysis) }
        guard let lines = cache[range.path] else { return nil }
        return ["uri": .string(forms.uri(of: range.path)), "range": lines.range(of: range.range, encoding: encoding).json]
    }

    func workspaceEdit(_ edits: [String: [TextEdit]], in analysis: BudgetAnalysis) -> JSON {
        var changes: [String: JSON] = [:]
        for (path, list) in edits {
            guard let lines = lineIndex(of: path, in: analysis) else { continue }
            changes[forms.uri(of: path)] = .array(list.map { textEdit($0, lines) })
        }
        return ["changes": .object(changes)]
    }

    func textEdit(_ edit: TextEdit, _ lines: LineIndex) -> JSON {
        ["range": lines.range(of: edit.range, encoding: encoding).json, "newText": .string(edit.replacement)]
    }

    // MARK: Features

    func hover(_ params: Params) throws(ResponseError) -> JSON {
        guard let target = try target(params) else { return .null }
        let offset = try offset(params, in: target)
        guard let info = HoverProvider.hover(in: target.analysis, path: target.path, offset: offset) else { return .null }
        return [
            "contents": ["kind": "markdown", "value": .string(info.markdown)],
            "range": target.lines.range(of: info.range, encoding: encoding).json
        ]
    }

    func inlayHints(_ params: Params) throws(ResponseError) -> JSON {
        guard let target = try target(params) else { return [] }
        let range = try params.range("range")
        let bytes = ByteRange(
            start: target.lines.offset(of: range.start, encoding: encoding, textLength: target.length),
            end: target.lines.offset(of: range.end, encoding: encoding, textLength: target.length))
        let options = InlayHintOptions(envelopeLeft: configuration.envelopeHints, runningBalance: configuration.balanceHints)
        // Each hint is printed into the answer's bytes as the provider finds it: a
        // whole-file request on a large budget has a hint on nearly every line, too many to
        // hold as values (or strings) beside the answer. Room for two hints an entry, in
        // pages the system hands out only as they are written.
        let entries = target.analysis.index.entries(in: target.path, overlapping: bytes).count
        var cursor = documents[target.path].map { PositionCursor(lines: target.lines, bytes: $0.bytes, encoding: encoding) }
        var out = RawJSONWriter(capacity: entries * 2 * 112 + 64)
        out.byte("[")
        var first = true
        let finished = InlayHintProvider.forEachHint(in: target.analysis, path: target.path, range: bytes, options: options, shouldStop: shouldStop) {
            offset, _, label in
            if !first { out.byte(",") }
            first = false
            out.text("{\"label\":")
            out.string(utf8: label)
            out.text(",\"paddingLeft\":true,\"position\":")
            out.position(cursor?.position(of: offset) ?? target.lines.position(of: offset, encoding: encoding))
            out.byte("}")
        }
        if !finished || shouldStop() { return .null }
        out.byte("]")
        return out.json
    }

    func codeLenses(_ params: Params) throws(ResponseError) -> JSON {
        guard let target = try target(params) else { return [] }
        return .array(
            CodeLensProvider.lenses(in: target.analysis, path: target.path).map { lens in
                // A lens that only informs: its command does nothing when clicked.
                ["range": target.lines.range(of: lens.range, encoding: encoding).json, "command": ["title": .string(lens.title), "command": ""]]
            })
    }

    func definition(_ params: Params) throws(ResponseError) -> JSON {
        guard let target = try target(params) else { return .null }
        let offset = try offset(params, in: target)
        var cache: [String: LineIndex] = [:]
        return .array(
            NavigationProvider.definition(in: target.analysis, path: target.path, offset: offset).compactMap {
                location($0, in: target.analysis, cache: &cache)
            })
    }

    /// Every reference, printed straight into the answer's bytes: a category used all
    /// over a large budget has tens of thousands.
    func references(_ params: Params) throws(ResponseError) -> JSON {
        guard let target = try target(params) else { return .null }
        let offset = try offset(params, in: target)
        let includeDeclaration = params.value("context.includeDeclaration")?.boolValue ?? true
        let found = NavigationProvider.references(in: target.analysis, path: target.path, offset: offset, includeDeclaration: includeDeclaration)
        var cache: [String: (uri: String, lines: LineIndex)] = [:]
        var out = RawJSONWriter(capacity: found.count * 110 + 2)
        out.byte("[")
        var first = true
        for (i, reference) in found.enumerated() {
            if i & 0x3FFF == 0 && shouldStop() { return .null }
            if cache[reference.path] == nil, let lines = lineIndex(of: reference.path, in: target.analysis) {
                cache[reference.path] = (forms.uri(of: reference.path), lines)
            }
            guard let (uri, lines) = cache[reference.path] else { continue }
            if !first { out.byte(",") }
            first = false
            let range = lines.range(of: reference.range, encoding: encoding)
            out.text("{\"range\":")
            out.range(range.start, range.end)
            out.text(",\"uri\":")
            out.string(uri)
            out.byte("}")
        }
        out.byte("]")
        return out.json
    }

    func prepareRename(_ params: Params) throws(ResponseError) -> JSON {
        guard let target = try target(params) else { return .null }
        let offset = try offset(params, in: target)
        guard let found = NavigationProvider.prepareRename(in: target.analysis, path: target.path, offset: offset) else { return .null }
        return ["range": target.lines.range(of: found.range, encoding: encoding).json, "placeholder": .string(found.placeholder)]
    }

    func rename(_ params: Params) throws(ResponseError) -> JSON {
        guard let target = try target(params) else { return .null }
        let offset = try offset(params, in: target)
        let newName = try params.string("newName")
        do {
            let edits = try NavigationProvider.rename(in: target.analysis, path: target.path, offset: offset, newName: newName)
            return workspaceEdit(edits, in: target.analysis)
        } catch {
            throw .requestFailed(error.message)
        }
    }

    /// The outline, printed directly: a large file has a symbol per transaction.
    func documentSymbols(_ params: Params) throws(ResponseError) -> JSON {
        guard let (document, tree) = try syntaxTarget(params) else { return [] }
        var cursor = PositionCursor(lines: document.lines, bytes: document.bytes, encoding: encoding)
        var out = RawJSONWriter()
        func write(_ symbol: SymbolInfo) {
            out.byte("{")
            if !symbol.children.isEmpty {
                out.key("children", first: true)
                out.byte("[")
                for (i, child) in symbol.children.enumerated() {
                    if i > 0 { out.byte(",") }
                    write(child)
                }
                out.byte("]")
            }
            if let detail = symbol.detail {
                out.key("detail", first: symbol.children.isEmpty)
                out.string(detail)
            }
            out.key("kind", first: symbol.children.isEmpty && symbol.detail == nil)
            out.int(Self.symbolKindNumber(symbol.kind))
            out.key("name")
            out.string(symbol.name.isEmpty ? "?" : symbol.name)
            out.key("range")
            out.range(cursor.position(of: symbol.range.start), cursor.position(of: symbol.range.end))
            out.key("selectionRange")
            out.range(cursor.position(of: symbol.selectionRange.start), cursor.position(of: symbol.selectionRange.end))
            out.byte("}")
        }
        out.byte("[")
        let stop = shouldStop
        for (i, symbol) in SymbolProvider.documentSymbols(tree: tree, shouldStop: stop).enumerated() {
            if i > 0 { out.byte(",") }
            if stop() { break }
            write(symbol)
        }
        out.byte("]")
        return out.json
    }

    func workspaceSymbols(_ params: Params) throws(ResponseError) -> JSON {
        let query = try params.string("query")
        var result: [JSON] = []
        var seen = Set<FileRange>()
        for root in analyses.keys.sorted() {
            let analysis = analyses[root]!
            var cache: [String: LineIndex] = [:]
            for symbol in SymbolProvider.workspaceSymbols(in: analysis, query: query) where seen.insert(symbol.location).inserted {
                guard let location = location(symbol.location, in: analysis, cache: &cache) else { continue }
                var members: [String: JSON] = ["name": .string(symbol.name), "kind": .int(Self.symbolKindNumber(symbol.kind)), "location": location]
                if let detail = symbol.detail { members["containerName"] = .string(detail) }
                result.append(.object(members))
            }
        }
        return .array(result)
    }

    func foldingRanges(_ params: Params) throws(ResponseError) -> JSON {
        guard let (document, tree) = try syntaxTarget(params) else { return [] }
        let folds = FoldingProvider.ranges(tree: tree, shouldStop: shouldStop)
        if shouldStop() { return [] }
        return .array(
            folds.map { fold in
                [
                    "startLine": .int(document.lines.line(containing: fold.start)),
                    "endLine": .int(document.lines.line(containing: fold.end)),
                    "kind": .string(fold.kind.rawValue)
                ]
            })
    }

    /// Semantic tokens of the whole file or of `range` (the lines on screen), printed
    /// straight into the answer's bytes: a large file has millions of numbers, too many to
    /// build as JSON values one by one.
    func semanticTokens(_ params: Params, range: LSPRange? = nil) throws(ResponseError) -> JSON {
        guard let (document, tree) = try syntaxTarget(params) else { return ["data": []] }
        let tokens: [SemanticTokenInfo]
        if let range {
            let start = document.lines.offset(of: range.start, encoding: encoding, textLength: document.bytes.count)
            let end = max(start, document.lines.offset(of: range.end, encoding: encoding, textLength: document.bytes.count))
            tokens = SemanticTokenProvider.tokens(tree: tree, in: ByteRange(start: start, end: end), shouldStop: shouldStop)
        } else {
            tokens = SemanticTokenProvider.tokens(tree: tree, shouldStop: shouldStop)
        }
        if shouldStop() { return .null }
        var cursor = PositionCursor(lines: document.lines, bytes: document.bytes, encoding: encoding)
        var data: [UInt8] = [UInt8(ascii: "[")]
        data.reserveCapacity(tokens.count * 14 + 2)
        var previousLine = 0
        var previousStart = 0
        var first = true
        let stop = shouldStop
        for (n, token) in tokens.enumerated() {
            if n & 0x3FFF == 0 && stop() { return .null }
            let start = cursor.position(of: token.range.start)
            let end = cursor.position(of: token.range.end)
            guard end.line == start.line, end.character > start.character else { continue }
            let deltaLine = start.line - previousLine
            let deltaStart = deltaLine == 0 ? start.character - previousStart : start.character
            if !first { data.append(UInt8(ascii: ",")) }
            first = false
            JSONText.appendInt(deltaLine, to: &data)
            data.append(UInt8(ascii: ","))
            JSONText.appendInt(deltaStart, to: &data)
            data.append(UInt8(ascii: ","))
            JSONText.appendInt(end.character - start.character, to: &data)
            data.append(UInt8(ascii: ","))
            JSONText.appendInt(token.type.rawValue, to: &data)
            data.append(UInt8(ascii: ","))
            JSONText.appendInt(Int(token.modifiers.rawValue), to: &data)
            previousLine = start.line
            previousStart = start.character
        }
        data.append(UInt8(ascii: "]"))
        return ["data": .raw(data)]
    }

    func documentLinks(_ params: Params) throws(ResponseError) -> JSON {
        guard let target = try target(params) else { return [] }
        return .array(
            DocumentLinkProvider.links(in: target.analysis, path: target.path).map { link in
                ["range": target.lines.range(of: link.range, encoding: encoding).json, "target": .string(DocumentURI.uri(of: link.target))]
            })
    }

    func formatting(_ params: Params, range: Bool) throws(ResponseError) -> JSON {
        guard let (document, tree) = try syntaxTarget(params) else { return .null }
        var bytes: ByteRange?
        if range {
            let r = try params.range("range")
            bytes = ByteRange(
                start: document.lines.offset(of: r.start, encoding: encoding, textLength: document.bytes.count),
                end: document.lines.offset(of: r.end, encoding: encoding, textLength: document.bytes.count))
        }
        let edits: [TextEdit]
        switch Formatter.documentFormatting(tree, range: bytes, shouldStop: shouldStop) {
        case .unchanged: edits = []
        case .edits(let list): edits = list
        case .whole(let text):
            if shouldStop() { return .null }
            return wholeDocumentEdit(text, document)
        }
        if shouldStop() { return .null }
        // The edits come in file order, printed directly: there can be thousands.
        var cursor = PositionCursor(lines: document.lines, bytes: document.bytes, encoding: encoding)
        var out = RawJSONWriter(capacity: edits.count * 80 + 2)
        out.byte("[")
        let stop = shouldStop
        for (i, edit) in edits.enumerated() {
            if i & 0x3FFF == 0 && stop() { return .null }
            if i > 0 { out.byte(",") }
            let start = cursor.position(of: edit.range.start)
            let end = cursor.position(of: edit.range.end)
            out.text("{\"newText\":")
            out.string(edit.replacement)
            out.text(",\"range\":")
            out.range(start, end)
            out.byte("}")
        }
        out.byte("]")
        return out.json
    }

    /// One edit replacing the whole document with `text`, in a buffer of exactly its
    /// printed size (the generated 100k-entry budget is 10 MB, 2026-11-29).
    private func wholeDocumentEdit(_ text: [UInt8], _ document: Document) -> JSON {
        var escapes = 0
        for byte in text where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            escapes += byte >= 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 ? 1 : 5
        }
        var out = RawJSONWriter(capacity: text.count + escapes + 192)
        out.text("[{\"newText\":")
        text.withUnsafeBufferPointer { out.string(utf8: $0) }
        out.text(",\"range\":")
        out.range(Position(line: 0, character: 0), document.lines.position(of: document.bytes.count, encoding: encoding))
        out.text("}]")
        return out.json
    }

    /// Quick fixes for the diagnostics in the range, computed from the current analysis;
    /// for a file outside any analysis, the fixes that travel in the diagnostics' data.
    func codeActions(_ params: Params) throws(ResponseError) -> JSON {
        if let only = params.value("context.only")?.arrayValue?.compactMap(\.stringValue),
            !only.contains(where: { "quickfix".hasPrefix($0) })
        {
            return []
        }
        let uri = try params.string("textDocument.uri")
        let range = try params.range("range")
        guard let target = try target(params) else { return attachedFixes(params, uri: uri) }
        let bytes = ByteRange(
            start: target.lines.offset(of: range.start, encoding: encoding, textLength: target.length),
            end: target.lines.offset(of: range.end, encoding: encoding, textLength: target.length))
        var lines: [String: LineIndex] = [target.path: target.lines]
        return .array(
            CodeActionProvider.actions(in: target.analysis, path: target.path, range: bytes).map { action in
                var members: [String: JSON] = [
                    "title": .string(action.title),
                    "kind": .string(action.kind),
                    "isPreferred": .bool(action.isPreferred),
                    "edit": workspaceEdit(action.edits, in: target.analysis)
                ]
                if let d = action.diagnostic {
                    if lines[d.file] == nil { lines[d.file] = lineIndex(of: d.file, in: target.analysis) }
                    for note in d.notes where lines[note.file] == nil { lines[note.file] = lineIndex(of: note.file, in: target.analysis) }
                    if let converted = forms.lspDiagnostic(d, lines: lines) { members["diagnostics"] = [converted] }
                }
                return .object(members)
            })
    }

    private func attachedFixes(_ params: Params, uri: String) -> JSON {
        var actions: [JSON] = []
        for diagnostic in params.value("context.diagnostics")?.arrayValue ?? [] {
            let fixes = diagnostic["data"]?["fixes"]?.arrayValue ?? []
            for fix in fixes {
                guard let title = fix["title"]?.stringValue, let edits = fix["edits"]?.arrayValue else { continue }
                actions.append([
                    "title": .string(title),
                    "kind": "quickfix",
                    "diagnostics": [diagnostic],
                    "isPreferred": .bool(fixes.count == 1),
                    "edit": ["changes": .object([uri: .array(edits)])]
                ])
            }
        }
        return .array(actions)
    }

    func completion(_ params: Params) throws(ResponseError) -> JSON {
        guard let target = try target(params) else { return .null }
        let offset = try offset(params, in: target)
        let items = CompletionProvider.complete(in: target.analysis, path: target.path, offset: offset)
        return [
            "isIncomplete": false,
            "items": .array(
                items.map { item in
                    var members: [String: JSON] = [
                        "label": .string(item.label),
                        "kind": .int(Self.completionKindNumber(item.kind)),
                        "sortText": .string(item.sortText),
                        "textEdit": textEdit(item.edit, target.lines)
                    ]
                    if let detail = item.detail { members["detail"] = .string(detail) }
                    return .object(members)
                })
        ]
    }

    /// The protocol's completion item kind numbers for Tally's candidates.
    static func completionKindNumber(_ kind: CompletionKind) -> Int {
        switch kind {
        case .wallet: return 6  // Variable
        case .category: return 20  // EnumMember
        case .envelope: return 22  // Struct
        case .goal: return 18  // Reference
        case .rule: return 3  // Function
        case .payee, .person: return 1  // Text
        case .keyword: return 14  // Keyword
        case .date: return 12  // Value
        case .currency: return 21  // Constant
        case .diagnosticCode: return 12  // Value
        }
    }

    /// The protocol's symbol kind numbers for Tally's symbols.
    static func symbolKindNumber(_ kind: SymbolKind) -> Int {
        switch kind {
        case .wallet: return 13  // Variable
        case .category: return 10  // Enum
        case .envelope: return 23  // Struct
        case .goal: return 19  // Object
        case .rule: return 12  // Function
        case .payeeRule: return 12  // Function
        case .currency: return 14  // Constant
        case .option: return 7  // Property
        case .include: return 1  // File
        case .month: return 3  // Namespace
        case .entry: return 24  // Event
        }
    }
}
