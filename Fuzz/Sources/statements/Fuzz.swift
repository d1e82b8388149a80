import TallyFuzzChecks

/// libFuzzer's entry point for the `statements` target (see `FuzzTarget.statements`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.statements.run(data, size)
}
