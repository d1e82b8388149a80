import TallySyntax
import Testing

/// The one FNV-1a: movement ids and page versions are written with it, so it must stay
/// the published function (the reference vectors of its authors).
@Suite struct FNV1aTests {
    @Test func matchesTheReferenceVectors() {
        #expect(FNV1a.hash([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.hash("foobar".utf8) == 0x8594_4171_f739_67e8)
        #expect(FNV1a.hash("bar".utf8, from: FNV1a.hash("foo".utf8)) == FNV1a.hash("foobar".utf8))
        #expect(FNV1a.hex(0xaf63_dc4c_8601_ec8c) == "af63dc4c8601ec8c")
        #expect(FNV1a.hex(0x1f) == "000000000000001f")
    }
}
