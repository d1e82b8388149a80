import TallySyntax

/// A transaction in another currency than its wallet's (Grammar.md §3.10, "Another
/// currency"): `-23.50 USD = -21.62 EUR` or `-23.50 USD @ 0.92`. The wallet and the
/// category count the amount in the wallet's currency; the original stays in the text.
extension Lowering {
    /// The amount in wallet `wallet`'s currency of transaction `t`, whose amount `a` has a
    /// conversion; nil, reported, when it cannot be worked out.
    mutating func convertedAmount(_ t: TransactionSyntax, _ a: AmountSyntax, wallet: Int, file: String) -> Money? {
        let currency = wallets[wallet].currency
        guard let code = a.currency, code != currency else {
            report(
                .conversionNotNeeded, "`=` and `@` convert an amount in another currency, but this one is in \(currency), the wallet's",
                file, a.range, help: "write the amount's currency code (`-23.50 USD = -21.62 \(currency)`), or remove the conversion")
            return nil
        }
        guard let original = money(a, currency: code, file: file) else { return nil }
        if let converted = t.converted {
            guard let value = money(converted, currency: currency, file: file) else { return nil }
            if value.isNegative != original.isNegative || value.isZero != original.isZero {
                report(
                    .conversionSign, "\(original) \(code) cannot be \(value) \(currency): the two sides of a conversion have one sign",
                    file, converted.range, help: "write the amount in \(currency) with the sign of the \(code) amount")
                return nil
            }
            return value
        }
        guard let rate = t.rate, let factor = Money(rate.number) else { return nil }
        if let quote = rate.currency, quote != currency {
            report(.currencyMismatch, "the rate is given in \(quote), but \(wallets[wallet].name) holds \(currency)", file, rate.range)
            return nil
        }
        guard !factor.isNegative, !factor.isZero else {
            report(
                .conversionSign, "a rate of \(factor) turns \(original) \(code) into nothing or its opposite", file, rate.range,
                help: "a rate is positive: \(currency) per \(code)")
            return nil
        }
        guard let value = original.multiplied(by: factor, roundedTo: decimals(of: currency)) else {
            report(.numericOverflow, "converting \(original) at \(factor) is too large to compute exactly", file, rate.range)
            return nil
        }
        return value
    }

    /// What transaction `t` paid, when it converts an amount in another currency (read
    /// once ``convertedAmount(_:_:wallet:file:)`` has accepted it, so nothing is reported).
    mutating func paidAmount(_ t: TransactionSyntax, file: String) -> PaidAmount? {
        guard t.converted != nil || t.rate != nil, let a = t.amount, let code = a.currency,
            let amount = money(a, currency: code, file: file)
        else { return nil }
        return PaidAmount(amount: amount, currency: code, rate: t.converted == nil ? t.rate.flatMap { Money($0.number) } : nil)
    }
}
