// The `tally` executable: everything happens in TallyCLI, so tests can run it in-process.
import Foundation
import TallyCLI

signal(SIGPIPE, SIG_IGN)
exit(TallyTool.run(Array(CommandLine.arguments.dropFirst()), console: .standard()))
