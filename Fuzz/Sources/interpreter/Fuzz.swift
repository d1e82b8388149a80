import TallyFuzzChecks

/// libFuzzer's entry point for the `interpreter` target (see `FuzzTarget.interpreter`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.interpreter.run(data, size)
}
