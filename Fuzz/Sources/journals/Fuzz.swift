import TallyFuzzChecks

/// libFuzzer's entry point for the `journals` target (see `FuzzTarget.journals`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.journals.run(data, size)
}
