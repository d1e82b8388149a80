import Foundation
import TallyTestSupport
import XCTest

/// The layers' imports: the syntax layer imports nothing, only the language server knows
/// JSON-RPC, the executable is one thin file.
final class LayeringTests: XCTestCase {
    private func imports(of target: String) throws -> Set<String> {
        let folder = TestSupport.path("Sources/" + target)
        var result = Set<String>()
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: folder))
        while let item = walker.nextObject() as? String {
            guard item.hasSuffix(".swift") else { continue }
            let text = try String(contentsOfFile: folder + "/" + item, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                result.insert(String(line.dropFirst("import ".count)))
            }
        }
        return result
    }

    func testTheSyntaxLayerImportsNothing() throws {
        XCTAssertEqual(try imports(of: "TallySyntax"), [])
    }

    func testLowerLayersNeverImportHigherOnes() throws {
        XCTAssertEqual(try imports(of: "TallyCore").subtracting(["Foundation", "TallySyntax"]), [])
        XCTAssertEqual(try imports(of: "TallyFormat").subtracting(["Foundation", "TallySyntax"]), [])
        // FoundationXML is the toolchain's XML parser (split from Foundation on Linux),
        // which reads CAMT.053 statements: statement reading is TallyImport's, not the core's.
        XCTAssertEqual(try imports(of: "TallyImport").subtracting(["Foundation", "FoundationXML", "TallySyntax", "TallyCore"]), [])
        XCTAssertFalse(try imports(of: "TallyCLI").contains("TallyTestSupport"))
        // The apps' exports are CSV files: TallyInterop reads them with TallyImport's CSV
        // reader rather than a second one. TallyImport never imports TallyInterop.
        XCTAssertEqual(try imports(of: "TallyInterop").subtracting(["Foundation", "TallySyntax", "TallyCore", "TallyFormat", "TallyImport"]), [])
        XCTAssertFalse(try imports(of: "TallyImport").contains("TallyInterop"))
        // Reports are the library every front end shares: no formatter, server or CLI in it.
        XCTAssertEqual(try imports(of: "TallyReports").subtracting(["Foundation", "TallySyntax", "TallyCore"]), [])
    }

    func testOnlyTheLanguageServerSpeaksJSONRPC() throws {
        for target in ["TallySyntax", "TallyCore", "TallyImport", "TallyFormat", "TallyInterop", "TallyReports", "TallyCLI", "tally"] {
            let folder = TestSupport.path("Sources/" + target)
            let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: folder))
            while let item = walker.nextObject() as? String {
                guard item.hasSuffix(".swift") else { continue }
                let text = try String(contentsOfFile: folder + "/" + item, encoding: .utf8)
                XCTAssertFalse(text.contains("jsonrpc"), "\(target)/\(item) mentions JSON-RPC")
            }
        }
    }

    func testTheExecutableIsThin() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: TestSupport.path("Sources/tally"))
        XCTAssertEqual(files, ["main.swift"])
    }

    /// The language features answer in plain values: no file of `TallyLSP/Features` names a
    /// protocol type (comments aside), so only the server's conversion knows the client.
    func testLanguageFeaturesKnowNoProtocolTypes() throws {
        let folder = TestSupport.path("Sources/TallyLSP/Features")
        let protocolTypes = ["JSON", "LSPRange", "Position", "PositionEncoding", "ResponseError", "IncomingMessage", "OutgoingMessage", "Params"]
        for item in try FileManager.default.contentsOfDirectory(atPath: folder) where item.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + item, encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            for name in protocolTypes {
                XCTAssertNil(code.range(of: "\\b\(name)\\b", options: .regularExpression), "Features/\(item) names \(name)")
            }
        }
    }

    /// The toolchain alone: the package declares no dependency.
    func testThePackageHasNoDependencies() throws {
        let manifest = try String(contentsOfFile: TestSupport.path("Package.swift"), encoding: .utf8)
        XCTAssertFalse(manifest.contains(".package("), "Package.swift declares a package dependency")
        XCTAssertFalse(manifest.contains("dependencies: [.package"), "Package.swift declares a package dependency")
    }
}
