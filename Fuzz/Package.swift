// swift-tools-version:6.0
// The libFuzzer targets of Tally (README.md here). A package of its own, so that the main
// package's `swift build` and `swift test` never see them: build with
//
//     swift build --package-path Fuzz -c release --sanitize=fuzzer --sanitize=address
//
// or, simpler, `Fuzz/run.sh TARGET SECONDS`. Each target is one file calling
// `FuzzTarget.run`; the properties live in the root package's `TallyFuzzChecks`, which
// the regression test replays too.
import PackageDescription

let targets = ["parser", "formatter", "interpreter", "frames", "json", "statements", "journals", "requests"]

let package = Package(
    name: "TallyFuzz",
    products: targets.map { .executable(name: "fuzz-\($0)", targets: ["fuzz-\($0)"]) },
    dependencies: [.package(name: "Tally", path: "..")],
    targets: targets.map { name in
        .executableTarget(
            name: "fuzz-\(name)",
            dependencies: [.product(name: "TallyFuzzChecks", package: "Tally")],
            path: "Sources/\(name)",
            // libFuzzer brings `main`; the file only defines `LLVMFuzzerTestOneInput`.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    }
)
