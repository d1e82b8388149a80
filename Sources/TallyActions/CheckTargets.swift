import TallyCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// What a check loads for the files it is given: each named file's budget (found
/// through ``BudgetRoots``, or named with `--root`), and which of that budget's files to
/// report. A budget named itself reports every file it reads; a budget reached from an
/// included file reports only the named files, so checking `2026.tally` shows the
/// problems of `2026.tally`, read with the wallets its root declares.
struct CheckTargets {
    /// One budget to load and what of it to report.
    struct Job {
        /// The path to load (as the loader will name it).
        var root: String
        /// Report every file of the budget (the root itself was named).
        var reportsAll: Bool
        /// The named files to report, as given.
        var named: [String]
        /// The root came from `--root`: files it turns out not to include are checked on
        /// their own.
        var configured: Bool
        /// The root's canonical path, which decides that two named files share a budget.
        var key: String
    }

    /// Where files are read: the disk, with standard input laid over `--stdin-filename`.
    let provider: any FileProvider
    /// The budgets, in the order their first named file was given.
    private(set) var jobs: [Job] = []

    /// Plans the check of `files` (`-` is standard input, read already into `stdin` when
    /// `stdinFilename` names it).
    init(files: [String], root: String?, stdinFilename: String?, stdin: [UInt8]?) {
        let disk = DiskFileProvider()
        var buffers: [String: [UInt8]] = [:]
        if let name = stdinFilename, let bytes = stdin {
            buffers[BudgetRoots.absolute(name, in: FileManager.default.currentDirectoryPath)] = bytes
        }
        provider = buffers.isEmpty ? disk : OverlayFileProvider(buffers: buffers, disk: disk)
        let named = files.compactMap { $0 == "-" ? stdinFilename : $0 }
        var roots = BudgetRoots(provider: provider, buffers: buffers, named: named)
        for file in files {
            if file == "-" && stdinFilename == nil {
                add(root: "<stdin>", named: file, reportsAll: true, configured: false)
                continue
            }
            let name = file == "-" ? stdinFilename! : file
            if let root {
                add(root: root, named: name, reportsAll: provider.canonicalPath(root) == provider.canonicalPath(name), configured: true)
            } else if file != "-" && !FileManager.default.fileExists(atPath: name) {
                // The loader says why it cannot be read; no budget should speak for it.
                add(root: name, named: name, reportsAll: true, configured: false)
            } else {
                let (found, source) = roots.root(of: name)
                add(root: found, named: name, reportsAll: source == .itself, configured: false)
            }
        }
    }

    /// A file `--root` turned out not to include: checked as a budget of its own.
    mutating func checkAlone(_ name: String) {
        add(root: name, named: name, reportsAll: true, configured: false)
    }

    private mutating func add(root: String, named: String, reportsAll: Bool, configured: Bool) {
        let key = root == "<stdin>" ? root : provider.canonicalPath(root)
        if let i = jobs.firstIndex(where: { $0.key == key && $0.configured == configured }) {
            jobs[i].named.append(named)
            jobs[i].reportsAll = jobs[i].reportsAll || reportsAll
        } else {
            jobs.append(Job(root: root, reportsAll: reportsAll, named: [named], configured: configured, key: key))
        }
    }
}
