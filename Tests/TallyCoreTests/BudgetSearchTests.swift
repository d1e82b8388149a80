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

    private func root(of file: String, in folder: TemporaryFolder) -> (root: String, source: BudgetRoots.Source) {
        var roots = BudgetRoots(provider: DiskFileProvider(), currentDirectory: folder.path)
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
        let file = folder.path("budget/years/2026.tally")
        let folders = BudgetSearch.folders(for: file)
        #expect(folders.first == BudgetSearch.Folder(folder.path("budget"), depth: 3))
        #expect(folders.dropFirst().allSatisfy { $0.depth == 0 })
        #expect(folders.last?.path == "/")
        // A file two levels below the root folder: only the folders themselves.
        #expect(BudgetSearch.folders(for: "/tmp/x.tally") == [.init("/tmp", depth: 0), .init("/", depth: 0)])
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
    }
}
