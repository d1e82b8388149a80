import TallyReports
import Testing

@testable import TallyCLI

/// Each command's flags are declared once; its help, its parser, the completions and
/// the leading options all come from the declarations.
@Suite struct FlagDeclarationTests {
    @Test func everyHelpListsItsDeclaredFlagsInOrder() {
        for command in TallyTool.subcommands {
            let options = FlagDeclaration.help(command.flags)
            #expect(command.help.contains("OPTIONS\n" + options), "tally \(command.name)")
            #expect(command.flags.last == .helpFlag, "tally \(command.name)")
            let spellings = command.flags.flatMap(\.spellings)
            #expect(Set(spellings).count == spellings.count, "tally \(command.name) spells a flag twice")
        }
    }

    @Test func helpLinesPutTheDescriptionInColumn25() {
        let short = FlagDeclaration("--days", value: "N", help: "How far ahead\nto look")
        #expect(short.help == "  --days N               How far ahead\n                         to look\n")
        let long = FlagDeclaration("--column-unit", value: "chars|bytes|utf16", help: "What columns count")
        #expect(long.help == "  --column-unit chars|bytes|utf16\n                         What columns count\n")
    }

    @Test func aSwitchGivenAValueAndAnUndeclaredFlagAreUnknownOptions() throws {
        #expect(throws: UsageError("unknown option `--dry-run` for `tally import`")) {
            try ImportCommand.Flag.named("--dry-run", inline: "yes", command: "import")
        }
        #expect(throws: UsageError("unknown option `--bogus` for `tally import`")) {
            try ImportCommand.Flag.named("--bogus", inline: nil, command: "import")
        }
        #expect(try CheckCommand.Flag.named("--colour", inline: "never", command: "check") == .color)
    }

    @Test func leadingValueFlagsAreThoseEveryReportTakes() {
        #expect(
            TallyTool.valueFlags == [
                "--today", "-f", "--file", "-p", "--period", "-b", "--begin", "-e", "--end", "--format", "--at", "--wallet",
                "--category", "--tag", "--payee", "--type", "--search", "--sort", "--csv-separator", "--color", "--colour",
                "-o", "--output", "--width", "-O", "-w"
            ])
    }

    /// The help of `insights` once indented `-f, --file` by six spaces, so completions
    /// read it as more of the column flags' description and never offered it.
    @Test func insightsCompletesTheFileFlag() {
        let insights = CommandSpec(InsightsCommand.self)
        #expect(insights.flagNames.contains("--file"))
        #expect(!FlagDeclaration.help(InsightsCommand.flags).contains("      -f"))
    }
}
