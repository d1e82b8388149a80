import Foundation
import TallyCore

/// The import screen's two steps, each the command line's own `tally import` (lent by
/// ``CommandBridge``): the preview runs it with `--dry-run`, the confirmation without,
/// so the statement is read, planned, categorized, checked in memory and written
/// atomically exactly as on the command line, and the budget's `import` profiles choose
/// how it is read. The confirmation carries the version the preview was drawn from and
/// is refused when a file of the budget changed on disk since.
extension WriteForms {
    /// The statement a form chose: a file sent from the browser (kept in
    /// ``StatementUploads``) or a statement file beside the budget.
    struct ChosenStatement {
        /// The name shown (the file's own name).
        let name: String
        /// The bytes sent, or nil for a file beside the budget.
        let bytes: [UInt8]?
        /// The hidden fields that name it again in the confirm form.
        let fields: [(String, String)]
    }

    /// What the dry run printed, to draw the preview from.
    struct ImportPreview {
        let statement: ChosenStatement
        let wallet: String?
        /// The budget's version before the dry run: what the confirm form carries.
        let version: String
        let output: CommandBridge.Output
    }

    /// The extensions of the statement files the screen lists beside the budget.
    static let statementExtensions: Set<String> = ["csv", "tsv", "txt", "ofx", "qfx", "xml", "sta", "mt940", "940", "qif", "json"]

    /// The statement files in the budget's own folder (not below it), by name: the only
    /// files the import screen reads by name, so no request names any other path.
    static func statementFiles(besides root: String) -> [String] {
        let folder = (root as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return names.filter { name in
            guard !name.hasPrefix("."), let dot = name.lastIndex(of: "."),
                statementExtensions.contains(name[name.index(after: dot)...].lowercased())
            else { return false }
            var info = stat()
            return stat((folder.isEmpty ? name : folder + "/" + name), &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        }.sorted().prefix(200).map { $0 }
    }

    /// `POST /import/preview`: `tally import --dry-run` on the chosen statement.
    func previewImport(_ request: HTTPRequest, uploads: StatementUploads) throws(Refusal) -> ImportPreview {
        try requireOneFile()
        let statement: ChosenStatement
        if let file = request.multipart?.files.first(where: { $0.field == "upload" && !$0.filename.isEmpty }) {
            guard !file.bytes.isEmpty else { throw Refusal(status: .unprocessable, message: "`\(file.filename)` is empty.") }
            let id = uploads.keep(.init(name: file.filename, bytes: file.bytes))
            statement = ChosenStatement(name: file.filename, bytes: file.bytes, fields: [("upload", id)])
        } else {
            statement = try chosenStatement(request, uploads: uploads)
        }
        let wallet = request.field("wallet").flatMap { $0.isEmpty ? nil : $0 }
        let version = store.currentVersion()
        let output = runImport(statement, wallet: wallet, dryRun: true)
        return ImportPreview(statement: statement, wallet: wallet, version: version, output: output)
    }

    /// `POST /import`: `tally import` on the statement the preview showed, refused when
    /// the budget changed on disk since the preview.
    func confirmImport(_ request: HTTPRequest, uploads: StatementUploads) throws(Refusal) -> String {
        try requireCurrent(request)
        let statement = try chosenStatement(request, uploads: uploads)
        let output = runImport(statement, wallet: request.field("wallet").flatMap { $0.isEmpty ? nil : $0 }, dryRun: false)
        let lines = output.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard output.code == 0 || (output.err.isEmpty && !lines.isEmpty) else {
            let message = output.err.split(separator: "\n").first.map(String.init) ?? "nothing was written"
            throw Refusal(status: output.code == 2 ? .unprocessable : .conflict, message: message)
        }
        let added = lines.first { $0.hasPrefix("added") }.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        return "Imported \(statement.name): " + [added.map { $0 + "." }, lines.last].compactMap { $0 }.joined(separator: " ")
    }

    /// The statement a confirm form (or the preview's list) names.
    private func chosenStatement(_ request: HTTPRequest, uploads: StatementUploads) throws(Refusal) -> ChosenStatement {
        if let id = request.field("upload"), !id.isEmpty {
            guard let upload = uploads.upload(id) else {
                throw Refusal(status: .conflict, message: "The statement sent for this preview is no longer kept; choose it again.")
            }
            return ChosenStatement(name: upload.name, bytes: upload.bytes, fields: [("upload", id)])
        }
        guard let name = request.field("statement"), !name.isEmpty else {
            throw Refusal(status: .unprocessable, message: "Choose a statement: send a file, or pick one beside the budget.")
        }
        guard Self.statementFiles(besides: root).contains(name) else {
            throw Refusal(status: .unprocessable, message: "`\(name)` is not a statement file beside the budget.")
        }
        return ChosenStatement(name: name, bytes: nil, fields: [("statement", name)])
    }

    /// Runs `tally import` on the statement: a file beside the budget as it is, a file
    /// sent in a private temporary folder, removed after (its path is left out of what
    /// the command printed).
    private func runImport(_ statement: ChosenStatement, wallet: String?, dryRun: Bool) -> CommandBridge.Output {
        var arguments = ["import", "--today", today.description]
        if dryRun { arguments.append("--dry-run") }
        // Joined to its flag, so that a value starting with `-` is never read as a flag.
        if let wallet { arguments.append("--wallet=\(wallet)") }
        arguments.append(root)
        guard let bytes = statement.bytes else {
            let folder = (root as NSString).deletingLastPathComponent
            return bridge.command(arguments + [(folder.isEmpty ? "." : folder) + "/" + statement.name])
        }
        let folder = FileManager.default.temporaryDirectory.path + "/tally-statement-" + AccessRules.newToken()
        guard mkdir(folder, 0o700) == 0 else { return .init(code: 1, out: "", err: "cannot keep the statement in a temporary folder") }
        defer {
            try? FileManager.default.removeItem(atPath: folder)
        }
        let safe = String(statement.name.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" }.prefix(100))
        let path = folder + "/" + (safe.hasPrefix(".") || safe.isEmpty ? "statement" + safe : safe)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            return .init(code: 1, out: "", err: "cannot keep the statement in a temporary folder")
        }
        let output = bridge.command(arguments + [path])
        func shown(_ text: String) -> String { text.replacingOccurrences(of: path, with: statement.name) }
        return .init(code: output.code, out: shown(output.out), err: shown(output.err))
    }
}
