/// A bank feed an import profile names (`feed simplefin`, Grammar.md §7.1): the service
/// `tally import --from FEED` and `tally sync` download a wallet's movements from.
public enum FeedKind: String, Sendable, CaseIterable, Equatable {
    /// Fio banka's token API (`token` names where the token is kept).
    case fio
    /// SimpleFIN Bridge (`token` names the access URL's place, else the one
    /// `tally feed simplefin claim` stored; `account` names the SimpleFIN account).
    case simplefin
    /// Enable Banking's PSD2 API (`app` is the application id, `token` names the
    /// private key's file; `account` names the account).
    case enablebanking
}
