import TallySyntax

/// One line to be formatted, cut into fields before columns are chosen, with its
/// end-of-line comment.
///
/// Inside a field, runs of whitespace become one space; tokens the user wrote touching
/// (`Anna,Ben`) stay touching, so no token can ever be read differently. Between fields,
/// the spaces that reach the next field's column. The layout keeps token indices, not
/// bytes, and its fields live in one array shared by the whole file, so measuring a
/// file allocates nothing per line.
struct LineLayout {
    /// Columns of indentation: 0 for the first line of an entry, 4 for its other lines.
    var indent: Int
    /// The tokens of the line, without its line break.
    var tokens: Range<Int>
    /// The fields of the line, as indices into the file's field array.
    var fields: Range<Int>
    /// The comment token, at the end of the line or as its only content.
    var comment: Int?
    /// Whether whitespace stood between the content and the comment (then the comment is
    /// aligned; a comment written touching its content stays touching).
    var commentSpaced = false
    /// True when the line has something besides a comment.
    var hasContent = false

    /// Cuts a line into fields, appended to `fields`. `marks` are the field marks of
    /// ``SourceLines``; `dated` says that what follows an amount is one field, and that
    /// the entry's own keyword (`transfer`, `fill`, `assert`) starts a field together
    /// with the name after it.
    init(line: SourceLine, tokens table: TokenView, marks: UnsafeBufferPointer<Int16>, dated: Bool, indent: Int, fields: inout [LineField]) {
        self.indent = indent
        tokens = line.tokens.lowerBound ..< (line.newline ?? line.tokens.upperBound)
        let start = fields.count
        // The field being read; appended when the next one opens, so the shared array is
        // written once per field.
        var current: LineField?
        var space = false
        var bindsNext = false
        var trailing = false
        for t in tokens {
            let kind = table.kinds[t]
            switch kind {
            case .whitespace, .newline, .byteOrderMark:
                space = current != nil
            case .comment:
                commentSpaced = space && current != nil
                comment = t
            default:
                let width = Int32(TextWidth.of(table.bytes(of: t)))
                let mark = marks[t]
                let binds = kind == .comma || kind == .arrow || kind == .equals || kind == .at || kind == .dotDot
                if var previous = current {
                    var opens = space && mark != FieldMark.inside && !bindsNext && !binds && !trailing
                    if opens {
                        // Tags written one after another are one field; so are a payee
                        // and the note after it.
                        let tags = kind == .tag && mark == FieldMark.own && table.kinds[Int(previous.end) - 1] == .tag
                        let note = Int32(mark) == FieldMark.note && previous.key >> 3 == FieldMark.payee
                        opens = !tags && !note
                    }
                    bindsNext = binds
                    if opens {
                        fields.append(previous)
                        var base: Int32
                        if dated && previous.isAmount {
                            base = FieldMark.trailing
                            trailing = true
                        } else if mark == FieldMark.own {
                            // A `match` rule's split part may be a percentage: it stands in
                            // the amounts' column, its `%` where their decimal point is.
                            base = kind == .percentage ? FieldMark.amount : FieldMark.key(of: kind)
                            if dated && kind == .keyword {
                                // `transfer Checking -> Savings`, `assert Checking`: one
                                // field, in the column of a transaction's wallet.
                                base = FieldMark.wallet
                                bindsNext = true
                            }
                        } else {
                            base = Int32(mark)
                        }
                        var occurrence = 0
                        for f in start ..< fields.count where fields[f].key >> 3 == base { occurrence += 1 }
                        current = LineField(first: Int32(t), end: Int32(t + 1), width: width, key: LineField.key(base: base, occurrence: occurrence))
                        if base == FieldMark.amount {
                            let bytes = table.bytes(of: t)
                            current!.integerWidth = Int32(
                                kind == .percentage
                                    ? TextWidth.integerPart(ofNumber: UnsafeBufferPointer(rebasing: bytes.dropLast()))
                                    : TextWidth.integerPart(ofNumber: bytes))
                        }
                    } else {
                        previous.end = Int32(t + 1)
                        previous.width += (space ? 1 : 0) + width
                        current = previous
                    }
                } else {
                    bindsNext = binds
                    current = LineField(first: Int32(t), end: Int32(t + 1), width: width, key: LineField.key(base: FieldMark.lead, occurrence: 0))
                }
                space = false
            }
        }
        if let current { fields.append(current) }
        hasContent = fields.count > start
        self.fields = start ..< fields.count
    }

    /// Where each field starts, given the columns of the block; calls `body` with the
    /// field and its start column, and returns where the content ends.
    @inline(__always)
    func place(_ fields: UnsafeBufferPointer<LineField>, _ columns: BlockColumns, _ body: (LineField, Int) -> Void) -> Int {
        var position = indent
        var previous: Int32 = -1
        // After a field too wide for its column, the rest of the line follows it.
        var overflowed = false
        for f in self.fields {
            let field = fields[f]
            var start = indent
            if overflowed {
                start = position + columns.gap(after: previous)
            } else if previous >= 0 {
                let column = Int(field.column)
                start = columns.starts[column]
                if field.isAmount { start += columns.integerWidths[column] - Int(field.integerWidth) }
                start = max(start, position + columns.gap(after: previous))
            }
            body(field, start)
            position = start + Int(field.width)
            previous = field.column
            overflowed = overflowed || columns.overflows(field)
        }
        return position
    }

    /// Where the content ends with these columns.
    func contentEnd(_ fields: UnsafeBufferPointer<LineField>, _ columns: BlockColumns) -> Int {
        place(fields, columns) { _, _ in }
    }

    /// Writes the line (without its line break) with the chosen columns.
    func render(_ table: TokenView, _ fields: UnsafeBufferPointer<LineField>, _ columns: BlockColumns, into output: inout [UInt8]) {
        if !hasContent && comment == nil { return }
        Self.appendSpaces(indent, to: &output)
        var position = indent
        let end = place(fields, columns) { field, start in
            Self.appendSpaces(start - position, to: &output)
            var space = false
            for t in Int(field.first) ..< Int(field.end) {
                switch table.kinds[t] {
                case .whitespace, .newline, .byteOrderMark:
                    space = true
                default:
                    if space { output.append(0x20) }
                    output.append(contentsOf: table.bytes(of: t))
                    space = false
                }
            }
            position = start + Int(field.width)
        }
        if let comment {
            if hasContent && commentSpaced {
                Self.appendSpaces(max(1, (columns.commentColumn ?? 0) - end), to: &output)
            }
            output.append(contentsOf: table.bytes(of: comment))
        }
    }

    /// Spaces to copy from: appending a slice of them is one copy, where
    /// `repeatElement` appends byte by byte.
    private static let spaces = [UInt8](repeating: 0x20, count: 128)

    static func appendSpaces(_ count: Int, to output: inout [UInt8]) {
        var left = count
        while left > 0 {
            let n = min(left, spaces.count)
            output.append(contentsOf: spaces[0 ..< n])
            left -= n
        }
    }
}
