import TallyFuzzChecks

/// libFuzzer's entry point for the `json` target (see `FuzzTarget.json`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.json.run(data, size)
}
