import TallyFuzzChecks

/// libFuzzer's entry point for the `formatter` target (see `FuzzTarget.formatter`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.formatter.run(data, size)
}
