import Dispatch
import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

extension LanguageServer {
    /// Schedules analysis after the debounce interval; with no interval, runs it now.
    func scheduleAnalysis() {
        analysisPending = true
        scheduledAnalysis?.cancel()
        let delay = configuration.debounceMilliseconds
        if delay <= 0 {
            runAnalysis()
            return
        }
        let work = DispatchWorkItem { [weak self] in
            guard let self, self.analysisPending, self.state == .running else { return }
            self.runAnalysis()
        }
        scheduledAnalysis = work
        queue.asyncAfter(deadline: .now() + .milliseconds(delay), execute: work)
    }

    /// Brings the analyses up to date now if a change is waiting (before answering requests).
    func analyzeIfPending() {
        if analysisPending { runAnalysis() }
    }

    var today: CivilDate {
        configuration.today
            ?? Interpreter.todayOrSystemDate(environment: configuration.environment.isEmpty ? ProcessInfo.processInfo.environment : configuration.environment)
    }

    /// Finds each open buffer's root, re-analyses the budgets a change touched, and
    /// publishes their diagnostics.
    func runAnalysis() {
        let clock = ContinuousClock()
        let started = clock.now
        analysisPending = false
        scheduledAnalysis?.cancel()
        scheduledAnalysis = nil
        treeCache = [:]  // the analysis holds the current trees from now on
        if workspaceNeedsRefresh { refreshWorkspace() }
        let buffers = documents.mapValues(\.bytes)
        let provider = OverlayFileProvider(buffers: buffers, disk: disk)
        let finder = RootFinder(
            open: openIncludes(), workspace: workspace, configuredRoot: configuration.root,
            canonical: { provider.canonicalPath($0) })
        let changed = Set(changedPaths.map { provider.canonicalPath($0) })
        changedPaths = []
        var pass = AnalysisPass(provider: provider, changed: changed, today: today, clock: clock)
        let newRoots = roots(finder, &pass)
        rootOfDocument = newRoots
        analyses = pass.fresh.filter { Set(newRoots.values).contains($0.key) }
        let publishStart = clock.now
        let recomputed = pass.recomputed
        publishDiagnostics(recomputed: recomputed.filter { analyses[$0] != nil })
        guard !recomputed.isEmpty else { return }
        armIdleWork()
        let ms = Self.milliseconds
        note("analysed \(recomputed.count) budget(s) in \(ms(clock.now - started)) ms: read and parse \(ms(pass.loading)), interpret \(ms(pass.interpreting)), publish \(ms(clock.now - publishStart))")
    }

    /// Lists the workspace's budget files again, with the folders around each open file.
    private func refreshWorkspace() {
        // The budget that includes an open file may lie outside the workspace folders
        // (an editor that took the file's own folder as the root): the folders around
        // each open file are searched too, by the rule `tally check` follows.
        let around = documents.keys.filter { $0.hasPrefix("/") }.flatMap { searchFolders.folders(for: $0) }
        workspace.nearby = Set(around).sorted { ($0.path, $0.depth) < ($1.path, $1.depth) }
        workspace.refresh()
        workspaceNeedsRefresh = false
    }

    /// The files each open buffer includes: scanned again only for a buffer whose
    /// version or content changed; the cache forgets buffers that were closed.
    private func openIncludes() -> [String: [String]] {
        var openIncludes: [String: [String]] = [:]
        for (path, document) in documents {
            if let cached = includeCache[path], cached.version == document.version, !changedPaths.contains(path) {
                openIncludes[path] = cached.includes
            } else {
                let includes = IncludeScanner.includes(of: document.bytes, path: path, lineStarts: document.lines.lineStarts)
                includeCache[path] = (document.version, includes)
                openIncludes[path] = includes
            }
        }
        includeCache = includeCache.filter { documents[$0.key] != nil }
        return openIncludes
    }

    /// Each open buffer's root: the budget `finder` names when that budget holds the
    /// file, else the file itself; the budgets are analysed on the way (into `pass`).
    private func roots(_ finder: RootFinder, _ pass: inout AnalysisPass) -> [String: String] {
        let provider = pass.provider
        var newRoots: [String: String] = [:]
        for path in documents.keys.sorted() {
            let candidate = finder.root(of: path)
            if candidate != path, let found = analysis(of: candidate, &pass),
                found.budget.file(path) != nil
                    || found.budget.files.contains(where: { provider.canonicalPath($0.path) == provider.canonicalPath(path) })
            {
                newRoots[path] = candidate
            } else {
                _ = analysis(of: path, &pass)
                newRoots[path] = path
            }
        }
        return newRoots
    }

    /// The analysis of the budget at `root` for this pass: done already in it, kept when
    /// none of its files changed and the day is the same, else read and interpreted again
    /// (nil when the budget cannot be read).
    private func analysis(of root: String, _ pass: inout AnalysisPass) -> BudgetAnalysis? {
        if let done = pass.fresh[root] { return done }
        if let old = analyses[root], !old.budget.files.contains(where: { pass.changed.contains(pass.provider.canonicalPath($0.path)) }),
            old.today == pass.today
        {
            pass.fresh[root] = old
            return old
        }
        // Let the outdated analysis go first, so two large models never sit in memory at
        // once. Its lowering (which holds the trees and the entries) is kept: only the
        // entries an edit touched are parsed and lowered again.
        let payees = analyses[root]?.payeesToCarry
        var previous = analyses.removeValue(forKey: root)?.lowered
        let clock = pass.clock
        let loadStart = clock.now
        guard let budget = try? BudgetLoader(provider: pass.provider, reusing: previous?.budget).load(root) else { return nil }
        let interpretStart = clock.now
        pass.loading += interpretStart - loadStart
        let result = BudgetAnalysis(budget: budget, today: pass.today, reusing: previous.take(), payees: payees)
        pass.interpreting += clock.now - interpretStart
        pass.fresh[root] = result
        pass.recomputed.append(root)
        return result
    }

