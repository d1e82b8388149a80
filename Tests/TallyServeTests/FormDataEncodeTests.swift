import Testing

@testable import TallyServe

/// ``FormData/encode(_:)`` keeps ASCII letters, digits and `-._~`, and writes every
/// other byte of the UTF-8 as `%XX` in capitals.
struct FormDataEncodeTests {
    @Test func unreservedBytesAreKeptAndOthersEncoded() {
        #expect(FormData.encode("aZ09-._~") == "aZ09-._~")
        #expect(FormData.encode("a b/c?d=e&f") == "a%20b%2Fc%3Fd%3De%26f")
        // é is C3 A9 in UTF-8; a control byte keeps its leading zero.
        #expect(FormData.encode("é\u{1}") == "%C3%A9%01")
        for value in UInt8(0) ..< 0x80 {
            let kept = (0x30 ... 0x39).contains(value) || (0x41 ... 0x5A).contains(value) || (0x61 ... 0x7A).contains(value) || "-._~".utf8.contains(value)
            let hex = Array("0123456789ABCDEF")
            let expected = kept ? String(Unicode.Scalar(value)) : "%\(hex[Int(value / 16)])\(hex[Int(value % 16)])"
            #expect(FormData.encode(String(Unicode.Scalar(value))) == expected, "\(value)")
        }
        #expect(FormData.query([("file", "0"), ("fp", "ab cd")]) == "?file=0&fp=ab%20cd")
    }
}
