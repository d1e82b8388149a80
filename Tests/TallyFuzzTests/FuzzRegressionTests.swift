import Foundation
import TallyFuzzChecks
import TallyTestSupport
import XCTest

/// Every input a fuzz target ever failed on, replayed through the same checks the fuzz
/// targets run (`TallyFuzzChecks`), so a fixed bug stays fixed. Inputs live in
/// `Regressions/<target>/`, one file each; the seeds of `Fuzz/Seeds/<target>/` are
/// replayed too, so the fixtures the fuzzer starts from are known to pass.
final class FuzzRegressionTests: XCTestCase {
    static let regressions = TestSupport.path("Tests/TallyFuzzTests/Regressions")

    func testKeptInputsPass() throws {
        var count = 0
        for target in FuzzTarget.allCases {
            for path in Self.inputs(in: Self.regressions + "/" + target.rawValue) {
                count += 1
                try replay(path, target)
            }
        }
        XCTAssertGreaterThan(count, 0)
    }

    func testSeedsPass() throws {
        for target in FuzzTarget.allCases {
            for path in Self.inputs(in: TestSupport.path("Fuzz/Seeds/" + target.rawValue)) { try replay(path, target) }
        }
    }

    private func replay(_ path: String, _ target: FuzzTarget, file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        if let problem = target.check(bytes) {
            XCTFail("\(target.rawValue) on \(path): \(problem)", file: file, line: line)
        }
    }

    /// The input files directly in `folder`: everything but folders, dotfiles and READMEs.
    static func inputs(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().compactMap { name in
            let path = folder + "/" + name
            var isDirectory: ObjCBool = false
            guard !name.hasPrefix("."), !name.hasPrefix("README"),
                FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { return nil }
            return path
        }
    }
}
