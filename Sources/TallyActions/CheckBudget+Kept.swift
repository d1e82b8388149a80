import TallySyntax

extension CheckBudget.Result {
    /// This answer as a long-running front end keeps it between requests (`tally serve`'s
    /// Diagnostics): without the models read, which no renderer needs and which at 100k
    /// transactions are tens of megabytes; with the text of only the files a listed
    /// diagnostic or one of its notes points into (what the renderers quote); and each of
    /// those texts replaced by the one of `held` with the same path and bytes, so that the
    /// front end's own copy of a file (its opened budget's) is the only one kept.
    /// Everything else is as found.
    public func kept(sharing held: [SourceText] = []) -> Self {
        var named = Set<String>()
        for diagnostic in listed {
            named.insert(diagnostic.file)
            for note in diagnostic.notes { named.insert(note.file) }
        }
        let texts = sources.filter { named.contains($0.path) }.map { source in
            held.first { $0.path == source.path && $0.bytes == source.bytes } ?? source
        }
        return Self(
            diagnostics: diagnostics, listed: listed, omitted: omitted, totals: totals, fails: fails, unreadable: unreadable,
            checkedFiles: checkedFiles, sources: texts, loading: loading, checking: checking, read: [],
            largestBudget: largestBudget)
    }
}
