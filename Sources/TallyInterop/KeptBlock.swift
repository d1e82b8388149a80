import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// A block of a peer journal that `tally convert` kept in the budget as comments
/// (``KeptAsComments`` writes them): one or more lines `; not converted (FILE:LINE): REASON`
/// and the original lines, each after `;   `. A block of which nothing was converted names
/// its journal's format after the place (`; not converted (sample.dat:3, ledger): …`);
/// `tally export` to that format writes its original lines back, uncommented, at its
/// place, and every other export keeps the comment lines.
struct KeptBlock {
    /// The budget file and the offset of the block's first line in it.
    var file: String
    var offset: Int
    /// The day it goes among the entries: its first original line's date, else that of
    /// the entry above it; nil for what goes with the declarations (a directive, a
    /// periodic or automated transaction).
    var date: CivilDate?
    /// The formats its original lines are written back to (none when part of it was
    /// converted).
    var formats: [PeerFormat] = []
    /// The comment lines as the budget has them.
    var comments: [String] = []
    /// The original lines (the comment lines after `;   `).
    var original: [String] = []

    /// The prefix of a block's first line.
    static let marker = "; not converted"
    /// The prefix of a kept original line.
    static let quote = ";   "

    /// The word naming a journal's format after a block's place: `hledger` for
    /// `.journal`/`.hledger` files, `ledger` for `.ledger`/`.dat`, `beancount`, and
    /// `journal` for a hledger or ledger journal whose name tells neither (written back to
    /// both).
    static func formatName(path: String, text: String) -> String {
        if let format = PeerFormat(extensionOf: path) { return format.rawValue }
        return JournalKind.detect(path: path, text: text) == .beancount ? "beancount" : "journal"
    }

    /// The formats a name written by ``formatName(path:text:)`` stands for.
    static func formats(named word: Substring) -> [PeerFormat] {
        switch word {
        case "journal": [.hledger, .ledger]
        default: PeerFormat(rawValue: String(word)).map { [$0] } ?? []
        }
    }

    /// The format named in a block's first line (`; not converted (a.dat:3, ledger): …`).
    static func formats(inHeader line: String) -> [PeerFormat] {
        guard let close = line.firstRange(of: "): ") else { return [] }
        let place = line[line.index(line.startIndex, offsetBy: marker.count + 2) ..< close.lowerBound]
        guard let comma = place.ranges(of: ", ").last else { return [] }
        return formats(named: place[comma.upperBound...])
    }

    /// The kept blocks of a budget file, in order: runs of comment lines in column 1 that
    /// start with ``marker``, read from the tree's comment tokens (the formatter leaves
    /// comment text as it is).
    static func blocks(in tree: SyntaxTree, file: String) -> [KeptBlock] {
        let kinds = tree.allTokenKinds
        var blocks: [KeptBlock] = []
        var open = false  // the last line was a line of a block
        for i in kinds.indices where kinds[i] != .whitespace {
            guard kinds[i] == .comment, i == 0 || kinds[i - 1] == .newline || kinds[i - 1] == .byteOrderMark else {
                // Anything but a line break ends a block, and so does a blank line.
                if kinds[i] != .newline || (i > 0 && kinds[i - 1] == .newline) { open = false }
                continue
            }
            let text = tree.token(at: i).text
            if text.hasPrefix(marker + " (") {
                // A first line after original lines starts the next block.
                if !open || !(blocks.last?.original.isEmpty ?? true) {
                    blocks.append(KeptBlock(file: file, offset: tree.token(at: i).range.start))
                    blocks[blocks.count - 1].formats = formats(inHeader: text)
                }
                blocks[blocks.count - 1].comments.append(text)
                open = true
            } else if open, text.hasPrefix(quote) {
                blocks[blocks.count - 1].comments.append(text)
                blocks[blocks.count - 1].original.append(String(text.dropFirst(quote.count)))
            } else {
                open = false
            }
        }
        guard !blocks.isEmpty else { return blocks }
        let entries = tree.entries
        for b in blocks.indices {
            if let first = blocks[b].original.first, let date = KeptAsComments.date(Array(first.utf8)[...]) {
                blocks[b].date = date
                continue
            }
            // The entry above: the last that ends before the block (a binary search).
            var low = 0, high = entries.count
            while low < high {
                let mid = (low + high) / 2
                if entries[mid].range.end <= blocks[b].offset { low = mid + 1 } else { high = mid }
            }
            if low > 0, let token = entries[low - 1].firstContentToken, token.kind == .date { blocks[b].date = CivilDate(iso: token.text) }
        }
        return blocks
    }

    /// The accounts its original postings name (hledger and ledger: an indented line up to
    /// two spaces, a tab or a comment, a status mark and the brackets of a virtual
    /// posting left out), for an export that declares the accounts it writes.
    var postingAccounts: [String] {
        original.compactMap { line in
            guard line.first == " " || line.first == "\t" else { return nil }
            var text = Substring(line.trimmedSpaces)
            if text.hasPrefix("* ") || text.hasPrefix("! ") { text = text.dropFirst(2) }
            guard let first = text.first, first != ";", first != "#" else { return nil }
            var end = text.endIndex
            if let gap = text.firstRange(of: "  ") { end = gap.lowerBound }
            if let tab = text[..<end].firstIndex(of: "\t") { end = tab }
            let name = text[..<end].trimmingScalars { "()[] ".unicodeScalars.contains($0) }
            return name.isEmpty ? nil : name
        }
    }

    /// The lines an export to `format` writes for the block.
    func lines(for format: PeerFormat) -> [String] { formats.contains(format) ? original : comments }
}
