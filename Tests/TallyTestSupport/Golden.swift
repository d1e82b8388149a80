import Foundation

/// Helpers shared by the test targets: where the repository is, and golden files.
public enum TestSupport {
    /// The repository's root folder, found from this source file's path.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `tally` executable next to the test bundle in the build folder.
    public static let tallyExecutable: URL = {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundleFolder, bundleFolder.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("tally")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return repositoryRoot.appendingPathComponent(".build/debug/tally")
    }()

    /// A path inside the repository.
    public static func path(_ relative: String) -> String {
        repositoryRoot.appendingPathComponent(relative).path
    }

    /// True when golden files should be rewritten instead of compared (`TALLY_RECORD=1`).
    public static var recording: Bool {
        let value = ProcessInfo.processInfo.environment["TALLY_RECORD"] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// Compares `actual` with the golden file at `path`. When recording, or when the file
    /// does not exist yet, writes it and reports that as a failure so a missing golden
    /// file never passes silently. Returns nil when they match, else a message.
    public static func compareGolden(_ actual: String, path: String) -> String? {
        let existing = try? String(contentsOfFile: path, encoding: .utf8)
        if recording || existing == nil {
            try? actual.write(toFile: path, atomically: true, encoding: .utf8)
            if existing == actual { return nil }
            return recording ? nil : "recorded missing golden file \(path); check it and run the tests again"
        }
        if existing == actual { return nil }
        return "output differs from \(path) (set TALLY_RECORD=1 to re-record after a deliberate change)\n" + diff(existing ?? "", actual)
    }

    /// A short line diff: the first lines that differ, with line numbers.
    public static func diff(_ expected: String, _ actual: String) -> String {
        let a = expected.components(separatedBy: "\n")
        let b = actual.components(separatedBy: "\n")
        var out: [String] = []
        for i in 0 ..< max(a.count, b.count) where out.count < 24 {
            let x = i < a.count ? a[i] : "<missing>"
            let y = i < b.count ? b[i] : "<missing>"
            if x != y {
                out.append("line \(i + 1):\n  expected: \(x)\n  actual:   \(y)")
            }
        }
        return out.joined(separator: "\n")
    }

    /// Files in a repository folder with the extension, sorted by name.
    public static func files(in folder: String, withExtension ext: String) -> [String] {
        let directory = path(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { directory + "/" + $0 }
    }

    /// Every `.tally` file in the repository's examples and test fixtures.
    public static func allTallyFiles() -> [String] {
        var result: [String] = []
        for root in ["examples", "Tests"] {
            let base = path(root)
            guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
            while let item = walker.nextObject() as? String {
                if item.hasSuffix(".tally") { result.append(base + "/" + item) }
            }
        }
        return result.sorted()
    }

    /// A small deterministic random number generator (SplitMix64) for property tests.
    public struct SeededGenerator: RandomNumberGenerator {
        private var state: UInt64
        /// Creates a generator from a seed.
        public init(seed: UInt64) { state = seed }
        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
