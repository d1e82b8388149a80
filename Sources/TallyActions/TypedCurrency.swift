import TallyReports

/// A currency as a person types it — `tally init --currency`, its question — read into
/// the code a budget declares (Grammar.md §1.2): a code as the grammar writes it (`EUR`,
/// `BTC`), a three-letter code in any case (`eur`), or a common name or symbol of one
/// currency (`euro`, `€`, `yen`). A name or symbol several currencies share (`$`,
/// `dollar`) is refused with the codes to choose from; any other word is refused rather
/// than declared as a code no one meant (`euro` is not the code `EURO`).
public enum TypedCurrency {
    /// Names and symbols of one currency, lowercased.
    static let names: [String: String] = [
        "€": "EUR", "euro": "EUR", "euros": "EUR", "£": "GBP", "sterling": "GBP", "pound sterling": "GBP",
        "₹": "INR", "₩": "KRW", "yen": "JPY", "swiss franc": "CHF", "swiss francs": "CHF", "franken": "CHF",
        "zloty": "PLN", "złoty": "PLN", "forint": "HUF", "yuan": "CNY", "renminbi": "CNY", "rand": "ZAR",
        "real": "BRL", "reais": "BRL", "koruna": "CZK", "lira": "TRY"
    ]
    /// Names and symbols several currencies share, with the codes they may mean.
    static let shared: [String: String] = [
        "$": "USD, CAD, AUD, NZD, MXN, ...", "dollar": "USD, CAD, AUD, NZD, ...", "dollars": "USD, CAD, AUD, NZD, ...",
        "¥": "JPY or CNY", "pound": "GBP or EGP", "pounds": "GBP or EGP", "franc": "CHF, XOF or XAF",
        "krona": "SEK or ISK", "krone": "DKK or NOK", "kronor": "SEK", "peso": "MXN, ARS, CLP, COP or PHP",
        "rupee": "INR, PKR or LKR"
    ]

    /// The code `typed` names, or a refusal saying what to write instead.
    public static func read(_ typed: String) throws(UsageError) -> String {
        let text = String(typed.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        let key = text.lowercased()
        if let code = names[key] { return code }
        if let codes = shared[key] { throw UsageError("`\(text)` names more than one currency; write the code (\(codes))") }
        if isCode(text) { return text }
        let upper = text.uppercased()
        if upper.count == 3 && isCode(upper) { return upper }
        throw UsageError("`\(text)` is not a currency code (2 to 10 capital letters and digits: EUR, USD) or a currency's name")
    }

    /// Whether `code` is a currency code as the grammar writes it (Grammar.md §1.2: 2 to
    /// 10 uppercase letters and digits, a letter first).
    public static func isCode(_ code: String) -> Bool {
        guard let first = code.unicodeScalars.first, ("A" ... "Z").contains(first), (2 ... 10).contains(code.count) else { return false }
        return code.unicodeScalars.allSatisfy { ("A" ... "Z").contains($0) || ("0" ... "9").contains($0) }
    }
}
