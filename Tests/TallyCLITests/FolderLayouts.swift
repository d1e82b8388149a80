import Foundation
import TallyTestSupport

/// The folder layouts of issue 27 that editor tests open an included file in: a subfolder
/// of its root's folder (`budget/main.tally` including `years/2026.tally`) and a sibling
/// folder (`../data/2026.tally`), each inside and outside a repository. The included file
/// has one real mistake, `Fnu` on line 2 at column 30 (E0401); every other name is the
/// root's, so a false E0401 shows that the root was not found.
enum FolderLayouts {
    /// Calls `body` once per layout with a folder of its own, the included file's path in
    /// it, and a label for failure messages.
    static func each(_ body: (_ folder: TemporaryFolder, _ opened: String, _ label: String) throws -> Void) throws {
        let layouts = [("subfolder", "years/2026.tally", "budget/years/2026.tally"), ("sibling", "../data/2026.tally", "data/2026.tally")]
        for (name, include, opened) in layouts {
            for git in [false, true] {
                let temporary = try TemporaryFolder("layout")
                defer { temporary.remove() }
                try temporary.write(
                    "currency EUR\nwallet Checking bank opening 100.00 on 2026-01-01\nexpense Fun\ninclude \"\(include)\"\n",
                    to: "budget/main.tally")
                try temporary.write("2026-03-01 \"Shop\"  Checking  Fun  -2.00\n2026-03-02 \"Shop\"  Checking  Fnu  -1.00\n", to: opened)
                if git { try FileManager.default.createDirectory(at: temporary.url(".git"), withIntermediateDirectories: true) }
                try body(temporary, opened, "\(name), \(git ? "in git" : "outside git")")
            }
        }
    }
}
