import Foundation
import TallyCore
import TallyTestSupport
import Testing

/// The search for the budget that includes a file (`BudgetSearch`, through `BudgetRoots`):
/// found wherever the editor or the command line starts, for an included file in a
/// subfolder of its root's folder and in a sibling folder, inside and outside a
/// repository, within the bounds the search keeps to.
struct BudgetSearchTests {
    private let declarations = "currency EUR\nwallet Checking bank opening 100.00 on 2026-01-01\nexpense Fun\n"
    private let entries = "2026-03-01 \"Shop\"  Checking  Fun  -2.00\n"

    /// A folder with `main.tally` in `budget/` including `included` (relative to
    /// `budget/`), and that file with entries; in a repository when `git` is set.
    private func layout(including included: String, git: Bool) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("budget-search")
        try folder.write(declarations + "include \"\(included)\"\n", to: "budget/main.tally")
        try folder.write(entries, to: Paths.normalize("budget/" + included))
        if git { try FileManager.default.createDirectory(at: folder.url(".git"), withIntermediateDirectories: true) }
        return folder
    }

    private func root(
        of file: String, in folder: TemporaryFolder, trust: FolderTrust = .ownedByUser
    ) -> (root: String, source: BudgetRoots.Source) {
        var roots = BudgetRoots(provider: DiskFileProvider(), currentDirectory: folder.path, trust: trust)
        return roots.root(of: file)
    }

    @Test(arguments: [false, true])
    func theRootAboveASubfolderIsFound(git: Bool) throws {
        let folder = try layout(including: "years/2026.tally", git: git)
        defer { folder.remove() }
        #expect(root(of: "budget/years/2026.tally", in: folder) == ("budget/main.tally", .includedBy))
        #expect(root(of: "budget/main.tally", in: folder) == ("budget/main.tally", .itself))
    }

    @Test(arguments: [false, true])
    func theRootInASiblingFolderIsFound(git: Bool) throws {
        // Before: outside a repository only the folders above were searched, so
        // `data/2026.tally` was its own budget and `Checking` unknown.
        let folder = try layout(including: "../data/2026.tally", git: git)
        defer { folder.remove() }
        #expect(root(of: "data/2026.tally", in: folder) == ("budget/main.tally", .includedBy))
        // Named from inside the sibling folder, as `:make` run there would.
        var roots = BudgetRoots(provider: DiskFileProvider(), currentDirectory: folder.path("data"))
        #expect(roots.root(of: "2026.tally") == (folder.path("budget/main.tally"), .includedBy))
    }

    @Test func outsideARepositoryTheSearchStopsAtItsDepth() throws {
        // `budget/main.tally` includes a file three folders below the sibling `data/`:
        // within reach of the search from the file's grandparent, four levels down is not.
        let folder = try layout(including: "../data/a/b/c/2026.tally", git: false)
        defer { folder.remove() }
        #expect(BudgetSearch.siblingDepth == 3)
        #expect(root(of: "data/a/b/c/2026.tally", in: folder).source == .itself)
        // In a repository the whole of it is searched.
        try FileManager.default.createDirectory(at: folder.url(".git"), withIntermediateDirectories: true)
        #expect(root(of: "data/a/b/c/2026.tally", in: folder) == ("budget/main.tally", .includedBy))
    }

    @Test func theFoldersSearchedOutsideARepository() throws {
        let folder = try TemporaryFolder("budget-search")
        defer { folder.remove() }
        let file = try folder.write(entries, to: "budget/years/2026.tally")
        let folders = BudgetSearch.folders(for: file)
        #expect(folders.first == BudgetSearch.Folder(folder.path("budget"), depth: 3))
        #expect(folders.dropFirst().allSatisfy { $0.depth == 0 })
        // Up to the test's own folder: `/tmp` above it is world-writable, so neither it
        // nor `/` above it is read.
        #expect(folders.last?.path == folder.path)
        #expect(BudgetSearch.folders(for: "/tmp/x.tally").isEmpty)
        // A file two levels below the root folder: only the folders themselves.
        let atTheTop = FolderTrust { path, _ in path == "/" || path == "/srv" }
        #expect(BudgetSearch.folders(for: "/srv/x.tally", trust: atTheTop) == [.init("/srv", depth: 0), .init("/", depth: 0)])
    }

    @Test func aStrangersIncluderInASharedFolderIsNeverRead() throws {
        // `shared/` is world-writable and sticky, as `/tmp` is. A stranger's budget in a
        // sibling folder includes ours: before, the search read it and checked our file
        // as part of the stranger's budget.
        let folder = try TemporaryFolder("budget-search")
        defer { folder.remove() }
        try folder.write(entries, to: "shared/mine/2026.tally")
        try folder.write(declarations + "include \"../mine/2026.tally\"\n", to: "shared/stranger/main.tally")
        #expect(chmod(folder.path("shared"), 0o1777) == 0)
        #expect(root(of: "shared/mine/2026.tally", in: folder) == ("shared/mine/2026.tally", .itself))
        // Read, the stranger's file would change the result: what the rule prevents.
        let trustingAll = FolderTrust { _, _ in true }
        #expect(root(of: "shared/mine/2026.tally", in: folder, trust: trustingAll) == ("shared/stranger/main.tally", .includedBy))
        #expect(BudgetSearch.folders(for: folder.path("shared/mine/2026.tally")) == [.init(folder.path("shared/mine"), depth: 2)])
        // An includer in our own folder below the shared one is still found, and the
        // search lists only our folder and its subfolder.
        try folder.write(declarations + "include \"../2026.tally\"\n", to: "shared/mine/book/main.tally")
        #expect(root(of: "shared/mine/2026.tally", in: folder) == ("shared/mine/book/main.tally", .includedBy))
        var files = WorkspaceFiles(nearby: BudgetSearch.folders(for: folder.path("shared/mine/2026.tally")))
        files.refresh()
        #expect(files.lastScan.folders == 2)
        #expect(files.lastScan.files == 2)  // `2026.tally` and `book/main.tally`
        #expect(files.includes[folder.path("shared/stranger/main.tally")] == nil)
    }

    @Test func aFolderTheUserDoesNotOwnIsNotRead() throws {
        // The test cannot give a folder away, so the rule is told that `budget/` is
        // someone else's: its `main.tally` no longer makes `data/2026.tally` part of it.
        let folder = try layout(including: "../data/2026.tally", git: false)
        defer { folder.remove() }
        let budget = folder.path("budget")
        let notBudget = FolderTrust { path, info in path != budget && FolderTrust.ownedByUser.trusts(path, info) }
        #expect(root(of: "data/2026.tally", in: folder) == ("budget/main.tally", .includedBy))
        #expect(root(of: "data/2026.tally", in: folder, trust: notBudget) == ("data/2026.tally", .itself))
        // A folder above that is someone else's stops the walk up there.
        let notTheTop = FolderTrust { path, info in path != folder.path && FolderTrust.ownedByUser.trusts(path, info) }
        #expect(BudgetSearch.folders(for: folder.path("data/2026.tally"), trust: notTheTop) == [.init(folder.path("data"), depth: 2)])
        #expect(root(of: "data/2026.tally", in: folder, trust: notTheTop) == ("data/2026.tally", .itself))
    }

    @Test func theCacheAnswersAgainUntilItForgets() throws {
        let folder = try TemporaryFolder("budget-search")
        defer { folder.remove() }
        let file = folder.path("budget/2026.tally")
        try folder.write(entries, to: "budget/2026.tally")
        var cache = BudgetSearch.Cache()
        let before = cache.folders(for: file)
        #expect(before == BudgetSearch.folders(for: file))
        try FileManager.default.createDirectory(at: folder.url(".git"), withIntermediateDirectories: true)
        #expect(cache.folders(for: folder.path("budget/other.tally")) == before)
        cache.forget()
        #expect(cache.folders(for: file) == [.init(folder.path, depth: BudgetSearch.Folder.whole)])
    }

    @Test func filesThatIncludeEachOtherStayBudgetsOfTheirOwn() throws {
        let folder = try TemporaryFolder("budget-search")
        defer { folder.remove() }
        try folder.write("include \"../b/b.tally\"\n", to: "a/a.tally")
        try folder.write("include \"../a/a.tally\"\n", to: "b/b.tally")
        #expect(root(of: "a/a.tally", in: folder) == ("a/a.tally", .itself))
    }

    @Test func theWalkSkipsHiddenFoldersAndReadsEachFileOnce() throws {
        let folder = try TemporaryFolder("budget-search")
        defer { folder.remove() }
        try folder.write("include \"../data/x.tally\"\n", to: "budget/main.tally")
        try folder.write("include \"../../data/x.tally\"\n", to: "budget/.hidden/main.tally")
        var files = WorkspaceFiles(
            folders: [folder.path("budget")], nearby: [.init(folder.path, depth: 3), .init(folder.path("budget"), depth: 0)])
        files.refresh()
        #expect(files.includes == [folder.path("budget/main.tally"): [folder.path("data/x.tally")]])
        #expect(files.lastScan.files == 1)
        files.refresh()
        #expect(files.lastScan.files == 0)  // unchanged: not read again
    }
}
