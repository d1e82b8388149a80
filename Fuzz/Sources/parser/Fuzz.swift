import TallyFuzzChecks

/// libFuzzer's entry point for the `parser` target (see `FuzzTarget.parser`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.parser.run(data, size)
}
