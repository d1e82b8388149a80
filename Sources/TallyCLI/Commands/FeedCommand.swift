import TallyActions
import TallyCore
import TallyReports

/// `tally sync BUDGET`: `tally import --from` for every wallet whose profile names a feed.
enum SyncCommand: Subcommand {
    static let name = "sync"
    static let summary = "Download every wallet's bank feed and import it"
    static let help = """
        tally sync: download the new movements of every open wallet whose `import` profile
        names a feed (fio, simplefin, enablebanking) and import them as `tally import` does:
        the same rules, matching and transfers, each movement once by its bank id, each
        feed's balance asserted. Nothing is written if any download fails.

        USAGE
          tally sync [options] <budget>

        OPTIONS
        \(flags.map(\.help).joined())
        Set up the feeds with `tally feed`; see docs/import.md.

        """
    static var flags: [FlagDeclaration] { [ImportCommand.Flag.uncategorized, .today, .dryRun, .skipRefused].map(\.declaration) + [.helpFlag] }
    static func run(_ arguments: [String], console: Console) -> Int32 { ImportCommand.run(arguments, sync: true, console: console) }
}

/// `tally feed …`: sets up the bank feeds' credentials, outside every budget; the
/// command line of ``FeedSetup``. Secrets are read from standard input, never argv.
enum FeedCommand: Subcommand {
    static let name = "feed"
    static let summary = "Set up bank feeds (SimpleFIN, Enable Banking) and check them"
    static let help = """
        tally feed: set up the credentials of a bank feed, kept outside every budget in
        $XDG_CONFIG_HOME/tally (else ~/.config/tally), each file of mode 600.

        USAGE
          tally feed simplefin claim               (the setup token on standard input)
          tally feed enablebanking link BANK COUNTRY --app ID --key PEM --redirect URL
          tally feed doctor

        OPTIONS
        \(FlagDeclaration.helpFlag.help)
        `link` prints the consent link; open it, consent at the bank, then paste the
        address the bank sent you back to. `doctor` checks that openssl is there and that
        the kept credentials are readable by you alone. See docs/import.md.

        """
    static let flags: [FlagDeclaration] = [.helpFlag]
    static var argumentChoices: [String] { ["simplefin", "enablebanking", "doctor"] }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let environment = console.environment
        do throws(ActionRefusal) {
            switch arguments.first {
            case "doctor" where arguments.count == 1:
                let checkup = FeedSetup.doctor(environment: environment)
                console.out(checkup.lines.map { $0 + "\n" }.joined())
                return checkup.healthy ? ExitCode.success : ExitCode.problems
            case "simplefin" where arguments.dropFirst().first == "claim" && arguments.count == 2:
                if isatty(0) == 1 { console.err("Paste the SimpleFIN setup token and press Enter:\n") }
                guard let token = readLine(strippingNewline: true), !token.isEmpty else { throw ActionRefusal.request("no setup token on standard input") }
                console.out(try FeedSetup.claimSimpleFIN(.init(setupToken: token, environment: environment)).message + "\n")
                return ExitCode.success
            case "enablebanking" where arguments.dropFirst().first == "link":
                var words = Array(arguments.dropFirst(2)), named: [String: String] = [:]
                for flag in ["--app", "--key", "--redirect"] {
                    guard let i = words.firstIndex(of: flag), i + 1 < words.count else { continue }
                    named[flag] = words[i + 1]
                    words.removeSubrange(i ... i + 1)
                }
                guard words.count == 2, let app = named["--app"], let key = named["--key"], let redirect = named["--redirect"],
                    let today = workingDay(nil, console: console)
                else { break }
                let request = FeedSetup.LinkRequest(
                    bank: words[0], country: words[1], app: app, keyPath: key, redirect: redirect, environment: environment, today: today)
                let consent = try FeedSetup.startLink(request)
                console.out("Open this link, consent at the bank, then paste the address it sends you back to:\n\(consent.link)\n")
                console.flush()
                let pasted = readLine(strippingNewline: true) ?? ""
                console.out(try FeedSetup.finishLink(request, consent: consent, redirected: pasted).message + "\n")
                return ExitCode.success
            default: break
            }
        } catch {
            return error.report(name, console: console)
        }
        console.err("tally feed: expected `simplefin claim`, `enablebanking link BANK COUNTRY --app ID --key PEM --redirect URL` or `doctor`\n")
        return ExitCode.usage
    }
}
