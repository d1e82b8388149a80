extension LanguageServer {
    func didOpen(_ params: Params) throws(ResponseError) {
        let uri = try params.string("textDocument.uri")
        let text = try params.string("textDocument.text")
        let version = try params.optionalInt("textDocument.version") ?? 0
        let document = Document(uri: uri, version: version, text: text)
        documents[document.path] = document
        oversizedDocuments[document.path] = nil
        changedPaths.insert(document.path)
        workspaceNeedsRefresh = true
        scheduleAnalysis()
    }

    func didChange(_ params: Params) throws(ResponseError) {
        let uri = try params.string("textDocument.uri")
        let path = DocumentURI.path(of: uri)
        guard let current = documents[path]?.version else { throw .invalidParams("`\(uri)` is not open") }
        let version = try params.optionalInt("textDocument.version") ?? current &+ 1  // a client's Int.max must not trap
        var changes: [DocumentChange] = []
        for raw in try params.array("contentChanges") {
            let change = Params(raw)
            let text = try change.string("text")
            changes.append(DocumentChange(range: try change.optionalRange("range"), text: text))
        }
        // In place: a copy of the document would share its arrays, and the edit could not
        // reuse their storage (`Document.spare`).
        documents[path]?.apply(changes, version: version, encoding: encoding)
        changedPaths.insert(path)
        scheduleAnalysis()
    }

    func didSave(_ params: Params) throws(ResponseError) {
        let uri = try params.string("textDocument.uri")
        let path = DocumentURI.path(of: uri)
        // The workspace's include graph reads the disk. Budgets read an open file from its
        // buffer, which is what was saved, so only a file that is not open counts as changed.
        workspaceNeedsRefresh = true
        if documents[path] == nil { changedPaths.insert(path) }
        scheduleAnalysis()
    }

    func didClose(_ params: Params) throws(ResponseError) {
        let uri = try params.string("textDocument.uri")
        let path = DocumentURI.path(of: uri)
        documents[path] = nil
        rootOfDocument[path] = nil
        oversizedDocuments[path] = nil
        // The disk's text replaces the buffer's for budgets that still include the file.
        changedPaths.insert(path)
        scheduleAnalysis()
    }
}
