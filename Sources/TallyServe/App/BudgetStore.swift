import TallyActions
import TallyCore
import TallyReports
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// The budget as the server last read it, read again only when one of its files changed
/// on disk (its size, modification time or identity) or another day is asked. Every page
/// and answer starts from a ``Snapshot``; its ``Snapshot/version`` is what a form carries
/// to be refused when the files changed since it was drawn, and what open pages poll to
/// show new figures.
public final class BudgetStore: @unchecked Sendable {
    /// The budget read at one moment, for one day.
    public struct Snapshot: Sendable {
        /// The budget opened for reports, with its files and diagnostics; nil when it
        /// could not be opened (``problem`` says why).
        public let opened: ReportBudget.Opened?
        /// Why the budget could not be opened.
        public let problem: String?
        /// A short text that changes whenever a file of the budget changes.
        public let version: String
        /// The day the figures are as of.
        public let today: CivilDate
        /// The budget's files, the root first, as named on the command line.
        public let files: [String]
        /// Where each file's lines start, by path (for links to a line).
        public let lines: [String: LineIndex]
    }

    /// The budget's files as given (`tally serve FILE`, or several `-f`).
    public let arguments: [String]
    private let lock = Lock()
    private var cached: [CivilDate: (stamp: [FileStamp], snapshot: Snapshot)] = [:]

    /// The day kept when another is dropped.
    private let fixedDay: CivilDate?
    /// The checks' answers by version and day (see ``check(_:)``), under `checksLock`;
    /// `checkLock` lets one check run at a time.
    private var checks: [String: CheckBudget.Result] = [:]
    private let checksLock = Lock(), checkLock = Lock()

    /// A store for the budget at `files`; `today`, when given, is the day kept longest.
    public init(files: [String], today: CivilDate? = nil) {
        arguments = files
        fixedDay = today
    }

    /// The budget as of `today`, read again if a file changed since the last reading.
    public func snapshot(today: CivilDate) -> Snapshot {
        lock.lock()
        defer { lock.unlock() }
        if let entry = cached[today], entry.stamp == Self.stamps(entry.snapshot.files) { return entry.snapshot }
        // Stamps are taken before reading, so a change during the reading makes the next
        // request read again rather than keep a stale budget.
        let known = cached.values.first?.snapshot.files ?? arguments
        let before = Self.stamps(known)
        // The stale budget goes before the new one is read, so that two are never held
        // at once (tens of megabytes each at 100k transactions), and so does its check's
        // answer (which quotes its text).
        if let stale = cached[today] {
            cached[today] = nil
            forgetChecks { $0 == stale.snapshot.version }
        }
        defer { Self.returnFreedMemory() }
        let snapshot: Snapshot
        do {
            let opened = try ReportBudget.opened(files: arguments, today: today)
            // A file that is not text (E0105) holds nothing: its figures would all be 0.00.
            if let file = opened.budget.files.first(where: \.tree.isNotText) {
                let problem = "cannot read `\(file.path)`: \(file.tree.diagnostics[0].message) (E0105); no figures are shown"
                return Snapshot(opened: nil, problem: problem, version: Self.version(before), today: today, files: known, lines: [:])
            }
            let files = opened.budget.files.map(\.path).filter { $0 != "<files>" }
            let stamp = files == known ? before : Self.stamps(files)
            var lines: [String: LineIndex] = [:]
            for file in opened.budget.files { lines[file.path] = LineIndex(file.tree.source) }
            snapshot = Snapshot(opened: opened, problem: nil, version: Self.version(stamp), today: today, files: files, lines: lines)
            // At most two days kept (the server's and one asked with `today=`): a 100k
            // budget's model is tens of megabytes.
            if cached[today] == nil, cached.count >= 2 { cached = cached.filter { $0.key == self.fixedDay } }
            cached[today] = (stamp, snapshot)
        } catch {
            let problem: String
            switch error {
            case .unreadable(let file): problem = "cannot read `\(file.path)`: \(file.error.explanation)"
            case .inexactTotals: problem = "the budget's amounts add up to more than can be totalled exactly (E0404); no figures are shown"
            }
            snapshot = Snapshot(opened: nil, problem: problem, version: Self.version(before), today: today, files: known, lines: [:])
        }
        return snapshot
    }

    /// What checking `snapshot`'s files on its day found (``CheckBudget``, as `tally check`
    /// finds it), once per version: the check reads the whole budget again, which at 100k
    /// transactions took about a hundred milliseconds and a second budget's memory.
    /// The Diagnostics page and `/api/diagnostics` both show this one answer, kept without
    /// the check's model and sharing the snapshot's texts (``CheckBudget/Result/kept(sharing:)``):
    /// kept whole, each answer held a second budget's model and text while it was kept.
    func check(_ snapshot: Snapshot) -> CheckBudget.Result {
        let key = "\(snapshot.version) \(snapshot.today)"
        checkLock.lock()
        defer { checkLock.unlock() }
        if let known = checksLock.withLock({ checks[key] }) { return known }
        // Answers for other versions are stale: they go before the check reads the budget
        // again.
        forgetChecks { $0 != snapshot.version }
        let held = snapshot.opened?.budget.files.map(\.tree.source) ?? []
        let result = CheckBudget.perform(.init(files: arguments, today: snapshot.today)).kept(sharing: held)
        Self.returnFreedMemory()
        checksLock.withLock {
            // At most two days' answers, as for the budgets.
            if checks.count >= 2 { checks = [:] }
            checks[key] = result
        }
        return result
    }

    /// Forgets the checks' answers for the versions that are `stale`.
    private func forgetChecks(_ stale: (String) -> Bool) {
        checksLock.withLock { checks = checks.filter { !stale(String($0.key.prefix { $0 != " " })) } }
    }

    /// How many checks' answers are kept (at most one a day, the current version's).
    var keptChecks: Int { checksLock.withLock { checks.count } }

    /// Hands the memory freed by a budget read and dropped back to the system: without
    /// it the allocator keeps the largest set of budgets ever held at once (a save at
    /// 100k transactions holds the page's budget and the check's), and the server's
    /// resident memory stays at that peak (`serve_bench.py memory`).
    static func returnFreedMemory() { FreedMemory.release() }

    /// The version of the files on disk now, without reading them: what the live pages
    /// poll.
    public func currentVersion() -> String {
        lock.lock()
        let files = cached.values.first?.snapshot.files ?? arguments
        lock.unlock()
        return Self.version(Self.stamps(files))
    }

    /// What tells one state of a file from another without reading it.
    struct FileStamp: Equatable {
        let device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
    }

    static func stamps(_ files: [String]) -> [FileStamp] {
        files.map { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return FileStamp(device: 0, inode: 0, size: -1, seconds: 0, nanoseconds: 0) }
            return FileStamp(
                device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
        }
    }

    /// A 64-bit FNV-1a hash of the stamps, in hexadecimal.
    static func version(_ stamps: [FileStamp]) -> String {
        var hash = FNV1a.hash([UInt8]())
        for stamp in stamps {
            for word in [stamp.device, stamp.inode, UInt64(bitPattern: stamp.size), UInt64(bitPattern: Int64(stamp.seconds)), UInt64(bitPattern: Int64(stamp.nanoseconds))] {
                // The word's bytes, least significant first.
                hash = FNV1a.hash(stride(from: 0, to: 64, by: 8).lazy.map { UInt8(truncatingIfNeeded: word >> UInt64($0)) }, from: hash)
            }
        }
        return FNV1a.hex(hash)
    }
}
