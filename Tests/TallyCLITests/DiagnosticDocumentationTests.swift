import Foundation
import TallySyntax
import TallyTestSupport
import XCTest

/// Every diagnostic code is documented in docs/diagnostics.md and triggered by a fixture;
/// every documented code exists.
final class DiagnosticDocumentationTests: XCTestCase {
    func testEveryCodeIsDocumentedAndEveryDocumentedCodeExists() throws {
        let docs = try String(contentsOfFile: TestSupport.path("docs/diagnostics.md"), encoding: .utf8)
        let documented = Set(docs.components(separatedBy: "\n").filter { $0.hasPrefix("## ") }.compactMap { line in
            line.dropFirst(3).split(separator: " ").first.map(String.init)
        })
        let codes = Set(DiagnosticCode.all.map(\.rawValue))
        XCTAssertEqual(codes.subtracting(documented).sorted(), [], "codes without documentation")
        XCTAssertEqual(documented.subtracting(codes).sorted(), [], "documented codes that do not exist")
        for code in DiagnosticCode.all {
            // Each section has its title and an example in a code block.
            guard let start = docs.range(of: "## \(code.rawValue) ") else { continue }
            let body = docs[start.upperBound...].components(separatedBy: "\n## ").first ?? ""
            XCTAssertTrue(body.contains("```tally"), "\(code) has no example")
            XCTAssertTrue(body.lowercased().contains(code.title.lowercased()), "\(code) section should name its title: \(code.title)")
        }
    }

    func testEveryCodeIsTriggeredByAFixture() throws {
        var outputs = ""
        for file in TestSupport.files(in: "examples/errors", withExtension: "expected") {
            outputs += try String(contentsOfFile: file, encoding: .utf8)
        }
        for file in TestSupport.files(in: "Tests/TallySyntaxTests/Fixtures/parser/err", withExtension: "tree") {
            outputs += String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
        }
        for code in DiagnosticCode.all {
            XCTAssertTrue(outputs.contains("[\(code.rawValue)]"), "no fixture triggers \(code)")
        }
    }

    func testEachCodeHasAnErrorExampleNamedAfterIt() {
        let names = TestSupport.files(in: "examples/errors", withExtension: "tally").map { ($0 as NSString).lastPathComponent }
        for code in DiagnosticCode.all {
            XCTAssertTrue(names.contains { $0.hasPrefix(code.rawValue + "-") }, "examples/errors has no file for \(code)")
        }
    }
}
