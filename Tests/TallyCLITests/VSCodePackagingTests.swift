import Foundation
import TallyTestSupport
import XCTest

/// Packaging the VS Code extension is one documented step that asks nothing:
/// `editors/vscode/package.sh`. vsce stops to ask when the manifest has no `repository`
/// or the folder no LICENSE; both are there. The npm registry is out of reach of the
/// tests, so the script runs here with stand-ins for node, npm and npx that record what
/// they are asked to do and whether anything could answer a question.
final class VSCodePackagingTests: XCTestCase {
    func testTheManifestAndFolderHaveWhatVsceAsksFor() throws {
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: TestSupport.path("editors/vscode/package.json")))) as? [String: Any])
        let repository = try XCTUnwrap(manifest["repository"] as? [String: Any], "vsce asks when `repository` is missing")
        XCTAssertEqual(repository["type"] as? String, "git")
        XCTAssertEqual(repository["directory"] as? String, "editors/vscode")
        let license = try String(contentsOfFile: TestSupport.path("editors/vscode/LICENSE"), encoding: .utf8)
        XCTAssertTrue(license.hasPrefix("MIT License"), "the LICENSE matches the manifest's `license`")
        XCTAssertEqual(manifest["license"] as? String, "MIT")
        let ignored = try String(contentsOfFile: TestSupport.path("editors/vscode/.vscodeignore"), encoding: .utf8)
        XCTAssertTrue(ignored.contains("package.sh") && ignored.contains("*.vsix"), "the packager itself is not packaged")
    }

    func testPackageScriptRunsNpmAndVsceWithoutAsking() throws {
        let bash = try ExternalTool.require("bash")
        let temporary = try TemporaryFolder("vsce")
        defer { temporary.remove() }
        let folder = temporary.url
        let bin = folder.appendingPathComponent("bin"), log = folder.appendingPathComponent("log")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // Each stand-in logs its arguments and whether its standard input had anything
        // to read (a question would be answered by it); npx's `vsce package --out F`
        // writes F.
        for (tool, action) in [
            ("node", "echo 0.1.0"),
            ("npm", ""),
            ("npx", #"while [ $# -gt 0 ]; do [ "$1" = --out ] && : > "$2"; shift; done"#)
        ] {
            let stub = bin.appendingPathComponent(tool)
            try Data(
                """
                #!/bin/sh
                if IFS= read -r line; then input=yes; else input=no; fi
                echo "\(tool) $* (input: $input)" >> "\(log.path)"
                \(action)

                """.utf8
            ).write(to: stub)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
        }
        let vsix = URL(fileURLWithPath: TestSupport.path("editors/vscode/tally-0.1.0.vsix"))
        defer { try? FileManager.default.removeItem(at: vsix) }
        // "y" waits on the script's own standard input: the tools must never see it.
        let result = try bash.run(
            ["-c", "printf 'y\\ny\\n' | editors/vscode/package.sh"],
            environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        XCTAssertEqual(result.status, 0, result.output)
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, lines.joined(separator: "\n"))
        XCTAssertTrue(lines[0].hasPrefix("node -p ") && lines[0].hasSuffix("(input: no)"), lines[0])
        XCTAssertEqual(lines[1], "npm install --omit=dev --no-package-lock --no-audit --no-fund (input: no)")
        XCTAssertEqual(lines[2], "npx --yes @vscode/vsce@3 package --out tally-0.1.0.vsix (input: no)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: vsix.path))
        XCTAssertTrue(result.stdout.contains("install it with: code --install-extension editors/vscode/tally-0.1.0.vsix"), result.output)

        // Without Node.js: a clear message and exit 2, not a hang or a shell error.
        let missing = try bash.run(["editors/vscode/package.sh"], environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(missing.status, 2, missing.output)
        XCTAssertTrue(missing.stderr.contains("`node` is needed"), missing.output)
    }
}
