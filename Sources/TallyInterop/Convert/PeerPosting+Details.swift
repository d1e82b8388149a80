import TallyCore
import TallySyntax

/// A posting's rare fields (``PeerPosting/details``): a price, a cost, an assertion, a date
/// of its own. Most postings have none, and hold no box.
extension PeerPosting {
    /// A price, a cost, an assertion or a date of a posting's own, kept in a box no one
    /// changes (a change makes a new one), so that a posting keeps value semantics.
    final class Details {
        let fields: DetailFields
        init(_ fields: DetailFields) { self.fields = fields }
    }

    /// The fields of ``Details``.
    struct DetailFields: Equatable {
        /// `@ price` (per unit) or `@@ total`, as written.
        var price: PeerAmount?
        var totalPrice = false
        /// A cost in braces (lots), read for the posting's weight (``PostingCost``).
        var cost: PostingCost?
        /// `= AMOUNT` after the amount (hledger, ledger).
        var assertion: PeerAmount?
        /// `==`: the account holds nothing else (no other commodity).
        var assertsTotal = false
        /// `=*` or `==*`: the account with its subaccounts.
        var assertsSubaccounts = false
        /// The posting's own date as its comment writes it (hledger `date:DATE`, ledger
        /// `[DATE]`), a year perhaps left out; ``date`` once read.
        var dateText: String?
        var date: CivilDate?
        /// A secondary date (`date2:`, `[=DATE]`): hledger and ledger use it only when asked.
        var hasSecondaryDate = false
    }

    private static let noDetails = DetailFields()

    private var fields: DetailFields {
        get { details?.fields ?? PeerPosting.noDetails }
        set { details = newValue == PeerPosting.noDetails ? nil : Details(newValue) }
    }

    var price: PeerAmount? {
        get { details?.fields.price }
        set { fields.price = newValue }
    }
    var totalPrice: Bool {
        get { details?.fields.totalPrice ?? false }
        set { fields.totalPrice = newValue }
    }
    var cost: PostingCost? {
        get { details?.fields.cost }
        set { fields.cost = newValue }
    }
    var hasCost: Bool { cost != nil }
    var assertion: PeerAmount? {
        get { details?.fields.assertion }
        set { fields.assertion = newValue }
    }
    var assertsTotal: Bool {
        get { details?.fields.assertsTotal ?? false }
        set { fields.assertsTotal = newValue }
    }
    var assertsSubaccounts: Bool {
        get { details?.fields.assertsSubaccounts ?? false }
        set { fields.assertsSubaccounts = newValue }
    }
    var dateText: String? {
        get { details?.fields.dateText }
        set { fields.dateText = newValue }
    }
    var date: CivilDate? {
        get { details?.fields.date }
        set { fields.date = newValue }
    }
    var hasSecondaryDate: Bool {
        get { details?.fields.hasSecondaryDate ?? false }
        set { fields.hasSecondaryDate = newValue }
    }
}
