import Foundation
import TallyTestSupport
import Testing

/// Every `$ tally ...` sample in README.md prints what the README shows, run as a reader
/// would: in a folder holding the examples (and `household.tally`, a copy of the
/// household example), on any day, since each sample that depends on the date says
/// `--today`.
@Suite struct ReadmeSampleTests {
    /// The README's first command (`swift run -c release tally check …`) finds no problem,
    /// whatever day it is run on: it is checked as if run on a day years away.
    @Test func theFirstCommandIsCleanOnAnyDay() throws {
        let readme = try String(contentsOfFile: TestSupport.path("README.md"), encoding: .utf8)
        let line = try #require(readme.split(separator: "\n").first { $0.hasPrefix("swift run -c release tally ") })
        let command = line.dropFirst("swift run -c release tally ".count).split(separator: "#")[0]
        let arguments = command.split(separator: " ").map(String.init)
        #expect(arguments.first == "check")
        for day in ["2026-11-22", "2027-03-01", "2031-12-31"] {
            let result = try TallyBinary.run(arguments, environment: ["TALLY_TODAY": day])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "checked 1 file: no problems found\n", "on \(day)")
        }
    }

    @Test func everySampleReproduces() throws {
        let readme = try String(contentsOfFile: TestSupport.path("README.md"), encoding: .utf8)
        var samples: [(command: String, output: String)] = []
        var inBlock = false
        var current: (command: String, output: String)?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let sample = current { samples.append(sample) }
                current = nil
                inBlock.toggle()
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ tally ") {
                if let sample = current { samples.append(sample) }
                current = (String(line.dropFirst(2)), "")
            } else if current != nil {
                current!.output += line + "\n"
            }
        }
        #expect(samples.count >= 4)
        let temporary = try TemporaryFolder("readme")
        defer { temporary.remove() }
        let folder = temporary.url
        try FileManager.default.copyItem(at: TestSupport.repositoryRoot.appendingPathComponent("examples"), to: folder.appendingPathComponent("examples"))
        for sample in samples {
            // Each sample starts from the example as shipped.
            let copy = folder.appendingPathComponent("household.tally")
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: TestSupport.repositoryRoot.appendingPathComponent("examples/household.tally"), to: copy)
            let arguments = sample.command.split(separator: " ").dropFirst().map(String.init)
            // A day far from the samples' own: only `--today` may decide what they show.
            let result = try TallyBinary.run(arguments, environment: ["TALLY_TODAY": "2031-05-17"], in: folder)
            #expect(result.stdout == sample.output, "\(sample.command)")
        }
    }
}
