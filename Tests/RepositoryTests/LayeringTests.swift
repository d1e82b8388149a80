import Foundation
import TallyTestSupport
import Testing

/// The layers' imports: the syntax layer imports only the standard library, only the
/// language server knows JSON-RPC, nothing but the executable builds on the command
/// line, the executable is one thin file. Imports are read by `SwiftImports`, indented
/// and conditional ones too.
@Suite struct LayeringTests {
    /// Every module imported by a Swift file of `Sources/<target>`.
    static func imports(of target: String) throws -> Set<String> {
        try #require(try importsByTarget.get()[target], "no folder Sources/\(target)")
    }

    /// The imports of every target, read once for all the tests.
    static let importsByTarget = Result<[String: Set<String>], any Error> {
        var imports: [String: Set<String>] = [:]
        for target in try targets() {
            for file in try swiftFiles(of: target) {
                imports[target, default: []].formUnion(SwiftImports.modules(in: try String(contentsOfFile: file, encoding: .utf8)))
            }
        }
        return imports
    }

    /// The paths of the Swift files of `Sources/<target>`.
    static func swiftFiles(of target: String) throws -> [String] {
        let folder = TestSupport.path("Sources/" + target)
        let walker = try #require(FileManager.default.enumerator(atPath: folder))
        var files: [String] = []
        while let item = walker.nextObject() as? String {
            if item.hasSuffix(".swift") { files.append(folder + "/" + item) }
        }
        return files
    }

    /// The folders of `Sources`: every target the package builds from them.
    static func targets() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: TestSupport.path("Sources")).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// What each library may import beyond the standard library: the toolchain's modules
    /// it needs and the layers below it. A new library gets a row here.
    static let allowedImports: [(target: String, modules: Set<String>)] = [
        // The syntax layer imports nothing but the standard library's Synchronization (for
        // the trees' retired storage on Linux): no Foundation.
        ("TallySyntax", ["Synchronization"]),
        // Glibc gives freed memory back to the system (`FreedMemory`) and reads folders.
        // FoundationEssentials (Foundation without ICU) where it is enough, so that a
        // binary that needs no more can start without loading the rest (issue 39); the
        // standard library's Unicode decomposition (`@_spi(_Unicode) import Swift`) in
        // place of Foundation's folding.
        ("TallyCore", ["Foundation", "FoundationEssentials", "Glibc", "Darwin", "Dispatch", "Swift", "TallySyntax"]),
        ("TallyFormat", ["Foundation", "TallySyntax"]),
        // Statement reading is TallyImport's, not the core's, XML included (its own
        // reader); downloads go through the helper `tally-fetch`, spawned with Glibc's
        // posix_spawn. Never TallyInterop.
        ("TallyImport", ["Foundation", "FoundationEssentials", "Glibc", "Darwin", "Dispatch", "TallySyntax", "TallyCore"]),
        // The apps' exports are CSV files: TallyInterop reads them with TallyImport's CSV
        // reader rather than a second one.
        ("TallyInterop", ["Foundation", "FoundationEssentials", "Glibc", "TallySyntax", "TallyCore", "TallyFormat", "TallyImport"]),
        // Reports are the library every front end shares: no formatter, server or CLI in it.
        ("TallyReports", ["Foundation", "FoundationEssentials", "Glibc", "TallySyntax", "TallyCore"]),
        // The actions every front end parses into: below the CLI, the web app and the
        // language server, never one of them.
        ("TallyActions", ["Foundation", "FoundationEssentials", "Glibc", "TallySyntax", "TallyCore", "TallyFormat", "TallyImport", "TallyReports"]),
        // The web app sits beside the command line, not on it: the actions, reports, the
        // core, the system's sockets; never the language server or the CLI.
        ("TallyServe", ["Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Darwin", "TallySyntax", "TallyCore", "TallyReports", "TallyActions"])
    ]

    @Test(arguments: allowedImports.map(\.target))
    func eachLibraryImportsOnlyItsLayersAndTheToolchain(_ target: String) throws {
        let allowed = try #require(Self.allowedImports.first { $0.target == target }).modules
        #expect(try Self.imports(of: target).subtracting(allowed) == [], "\(target) imports more than its layers")
    }

    /// The command line is a front end: only the executable builds on it; the web app and
    /// the language server never import it. Every folder of `Sources` is read, so a new
    /// target is checked without being named here.
    @Test func onlyTheExecutableImportsTheCommandLine() throws {
        let targets = try Self.targets()
        #expect(targets.contains("TallyServe") && targets.contains("TallyLSP") && targets.contains("tally"))
        for target in targets where target != "tally" {
            #expect(!(try Self.imports(of: target)).contains("TallyCLI"), "\(target) imports TallyCLI")
        }
        #expect(try Self.imports(of: "tally").contains("TallyCLI"))
    }

    /// Foundation's networking (URLSession with libcurl and OpenSSL) and its XML parser
    /// (libxml2) are loaded only by the download helper: `tally` starts without them
    /// (issue 39). Every folder of `Sources` is read.
    @Test func onlyTheDownloadHelperImportsFoundationsNetworkingOrXML() throws {
        let targets = try Self.targets()
        #expect(targets.contains("tally-fetch"))
        for target in targets where target != "tally-fetch" {
            let heavy = try Self.imports(of: target).intersection(["FoundationNetworking", "FoundationXML"])
            #expect(heavy.isEmpty, "\(target) imports \(heavy.sorted())")
        }
    }

    @Test func theCommandLineNeverImportsTheTestSupport() throws {
        #expect(!(try Self.imports(of: "TallyCLI")).contains("TallyTestSupport"))
    }

    @Test func onlyTheLanguageServerSpeaksJSONRPC() throws {
        for target in ["TallySyntax", "TallyCore", "TallyImport", "TallyFormat", "TallyInterop", "TallyReports", "TallyServe", "TallyCLI", "tally"] {
            for file in try Self.swiftFiles(of: target) {
                let text = try String(contentsOfFile: file, encoding: .utf8)
                #expect(!text.contains("jsonrpc"), "\(file) mentions JSON-RPC")
            }
        }
    }

    @Test func theExecutableIsThin() throws {
        #expect(try FileManager.default.contentsOfDirectory(atPath: TestSupport.path("Sources/tally")) == ["main.swift"])
    }

    /// The language features answer in plain values: no file of `TallyLSP/Features` names a
    /// protocol type (comments aside), so only the server's conversion knows the client.
    @Test func languageFeaturesKnowNoProtocolTypes() throws {
        let folder = TestSupport.path("Sources/TallyLSP/Features")
        let protocolTypes = ["JSON", "LSPRange", "Position", "PositionEncoding", "ResponseError", "IncomingMessage", "OutgoingMessage", "Params"]
        for item in try FileManager.default.contentsOfDirectory(atPath: folder) where item.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + item, encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            for name in protocolTypes {
                #expect(code.range(of: "\\b\(name)\\b", options: .regularExpression) == nil, "Features/\(item) names \(name)")
            }
        }
    }

    /// The toolchain alone: the package declares no dependency.
    @Test func thePackageHasNoDependencies() throws {
        let manifest = try String(contentsOfFile: TestSupport.path("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains(".package("), "Package.swift declares a package dependency")
        #expect(!manifest.contains("dependencies: [.package"), "Package.swift declares a package dependency")
    }
}
