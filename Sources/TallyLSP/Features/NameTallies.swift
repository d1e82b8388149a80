import TallyCore

/// How each payee is used (``PayeeHabit``, the core's one rule for a payee's usual wallet
/// and category, which `tally add` completes by too), and who is named: built from the
/// model's entries, without reading the syntax again. Payee completion and hover read it;
/// the counts other completions rank by are ``NameUses``, a cheaper table built first.
struct NameTallies {
    var payees: [String: PayeeHabit]
    var people: Set<String>

    init(model: BudgetModel) {
        payees = model.payeeHabits()
        var people = Set<String>()
        // Read in place: a copy of each entry would retain all its strings.
        let entries = model.entries
        for index in entries.indices { if let by = entries[index].by { people.insert(by) } }
        for wallet in model.wallets { people.formUnion(wallet.owners) }
        self.people = people
    }
}
