import Testing

/// The reader behind the layering check: every form of import declaration is read, and
/// no comment or string that looks like one is.
@Suite struct SwiftImportsTests {
    @Test func everyFormOfImportIsRead() {
        let source = #"""
            import Foundation
            @testable import TallyCore
            @_exported import TallySyntax
            @preconcurrency import Dispatch
            @_spi(Private) @testable import TallyFormat
            public import TallyReports
            import struct TallyImport.Statement
            import Darwin.C
            #if canImport(Glibc)
                import Glibc
            #elseif os(Windows)
                import WinSDK
            #else
                @_implementationOnly import Musl
            #endif
            import TallyLSP; import TallyServe
              import TallyInterop  // indented, with a comment
            @preconcurrency
            import TallyFuzzChecks
            """#
        #expect(
            SwiftImports.modules(in: source) == [
                "Foundation", "TallyCore", "TallySyntax", "Dispatch", "TallyFormat", "TallyReports", "TallyImport", "Darwin",
                "Glibc", "WinSDK", "Musl", "TallyLSP", "TallyServe", "TallyInterop", "TallyFuzzChecks"
            ])
    }

    @Test func commentsAndStringsAreNotImports() {
        let source = ##"""
            // import InLineComment
            /* import InBlockComment
               /* nested */
               import StillInBlockComment */
            let help = """
                import InMultilineString
                \(value) import InInterpolatedString
                """
            let raw = #"import InRawString "quoted" \#(x)"#
            let one = "import InString \("nested") import AfterInterpolation"
            let imported = importer.import(Module)
            import Real
            """##
        #expect(SwiftImports.modules(in: source) == ["Real"])
    }
}
