import TallySyntax

/// One sentence on what each diagnostic code means, shown when hovering a code in a
/// `tally-ignore` comment or an `option severity` line. The long explanations with
/// examples are in `docs/diagnostics.md`. A code added later without a sentence here
/// shows its title alone; a test checks that every sentence names a real code.
enum DiagnosticSummary {
    static let sentences: [String: String] = [
        "E0101": "Bytes that are not valid UTF-8.",
        "E0102": "Text or a quoted name without its closing quote.",
        "E0103": "A backslash followed by a character that cannot be escaped.",
        "E0104": "A control character other than tab or a line break.",
        "E0201": "A line that starts with something that is neither a date nor a directive.",
        "E0202": "A required part of an entry is missing.",
        "E0203": "A token where the grammar expects something else.",
        "E0204": "A date that is not written `YYYY-MM-DD` or does not exist.",
        "E0205": "Something in the place of an amount that is not a valid number.",
        "E0206": "An indented line that belongs to no entry, or to one that takes no split lines.",
        "E0207": "A split line written in column 1.",
        "E0208": "A currency code that is not 2 to 10 uppercase letters and digits.",
        "E0209": "A word that is not an attribute or kind of the entry it stands in.",
        "E0210": "The same attribute given twice on one entry.",
        "E0211": "An envelope period that is not weekly, monthly, quarterly, yearly or a date range.",
        "E0212": "A recurring schedule that cannot be followed.",
        "E0213": "An alert threshold that is not a percentage between 1% and 100%.",
        "E0214": "An option that does not exist, or a value it does not take.",
        "E0215": "A transaction with neither an amount nor split lines.",
        "E0216": "A date range whose end comes before its start.",
        "W0217": "Split lines of one transaction indented differently.",
        "W0218": "A `tally-ignore` comment naming a code that does not exist.",
        "E0301": "An included file that cannot be read.",
        "E0302": "A file that includes itself, directly or through others.",
        "W0303": "A file included a second time; its entries are read only once.",
        "E0401": "A name that refers to no declared wallet, category, envelope, goal or rule.",
        "E0402": "A name declared twice.",
        "E0403": "An amount with more decimals than its currency has.",
        "E0404": "A sum or product too large to compute exactly.",
        "E0405": "An entry dated before a wallet's opening or after its closing.",
        "E0406": "Split parts that do not add up to the transaction's amount.",
        "E0407": "A transaction with no category and no payee rule to give one.",
        "E0408": "An amount in another currency than its wallet's.",
        "E0409": "A transfer between currencies with neither received amount nor rate.",
        "E0410": "A balance assertion that does not hold.",
        "E0411": "Two transactions with the same bank movement id.",
        "E0412": "An amount that must be converted with no rate on or before its date.",
        "W0501": "An envelope whose spending exceeds what it holds for a period.",
        "I0502": "An envelope's spending has reached its alert threshold.",
        "W0503": "More money assigned to envelopes than has come in.",
        "W0504": "A category budgeted by two envelopes in the same period.",
        "W0505": "A wallet below zero, or a credit wallet beyond its limit.",
        "W0506": "Occurrences of a recurring entry before today that are neither recorded nor skipped.",
        "I0507": "An occurrence of a recurring entry due today.",
        "W0508": "A goal whose date has passed without reaching its target.",
        "I0509": "A goal saving more slowly than its date requires.",
        "W0510": "Two transactions that look like the same one entered twice.",
        "W0511": "A transaction dated after today.",
        "I0512": "A declaration nothing refers to.",
        "W0513": "An envelope without `for`, named like a category: it counts none of its spending.",
        "E0601": "An `import` profile or `match` rule setting that `tally import` cannot use.",
        "I0601": "A bank movement (it has an `id:`) with no category yet: it counts in its wallet only.",
    ]

    /// The sentence for `code`, if there is one.
    static func of(_ code: DiagnosticCode) -> String? { sentences[code.rawValue] }
}
