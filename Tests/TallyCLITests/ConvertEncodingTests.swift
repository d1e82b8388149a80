import Foundation
import TallyTestSupport
import Testing

/// A journal saved in UTF-16 with a byte order mark (what Windows editors call
/// "Unicode") converts as its UTF-8 copy does; one without the mark, or in UTF-32, is
/// refused with the reason (issue 22: it used to convert, exit 0, into an almost empty
/// budget with every line listed).
@Suite struct ConvertEncodingTests {
    static let journal = """
        2024-01-01 Eröffnung
            assets:girokonto       1000.00 EUR
            equity:opening balances

        2024-01-02 Bäckerei
            expenses:lebensmittel     4.20 EUR
            assets:girokonto

        """

    static func utf16(_ text: String, littleEndian: Bool) -> Data {
        var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        for unit in text.utf16 {
            let (low, high) = (UInt8(unit & 0xFF), UInt8(unit >> 8))
            bytes += littleEndian ? [low, high] : [high, low]
        }
        return Data(bytes)
    }

    @Test(arguments: [true, false])
    func aUTF16JournalWithAByteOrderMarkConvertsAsItsUTF8Copy(littleEndian: Bool) throws {
        let folder = try TemporaryFolder("convert-utf16")
        defer { folder.remove() }
        let plain = try folder.write(Self.journal, to: "plain.journal")
        let wide = folder.url.appendingPathComponent("wide.journal").path
        try Self.utf16(Self.journal, littleEndian: littleEndian).write(to: URL(fileURLWithPath: wide))
        let expected = TallyInProcess.run(["convert", plain, "--today", "2024-02-01"])
        let converted = TallyInProcess.run(["convert", wide, "--today", "2024-02-01"])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(converted.stderr.isEmpty, "nothing listed: \(converted.stderr)")
        // The same budget, but for the name of the file it came from.
        #expect(converted.stdout == expected.stdout.replacingOccurrences(of: "plain.journal", with: "wide.journal"))
        #expect(converted.stdout.contains("\"Bäckerei\"  girokonto  lebensmittel  -4.20"), "\(converted.stdout)")
    }

    @Test func utf16WithoutAMarkAndUTF32AreRefusedWithTheReason() throws {
        let folder = try TemporaryFolder("convert-utf16-bare")
        defer { folder.remove() }
        let bare = folder.url.appendingPathComponent("bare.journal").path
        try Self.utf16(Self.journal, littleEndian: true).dropFirst(2).write(to: URL(fileURLWithPath: bare))
        let refused = TallyInProcess.run(["convert", bare])
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("cannot read `\(bare)`: the file holds NUL bytes: it looks like UTF-16 without a byte order mark; save it as UTF-8"), "\(refused.stderr)")

        let wide = folder.url.appendingPathComponent("wide.journal").path
        try Data([0xFF, 0xFE, 0, 0, 0x32, 0, 0, 0]).write(to: URL(fileURLWithPath: wide))
        let utf32 = TallyInProcess.run(["convert", wide])
        #expect(utf32.status == 2)
        #expect(utf32.stderr.contains("UTF-32"), "\(utf32.stderr)")
    }
}
