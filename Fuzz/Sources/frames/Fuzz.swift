import TallyFuzzChecks

/// libFuzzer's entry point for the `frames` target (see `FuzzTarget.frames`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.frames.run(data, size)
}
