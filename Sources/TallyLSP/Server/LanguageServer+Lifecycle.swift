import TallyCore
import TallySyntax

extension LanguageServer {
    /// `initialize`: negotiates the position encoding, reads options and workspace folders,
    /// and states the capabilities.
    func initialize(_ params: Params) throws(ResponseError) -> JSON {
        if let raw = params.value("capabilities"), raw.objectValue == nil {
            throw .invalidParams("`capabilities` must be an object")
        }
        let offered = params.value("capabilities.general.positionEncodings")?.arrayValue?.compactMap(\.stringValue) ?? []
        encoding = PositionEncoding.negotiate(offered: offered)
        clientWatchesFiles = params.value("capabilities.workspace.didChangeWatchedFiles.dynamicRegistration")?.boolValue ?? false
        configuration.apply(initializationOptions: params.value("initializationOptions"))
        var folders: [String] = []
        for folder in params.value("workspaceFolders")?.arrayValue ?? [] {
            if let uri = folder["uri"]?.stringValue { folders.append(DocumentURI.path(of: uri)) }
        }
        if folders.isEmpty, let uri = params.value("rootUri")?.stringValue { folders.append(DocumentURI.path(of: uri)) }
        if folders.isEmpty, let path = params.value("rootPath")?.stringValue { folders.append(path) }
        workspace.folders = folders.filter { $0.hasPrefix("/") }
        if let root = configuration.root, !root.hasPrefix("/"), let folder = workspace.folders.first {
            configuration.root = Paths.resolve(root, from: folder + "/")
        }
        state = .running
        note("initialized: position encoding \(encoding.rawValue), \(workspace.folders.count) workspace folder(s)")
        return [
            "capabilities": capabilities,
            "serverInfo": ["name": "tally", "version": .string(configuration.version)]
        ]
    }

    /// What the server can do, as `initialize` reports it.
    var capabilities: JSON {
        var members: [String: JSON] = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": [
                "openClose": true,
                "change": 2,  // incremental
                "save": ["includeText": false]
            ]
        ]
        for (key, value) in FeatureSnapshot.featureCapabilities { members[key] = value }
        return .object(members)
    }
}
