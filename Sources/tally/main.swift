// The `tally` executable: everything happens in TallyCLI, so tests can run it in-process.
// `buildCommit` is written before each build by Plugins/BuildCommit.
import TallyCLI

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

signal(SIGPIPE, SIG_IGN)
exit(TallyTool.run(Array(CommandLine.arguments.dropFirst()), console: .standard(), commit: buildCommit))
