extension LanguageServer {
    /// Answers a language-feature request, or returns nil when no feature has `method`.
    func answerFeature(method: String, params: Params) throws(ResponseError) -> JSON? {
        switch method {
        default: return nil
        }
    }

    /// The capabilities the wired features add to `initialize`'s answer.
    var featureCapabilities: [String: JSON] { [:] }
}
