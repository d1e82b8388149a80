import Foundation
import TallyTestSupport
import XCTest

/// `tally lsp` driven by a real third-party client: pytest-lsp on pygls, from the Python
/// tools' virtual environment (`.ci/install-python-tools`). The session itself is
/// `Tests/LSPClient/test_tally_lsp.py`; this runs it against the binary just built.
final class PyglsClientTests: XCTestCase {
    /// The environment's `python3`, when it can import pytest-lsp; else a skip (a failure
    /// under CI, as for any missing tool).
    private func pythonWithPytestLSP() throws -> ExternalTool {
        let python = try ExternalTool.require("python3")
        let probe = try python.run(["-c", "import pytest_lsp, pygls"], environment: ["PYTHONDONTWRITEBYTECODE": "1"])
        guard probe.status == 0 else {
            let reason = "pytest-lsp is not importable by \(python.url.path); run .ci/install-python-tools"
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(reason) }
            throw XCTSkip(reason)
        }
        return python
    }

    func testAPyglsClientRunsAWholeSession() throws {
        let python = try pythonWithPytestLSP()
        // No cache, no bytecode: pytest leaves nothing behind in the repository.
        let result = try python.run(
            ["-m", "pytest", "-p", "no:cacheprovider", "-q", "-rA", "Tests/LSPClient"],
            environment: ["TALLY_BINARY": TallyBinary.url.path, "PYTHONDONTWRITEBYTECODE": "1", "NO_COLOR": "1"],
            timeout: 120)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.stdout.contains("1 passed"), result.output)
    }
}