    /// Starts a new analysis generation and arms the idle work. An edit's own work ends
    /// at publishing: the tables completion and hover read (name uses, payee tallies,
    /// open occurrences) are built by the first request that needs each, not after every
    /// edit, where on a machine of two cores they competed with the next edit for most of
    /// an edit's cost again. With ``ServerConfiguration/worksInLine``, the idle work is
    /// left out too.
    private func armIdleWork() {
        let generation = analysisGeneration.advance()
        if configuration.worksInLine { return }
        whenIdle(generation)
    }

    /// Once no edit has come for two seconds: builds the look-up tables no request has
    /// built yet (those of completion and hover, and every written name, for references
    /// and rename), then returns the memory outdated analyses
    /// used to the system. Not after every edit: while someone types, the next analysis
    /// reuses those blocks, and pages handed back would have to be faulted in again.
    func whenIdle(_ generation: Int) {
        queue.asyncAfter(deadline: .now() + .seconds(2)) { [weak self] in
            guard let self, self.analysisGeneration.isCurrent(generation) else { return }
            let current = Array(self.analyses.values)
            let counter = self.analysisGeneration
            DispatchQueue.global(qos: .utility).async {
                for analysis in current where counter.isCurrent(generation) { analysis.index.prepareAll() }
                // An edit that came meanwhile will reuse the freed blocks; its own idle time trims.
                if counter.isCurrent(generation) { FreedMemory.release() }
            }
        }
    }

    /// Publishes diagnostics for every file of the recomputed budgets, and empty lists for
    /// files that showed some before but belong to no analysed budget now.
    private func publishDiagnostics(recomputed: [String]) {
        var byFile: [String: [Diagnostic]] = [:]
        var covered: Set<String> = []
        var lineIndexes: [String: LineIndex] = [:]
        for analysis in analyses.values {
            for file in analysis.budget.files {
                covered.insert(file.path)
                if lineIndexes[file.path] == nil { lineIndexes[file.path] = documents[file.path]?.lines ?? LineIndex(file.tree.source) }
            }
            for d in analysis.diagnostics { byFile[d.file, default: []].append(d) }
        }
        var targets: [String] = []
        var seen = Set<String>()
        for root in recomputed {
            for file in analyses[root]!.budget.files where seen.insert(file.path).inserted { targets.append(file.path) }
        }
        for path in publishedFiles.sorted() where !covered.contains(path) && seen.insert(path).inserted { targets.append(path) }
        for path in targets {
            if oversizedDocuments[path] != nil {
                publishOversized(path)
                continue
            }
            let list = Array(Set(byFile[path] ?? [])).sorted { ($0.range.start, $0.range.end, $0.code.rawValue, $0.message) < ($1.range.start, $1.range.end, $1.code.rawValue, $1.message) }
            // At most DiagnosticLimit.perFile, errors first, and one information saying how many more.
            let (shown, omitted) = DiagnosticLimit.apply(list)
            var items = shown.compactMap { forms.lspDiagnostic($0, lines: lineIndexes) }
            if let left = omitted.first {
                items.append([
                    "range": LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)).json,
                    "severity": .int(3), "source": "tally", "message": .string(DiagnosticLimit.message(left))
                ])
            }
            var params: [String: JSON] = [
                "uri": .string(uri(of: path)),
                "diagnostics": .array(items)
            ]
            if let version = documents[path]?.version { params["version"] = .int(version) }
            send(OutgoingMessage.notification("textDocument/publishDiagnostics", .object(params)))
            if list.isEmpty { publishedFiles.remove(path) } else { publishedFiles.insert(path) }
        }
    }

    /// Publishes the one diagnostic of a buffer the client sent in a message too large to
    /// read (E0106): its diagnostics from the disk's copy would describe other text.
    func publishOversized(_ path: String) {
        guard let (uri, length) = oversizedDocuments[path] else { return }
        let mebibytes = FrameReader.defaultMaximumBodyLength >> 20
        let message = "the editor sent this file in a message of \(length) bytes, more than the \(mebibytes) MiB `tally lsp` reads, so nothing in it is checked"
        let diagnostic = Diagnostic(.tooLargeForEditor, message, file: path, range: ByteRange(start: 0, end: 0), help: "split the file with `include`, or run `tally check` on it")
        let items = forms.lspDiagnostic(diagnostic, lines: [path: LineIndex(SourceText(path: path, text: ""))]).map { [$0] } ?? []
        send(OutgoingMessage.notification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": .array(items)]))
        publishedFiles.insert(path)
    }

    /// The protocol forms of paths and diagnostics for the open buffers.
    var forms: ProtocolForms {
        ProtocolForms(encoding: encoding, diagnosticsDocumentation: configuration.diagnosticsDocumentation, documents: documents)
    }

    /// The URI a path is known by: the open buffer's, else a `file://` URI.
    func uri(of path: String) -> String { forms.uri(of: path) }
}

/// What one analysis pass works with and gathers: the file provider over the open
/// buffers, the paths that changed, the day; the analyses done or kept, the roots
/// analysed again, and the time spent reading and interpreting (for the log).
private struct AnalysisPass {
    let provider: OverlayFileProvider
    let changed: Set<String>
    let today: CivilDate
    let clock: ContinuousClock
    var fresh: [String: BudgetAnalysis] = [:]
    var recomputed: [String] = []
    var loading = Duration.zero
    var interpreting = Duration.zero
}
