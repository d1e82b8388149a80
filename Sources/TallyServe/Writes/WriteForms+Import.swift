import TallyActions
import TallyCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// The import screen's two steps, each ``ImportStatements`` as `tally import` runs it:
/// the preview as a dry run, the confirmation for real, so the statement is read,
/// planned, categorized, checked in memory and written atomically exactly as on the
/// command line, and the budget's `import` profiles choose how it is read. A statement
/// sent from the browser is read from memory; it is never written to disk. The confirmation carries the version the preview was drawn from and
/// is refused when a file of the budget changed on disk since.
extension WriteForms {
    /// The statement a form chose: a file sent from the browser (kept in
    /// ``KeptByKey``) or a statement file beside the budget.
    struct ChosenStatement {
        /// The name shown (the file's own name).
        let name: String
        /// The bytes sent, or nil for a file beside the budget.
        let bytes: [UInt8]?
        /// The hidden fields that name it again in the confirm form.
        let fields: [(String, String)]
    }

    /// What the dry run gave, to draw the preview from.
    struct ImportPreview {
        let statement: ChosenStatement
        let wallet: String?
        /// The budget's version before the dry run: what the confirm form carries.
        let version: String
        /// The import as it would be, or why it cannot be.
        let outcome: Result<ImportStatements.Result, Refusal>
    }

    /// The extensions of the statement files the screen lists beside the budget.
    static let statementExtensions = ImportStatements.fileExtensions

    /// The statement files in the budget's own folder (not below it), by name: the only
    /// files the import screen reads by name, so no request names any other path.
    static func statementFiles(besides root: String) -> [String] {
        FolderFiles.regularFiles(in: folder(of: root)) { name in
            guard let dot = name.lastIndex(of: ".") else { return false }
            return statementExtensions.contains(name[name.index(after: dot)...].lowercased())
        }.prefix(200).map { $0 }
    }

    /// The folder of the budget's file `root`.
    static func folder(of root: String) -> String {
        let folder = Paths.deletingLastComponent(of: root)
        return folder.isEmpty ? "." : folder
    }

    /// `POST /import/preview`: `tally import --dry-run` on the chosen statement.
    func previewImport(_ request: HTTPRequest, uploads: KeptByKey<StatementUpload>) throws(Refusal) -> ImportPreview {
        try requireOneFile()
        let statement: ChosenStatement
        if let file = request.multipart?.files.first(where: { $0.field == "upload" && !$0.filename.isEmpty }) {
            guard !file.bytes.isEmpty else { throw Refusal(status: .unprocessable, message: "`\(file.filename)` is empty.") }
            let id = uploads.keep(StatementUpload(name: file.filename, bytes: file.bytes))
            statement = ChosenStatement(name: file.filename, bytes: file.bytes, fields: [("upload", id)])
        } else {
            statement = try chosenStatement(request, uploads: uploads)
        }
        let wallet = request.field("wallet").flatMap { $0.isEmpty ? nil : $0 }
        let version = store.currentVersion()
        let outcome: Result<ImportStatements.Result, Refusal>
        do { outcome = .success(try runImport(statement, wallet: wallet, dryRun: true)) } catch { outcome = .failure(error) }
        return ImportPreview(statement: statement, wallet: wallet, version: version, outcome: outcome)
    }

    /// `POST /import`: `tally import` on the statement the preview showed, refused when
    /// the budget changed on disk since the preview.
    func confirmImport(_ request: HTTPRequest, uploads: KeptByKey<StatementUpload>) throws(Refusal) -> Done {
        try requireCurrent(request)
        let statement = try chosenStatement(request, uploads: uploads)
        let result = try runImport(statement, wallet: request.field("wallet").flatMap { $0.isEmpty ? nil : $0 }, dryRun: false)
        let counts = result.counts
        var done = "Imported \(statement.name): added \(counts.added), already present \(counts.present), matched \(counts.matched)"
        done += counts.refused > 0 ? ", refused \(counts.refused) (see the summary of a preview)." : "."
        let files = Set(result.parts.map(\.file)).sorted()
        done += result.changesNothing ? " Nothing written." : files.isEmpty ? " Ids added." : " Appended to \(files.joined(separator: ", "))."
        return Done(text: done, undo: result.undo)
    }

    /// The statement a confirm form (or the preview's list) names.
    private func chosenStatement(_ request: HTTPRequest, uploads: KeptByKey<StatementUpload>) throws(Refusal) -> ChosenStatement {
        if let id = request.field("upload"), !id.isEmpty {
            guard let upload = uploads.value(id) else {
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

    /// ``ImportStatements`` on the statement: a file beside the budget, or the bytes sent.
    private func runImport(_ statement: ChosenStatement, wallet: String?, dryRun: Bool) throws(Refusal) -> ImportStatements.Result {
        let folder = Self.folder(of: root)
        let source: StatementSource
        if let bytes = statement.bytes {
            source = .sent(name: statement.name, bytes: bytes)
        } else {
            // Read here, not by path in the action, so that only a regular file is read
            // (``FolderFiles``); shown by its path, as `tally import` shows it.
            do throws(FolderFiles.Refused) {
                source = .sent(name: folder + "/" + statement.name, bytes: try FolderFiles.read(statement.name, in: folder))
            } catch { throw Refusal(status: .unprocessable, message: error.message) }
        }
        do {
            // The preview lists the refused rows: confirming after it writes the others.
            return try ImportStatements.perform(.init(budget: root, statements: [source], wallet: wallet, today: today, dryRun: dryRun, skipRefused: true))
        } catch { throw Self.refusal(error) }
    }
}

/// A statement as the browser sent it: the file's own name and its bytes.
struct StatementUpload: Sendable {
    let name: String
    let bytes: [UInt8]
}
