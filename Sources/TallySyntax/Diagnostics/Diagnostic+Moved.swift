/// Moving diagnostics with the text after an edit, so that work done on unchanged parts
/// of a file can be kept when the file is read again.
extension ByteRange {
    /// The range with each end at or after `offset` moved by `shift` bytes.
    @inlinable public func moved(by shift: Int, from offset: Int) -> ByteRange {
        ByteRange(start: start >= offset ? start + shift : start, end: end >= offset ? end + shift : end)
    }
}

extension Diagnostic {
    /// The diagnostic with every position in `path` at or after `offset` (its range, its
    /// notes' ranges and its fixes' edits) moved by `shift` bytes; positions in other files
    /// and before `offset` stay.
    public func moved(by shift: Int, from offset: Int, in path: String) -> Diagnostic {
        guard shift != 0 else { return self }
        var result = self
        if file == path { result.range = range.moved(by: shift, from: offset) }
        for i in result.notes.indices where result.notes[i].file == path {
            result.notes[i].range = result.notes[i].range.moved(by: shift, from: offset)
        }
        if file == path {
            // Fix edits apply to the diagnostic's own file.
            for f in result.fixes.indices {
                for e in result.fixes[f].edits.indices {
                    result.fixes[f].edits[e].range = result.fixes[f].edits[e].range.moved(by: shift, from: offset)
                }
            }
        }
        return result
    }
}
