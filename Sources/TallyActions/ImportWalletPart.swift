import TallyCore
import TallyImport
import TallySyntax

extension ImportStatements {
    /// What an import does to one wallet: its plan, the lines to append (with the closing
    /// balance's `assert`), the ids to add to matched entries and its summary. An import
    /// into several wallets (an OFX file with a bank's and a card's statement) writes
    /// every wallet's part at once, or none.
    struct WalletPart {
        let setup: Setup.Part
        let plan: ImportPlan
        let report: ImportReport
        let lineEnding: [UInt8]
        let lines: [String]
        let assertion: (date: CivilDate, amount: Money)?
        let ids: MatchedIDs
        let summary: String

        init(_ setup: Setup.Part, model: BudgetModel, fallback: Int?, options: Request, editor: BudgetEditor) {
            self.setup = setup
            let wallet = model.wallets[setup.wallet]
            plan = ImportPlan(
                model: model, wallet: setup.wallet, statements: setup.statements, rules: setup.profile.rules,
                transfers: TransferSides(budget: editor.budget, model: model))
            // The columns of the file's latest transactions.
            lineEnding = LineEnding.of(setup.target.tree.source.bytes)
            report = ImportReport(plan: plan, statements: setup.statements, model: model, fallback: fallback)
            var lines = report.entryLines
            assertion = report.refused.isEmpty ? Self.closingBalance(of: setup.statements, wallet: setup.wallet, model: model) : nil
            if let assertion { lines.append("\(assertion.date) assert \(SourceWriter.name(wallet.name))  \(assertion.amount.description)") }
            self.lines = lines
            // Always: the open side of a transfer gets its id even without --add-ids.
            ids = MatchedIDs(plan: plan, budget: editor.budget, model: model, handEntered: options.addIDs)
            var summary = report.summary(statements: setup.statements, wallet: wallet.name, assertion: assertion)
            if !ids.added.isEmpty {
                summary += "  ids added to matched entries: \(ids.added.count) (\(Set(ids.added.map(\.file)).sorted().joined(separator: ", ")))\n"
            }
            self.summary = summary
        }

        /// The closing balance of the last statement that states one, as an `assert` to
        /// append, unless the budget already asserts it.
        private static func closingBalance(of statements: [Statement], wallet: Int, model: BudgetModel) -> (date: CivilDate, amount: Money)? {
            guard let closing = statements.last(where: { $0.closingBalance != nil }),
                let amount = closing.closingBalance?.exactly(places: model.decimals(of: model.wallets[wallet].currency)), let date = closing.closingDate
            else { return nil }
            let asserted = model.entries.contains {
                if case .assertion(let w, let a) = $0.kind { return w == wallet && a == amount && $0.date == date }
                return false
            }
            return asserted ? nil : (date, amount)
        }
    }
}
