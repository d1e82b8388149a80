import TallyCore
import TallySyntax

/// What a language feature reads to answer one request: the open buffers, the budgets'
/// analyses and the settings as they stood when the request's turn came on the server's
/// queue. Every part is a value (or immutable and shared), so the answer can be worked
/// out on another thread while the queue goes on with the next messages: a hover sent
/// while a whole-file inlay hint runs is answered from the last analysis at once, as
/// rust-analyzer answers reads from a snapshot. An edit that arrives meanwhile changes
/// the server's state, not the snapshot's.
struct FeatureSnapshot: Sendable {
    let documents: [String: Document]
    let analyses: [String: BudgetAnalysis]
    let rootOfDocument: [String: String]
    let encoding: PositionEncoding
    let configuration: ServerConfiguration
    /// The buffer and tree a syntax request names, parsed on the queue when it was taken.
    let syntax: (document: Document, tree: SyntaxTree)?
    /// True once the client cancelled the request being answered: long providers ask it
    /// now and then and stop early.
    let shouldStop: @Sendable () -> Bool

    /// The protocol forms of paths and diagnostics, for this snapshot's buffers.
    var forms: ProtocolForms {
        ProtocolForms(encoding: encoding, diagnosticsDocumentation: configuration.diagnosticsDocumentation, documents: documents)
    }
}

/// How paths and diagnostics are written in the protocol: the one place for both, used
/// by published diagnostics and by the features that quote them.
struct ProtocolForms {
    let encoding: PositionEncoding
    let diagnosticsDocumentation: String?
    let documents: [String: Document]

    /// The URI a path is known by: the open buffer's, else a `file://` URI.
    func uri(of path: String) -> String {
        documents[path]?.uri ?? DocumentURI.uri(of: path)
    }

    /// One diagnostic in protocol form. Fix edits travel in `data.fixes`, ready for code actions.
    func lspDiagnostic(_ d: Diagnostic, lines: [String: LineIndex]) -> JSON? {
        guard let index = lines[d.file] else { return nil }
        var message = d.message
        if let help = d.help { message += "\n" + help }
        var members: [String: JSON] = [
            "range": index.range(of: d.range, encoding: encoding).json,
            "severity": .int(Self.severityNumber(d.severity)),
            "code": .string(d.code.rawValue),
            "source": "tally",
            "message": .string(message)
        ]
        if let base = diagnosticsDocumentation {
            members["codeDescription"] = ["href": .string(base + "#" + DiagnosticLinks.anchor(of: d.code))]
        }
        let related: [JSON] = d.notes.compactMap { note in
            guard let noteIndex = lines[note.file] else { return nil }
            return [
                "location": ["uri": .string(uri(of: note.file)), "range": noteIndex.range(of: note.range, encoding: encoding).json],
                "message": .string(note.message)
            ]
        }
        if !related.isEmpty { members["relatedInformation"] = .array(related) }
        if !d.fixes.isEmpty {
            members["data"] = [
                "fixes": .array(
                    d.fixes.map { fix in
                        [
                            "title": .string(fix.title),
                            "edits": .array(
                                fix.edits.map { edit in
                                    ["range": index.range(of: edit.range, encoding: encoding).json, "newText": .string(edit.replacement)]
                                })
                        ]
                    })
            ]
        }
        return .object(members)
    }

    static func severityNumber(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        case .info: return 3
        }
    }
}
