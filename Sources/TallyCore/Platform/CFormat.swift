#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// `format` filled by C's `printf` rules (`%.1f`, `%d`, `%5s` of a C string…): what
    /// Foundation's `String(format:)` does for these, without loading Foundation. No `%@`.
    public init(cFormat format: String, _ arguments: any CVarArg...) {
        var buffer = [CChar](repeating: 0, count: 64)
        while true {
            let needed = buffer.withUnsafeMutableBufferPointer { out in
                withVaList(arguments) { vsnprintf(out.baseAddress, out.count, format, $0) }
            }
            if needed < 0 {
                self = ""
                return
            }
            if Int(needed) < buffer.count {
                self = String(decoding: buffer[..<Int(needed)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                return
            }
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
        }
    }
}
