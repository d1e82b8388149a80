import TallyCore
import TallyReports

/// `-o/--output FILE` of every report: the report is made as it would be for standard
/// output, in the format the file's extension names (`.txt`, `.csv`, `.json`, `.html`),
/// and written to FILE atomically (all or nothing, permissions of an earlier file kept).
/// Nothing is written when the report fails; a budget (`.tally`) is never replaced.
enum OutputFile {
    /// `-o/--output`, which every report takes.
    static let flag = FlagDeclaration(
        "-o", "--output", value: "FILE",
        help: """
            Write the report to FILE (atomically); the format
            follows its extension: .txt, .csv, .json or .html
            """)

    static let formats = ["txt": "text", "text": "text", "csv": "csv", "json": "json", "html": "html", "htm": "html"]

    /// Runs `command` with `arguments`; when they name an output file, the report goes
    /// there instead of standard output. Returns the exit code.
    static func run(_ command: any Subcommand.Type, _ arguments: [String], console: Console) -> Int32 {
        let split: (path: String, rest: [String])?
        do { split = try outputPath(arguments, command: command.name) } catch {
            console.err("tally \(command.name): \(error.message)\n")
            return ExitCode.usage
        }
        guard let (path, rest) = split else { return command.run(arguments, console: console) }
        if path == "-" { return command.run(rest, console: console) }
        let buffer = Console.capturing(environment: console.environment, terminal: false)
        let status = command.run(rest, console: buffer)
        buffer.flush()
        if !buffer.capturedErr.isEmpty { console.err(buffer.capturedErr) }
        guard status == ExitCode.success else {
            console.out(buffer.capturedOut)
            return status
        }
        do {
            try AtomicFile.write(Array(buffer.capturedOut.utf8), to: path)
        } catch {
            console.err("tally \(command.name): cannot write `\(path)`: \(error.reason)\n")
            return ExitCode.usage
        }
        return status
    }

    /// The output file and the arguments without `-o FILE`, with `--format` added from
    /// the extension when not given; nil without `-o`.
    static func outputPath(_ arguments: [String], command: String) throws(UsageError) -> (String, [String])? {
        var path: String?
        var rest: [String] = []
        var format: String?
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" { rest += arguments[i...]; break }
            var value: String?
            if argument == "-o" || argument == "--output" {
                guard i + 1 < arguments.count else { throw UsageError("`--output` needs a file name") }
                value = arguments[i + 1]
                i += 2
            } else if argument.hasPrefix("--output=") {
                value = String(argument.dropFirst("--output=".count))
                i += 1
            } else {
                if argument == "--format", i + 1 < arguments.count { format = arguments[i + 1] }
                if argument.hasPrefix("--format=") { format = String(argument.dropFirst("--format=".count)) }
                rest.append(argument)
                i += 1
                continue
            }
            guard let value, !value.isEmpty else { throw UsageError("`--output` needs a file name") }
            if let path, path != value { throw UsageError("`--output` given twice, as `\(path)` and `\(value)`; choose one") }
            path = value
        }
        guard let path else { return nil }
        if path == "-" { return (path, rest) }  // handled below as standard output
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.contains(".") ? String(name.split(separator: ".").last!).lowercased() : ""
        if ext == "tally" { throw UsageError("`--output`: will not write `\(path)`: it is named like a budget file") }
        let implied = formats[ext]
        switch (format, implied) {
        case (let given?, let implied?) where given != implied:
            throw UsageError("`--output \(path)` means \(implied), `--format` asks for \(given); use one or the other")
        case (nil, let implied?):
            rest += ["--format", implied]
        case (nil, nil):
            throw UsageError("`--output`: cannot tell the format of `\(path)`; name it .txt, .csv, .json or .html, or give --format")
        default: break
        }
        return (path, rest)
    }
}
