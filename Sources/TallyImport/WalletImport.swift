import TallyCore

/// What a budget says about importing into one wallet, as the model holds it: the
/// wallet's `import` profile as reading options, and the `match` rules that apply to it.
/// `tally check` has checked both (E0601, E0401); the lowering keeps only what is valid.
public struct WalletImport: Sendable {
    /// How statements are read; empty when the wallet has no profile.
    public var options = StatementReader.Options()
    /// The bank account the wallet's statements are of (`account "…"`), as
    /// ``ImportProfile/account(_:)`` writes it; nil when the profile does not say.
    public var account: String?
    /// The `match` rules for the wallet (those without `in` and those `in` it), in file
    /// order, their split parts computed to the wallet's decimals.
    public var rules: [MatchRule] = []

    /// Nothing stated: statements are read by what they show, and no rule applies.
    public init() {}

    /// The profile and rules for `wallet` in `model`.
    public init(model: BudgetModel, wallet: Int) {
        let decimals = model.decimals(of: model.wallets[wallet].currency)
        if let profile = model.importProfile(of: wallet) {
            account = profile.account
            options.encoding = profile.encoding
            options.csv.dateFormat = profile.dateFormat
            options.csv.decimalMark = profile.decimalMark
            options.csv.separator = profile.separator
            options.csv.skip = profile.skip
            options.csv.columns = profile.columns
            options.csv.positions = profile.positions.mapValues { $0 - 1 }
            options.csv.words = profile.words
        }
        rules = model.matchRules(for: wallet).map { rule in
            var rule = rule
            rule.decimals = decimals
            return rule
        }
    }
}
