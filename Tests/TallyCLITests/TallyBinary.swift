import TallyTestSupport

/// The built executable's runner (`TallyTestSupport`), named in this target so that its
/// files use it without importing the support module.
typealias TallyBinary = TallyTestSupport.TallyBinary
