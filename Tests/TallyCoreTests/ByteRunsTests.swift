import Testing

@testable import TallyCore

/// ``ByteRuns`` compares eight bytes at a time or with memcmp: each answer is checked
/// against the plain byte-by-byte one, at lengths around the eight-byte steps.
@Suite struct ByteRunsTests {
    private func naivePrefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var i = 0
        while i < min(a.count, b.count) && a[i] == b[i] { i += 1 }
        return i
    }

    private func naiveSuffix(_ a: [UInt8], _ b: [UInt8], skip: Int) -> Int {
        var n = 0
        while n < min(a.count, b.count) - skip && a[a.count - 1 - n] == b[b.count - 1 - n] { n += 1 }
        return n
    }

    @Test func handPickedCases() {
        let text = Array("2026-01-02 Cash Food -3.00\n".utf8)
        #expect(ByteRuns.equal(text[...], text))
        #expect(!ByteRuns.equal(text.dropLast(), text))
        #expect(ByteRuns.equal([][...], []))
        #expect(ByteRuns.starts(text + Array("more".utf8), with: text))
        #expect(ByteRuns.starts(text, with: []))
        #expect(!ByteRuns.starts(Array(text.dropLast()), with: text))
        // "abcdefghij" and "abcdefgXij": 7 in common at the start, 2 at the end.
        let a = Array("abcdefghij".utf8), b = Array("abcdefgXij".utf8)
        #expect(ByteRuns.commonPrefix(a, b) == 7)
        #expect(ByteRuns.commonSuffix(a, b, skip: 7) == 2)
        // An insertion of "xy" into "aaaaaaaaaa" after 4 bytes: the prefix takes all 10
        // of the shorter text, so nothing is left for the suffix.
        let before = Array(repeating: UInt8(ascii: "a"), count: 10)
        let after = Array(before[..<4]) + Array("xy".utf8) + Array(before[4...])
        #expect(ByteRuns.commonPrefix(before, after) == 4)
        #expect(ByteRuns.commonSuffix(before, after, skip: 4) == 6)
    }

    @Test func agreesWithTheByteByByteAnswer() {
        var generator = SystemRandomNumberGenerator()
        for length in 0 ... 40 {
            for _ in 0 ..< 20 {
                let a = (0 ..< length).map { _ in UInt8.random(in: 0 ... 2, using: &generator) }
                var b = a
                if !b.isEmpty && Bool.random(using: &generator) { b[Int.random(in: 0 ..< b.count, using: &generator)] = 7 }
                if Bool.random(using: &generator) { b.append(contentsOf: [1, 2, 3].prefix(Int.random(in: 0 ... 3, using: &generator))) }
                let start = naivePrefix(a, b)
                #expect(ByteRuns.commonPrefix(a, b) == start)
                #expect(ByteRuns.commonSuffix(a, b, skip: start) == naiveSuffix(a, b, skip: start))
                #expect(ByteRuns.equal(a[...], b) == (a == b))
                #expect(ByteRuns.starts(b, with: a) == b.starts(with: a))
            }
        }
    }
}
