import Foundation
import TallyTestSupport
import Testing

/// What the dynamic linker loads when `tally` starts: Foundation's networking and XML
/// libraries (libcurl, OpenSSL, libxml2 behind them) are the download helper's alone, and
/// `tally` needs only FoundationEssentials, not Foundation with ICU (issue 39). Read from
/// the executable's ELF `NEEDED` entries (`readelf -d`); skipped where readelf is missing.
@Suite struct StartupLinkingTests {
    static let readelf = ["/usr/bin/readelf", "/bin/readelf"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The libraries `executable` names as NEEDED.
    static func needed(_ executable: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(readelf))
        process.arguments = ["-d", executable]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "readelf -d \(executable) failed")
        // `0x0000000000000001 (NEEDED)  Shared library: [libFoundationEssentials.so]`
        return text.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            guard let open = line.lastIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open) ..< close])
        }
    }

    @Test(.enabled(if: readelf != nil, "readelf is not installed"))
    func tallyLinksNeitherNetworkingNorXMLNorFoundationWithICU() throws {
        let libraries = try Self.needed(TallyBinary.url.path)
        // A check that reads nothing would pass: the executable needs the Swift runtime.
        #expect(libraries.contains("libswiftCore.so"), "NEEDED of tally: \(libraries)")
        for heavy in ["libFoundationNetworking.so", "libFoundationXML.so", "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(!libraries.contains(heavy), "tally links \(heavy)")
        }
    }

    @Test(.enabled(if: readelf != nil, "readelf is not installed"))
    func theDownloadHelperLinksNetworking() throws {
        let helper = TallyBinary.url.deletingLastPathComponent().appendingPathComponent("tally-fetch").path
        #expect(try Self.needed(helper).contains("libFoundationNetworking.so"))
    }
}
