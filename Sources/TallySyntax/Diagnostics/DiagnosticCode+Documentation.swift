// swift-format-ignore-file
// (generated, and compared byte for byte with what would be generated now)
// Generated from docs/diagnostics.md by DiagnosticDocumentationTests: edit the page, then
// run `TALLY_RECORD=1 swift test --filter DiagnosticDocumentationTests` to write this
// file again (the test fails while the two differ).

/// What each code means and how to fix it, in a sentence or two: the first paragraph and
/// the "Fix:" paragraph of the code's section in `docs/diagnostics.md`. Tools that explain
/// codes without the documentation at hand (SARIF rules, editor hovers) read it from here.
extension DiagnosticCode {
    /// What the code means: the opening paragraph of its documentation.
    public var summary: String { Self.documentation[rawValue]?.summary ?? title }

    /// How to fix it, when the documentation says (without the leading "Fix: ").
    public var fix: String? { Self.documentation[rawValue]?.fix }

    private static let documentation: [String: (summary: String, fix: String?)] = [
        "E0101": (
            #"The file contains bytes that are not valid UTF-8, often because it was saved in a legacy encoding such as Latin-1 or Windows-1252. Each bad byte is reported. The rest of the line is still read, so a misspelt name in a comment costs nothing more."#,
            #"save the file as UTF-8. Most editors have this under "Save with encoding"."#),
        "E0102": (
            #"Text (`"…"`) or a quoted name (`'…'`) has no closing quote before the end of the line. Quotes never span lines."#,
            #"add the closing quote: `"Tesco"`."#),
        "E0103": (
            #"Inside quotes a backslash may only escape the quote itself or another backslash: `\"` and `\\` in text, `\'` and `\\` in quoted names."#,
            #"double the backslash (`"C:\\temp"`), or leave it out."#),
        "E0104": (
            #"The file contains a control character other than a tab or a line break, such as NUL, BEL or ESC. These are invisible in most editors and usually come from a bad copy and paste or a binary file. In excerpts they are shown as control pictures (␀, ␇)."#,
            #"delete the character."#),
        "E0105": (
            #"The file is plainly not text: more than one byte in ten of its first 8 KiB (8,192 bytes, not counting spaces, tabs and line breaks), and at least 16 of them, belong to NULs, other control characters than a tab or a line break, replacement characters (U+FFFD, what an editor shows for bytes it could not decode) or no valid UTF-8. Images, archives, programs and files saved as UTF-16 look like this. The file gets this one diagnostic instead of one per byte, and nothing else in it is read: it declares nothing and holds no entries. A budget with a few stray bytes stays text, and each of them is reported as E0101 or E0104."#,
            #"check that the path names the budget you meant, or save the file as UTF-8."#),
        "E0106": (
            #"The editor sent the file to `tally lsp` in a message larger than the server reads (64 MiB, `FrameReader`'s limit, far above any budget: the 100,000-transaction budget of `Benchmarks/generate.py 100000` is 9.4 MiB). The server skipped the message without keeping it, so it does not know the buffer's text and checks nothing in it; this one diagnostic, on the first line, says so instead of a silence that would look like a clean file. It goes away when the file is opened again at a size the server reads, or closed. `tally check` on the command line reads files of any size up to 4 GiB and is not affected."#,
            #"split the file with `include` (one file per year is usual), or check it with `tally check` instead of in the editor."#),
        "E0201": (
            #"A line in column 1 must start with a date (`YYYY-MM-DD`) or a directive keyword: `currency`, `wallet`, `income`, `expense`, `envelope`, `goal`, `payee`, `every`, `option`, `include`, `import` or `match`. A near miss gets a suggestion and a quick fix."#,
            #"`wallet Cash cash`. A line meant as part of the entry above must be indented. A line that starts with a date in another order (`2026/11/16`, `05.11.2026`) is E0204, with the ISO date as a fix where the order is certain."#),
        "E0202": (
            #"A required part of an entry is missing at the end of the line, such as the wallet name after `wallet`, the entry after a date, or the name after `#`."#,
            #"complete the entry; the message says what is expected."#),
        "E0203": (
            #"Something stands where the grammar expects something else. The message names both, for example "expected an amount after the category, found `abc`". Nothing after an entry's last part is ignored: a second path after `include`, or a word after a category list or a payee rule's category, is this error too."#,
            #"as the message says. A name with spaces must be quoted (`'Joint Account'`). `->` goes between the two wallets of a transfer. An include names one file: the fix writes one `include` line per path. Words after the last part of an entry are offered for removal, or, right after a name, as one quoted name (`expense 'Eating out'`). A payee of several words without quotes (`2026-11-03 Rewe Markt Girokonto Food -12.00`) gets a fix that quotes it: `"Rewe Markt"`."#),
        "E0204": (
            #"A date is not written `YYYY-MM-DD`, or it does not exist in the calendar: 30 February, month 13, 29 February in a year that is not a leap year. A date in another order or with other separators (`2026/11/16`, `05.11.2026`, `05/11/2026`) is this error too, at the start of a line as after `on`, `from` or `closed`."#,
            #"write a real date with four-digit year and two-digit month and day. For `2026-1-5` a fix to `2026-01-05` is offered. Where the order is certain, a fix writes the ISO date: year first (`2026/11/16` is `2026-11-16`), day first with dots, as in the countries that write dates with dots (`05.11.2026` is `2026-11-05`), or a year last where only one number can be the month (`16/11/2026`). `05/11/2026` is 5 November or 11 May: no date is guessed."#),
        "E0205": (
            #"Something in an amount's place is not a valid number. Amounts are digits with an optional sign and a `.` for decimals. They have no thousands separators and no currency symbols."#,
            #"`1250.00`; `12 EUR` (the currency code comes after the number). Fixes are offered where the number can be read one way only: the last of two different marks is the decimal mark (`-1.340,50` is `-1340.50`), a repeated mark separates thousands (`1.234.567`), and a single comma is a decimal comma (`54,20` is `54.20`) unless three digits follow it: `1,234` may be either, and no fix is offered."#),
        "E0206": (
            #"An indented line continues the entry above it. This one has no entry to continue: it follows a blank line or a comment in column 1, or the entry above takes no split lines. Only transactions have split lines; any entry may have `key: value` metadata."#,
            #"remove the blank line, or start the line in column 1 if it is an entry of its own."#),
        "E0207": (
            #"A line in column 1 right below a transaction reads like a split part (a name and an amount), but split parts must be indented."#,
            #"indent it like the other split lines. A fix is offered."#),
        "E0208": (
            #"A currency code must be 2 to 10 capital letters and digits, starting with a letter, such as `EUR`, `USD`, `JPY` or `BTC`."#,
            #"`currency EUR`. A three-letter code in the wrong case gets a fix."#),
        "E0209": (
            #"A word after a declaration's name is not one of the attributes that declaration takes. A wallet takes a kind (`bank`, `cash`, `credit`, `savings`, `investment`, `loan`, `other`) and `opening`, `currency`, `limit`, `closed`, `hidden`, `owner`. An envelope takes `for`, `in`, `rollover`, `alert`, `from`, `until`. A goal takes `by`, `monthly`, `yearly`, `in`, `reached`."#,
            #"`limit 2000`. Near misses get a suggestion and a fix. A word right after a name (`for food:eating out`) is offered as part of that name, quoted: `'food:eating out'`."#),
        "E0210": (
            #"An entry gives the same attribute twice, such as two limits, or two `by` clauses. Tally won't guess which one you meant. A note points at the first."#,
            #"keep one."#),
        "E0211": (
            #"An envelope needs a period: `weekly`, `monthly`, `quarterly`, `yearly` or a date range written `2026-04-01..2026-04-30` (both days included)."#,
            #"`monthly`; add the period before `for`. A name with spaces written without quotes (`envelope Eating out 50 monthly`) gets a fix that quotes it: `'Eating out'`."#),
        "E0212": (
            #"A recurring entry's schedule cannot be followed. The unit may be unknown, or the first date (`from`) missing. `on` may not fit the unit: weeks take a weekday, months, quarters and years take a day of the month or `last`, days take none. Or `until` and `times` are both given."#,
            #"add `from 2026-01-01`; write `on friday` for a weekly entry."#),
        "E0213": (
            #"An envelope's `alert` threshold must be a percentage above 0% and at most 100%."#,
            #"`alert 80%`. A fix is offered."#),
        "E0214": (
            #"An `option` line names an option that does not exist, or gives it a value it does not take. The options are `week-start` (a weekday), `strict`, `severity CODE LEVEL` and `overlapping-envelopes allow|warn|error`."#,
            #"`option week-start monday`. Use a code listed on this page."#),
        "E0215": (
            #"A transaction has no amount and no split lines below it, so there is nothing to book. The amount may be left out only when split lines give the parts."#,
            #"add the amount after the category (negative for spending), or add split lines."#),
        "E0216": (
            #"A custom period's end date comes before its start date."#,
            #"swap the dates: `2026-04-01..2026-04-30`."#),
        "W0217": (
            #"The indented lines of one entry are indented differently, for example with spaces on one and a tab on the next. Tally still reads them; the warning keeps files tidy and easy to read in any editor. `tally fmt` fixes it."#,
            #"indent all lines of the entry alike. A fix is offered."#),
        "W0218": (
            #"A `tally-ignore` comment names a code that does not exist, so it silences nothing. This is often a typo that leaves the diagnostic it was meant for visible. A word after the codes that is not shaped like a code is a reason written without its parentheses: it is reported once, and ends the codes."#,
            #"use a code from this page. A reason goes after the codes, in parentheses or after `--` (`; tally-ignore: W0501 (paid back in May)`); a fix adds the parentheses."#),
        "E0301": (
            #"An `include` names a file that cannot be read: it does not exist, it is a directory, or it cannot be opened. Include paths are relative to the including file, and the help line shows where the path leads."#,
            #"correct the path, relative to the file that has the `include`."#),
        "E0302": (
            #"Files include each other in a circle, directly or through other files. The message shows the whole chain. Each file is still read once; the include that would close the circle is ignored."#,
            #"remove one include from the circle, usually the one in the file lower in the hierarchy."#),
        "W0303": (
            #"A file that is already part of the budget is included again, here or in another file, perhaps under another spelling of its path. Its entries are read only once. A note points at the first include."#,
            #"remove the second include."#),
        "E0401": (
            #"A transaction, envelope, fill, move, skip or clause names a wallet, category, envelope, goal or recurring entry that is not declared. A near miss gets a suggestion and a fix. A parent category (`Food`) exists as soon as one of its children (`Food:Groceries`) is declared."#,
            #"correct the spelling, or declare the name (`wallet`, `income`/`expense`, `envelope`, `goal`, `every ... as NAME`)."#),
        "E0402": (
            #"A wallet, category, envelope, goal or recurring entry is declared twice, perhaps in two included files. The second is ignored. A note points at the first."#,
            #"remove one, or rename it."#),
        "E0403": (
            #"An amount has more decimal places than its currency has: two for most currencies, none for JPY or KRW, three for BHD or KWD, or what `currency CODE decimals N` declares. Tally never rounds an amount you wrote."#,
            #"correct the amount, or declare the currency's decimals."#),
        "E0404": (
            #"An amount, or a balance or total computed from amounts, is too large to compute exactly (beyond about 92 million billion units at two decimals). Tally reports it instead of giving a wrong number."#,
            #"the amount is almost certainly a typo."#),
        "E0405": (
            #"An entry is booked on a wallet before its opening date (`opening AMOUNT on DATE`) or after its closing date (`closed DATE`)."#,
            #"book it on the right wallet, or correct the date."#),
        "E0406": (
            #"The split lines of a transaction add up to a different amount than its first line says. The message gives both and the difference. A split transaction also takes its categories from its split lines only. Leave one part's amount out to give it the rest."#,
            #"correct a part or the total."#),
        "E0407": (
            #"A transaction with no split lines names no category, and no `payee` rule gives one. It is left out of every figure. A transaction with a bank id (`id:`) is not an error but I0601: it counts in its wallet while it waits for a category."#,
            #"write the category before the amount, or add `payee "Tesco" Food:Groceries`."#),
        "E0408": (
            #"An amount's currency code differs from the currency it must be in: its wallet's, for transactions and assertions; the default currency, for envelopes. Tally never converts silently."#,
            #"book it on a wallet in that currency, or transfer the money between currencies first."#),
        "E0409": (
            #"A transfer between wallets of different currencies says neither what arrived (`= AMOUNT CODE`) nor the rate (`@ RATE`)."#,
            #"`2026-11-04 transfer Checking -> Dollars 100.00 = 108.12 USD`."#),
        "E0410": (
            #"A balance assertion does not hold: the wallet's computed balance at the end of that day is different. The message gives both amounts and the difference."#,
            #"find the missing or mistyped transaction since the last assertion that held, or correct the assertion."#),
        "E0411": (
            #"Two transactions carry the same bank movement id (`id:` metadata): the same movement was entered twice, typically by importing a statement again."#,
            #"remove the second one."#),
        "E0412": (
            #"An amount must be counted in the default currency, for an envelope or for ready to assign, but no `rate` line for its currency is dated on or before it. Tally never guesses a rate."#,
            #"add `2026-11-01 rate USD 0.92 EUR` (one USD is worth 0.92 EUR) before it."#),
        "W0413": (
            #"A transaction's amount (or a split line's) is positive in an expense category, or negative in an income category. An amount is what the wallet receives: spending is negative, income positive. Written the other way it counts as a refund (it lowers the category's spending and raises the wallet) or as income given back, which is rarely what was meant: usually the minus sign was left out, as in hledger, where expenses are positive, or on a receipt. The amount still counts as written. A `#refund` or `#reversal` tag on the entry (or on the split line) says it is meant, and silences this."#,
            #"write the sign (`-48.90`; the quick fix flips it, and in a split also changes the first line's total by as much), or tag a real refund: `2026-11-05 "Rewe" Checking Food 12.00 #refund`."#),
        "E0414": (
            #"`= AMOUNT` or `@ RATE` after a transaction's amount says what an amount in another currency is in the wallet's (Grammar.md §3.10, "Another currency"). Here the amount has no currency code, or the wallet's, so there is nothing to convert. The entry is left out."#,
            #"write the currency the amount was paid in (`-23.50 USD = -21.62 EUR`), or remove the conversion."#),
        "E0415": (
            #"The two sides of a transaction's conversion are one movement seen in two currencies, so they have one sign: `-23.50 USD = 21.62 EUR` (spending that arrives as income) or a rate of zero or below cannot be right. The entry is left out."#,
            #"write the wallet-currency amount with the sign of the original (`= -21.62 EUR`), or a positive rate (`@ 0.92`)."#),
        "E0418": (
            #"An `import` profile's `token` (Grammar.md §7.1) must name where a bank's API token is kept, `env:NAME` (an environment variable) or `file:PATH` (a file, its first line), so that `tally import --from fio` can read it when it downloads. Anything else may be the token itself, written into the budget, which is shared, committed and backed up like any text: the message never quotes it, and every excerpt of the line shows it as `token "…"`."#,
            #"put the token in a file or an environment variable and name it: `token "file:~/.config/fio-token"` or `token "env:FIO_TOKEN"`. If it was a real token, revoke it in the bank's internet banking and make a new one."#),
        "W0501": (
            #"More was spent in an envelope's categories in a period than the envelope holds. The envelope holds its planned amount, fills, moves in and, with `rollover`, what was left from the period before. The warning sits on the transaction that tipped it over, and gives the period, how much over, and spent against held."#,
            #"move money in (`move Going-out -> Groceries 20.40`), or spend less."#),
        "I0502": (
            #"Spending in an envelope has reached its `alert` percentage for the period, without going over. The note sits on the transaction that reached it."#,
            nil),
        "W0503": (
            #"An assignment, a fill, an envelope's planned amount for a period or money saved for a goal held in the budget's wallets, takes ready to assign below zero: more was assigned to envelopes and goals than the budget's wallets hold outside them (Grammar.md §4, "Ready to assign" and "Goals in the equation"). Reported on the fill, envelope or goal entry that did it, once per dip, through today. Budgets that record no income at all keep limits only, and are not checked."#,
            #"assign less, or record the income first."#),
        "W0504": (
            #"Two envelopes budget the same category (or one its parent) in the same period, so its spending counts against both, and ready to assign and the envelopes no longer add up to the money in the wallets (Grammar.md §4). The global cap (`for *`) is left out: it overlaps by design. Envelopes whose periods never meet (date ranges, `from` and `until`) do not overlap. `option overlapping-envelopes allow` turns this off, and `error` makes it an error."#,
            #"budget each category in one envelope, or allow it."#),
        "W0505": (
            #"A wallet's balance goes below zero, or a credit wallet's beyond its `limit`. Reported on the entry that crossed the line, not again while it stays there. Loans, and credit wallets without a limit, are not checked."#,
            #"money is missing: record the withdrawal or transfer that filled the wallet."#),
        "W0506": (
            #"Occurrences of a recurring entry before today are neither recorded nor skipped. An occurrence is recorded by an entry that names the rule (`rule NAME`), or by a transaction with the rule's wallet, category and amount. The entry may be dated from a week before the occurrence to a week before the next. `DATE skip NAME` dismisses one."#,
            #"record each occurrence, or skip it."#),
        "I0507": (
            #"An occurrence of a recurring entry falls on today and is not recorded yet."#,
            nil),
        "W0508": (
            #"A goal's date (`by`) has passed without reaching its target. Goals marked `reached` are kept for the record and not checked."#,
            #"set a new date, or mark the goal `reached`."#),
        "I0509": (
            #"A goal with a target and a date has less saved than an even pace would have by today. The pace runs from the first contribution to the date."#,
            nil),
        "W0510": (
            #"Two transactions have the same date, wallet, amount and payee, and no bank ids tell them apart. This is usually the same purchase entered twice. A note points at the other one."#,
            #"remove one, or give each its `id:` if both happened."#),
        "W0511": (
            #"An entry is dated after today. In a budget file that is usually a typo, such as a wrong year. Plan future money with recurring entries instead."#,
            nil),
        "I0512": (
            #"A wallet is declared but nothing is booked on it. Unused categories are not reported: budgets often declare a full list of categories up front."#,
            nil),
        "E0601": (
            #"An `import` profile or a `match` rule (Grammar.md, "Import profiles and match rules") says something `tally import` cannot use: an unknown encoding, date format, decimal mark (`comma` or `point`) or column role, a separator of more than one character, a column role named twice, a column position of 0, one position given to two roles, a profile giving the date column by position (a file without a header) that names another column by its header or gives no amount column, a second profile for one wallet, an empty account or one another wallet's profile names already, an unknown `feed` or `feed enablebanking` without `app`, a rule that looks for nothing, `over` and `under` bounds no amount can meet, or split lines that cannot share a movement out (Grammar.md §7.2): a category on the rule's first line as well, a single split line, no line or more than one without an amount (one takes the rest), a part with a sign, of 0, or a percentage outside 0%–100%, percentages adding up to 100% or more, fixed parts no movement under `under` can hold, or a transfer rule (`transfer WALLET`) with a category or split lines as well, to the wallet it is limited to, or to a wallet in another currency. Misspelt wallets and categories in profiles and rules are E0401, as everywhere."#,
            #"`encoding windows-1250` (the message offers the closest known value)."#),
        "W0513": (
            #"An envelope names no categories (`for ...`) but has the name of a category. An envelope counts only the spending of the categories after `for`; without them it only holds what it is planned, filled and moved, so this one would show nothing spent however much the category spends."#,
            #"`envelope Food 300 monthly for Food` (the quick fix adds `for` and the category)."#),
        "W0514": (
            #"Spending that no envelope counts (its category in no envelope, or its wallet or date outside every envelope that covers the category) comes out of ready to assign, and this spending took it below zero: money already assigned to envelopes has been spent, so the envelopes hold more than the wallets do. Also reported on an envelope whose overspent period, not carried over, is taken from ready to assign and takes it below zero, and when ready to assign pays what was paid on a card beyond what was held for it (Grammar.md §4, "Credit overspending"; each card on its own). Once per dip, through today; see Grammar.md §4, "Unbudgeted spending"."#,
            #"budget the category in an envelope and move money into it, or assign less; pay a card no more than the envelopes held for it."#),
        "W0515": (
            #"A `fill` or `move` names an envelope on a day outside its periods: before its first (its `from`, or the budget's first money) or after its last (its `until`, or the end of a date-range envelope). Counted, it would take money from ready to assign or from the other envelope into a period that does not exist, so it counts nowhere: not in either envelope, not in ready to assign."#,
            #"date it within the envelope's periods, or move the envelope's `from` or `until`."#),
        "I0601": (
            #"A transaction with a bank id (`id:`) names no category, has no split lines and no `payee` rule gives one: a movement the bank made that nobody has categorized yet, typically written by `tally import`. It counts in its wallet's balance, its assertions and the register, and in no category, envelope or report by category until it has one (ready to assign counts it as money come or gone, so that it still adds up with the envelopes to the money in the wallets)."#,
            #"write the category before the amount (the editor's quick fix offers the likeliest ones), or add a `match` or `payee` rule so later imports categorize it."#),
    ]
}
