import TallySyntax

/// beancount's strings may span lines (a `query`'s SQL, a `custom "fava-extension"`'s
/// settings): a line that starts inside a string opened above belongs to that string's
/// entry, whatever its indentation, and so does a blank line within it. The reader and
/// the blocks kept as comments ask here, so such an entry is read, kept and written
/// back whole. hledger and ledger have no such strings: only beancount files are asked.
enum BeancountStrings {
    /// The numbers (1-based) of the lines of `bytes` that start inside a string.
    static func continuationLines(_ bytes: [UInt8]) -> Set<Int> {
        var lines = Set<Int>()
        guard bytes.contains(ASCII.quote) else { return lines }
        var inside = false
        var number = 0
        for line in JournalLines(bytes) {
            number += 1
            if inside { lines.insert(number) }
            var escaped = false
            for byte in line {
                if inside {
                    if escaped {
                        escaped = false
                    } else if byte == ASCII.backslash {
                        escaped = true
                    } else if byte == ASCII.quote {
                        inside = false
                    }
                } else if byte == ASCII.quote {
                    inside = true
                } else if byte == ASCII.semicolon {
                    break  // a comment: its quotes open nothing
                }
            }
        }
        return lines
    }
}
