import TallyCore
import TallySyntax

/// Why a report was not made: a mistake in what was asked (the command line's exit 2,
/// the web's 400), or figures the budget cannot give exactly (exit 1, 409).
public enum ReportRefusal: Error, Equatable, Sendable {
    /// A usage mistake: an option, value or name that is wrong.
    case usage(UsageError)
    /// The request is sound but its figures cannot be computed exactly.
    case cannotCompute(String)

    /// The refusal in words, without the command's name.
    public var message: String { message(.flags) }

    /// The refusal in words, each option named as `naming` names it.
    public func message(_ naming: OptionNaming) -> String {
        switch self {
        case .usage(let error): error.message(naming)
        case .cannotCompute(let reason): reason
        }
    }
}
