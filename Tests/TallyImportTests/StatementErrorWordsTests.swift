import TallyCore
import TallyImport
import Testing

/// A statement that cannot be read says how to name what it lacks in each front end's
/// words: `--encoding` on the command line, the profile's `encoding` on a page.
struct StatementErrorWordsTests {
    @Test(arguments: [
        ([UInt8]([0xFF, 0xFE, 0x41]), StatementEncoding?.none),  // a UTF-16 mark, then an odd byte
        ([0x41, 0xFF], .utf8)  // declared UTF-8, and not
    ])
    func anEncodingIsNamedByEachFrontEndsMeans(bytes: [UInt8], declared: StatementEncoding?) {
        #expect {
            try StatementEncoding.decode(bytes, declared: declared, path: "s.csv")
        } throws: { error in
            guard let error = error as? StatementError else { return false }
            let page = error.located.worded(.parameters)
            let flags = error.description
            return (flags.contains("encoding with --encoding (one of") || flags.contains("name it with --encoding (one of"))
                && page.contains("with `encoding` in the wallet's import profile (one of") && !page.contains("--") && page.hasPrefix("s.csv")
        }
    }
}
