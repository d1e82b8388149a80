import Dispatch
import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// The language server: takes message bodies from any transport, answers through `send`.
///
/// All state lives on one serial queue. `receive` runs there synchronously, so messages are
/// handled strictly in the order they arrive; debounced diagnostics run on the same queue
/// later. Requests that read the budget first bring pending analysis up to date, so an
/// answer never describes text older than the last change received.
public final class LanguageServer: @unchecked Sendable {
    /// Where the lifecycle stands.
    enum State { case waitingForInitialize, running, shutDown }

    let queue = DispatchQueue(label: "tally.lsp")
    /// Where long feature requests are worked out from their snapshot, one at a time,
    /// while `queue` goes on with the next messages (`LanguageServer+Requests.swift`).
    let featureQueue = DispatchQueue(label: "tally.lsp.features")
    let sendMessage: @Sendable (JSON) -> Void
    let log: @Sendable (String) -> Void
    var configuration: ServerConfiguration
    var state = State.waitingForInitialize
    var encoding = PositionEncoding.utf16
    /// Whether the client lets the server ask it to watch files.
    var clientWatchesFiles = false
    private var exitStatus: Int32?

    /// Open buffers by path.
    var documents: [String: Document] = [:]
    var workspace = WorkspaceFiles()
    var workspaceNeedsRefresh = true
    /// The folders searched around each open file's folder, worked out once: every save
    /// refreshes the workspace. Forgotten when the client says files or folders changed.
    var searchFolders = BudgetSearch.Cache()
    /// The current analysis of each budget root that some open buffer belongs to.
    var analyses: [String: BudgetAnalysis] = [:]
    /// The root each open buffer belongs to.
    var rootOfDocument: [String: String] = [:]
    /// Paths changed since the last analysis.
    var changedPaths: Set<String> = []
    var analysisPending = false
    var scheduledAnalysis: DispatchWorkItem?
    /// What each open buffer includes, by the version it was scanned at.
    var includeCache: [String: (version: Int, includes: [String])] = [:]
    /// The last buffer parsed outside an analysis, by path and version (see `syntaxTarget`).
    var treeCache: [String: (version: Int, tree: SyntaxTree)] = [:]
    /// Files that currently show diagnostics in the client (so they can be cleared).
    var publishedFiles: Set<String> = []
    /// Buffers the client sent in a message too large to read, by path: their URI and the
    /// message's length, until they are opened again at a readable size or closed.
    var oversizedDocuments: [String: (uri: String, length: Int)] = [:]
    /// Counts analyses, so that background work for one (its look-up tables, the trim of
    /// freed memory after it) knows whether another edit came since.
    let analysisGeneration = AnalysisGeneration()
    let disk: any FileProvider
    /// Requests the client cancelled, marked as the reader sees the notification.
    let cancelled = CancelledRequests()
    /// Bytes read by ``post(_:)`` and not yet handled.
    let queuedBytes = QueuedBytes()

    /// Creates a server that sends every outgoing message through `send` and writes log
    /// lines (never file contents) through `log`.
    public init(
        configuration: ServerConfiguration = ServerConfiguration(),
        disk: any FileProvider = DiskFileProvider(),
        send: @escaping @Sendable (JSON) -> Void,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.disk = disk
        self.sendMessage = send
        self.log = log
    }

    /// Set once the client sent `exit`: 0 after `shutdown`, 1 without.
    public var exitCode: Int32? { queue.sync { exitStatus } }

    /// True once `shutdown` was answered.
    public var isShutDown: Bool { queue.sync { state == .shutDown } }

    /// The current text and version of the open buffer `uri`, for tests and diagnostics of
    /// the server itself.
    public func openDocument(_ uri: String) -> (text: String, version: Int)? {
        queue.sync { documents[DocumentURI.path(of: uri)].map { ($0.text, $0.version) } }
    }

    /// Handles one message body (the bytes between frames), and returns when it is
    /// handled and its answer, if any, sent.
    public func receive(_ body: [UInt8]) {
        queue.sync { handle(body) }
        featureQueue.sync {}
    }

