#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Comparing whole files' bytes at memory speed. A write compares the budget as it was
/// read with the file on disk and with the text it writes: three passes over a large
/// file, which the generic `elementsEqual`, `starts(with:)` and a byte-by-byte loop made
/// cost about 40 instructions a byte (415 M of the 3.4 G instructions of the import that
/// `python3 Benchmarks/import_bench.py speed` times, run under `valgrind --tool=callgrind`,
/// 2026-11-29).
public enum ByteRuns {
    /// Whether `a` and `b` hold the same bytes.
    public static func equal(_ a: ArraySlice<UInt8>, _ b: [UInt8]) -> Bool {
        a.count == b.count && same(a, b, count: a.count)
    }

    /// Whether `bytes` begins with `prefix`.
    public static func starts(_ bytes: [UInt8], with prefix: [UInt8]) -> Bool {
        bytes.count >= prefix.count && same(bytes[...], prefix, count: prefix.count)
    }

    /// How many bytes `a` and `b` have in common at their start.
    public static func commonPrefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                let shorter = min(a.count, b.count)
                var i = 0
                // Eight bytes at a time while they agree, then byte by byte.
                let ra = UnsafeRawBufferPointer(a), rb = UnsafeRawBufferPointer(b)
                while i + 8 <= shorter && ra.loadUnaligned(fromByteOffset: i, as: UInt64.self) == rb.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                    i += 8
                }
                while i < shorter && a[i] == b[i] { i += 1 }
                return i
            }
        }
    }

    /// How many bytes `a` and `b` have in common at their end, not counting the first
    /// `skip` of either (which a common prefix already took).
    public static func commonSuffix(_ a: [UInt8], _ b: [UInt8], skip: Int) -> Int {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                let limit = min(a.count, b.count) - skip
                var n = 0
                let ra = UnsafeRawBufferPointer(a), rb = UnsafeRawBufferPointer(b)
                while n + 8 <= limit
                    && ra.loadUnaligned(fromByteOffset: a.count - n - 8, as: UInt64.self)
                        == rb.loadUnaligned(fromByteOffset: b.count - n - 8, as: UInt64.self)
                {
                    n += 8
                }
                while n < limit && a[a.count - 1 - n] == b[b.count - 1 - n] { n += 1 }
                return max(n, 0)
            }
        }
    }

    private static func same(_ a: ArraySlice<UInt8>, _ b: [UInt8], count: Int) -> Bool {
        guard count > 0 else { return true }
        return a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in memcmp(a.baseAddress!, b.baseAddress!, count) == 0 } }
    }
}
