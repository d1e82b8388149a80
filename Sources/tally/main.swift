// The `tally` executable: everything happens in TallyCLI, so tests can run it in-process.
import Foundation
import TallyCLI

let arguments = Array(CommandLine.arguments.dropFirst())
TallyTool.prepareProcess(arguments)
signal(SIGPIPE, SIG_IGN)
exit(TallyTool.run(arguments, console: .standard()))
