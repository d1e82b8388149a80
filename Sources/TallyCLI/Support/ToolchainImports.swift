// The toolchain's libraries for every file of the command line, imported once here to
// keep each file's imports to Tally's own: FoundationEssentials (Foundation without ICU,
// XML or networking, issue 39) and the C library, or Foundation where there is no
// FoundationEssentials.
#if canImport(FoundationEssentials)
    @_exported import FoundationEssentials
    @_exported import Glibc
#else
    @_exported import Foundation
#endif
