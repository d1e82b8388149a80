import TallyCore

/// The manual pages, in roff, made from the same declarations as `--help` and the
/// completion scripts (`CommandSpec`: each command's summary and flags; the first
/// paragraph of its help): `tally(1)` lists every command, `tally-COMMAND(1)` gives one
/// command's options. `tally man [COMMAND]` prints them (hidden: for the release script,
/// `scripts/release.sh`).
struct ManPage {
    /// `tally(1)`: what Tally is, how to call it, every command and where to read more.
    static func main(_ commands: [any Subcommand.Type]) -> String {
        var page = header("TALLY", "a plain-text budget: wallets, envelopes, goals and recurring entries")
        page += ".SH SYNOPSIS\n.B tally\n[\\fIoptions\\fR] \\fIcommand\\fR [\\fIoptions\\fR] [\\fIfile\\fR] [\\fIquery\\fR]\n"
        page += ".SH DESCRIPTION\n"
        page +=
            text(
                """
                tally reads a budget kept in a plain-text file (wallets, envelopes, saving goals, \
                recurring entries and transactions), checks it, lays it out, reports on it and \
                serves it to editors. `tally COMMAND --help` and tally-COMMAND(1) describe each \
                command; Grammar.md describes the format, docs/diagnostics.md every diagnostic code.
                """) + "\n"
        page += ".SH COMMANDS\n"
        for command in commands {
            page += ".TP\n.B \(escape(command.name))\n" + text(command.summary) + "\n"
        }
        page += ".SH OPTIONS\n.TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nShow the help\n.TP\n\\fB\\-V\\fR, \\fB\\-\\-version\\fR\n"
        page += "Show the version and the commit the binary was built from\n"
        page += environment
        page += ".SH SEE ALSO\n" + commands.map { "\\fBtally\\-\(escape($0.name))\\fR(1)" }.joined(separator: ", ") + "\n"
        return page
    }

    /// `tally-COMMAND(1)`: the command's description (its help's first paragraph), usage
    /// and every flag as declared.
    static func command(_ command: any Subcommand.Type) -> String {
        let spec = CommandSpec(command)
        var page = header("TALLY-" + spec.name.uppercased(), spec.summary, name: "tally\\-" + escape(spec.name))
        page += ".SH SYNOPSIS\n.B tally \(escape(spec.name))\n[\\fIoptions\\fR] "
        page += spec.argumentChoices.isEmpty ? "[\\fIfile\\fR]\n" : "\\fI\(escape(spec.argumentChoices.joined(separator: "|")))\\fR\n"
        page += ".SH DESCRIPTION\n" + text(firstParagraph(command.help)) + "\n"
        page += ".SH OPTIONS\n"
        for flag in spec.flags {
            let names = flag.names.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
            page += ".TP\n" + names + (flag.value.map { " \\fI\(escape($0))\\fR" } ?? "") + "\n" + text(flag.description) + "\n"
        }
        page += environment
        page += ".SH SEE ALSO\n\\fBtally\\fR(1)\n"
        return page
    }

    /// The first paragraph of a help text, after `tally NAME:`, as one line.
    static func firstParagraph(_ help: String) -> String {
        let paragraph = help.components(separatedBy: "\n\n").first ?? help
        let joined = paragraph.split(separator: "\n").map { $0.trimmingSpaces() }.joined(separator: " ")
        guard let colon = joined.firstIndex(of: ":"), joined.hasPrefix("tally ") else { return joined }
        let rest = joined[joined.index(after: colon)...].trimmingSpaces()
        return rest.prefix(1).uppercased() + rest.dropFirst()
    }

    static func header(_ title: String, _ summary: String, name: String = "tally") -> String {
        ".TH \(escape(title)) 1 \"\" \"tally \(TallyVersion.current)\" \"User Commands\"\n.SH NAME\n\(name) \\- \(escape(summary))\n"
    }

    static let environment = """
        .SH ENVIRONMENT
        .TP
        .B TALLY_FILE
        The budget reports read when none is named.
        .TP
        .B TALLY_TODAY
        The date budgets are read as of (YYYY\\-MM\\-DD), instead of the system's.
        .TP
        .B NO_COLOR
        No colour in any output.

        """

    /// Running text: escaped, and kept from starting a line with `.` or `'`, which roff
    /// reads as a request.
    static func text(_ value: String) -> String {
        let escaped = escape(value)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// `\` and `-` as roff writes them (`\e`, `\-`: a minus, which man pages search).
    static func escape(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\n": out += " "
            default: out.append(character)
            }
        }
        return out
    }
}
