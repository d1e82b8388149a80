// swift-tools-version:6.0
// Tally: a plain-text budget format and its toolchain.
// No package dependencies: the Swift toolchain alone.
import PackageDescription

let package = Package(
    name: "Tally",
    products: [
        .executable(name: "tally", targets: ["tally"]),
        .executable(name: "tally-fetch", targets: ["tally-fetch"]),
        .library(name: "TallySyntax", targets: ["TallySyntax"]),
        .library(name: "TallyCore", targets: ["TallyCore"]),
        .library(name: "TallyReports", targets: ["TallyReports"]),
        .library(name: "TallyImport", targets: ["TallyImport"]),
        .library(name: "TallyActions", targets: ["TallyActions"]),
        .library(name: "TallyServe", targets: ["TallyServe"]),
        // Not an API: the properties the fuzz targets check, for the package in `Fuzz/`
        // (which can reach only products) and the regression test. See Fuzz/README.md.
        .library(name: "TallyFuzzChecks", targets: ["TallyFuzzChecks"])
    ],
    targets: [
        // Source text, lexer, parser, lossless syntax tree, diagnostics. Standard library only.
        .target(name: "TallySyntax"),
        // Semantic layer: loading a budget with its includes, the model, the interpreter and
        // the reports' queries.
        .target(name: "TallyCore", dependencies: ["TallySyntax"]),
        // Bank statements (CSV, OFX, CAMT.053 with its own XML reader), the categorizer and
        // the import plan, for `tally import` and the editor's quick fix on I0601.
        .target(name: "TallyImport", dependencies: ["TallySyntax", "TallyCore"]),
        // The formatter. Depends on the syntax layer only.
        .target(name: "TallyFormat", dependencies: ["TallySyntax"]),
        // The language server; the only target that knows JSON-RPC.
        .target(name: "TallyLSP", dependencies: ["TallySyntax", "TallyCore", "TallyImport", "TallyFormat"]),
        // Writers and readers of the peers' formats (hledger, ledger, beancount) and
        // readers of budgeting apps' CSV exports (through TallyImport's CSV reading).
        .target(name: "TallyInterop", dependencies: ["TallySyntax", "TallyCore", "TallyFormat", "TallyImport"]),
        // What every front end asks of a budget for reports: periods, queries, loading for
        // reports, each report's figures and its JSON, the HTML page (the CLI, the editor,
        // `tally serve`).
        .target(name: "TallyReports", dependencies: ["TallySyntax", "TallyCore"]),
        // What a person does to a budget — add, record, fill and move, import, check — each a
        // typed request and a typed result, written through the one guarded writer. Every
        // front end (the CLI, `tally serve`, the language server) parses into these.
        .target(name: "TallyActions", dependencies: ["TallySyntax", "TallyCore", "TallyFormat", "TallyImport", "TallyReports"]),
        // `tally serve`: a local web app over the budget (HTTP/1.1 on the system's sockets,
        // pages, the reports' JSON, forms that write through the edit pipeline).
        .target(name: "TallyServe", dependencies: ["TallySyntax", "TallyCore", "TallyReports", "TallyActions"]),
        // Subcommands, argument parsing and output rendering for the `tally` executable.
        .target(name: "TallyCLI", dependencies: ["TallySyntax", "TallyCore", "TallyImport", "TallyReports", "TallyFormat", "TallyLSP", "TallyInterop", "TallyServe", "TallyActions"]),
        // The executable: a thin `main` that hands over to TallyCLI, told the commit it is
        // built from by the plugin below (`tally --version`).
        .executableTarget(name: "tally", dependencies: ["TallyCLI"], plugins: ["BuildCommit"]),
        // Writes the commit (TALLY_BUILD_COMMIT, else git's) before each build; nil when
        // neither knows it. Part of this package: no dependency.
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // The download helper `tally` runs for a bank feed's request (ProcessFetcher): the
        // only target that links Foundation's networking, so `tally` starts without it.
        .executableTarget(name: "tally-fetch", dependencies: ["TallyImport"]),

        // Helpers shared by the tests: repository paths, golden files, seeded randomness,
        // temporary folders.
        .target(name: "TallyTestSupport", path: "Tests/TallyTestSupport"),
        .testTarget(name: "TallySyntaxTests", dependencies: ["TallySyntax", "TallyTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TallyCoreTests", dependencies: ["TallyCore", "TallyTestSupport"], exclude: ["Scenarios"]),
        .testTarget(name: "TallyImportTests", dependencies: ["TallyImport", "TallyCore", "TallySyntax", "TallyTestSupport", "tally-fetch"], exclude: ["Fixtures"]),
        .testTarget(name: "TallyFormatTests", dependencies: ["TallyFormat", "TallySyntax", "TallyCore", "TallyTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TallyLSPTests", dependencies: ["TallyLSP", "TallyTestSupport"]),
        .testTarget(name: "TallyReportsTests", dependencies: ["TallyReports", "TallyCore", "TallySyntax", "TallyTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TallyCLITests", dependencies: ["TallyCLI", "tally", "tally-fetch", "TallyTestSupport", "TallySyntax", "TallyCore", "TallyReports", "TallyInterop"], exclude: ["Fixtures"]),
        .testTarget(name: "TallyActionsTests", dependencies: ["TallyActions", "TallyCore", "TallyFormat", "TallySyntax", "TallyTestSupport"]),
        // Checks of the repository as a whole rather than of one layer: the layers' imports,
        // the documentation against the code, the guides' and the README's commands, the
        // examples' layout.
        .testTarget(name: "RepositoryTests", dependencies: ["TallySyntax", "TallyTestSupport", "tally", "tally-fetch"]),
        .testTarget(name: "TallyServeTests", dependencies: ["TallyServe", "tally", "TallyReports", "TallyCore", "TallySyntax", "TallyTestSupport"]),
        .testTarget(name: "TallyLSPFeatureTests", dependencies: ["TallyLSP", "TallyCore", "TallyFormat", "TallySyntax", "TallyTestSupport"]),
        .testTarget(
            name: "TallyInteropTests", dependencies: ["TallyInterop", "TallyCore", "TallySyntax", "TallyTestSupport"],
            exclude: ["Fixtures", "Goldens"]),

        // Fuzzing (Fuzz/README.md): the properties every fuzz target checks, shared by the
        // libFuzzer executables in `Fuzz/` and the test that replays every input that
        // ever failed (`Tests/TallyFuzzTests/Regressions/<target>/`).
        .target(
            name: "TallyFuzzChecks", dependencies: ["TallySyntax", "TallyCore", "TallyImport", "TallyFormat", "TallyLSP", "TallyInterop", "TallyServe"],
            path: "Tests/TallyFuzzChecks"),
        .testTarget(name: "TallyFuzzTests", dependencies: ["TallyFuzzChecks", "TallyTestSupport"], exclude: ["Regressions"])
    ]
)
