import TallyCore

/// How each payee is used (``PayeeHabit``, the core's one rule for a payee's usual wallet
/// and category, which `tally add` completes by too), and who is named: built from the
/// model's entries, without reading the syntax again. Payee completion and hover read it;
/// the counts other completions rank by are ``NameUses``, a cheaper table built first.
struct NameTallies {
    /// The payees' habits, with what each entry counted in them.
    var payeeTable: PayeeHabitTable

    var payees: [String: PayeeHabit] { payeeTable.habits }

    /// The tallies of `model`; with `previous`, the payee table of an earlier version of
    /// the budget (before an edit), only the payees whose entries changed are counted again.
    init(model: BudgetModel, after previous: PayeeHabitTable? = nil) {
        payeeTable = previous?.updated(for: model) ?? PayeeHabitTable(model: model)
    }

    /// The people named by `by` and `owner`: a pass of its own, which payee completion
    /// does not wait for.
    static func people(of model: BudgetModel) -> Set<String> {
        var people = Set<String>()
        // Read in place: a copy of each entry would retain all its strings.
        let entries = model.entries
        for index in entries.indices { if let by = entries[index].by { people.insert(by) } }
        for wallet in model.wallets { people.formUnion(wallet.owners) }
        return people
    }
}