    /// Takes one message body from the thread that reads them, and returns before it is
    /// handled, so that the reader goes on reading while a long request runs: a
    /// `$/cancelRequest` marks its id as it arrives (see ``CancelledRequests``). Messages
    /// are still handled strictly in arrival order, on the queue. Returns the exit status
    /// once the message was `exit` (and was handled).
    public func post(_ body: [UInt8]) -> Int32? {
        // Only a small body can be a cancellation or `exit`; large ones are read once, on the queue.
        let peeked = body.count <= 4096 ? try? JSON.parse(body) : nil
        let method = peeked?["method"]?.stringValue
        let marked = method == "$/cancelRequest" ? peeked?["params"]?["id"].flatMap { IncomingMessage.isValidID($0) && $0 != .null ? $0 : nil } : nil
        if let marked { cancelled.cancel(marked) }
        queuedBytes.acquire(body.count)
        queue.async {
            self.handle(body)
            // The cancelled request came before this message, so it has been answered by
            // now: the mark goes, whatever the message turned out to be.
            if let marked { self.cancelled.forget(marked) }
            self.queuedBytes.release(body.count)
        }
        return method == "exit" ? exitCode : nil
    }

    /// Reports a message that was too large to read, given its length and first bytes:
    /// answered with an Invalid Request error (-32600), under the request's id when those
    /// bytes show it (`MessageStart`), else with a null id.
    public func receiveTooLarge(_ length: Int, start: [UInt8] = []) {
        queue.sync {
            note("skipped a message of \(length) bytes: larger than the limit")
            let id = MessageStart.requestID(in: start) ?? .null
            send(OutgoingMessage.error(id: id, ResponseError(code: ResponseError.invalidRequestCode, message: "message of \(length) bytes is larger than the server reads")))
            // A buffer the server never saw must not look clean: say so on the file itself.
            if let (method, uri) = MessageStart.documentMethod(in: start), method == "textDocument/didOpen" || method == "textDocument/didChange" {
                let path = DocumentURI.path(of: uri)
                oversizedDocuments[path] = (uri, length)
                // The buffer the server holds (if any) is no longer the client's.
                documents[path] = nil
                changedPaths.insert(path)
                workspaceNeedsRefresh = true
                publishOversized(path)
                scheduleAnalysis()
            }
        }
    }

    /// Waits until every scheduled analysis has run (for transports closing down, and tests).
    public func waitUntilIdle() {
        queue.sync { if analysisPending { runAnalysis() } }
        featureQueue.sync {}
    }

    func send(_ message: JSON) { sendMessage(message) }

