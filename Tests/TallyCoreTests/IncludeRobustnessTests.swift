import Foundation
import TallyCore
import TallySyntax
import TallyTestSupport
import XCTest

/// Includes that used to hang, eat memory or overflow the stack: only regular files are
/// read (size checked first), and the walk keeps its own stack.
final class IncludeRobustnessTests: XCTestCase {
    private func temporaryFolder() throws -> String {
        let temporary = try TemporaryFolder("include")
        addTeardownBlock { temporary.remove() }
        let folder = temporary.url
        return folder.path
    }

    /// 7,000 files, each including the next: the recursive walk overflowed the stack.
    func testAChainOfSevenThousandIncludesLoads() throws {
        var files: [String: String] = [:]
        for i in 0 ..< 7000 { files["f\(i).tally"] = "include \"f\(i + 1).tally\"\n" }
        files["f7000.tally"] = "include \"f0.tally\"\nwallet Cash cash\n"
        let budget = try BudgetLoader(provider: InMemoryFileProvider(files)).load("f0.tally")
        XCTAssertEqual(budget.files.count, 7001)
        XCTAssertEqual(budget.files.last?.path, "f7000.tally")
        // The last file's include closes a cycle through all 7,001.
        XCTAssertEqual(budget.diagnostics.map(\.code), [.includeCycle])
        XCTAssertEqual(budget.diagnostics.first?.message.components(separatedBy: " → ").count, 7002)
    }

    /// The order of files and diagnostics is the recursive walk's: a file, then each include
    /// with everything it includes, in the order written.
    func testFilesAndDiagnosticsComeInDepthFirstOrder() throws {
        let budget = try BudgetLoader(
            provider: InMemoryFileProvider([
                "main.tally": "include \"a.tally\"\ninclude \"b.tally\"\nbogus\n",
                "a.tally": "include \"c.tally\"\ninclude \"b.tally\"\nbogus\n",
                "b.tally": "include \"a.tally\"\ninclude \"missing.tally\"\n",
                "c.tally": "bogus\n"
            ])
        ).load("main.tally")
        XCTAssertEqual(budget.files.map(\.path), ["main.tally", "a.tally", "c.tally", "b.tally"])
        XCTAssertEqual(
            budget.diagnostics.map { "\($0.file) \($0.code)" },
            ["main.tally E0201", "a.tally E0201", "c.tally E0201", "b.tally E0302", "b.tally E0301", "main.tally W0303"])
    }

    func testOnlyRegularFilesAreRead() throws {
        let folder = try temporaryFolder()
        let fifo = folder + "/pipe.tally"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        try "include \"/dev/zero\"\ninclude \"pipe.tally\"\ninclude \"sub\"\nwallet Cash cash\n"
            .write(toFile: folder + "/main.tally", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        let budget = try BudgetLoader().load(folder + "/main.tally")
        XCTAssertEqual(budget.files.count, 1)
        XCTAssertEqual(
            budget.diagnostics.map(\.message),
            [
                "cannot include `/dev/zero`: it is a character device, not a regular file",
                "cannot include `pipe.tally`: it is a FIFO (named pipe), not a regular file",
                "cannot include `sub`: it is a directory, not a file"
            ])
        XCTAssertThrowsError(try DiskFileProvider().read("/dev/zero")) { error in
            XCTAssertEqual(error as? FileReadError, .notRegularFile("a character device"))
        }
        XCTAssertThrowsError(try DiskFileProvider().read(fifo)) { error in
            XCTAssertEqual(error as? FileReadError, .notRegularFile("a FIFO (named pipe)"))
        }
        XCTAssertThrowsError(try DiskFileProvider().read(folder + "/nothing")) { error in
            XCTAssertEqual(error as? FileReadError, .notFound)
        }
    }
}
