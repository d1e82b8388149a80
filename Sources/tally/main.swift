// The `tally` executable: everything happens in TallyCLI, so tests can run it in-process.
// `buildCommit` is written before each build by Plugins/BuildCommit.
import Foundation
import TallyCLI

signal(SIGPIPE, SIG_IGN)
exit(TallyTool.run(Array(CommandLine.arguments.dropFirst()), console: .standard(), commit: buildCommit))
