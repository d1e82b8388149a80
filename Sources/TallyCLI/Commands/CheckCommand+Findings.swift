import TallyCore
import TallyReports
import TallySyntax

extension CheckCommand {
    /// What checking the budgets found: every diagnostic once, whether any fails the
    /// check, whether a budget could not be read, the files checked, and the time taken.
    struct Findings {
        private(set) var shown: [Diagnostic] = []
        private var seen = Set<Diagnostic>()
        private(set) var fails = false
        private(set) var unreadable = false
        /// The files checked; a file reached from two roots counts once.
        private(set) var checkedFiles = Set<String>()
        private(set) var loading = Duration.zero
        private(set) var checking = Duration.zero

        /// Loads and checks one budget of `targets`, adding what it finds in the files
        /// the job reports. A named file the budget turns out not to include is left to
        /// `targets` to check on its own.
        mutating func check(
            _ job: CheckTargets.Job, of targets: inout CheckTargets, options: Options, today: CivilDate,
            sources: SourceMap, clock: ContinuousClock, console: Console
        ) {
            let provider = targets.provider
            let budget: Budget
            let loadStart = clock.now
            do {
                budget = try job.root == "<stdin>" ? load("-") : BudgetLoader(provider: provider).load(job.root)
                loading += clock.now - loadStart
            } catch {
                console.err("tally check: cannot read \(job.root == "<stdin>" ? "standard input" : "`\(job.root)`"): \(error.explanation)\n")
                unreadable = true
                return
            }
            // The files of this budget to report: all of them when the root was named,
            // else the named files it includes (a `--root` that does not include a named
            // file leaves that file to be checked on its own).
            var canonical: [String: String] = [:]
            func key(_ path: String) -> String {
                if let known = canonical[path] { return known }
                let value = path == "<stdin>" ? path : provider.canonicalPath(path)
                canonical[path] = value
                return value
            }
            var reported: Set<String>?
            if !job.reportsAll {
                let members = Set(budget.files.map { key($0.path) })
                var named = Set<String>()
                for name in job.named {
                    if members.contains(key(name)) { named.insert(key(name)) } else { targets.checkAlone(name) }
                }
                if named.isEmpty { return }
                reported = named
            }
            let checkStart = clock.now
            defer { checking += clock.now - checkStart }
            checkedFiles.formUnion(reported.map { named in job.named.filter { named.contains(key($0)) } } ?? budget.files.map(\.path))
            for file in budget.files { sources.add(file.tree.source) }
            var policy = DiagnosticPolicy(budget: budget)
            policy.strict = policy.strict || options.strict
            options.severities.apply(to: &policy)
            let result = options.syntaxOnly ? nil : Interpreter.run(budget, today: today)
            var found = budget.diagnostics + (result.map { CheckCommand.namingLikelyCategories($0.diagnostics, model: $0.model) } ?? [])
            if let reported {
                found.removeAll { !reported.contains(key($0.file)) }
                // Named files are reported as the user spelled them, not as the root's
                // include line reached them.
                var spelling: [String: String] = [:]
                for name in job.named { spelling[key(name)] = name }
                for file in budget.files {
                    if let name = spelling[key(file.path)], name != file.path {
                        sources.add(SourceText(path: name, bytes: file.tree.source.bytes))
                    }
                }
                for i in found.indices {
                    if let name = spelling[key(found[i].file)] { found[i].file = name }
                    for n in found[i].notes.indices {
                        if let name = spelling[key(found[i].notes[n].file)] { found[i].notes[n].file = name }
                    }
                }
            }
            KeptUntilExit.keep(budget, of: budget)
            if let model = result?.model { KeptUntilExit.keep(model, of: budget) }
            let diagnostics = policy.apply(found, budget: budget)
            if policy.fails(diagnostics) { fails = true }
            for d in diagnostics where seen.insert(d).inserted { shown.append(d) }
        }
    }
}
