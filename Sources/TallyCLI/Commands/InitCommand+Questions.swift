import TallyActions
import TallyCore
import TallySyntax

extension InitCommand {
    /// The questions `tally init` asks on a terminal, read a line at a time from standard
    /// input; an answer that is not understood is asked again, with what was wrong.
    struct Questions {
        let console: Console
        let today: CivilDate
        /// Reads one line; nil at the end of input.
        var readAnswer: () -> String? = { readLine(strippingNewline: true) }

        /// The budget the answers describe, or nil when the input ended first.
        func ask() -> StarterBudget? {
            console.out("A new budget. Press Enter to take the answer in brackets.\n\n")
            guard let currency = currency() else { return nil }
            guard let wallets = wallets() else { return nil }
            guard let template = template() else { return nil }
            return StarterBudget(currency: currency, wallets: wallets, template: template, today: today)
        }

        /// Prints `question` and reads the answer, trimmed; nil at the end of input.
        func prompt(_ question: String) -> String? {
            console.out(question)
            console.flush()
            return readAnswer().map { $0.trimmingSpaces() }
        }

        func currency() -> String? {
            while true {
                guard let answer = prompt("Currency (a code such as EUR, USD, GBP, or a name: euro) [EUR]: ") else { return nil }
                if answer.isEmpty { return "EUR" }
                do { return try TypedCurrency.read(answer) } catch { console.out("  \(error.message).\n") }
            }
        }

        func wallets() -> [StarterBudget.Wallet]? {
            console.out(
                """

                Wallets: one a line as NAME KIND OPENING, for example `Checking bank 1200.00`
                or `Cash cash 40`. Kinds: \(WalletKind.allCases.map(\.rawValue).joined(separator: ", ")).
                An empty line ends the list.

                """)
            var wallets: [StarterBudget.Wallet] = []
            while true {
                guard let answer = prompt("Wallet \(wallets.count + 1): ") else { return nil }
                if answer.isEmpty {
                    if !wallets.isEmpty { return wallets }
                    console.out("  A budget needs a wallet: where is your money?\n")
                    continue
                }
                do {
                    let wallet = try StarterBudget.Wallet(answer)
                    if wallets.contains(where: { $0.name.lowercased() == wallet.name.lowercased() }) {
                        console.out("  There is a wallet `\(wallet.name)` already.\n")
                        continue
                    }
                    wallets.append(wallet)
                } catch { console.out("  \(error.message)\n") }
            }
        }

        func template() -> StarterTemplate? {
            console.out("\nStarting categories and envelopes:\n")
            for template in StarterTemplate.allCases {
                console.out("  " + template.rawValue.padded(to: 11) + template.summary + "\n")
            }
            while true {
                guard let answer = prompt("Template [household]: ") else { return nil }
                if answer.isEmpty { return .household }
                if let template = StarterTemplate(rawValue: answer.lowercased()) { return template }
                console.out("  `\(answer)` is not one of: \(StarterTemplate.allCases.map(\.rawValue).joined(separator: ", ")).\n")
            }
        }
    }
}
