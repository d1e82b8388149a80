import Foundation
import TallyCore
import TallyTestSupport
import XCTest

final class AtomicFileTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: String { temporary.path }

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("atomic")
    }

    override func tearDownWithError() throws {
        temporary.remove()
    }

    private func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    func testReplacesContentsAndLeavesNoTemporaryFile() throws {
        let path = folder + "/budget.tally"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        try AtomicFile.write(Array("new\n".utf8), to: path)
        XCTAssertEqual(try contents(path), "new\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["budget.tally"])
    }

    func testSeveralFilesAreReplacedTogether() throws {
        let a = folder + "/a.tally", b = folder + "/b.tally"
        try "old a\n".write(toFile: a, atomically: false, encoding: .utf8)
        try "old b\n".write(toFile: b, atomically: false, encoding: .utf8)
        try AtomicFile.write(all: [.init(path: a, bytes: Array("new a\n".utf8), expected: .anything), .init(path: b, bytes: Array("new b\n".utf8), expected: .anything)])
        XCTAssertEqual(try contents(a), "new a\n")
        XCTAssertEqual(try contents(b), "new b\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["a.tally", "b.tally"])
    }

    /// A file that cannot be staged (here its folder does not exist) leaves every file as it
    /// was, the ones before it included, and no temporary file behind.
    func testOneFileThatCannotBeWrittenChangesNone() throws {
        let a = folder + "/a.tally"
        try "old a\n".write(toFile: a, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try AtomicFile.write(all: [.init(path: a, bytes: Array("new a\n".utf8), expected: .anything), .init(path: folder + "/missing/b.tally", bytes: Array("b\n".utf8), expected: .anything)])) { error in
            XCTAssertTrue((error as? FileWriteError)?.reason.contains("missing/b.tally") == true, "\(error)")
        }
        XCTAssertEqual(try contents(a), "old a\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["a.tally"])
    }

    func testKeepsPermissions() throws {
        let path = folder + "/budget.tally"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(path, 0o600), 0)
        try AtomicFile.write(Array("new\n".utf8), to: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }

    func testFollowsSymbolicLinks() throws {
        let real = folder + "/real.tally"
        let link = folder + "/link.tally"
        try "old\n".write(toFile: real, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.tally")
        try AtomicFile.write(Array("new\n".utf8), to: link)
        XCTAssertEqual(try contents(real), "new\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real.tally")
    }

    func testAFolderThatCannotBeWrittenThrowsAndChangesNothing() throws {
        let path = folder + "/missing-folder/budget.tally"
        XCTAssertThrowsError(try AtomicFile.write(Array("new\n".utf8), to: path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }
}