    static func milliseconds(_ d: Duration) -> Int {
        Int(d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Writes a line to the log and, when the client asked for it, as `window/logMessage`.
    /// Lines say what the server did, never what a file contains.
    func note(_ line: String) {
        log(line)
        if configuration.logToClient && state == .running {
            send(OutgoingMessage.notification("window/logMessage", ["type": 4, "message": .string(line)]))
        }
    }

    private func handle(_ body: [UInt8]) {
        let json: JSON
        do {
            json = try JSON.parse(body)
        } catch {
            note("unreadable message: \(error.message)")
            send(OutgoingMessage.error(id: .null, ResponseError(code: ResponseError.parseErrorCode, message: "the message is not valid JSON: \(error.message)")))
            return
        }
        switch IncomingMessage.classify(json) {
        case .failure(let error):
            let id = json["id"].flatMap { IncomingMessage.isValidID($0) ? $0 : nil } ?? .null
            send(OutgoingMessage.error(id: id, error))
        case .success(.response):
            break  // the server sends no requests that need an answer read
        case .success(.notification(let method, let params)):
            handleNotification(method, params)
        case .success(.request(let id, let method, let params)):
            handleRequest(id: id, method: method, params: params)
        }
    }

    private func handleRequest(id: JSON, method: String, params: JSON) {
        switch state {
        case .waitingForInitialize where method != "initialize":
            send(OutgoingMessage.error(id: id, ResponseError(code: ResponseError.serverNotInitializedCode, message: "the server is not initialized yet")))
            return
        case .running where method == "initialize":
            send(OutgoingMessage.error(id: id, ResponseError(code: ResponseError.invalidRequestCode, message: "the server is already initialized")))
            return
        case .shutDown:
            send(OutgoingMessage.error(id: id, ResponseError(code: ResponseError.invalidRequestCode, message: "the server is shutting down")))
            return
        default:
            break
        }
        // Cancelled while it waited in the queue: not started at all.
        if method != "shutdown" && cancelled.isCancelled(id) {
            send(OutgoingMessage.error(id: id, .cancelled))
            return
        }
        switch method {
        case "initialize", "shutdown":
            respond(id: id, method: method) { () throws(ResponseError) -> JSON in try lifecycleAnswer(method: method, params: Params(params)) }
        default:
            do throws(ResponseError) {
                try answerFeatureRequest(id: id, method: method, params: Params(params))
            } catch {
                send(OutgoingMessage.error(id: id, error))
            }
        }
    }

    private func lifecycleAnswer(method: String, params: Params) throws(ResponseError) -> JSON {
        guard method == "initialize" else {
            state = .shutDown
            scheduledAnalysis?.cancel()
            return .null
        }
        return try initialize(params)
    }

    private func handleNotification(_ method: String, _ params: JSON) {
        if method == "exit" {
            exitStatus = state == .shutDown ? 0 : 1
            scheduledAnalysis?.cancel()
            return
        }
        guard state == .running else { return }  // before initialize, notifications are dropped
        let params = Params(params)
        do {
            switch method {
            case "workspace/didChangeConfiguration":
                // Settings under `tally` mean what the same initialization options mean.
                guard let settings = params.value("settings.tally") else { break }
                configuration.apply(initializationOptions: settings)
                if let root = configuration.root, !root.hasPrefix("/"), let folder = workspace.folders.first {
                    configuration.root = Paths.resolve(root, from: folder + "/")
                }
                analyses = [:]
                changedPaths.formUnion(documents.keys)
                scheduleAnalysis()
            case "initialized":
                // Budgets read included files from disk: have the client report their changes.
                if clientWatchesFiles {
                    send(
                        OutgoingMessage.request(
                            id: "tally-watch-files", "client/registerCapability",
                            [
                                "registrations": [
                                    [
                                        "id": "tally-watch-files",
                                        "method": "workspace/didChangeWatchedFiles",
                                        "registerOptions": ["watchers": [["globPattern": "**/*.tally"]]]
                                    ]
                                ]
                            ]))
                }
            case "$/cancelRequest", "$/setTrace":
                // A cancellation matters before its turn: `post` marked the id as it arrived,
                // and removes the mark once this turn has come.
                break
            case "textDocument/didOpen": try didOpen(params)
            case "textDocument/didChange": try didChange(params)
            case "textDocument/didSave": try didSave(params)
            case "textDocument/didClose": try didClose(params)
            case "workspace/didChangeWatchedFiles":
                workspaceNeedsRefresh = true
                searchFolders.forget()
                for change in (params.value("changes")?.arrayValue ?? []) {
                    if let uri = change["uri"]?.stringValue { changedPaths.insert(DocumentURI.path(of: uri)) }
                }
                scheduleAnalysis()
            case "workspace/didChangeWorkspaceFolders":
                for folder in params.value("event.added")?.arrayValue ?? [] {
                    if let uri = folder["uri"]?.stringValue { workspace.folders.append(DocumentURI.path(of: uri)) }
                }
                for folder in params.value("event.removed")?.arrayValue ?? [] {
                    if let uri = folder["uri"]?.stringValue { workspace.folders.removeAll { $0 == DocumentURI.path(of: uri) } }
                }
                workspaceNeedsRefresh = true
                searchFolders.forget()
                changedPaths.formUnion(documents.keys)
                scheduleAnalysis()
            default:
                break  // unknown notifications are ignored, as the protocol asks
            }
        } catch {
            note("ignored `\(method)`: \(error.message)")
        }
    }
}
