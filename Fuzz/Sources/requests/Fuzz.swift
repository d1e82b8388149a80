import TallyFuzzChecks

/// libFuzzer's entry point for the `requests` target (see `FuzzTarget.requests`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.requests.run(data, size)
}
