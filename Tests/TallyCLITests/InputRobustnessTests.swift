import Foundation
import TallyTestSupport
import XCTest

/// What the command line is given to read that is not a budget file: devices, FIFOs,
/// directories, a closed standard input. Each is a clear error and exit code 2, at once.
final class InputRobustnessTests: XCTestCase {
    private func temporaryFolder() throws -> String {
        let temporary = try TemporaryFolder("input")
        addTeardownBlock { temporary.remove() }
        let folder = temporary.url
        return folder.path
    }

    func testARootThatIsNotARegularFileIsRefused() throws {
        let folder = try temporaryFolder()
        XCTAssertEqual(mkfifo(folder + "/pipe.tally", 0o600), 0)
        let cases = [
            ("/dev/zero", "it is a character device, not a regular file"),
            (folder + "/pipe.tally", "it is a FIFO (named pipe), not a regular file"),
            (folder, "it is a directory, not a file")
        ]
        for (path, reason) in cases {
            for command in ["check", "fmt", "balance"] {
                // `timeout` turns the old hang on the FIFO into a failure instead of a stuck test.
                let result = try TallyBinary.runShell("timeout 20 \"$TALLY\" \(command) '\(path)'")
                XCTAssertEqual(result.status, 2, "\(command) \(path): \(result.stderr)")
                XCTAssertEqual(result.stdout, "", "\(command) \(path)")
                XCTAssertTrue(result.stderr.contains("cannot read `\(path)`: \(reason)"), "\(command) \(path): \(result.stderr)")
            }
        }
    }

    func testIncludeOfDevicesFIFOsAndDirectoriesIsADiagnostic() throws {
        let folder = try temporaryFolder()
        XCTAssertEqual(mkfifo(folder + "/pipe.tally", 0o600), 0)
        try "include \"/dev/zero\"\ninclude \"pipe.tally\"\ninclude \"/tmp\"\n"
            .write(toFile: folder + "/main.tally", atomically: false, encoding: .utf8)
        let result = try TallyBinary.runShell("timeout 20 \"$TALLY\" check --format json '\(folder)/main.tally'")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout.components(separatedBy: "\"code\":\"E0301\"").count - 1, 3, result.stdout)
        XCTAssertTrue(result.stdout.contains("cannot include `pipe.tally`: it is a FIFO (named pipe), not a regular file"))
    }

    func testStandardInputThatIsADirectoryOrClosedIsAnError() throws {
        let cases = [
            ("\"$TALLY\" check - < /tmp", "tally check: cannot read standard input: it is a directory, not a file\n"),
            ("\"$TALLY\" fmt - < /tmp", "tally fmt: cannot read standard input: it is a directory, not a file\n"),
            ("\"$TALLY\" check - <&-", "tally check: cannot read standard input: standard input is closed\n"),
            ("\"$TALLY\" fmt - <&-", "tally fmt: cannot read standard input: standard input is closed\n")
        ]
        for (script, message) in cases {
            let result = try TallyBinary.runShell(script)
            XCTAssertEqual(result.status, 2, script)
            XCTAssertEqual(result.stderr, message, script)
            XCTAssertEqual(result.stdout, "", script)
        }
        // Ordinary standard input still works: a pipe and a redirected file.
        let piped = try TallyBinary.runShell("printf 'wallet Cash cash\\n' | \"$TALLY\" check -")
        XCTAssertEqual(piped.status, 0, piped.stderr)
        let redirected = try TallyBinary.runShell("\"$TALLY\" fmt - < examples/household.tally")
        XCTAssertEqual(redirected.status, 0, redirected.stderr)
        XCTAssertEqual(redirected.stdout, try String(contentsOfFile: TestSupport.path("examples/household.tally"), encoding: .utf8))
    }
}
