import TallyCore
import TallyReports
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Checking budgets — `tally check`, the web app's Diagnostics page and its
/// `/api/diagnostics`, every editor's save: each named file's budget loaded (found through
/// ``BudgetRoots`` or given as `root`), read, interpreted and checked, and every
/// diagnostic found once, with its advice (I0601's likely categories), under the
/// budget's policy and the request's severity changes, in one order: by file, place and
/// code.
public enum CheckBudget {
    /// What to check.
    public struct Request: Sendable {
        /// The files, as named (`-` for standard input).
        public var files: [String]
        /// The budget the files belong to, when not found by looking for the budget that
        /// includes them.
        public var root: String?
        /// The name standard input's text stands for, and that text.
        public var standardInput: (name: String?, bytes: [UInt8])?
        /// Warnings fail the check too.
        public var strict: Bool
        public var severities: SeverityOverrides
        /// Read the files only (syntax and includes).
        public var syntaxOnly: Bool
        /// The day the budget is checked as of.
        public var today: CivilDate

        /// Creates the request.
        public init(
            files: [String], root: String? = nil, standardInput: (name: String?, bytes: [UInt8])? = nil, strict: Bool = false,
            severities: SeverityOverrides = .init(), syntaxOnly: Bool = false, today: CivilDate
        ) {
            self.files = files
            self.root = root
            self.standardInput = standardInput
            self.strict = strict
            self.severities = severities
            self.syntaxOnly = syntaxOnly
            self.today = today
        }
    }

    /// What the check found.
    public struct Result: Sendable {
        /// Every diagnostic found once, by file, place and code.
        public let diagnostics: [Diagnostic]
        /// The ones to list: at most ``DiagnosticLimit/perFile`` a file.
        public let listed: [Diagnostic]
        /// What each file had beyond the limit.
        public let omitted: [DiagnosticLimit.Omitted]
        /// Counts of every diagnostic, listed or not.
        public let totals: DiagnosticTotals
        /// True when a diagnostic fails the check (an error; a warning when strict).
        public let fails: Bool
        /// Why each budget that could not be read could not.
        public let unreadable: [String]
        /// The files checked; a file reached from two roots counts once.
        public let checkedFiles: Set<String>
        /// The text of every file a diagnostic may point into, for the renderers.
        public let sources: [SourceText]
        /// The time spent reading and parsing, and interpreting and checking.
        public let loading: Duration, checking: Duration
        /// The models made: a one-shot process may keep them until it exits rather than
        /// free them. (The budgets' trees are freed as soon as their entries are lowered.)
        public let read: [any Sendable]
        /// The size in bytes of the largest budget read (its files' text).
        public let largestBudget: Int
    }

    /// Checks the budgets of `request.files`.
    public static func perform(_ request: Request) -> Result {
        let clock = ContinuousClock()
        var targets = CheckTargets(
            files: request.files, root: request.root, stdinFilename: request.standardInput?.name, stdin: request.standardInput?.bytes)
        var findings = Findings()
        var next = 0
        while next < targets.jobs.count {
            let job = targets.jobs[next]
            next += 1
            findings.check(job, of: &targets, request: request, clock: clock)
        }
        let shown = findings.shown.sorted {
            ($0.file, $0.range.start, $0.range.end, $0.code.rawValue) < ($1.file, $1.range.start, $1.range.end, $1.code.rawValue)
        }
        let (listed, omitted) = DiagnosticLimit.apply(shown)
        return Result(
            diagnostics: shown, listed: listed, omitted: omitted, totals: DiagnosticTotals(shown), fails: findings.fails,
            unreadable: findings.unreadable, checkedFiles: findings.checkedFiles, sources: findings.sources, loading: findings.loading,
            checking: findings.checking, read: findings.read, largestBudget: findings.largestBudget)
    }

    /// What checking the budgets found: every diagnostic once, whether any fails the
    /// check, which budgets could not be read, the files checked, and the time taken.
    struct Findings {
        private(set) var shown: [Diagnostic] = []
        private var seen = Set<Diagnostic>()
        private(set) var fails = false
        private(set) var unreadable: [String] = []
        private(set) var sources: [SourceText] = []
        private(set) var read: [any Sendable] = []
        private(set) var largestBudget = 0
        /// The files checked; a file reached from two roots counts once.
        private(set) var checkedFiles = Set<String>()
        private(set) var loading = Duration.zero
        private(set) var checking = Duration.zero

        /// Loads and checks one budget of `targets`, adding what it finds in the files
        /// the job reports. A named file the budget turns out not to include is left to
        /// `targets` to check on its own.
        mutating func check(
            _ job: CheckTargets.Job, of targets: inout CheckTargets, request: Request, clock: ContinuousClock
        ) {
            let provider = targets.provider
            let budget: Budget
            let loadStart = clock.now
            do {
                budget = try job.root == "<stdin>" ? BudgetLoader.load(argument: "-") : BudgetLoader(provider: provider).load(job.root)
                loading += clock.now - loadStart
            } catch {
                unreadable.append("cannot read \(job.root == "<stdin>" ? "standard input" : "`\(job.root)`"): \(error.explanation)")
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
            for file in budget.files { sources.append(file.tree.source) }
            var policy = DiagnosticPolicy(budget: budget)
            policy.strict = policy.strict || request.strict
            request.severities.apply(to: &policy)
            // What is needed of the budget once it is interpreted, taken now: the
            // interpreter lets its trees go before the walk (`Interpreter.run(releasing:)`).
            var suppressions: [String: Suppressions] = [:]
            for file in budget.files { suppressions[file.path] = file.suppressions }
            let budgetFiles = budget.files.map { (path: $0.path, source: $0.tree.source) }
            largestBudget = max(largestBudget, budgetFiles.reduce(0) { $0 + $1.source.bytes.count })
            var found = budget.diagnostics
            if !request.syntaxOnly {
                let result = Interpreter.run(releasing: consume budget, today: request.today)
                found += CheckBudget.namingLikelyCategories(result.diagnostics, model: result.model)
                read.append(result.model)
            }
            if let reported {
                found.removeAll { !reported.contains(key($0.file)) }
                // Named files are reported as the user spelled them, not as the root's
                // include line reached them.
                var spelling: [String: String] = [:]
                for name in job.named { spelling[key(name)] = name }
                for file in budgetFiles {
                    if let name = spelling[key(file.path)], name != file.path {
                        sources.append(SourceText(path: name, bytes: file.source.bytes))
                    }
                }
                for i in found.indices {
                    if let name = spelling[key(found[i].file)] { found[i].file = name }
                    for n in found[i].notes.indices {
                        if let name = spelling[key(found[i].notes[n].file)] { found[i].notes[n].file = name }
                    }
                }
            }
            let diagnostics = policy.apply(found, suppressions: suppressions)
            if policy.fails(diagnostics) { fails = true }
            for d in diagnostics where seen.insert(d).inserted { shown.append(d) }
        }
    }
}
