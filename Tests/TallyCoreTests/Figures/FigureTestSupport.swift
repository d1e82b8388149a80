import TallyCore
import TallySyntax

/// Loads a one-file budget from text and interprets it, for tests whose figures are
/// computed by hand.
enum Figures {
    static func run(_ text: String, today: String) throws -> (model: BudgetModel, diagnostics: [Diagnostic]) {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        return Interpreter.run(budget, today: CivilDate(iso: today)!)
    }

    static func date(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }

    static func money(_ text: String) -> Money { Money(text)! }

    static func codes(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.code.rawValue) }
}

extension BudgetModel {
    func wallet(_ name: String) -> Int { wallets.firstIndex { $0.name == name }! }
    func envelope(_ name: String) -> Int { envelopes.firstIndex { $0.name == name }! }
    func goal(_ name: String) -> Int { goals.firstIndex { $0.name == name }! }
    func category(_ name: String) -> Int { categories.firstIndex { $0.name == name }! }
}
