import Foundation

/// Runs the built `tally` executable, as a user would, and captures what it prints.
public struct TallyBinary {
    /// What a run printed on each stream, and its exit status.
    public struct Result {
        public var stdout: String
        public var stderr: String
        public var status: Int32

        public init(stdout: String, stderr: String, status: Int32) {
            self.stdout = stdout
            self.stderr = stderr
            self.status = status
        }
    }

    /// The executable next to the test bundle in the build folder.
    public static let url: URL = TestSupport.tallyExecutable

    /// Runs a `/bin/sh` script in the repository root, with `$TALLY` the executable: for
    /// what `Process` cannot set up, such as a closed or redirected standard input.
    public static func runShell(_ script: String, environment: [String: String] = [:]) throws -> Result {
        try run([], environment: environment, executable: URL(fileURLWithPath: "/bin/sh"), prefix: ["-c", script])
    }

    /// Runs `tally arguments` in `directory` (the repository root unless given) with a
    /// small fixed environment.
    public static func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
        in directory: URL = TestSupport.repositoryRoot,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Result {
        try run(arguments, stdin: stdin, environment: environment, directory: directory, executable: url, prefix: [])
    }

    private static func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String],
        directory: URL = TestSupport.repositoryRoot, executable: URL, prefix: [String]
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = prefix + arguments
        process.currentDirectoryURL = directory
        var env = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "TALLY_TODAY": "2026-11-22", "TALLY": url.path]
        env.merge(environment) { $1 }
        process.environment = env
        // Output goes to temporary files, so a large output can never block the child.
        let temporary = try TemporaryFolder("test")
        defer { temporary.remove() }
        let folder = temporary.url
        let outURL = folder.appendingPathComponent("out")
        let errURL = folder.appendingPathComponent("err")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let outData = try Data(contentsOf: outURL)
        let errData = try Data(contentsOf: errURL)
        return Result(
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }
}
