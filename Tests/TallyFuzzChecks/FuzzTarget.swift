import Foundation

/// The fuzz targets and the one place their properties live.
///
/// Each target is a function from arbitrary bytes to a verdict: `nil` when every promise
/// held, else a description of the broken one. The libFuzzer executables in `Fuzz/` call
/// ``run(_:_:)``, which aborts on a broken promise so libFuzzer keeps the input; the
/// regression test (`Tests/TallyFuzzTests`) replays every kept input through ``check(_:)``.
/// Both go through the same functions, so the test cannot drift from the fuzzer.
///
/// A crash (a trap, an out-of-bounds access ASan sees, a stack overflow) is caught by
/// libFuzzer in the fuzzer and ends the test process in `swift test`, which fails it too.
///
/// Adding a target (the journal readers of `tally convert`, say): a case here, a file of
/// properties beside this one, an executable in `Fuzz/Package.swift`, seeds in
/// `Fuzz/Seeds/<target>/`, and a folder `Tests/TallyFuzzTests/Regressions/<target>/`.
/// `Fuzz/README.md` has the steps.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `Parser.parse`: lossless, well nested, diagnostics inside the file; re-reading after
    /// an edit and reading in chunks give the whole-file tree.
    case parser
    /// `Formatter`: only whitespace changes, idempotent, `edits` agree with `format`, no
    /// new syntax errors.
    case formatter
    /// `BudgetLoader` and `Interpreter` on one or more files, then every report query.
    case interpreter
    /// The language server's `FrameReader`: the same messages in any chunking, and exactly
    /// the bodies of a stream of well-formed frames.
    case frames
    /// The language server's `JSON.parse` and printer: printing what was parsed is a fixed
    /// point after one round.
    case json
    /// `StatementReader` (every statement format) under options chosen from the input, then the
    /// import plan: errors and rows inside the file, each movement added once.
    case statements
    /// `JournalConverter` (what `tally convert` reads) on a hledger, ledger or beancount
    /// journal: left-out lines inside the journal, a budget without syntax errors, as
    /// `tally fmt` lays it out.
    case journals

    /// Checks every promise of the target on `bytes`; nil when all held, else what broke.
    public func check(_ bytes: [UInt8]) -> String? {
        switch self {
        case .parser: return ParserProperties.check(bytes)
        case .formatter: return FormatterProperties.check(bytes)
        case .interpreter: return InterpreterProperties.check(bytes)
        case .frames: return FrameProperties.check(bytes)
        case .json: return JSONProperties.check(bytes)
        case .statements: return StatementProperties.check(bytes)
        case .journals: return JournalProperties.check(bytes)
        }
    }

    /// The body of `LLVMFuzzerTestOneInput`: checks the input and aborts on a broken
    /// promise, after printing it, so that libFuzzer stores the input as a crash.
    public func run(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        if let problem = check(bytes) {
            FileHandle.standardError.write(Data("\n== tally-fuzz \(rawValue): \(problem)\n".utf8))
            abort()
        }
        return 0
    }
}

/// Small helpers the properties share.
enum FuzzSupport {
    /// FNV-1a of the bytes: a deterministic seed derived from the input, so that a kept
    /// input replays the same choices (edit positions, chunk sizes) everywhere.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return h
    }

    /// A SplitMix64 step.
    static func next(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// A short, printable excerpt of bytes for a failure message.
    static func excerpt(_ bytes: some Collection<UInt8>, limit: Int = 200) -> String {
        let text = String(decoding: bytes.prefix(limit), as: UTF8.self).debugDescription
        return bytes.count > limit ? text + "… (\(bytes.count) bytes)" : text
    }
}
