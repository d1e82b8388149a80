/// Wallets and categories whose names start like an amount, hold quotes, `;` or `#`, or
/// are spelled like a keyword: what `tally add` and `tally import` must write quoted where
/// they must be (issue 21's bug: both refused some of them).
enum OddNames {
    /// A budget declaring them, each written as the writer writes it.
    static let budget = """
        currency EUR

        wallet '.cash' cash
        wallet 'Kid\\'s'
        wallet '\\'a;b\\''
        wallet Room#2
        wallet 'transfer'
        expense 'every', '.food', 'Kid\\'s', '\\'a;b\\'', Room#2

        """
    /// How each name is written where a wallet or category stands.
    static let spelled = [
        ".cash": "'.cash'", "Kid's": "'Kid\\'s'", "'a;b'": "'\\'a;b\\''", "Room#2": "Room#2", "transfer": "'transfer'",
        "every": "'every'", ".food": "'.food'"
    ]
}
