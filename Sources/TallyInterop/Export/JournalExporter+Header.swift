import TallyCore
import TallySyntax

/// A transaction's first line and the metadata below it, in each peer's way: the payee
/// and note, the status mark, code and secondary date a converted journal kept, tags.
extension JournalExporter {
    /// The first line of a transaction with its payee, note and tags, and the metadata
    /// lines below it.
    func header(_ out: inout JournalText, _ entry: Entry, extra: [(String, String)] = []) {
        var meta: [(String, String)] = []
        if let by = entry.by { meta.append(("person", by)) }
        if let goal = entry.goal { meta.append(("goal", model.goals[goal].name)) }
        if let rule = entry.rule { meta.append(("rule", model.rules[rule].name ?? "")) }
        if let id = entry.bankID { meta.append(("id", id)) }
        let tags = entry.tags
        if format == .beancount && tags.contains(where: { tagName($0) != $0 }) { meta.append(("tally-tags", tags.joined(separator: " "))) }
        // The status mark and code a converted journal kept (`status:`, `code:`) go back
        // where the peer writes them.
        let mark = JournalExporter.mark(extra.first { $0.0 == "status" }?.1)
        // A note that was a comment (`note-from:`) is written as one again, unless hledger
        // would read a tag in it.
        let notePlace = extra.first { $0.0 == AccountNames.noteFromKey }?.1
        let noteComment = entry.note.flatMap { notePlace != nil && !$0.contains(":") ? lineText($0) : nil }
        var code = extra.first { $0.0 == "code" }?.1
        // A secondary date a converted journal kept (`date2:`) goes back after `=`.
        let keptDate2: String? = extra.first { $0.0 == "date2" }?.1
        var date2: CivilDate? = keptDate2.flatMap { CivilDate(iso: $0) }
        if format == .beancount {
            code = nil
            date2 = nil
        }
        meta += extra.filter { $0.0 != AccountNames.noteFromKey && ($0.0 != "status" || mark == nil) && ($0.0 != "code" || code == nil) && ($0.0 != "date2" || date2 == nil) }.map {
            (metadataKey($0.0), $0.1)
        }
        var date = entry.date.iso
        if let date2 { date += "=" + date2.iso }
        if format != .beancount {
            if let mark { date += " " + mark }
            if let code { date += " (\(lineText(code)))" }
        }
        out.blank()
        switch format {
        case .hledger:
            var description = ""
            if let payee = entry.payee { description = lineText(payee) }
            if let note = entry.note, noteComment == nil { description = description.isEmpty ? lineText(note) : description + " | " + lineText(note) }
            let first = description.isEmpty ? date : "\(date) \(description)"
            if let noteComment, notePlace == "comment" { out.line(first + "  ; " + noteComment) } else { out.line(first) }
            if let noteComment, notePlace != "comment" { out.line("    ; " + noteComment) }
            for tag in tags { out.line("    ; \(tagName(tag)):") }
            for (key, value) in meta { out.line("    ; \(key): \(metadataValue(value))") }
        case .ledger:
            let description = (entry.payee ?? entry.note).map(lineText) ?? ""
            out.line(description.isEmpty ? date : "\(date) \(description)")
            // A note that was a comment line (`note-from:`) is one again, else `note:` metadata.
            if entry.payee != nil, let note = entry.note { out.line(noteComment != nil ? "    ; " + noteComment! : "    ; note: \(metadataValue(note))") }
            if !tags.isEmpty { out.line("    ; :" + tags.map(tagName).joined(separator: ":") + ":") }
            for (key, value) in meta { out.line("    ; \(key): \(metadataValue(value))") }
        case .beancount:
            var line = "\(entry.date.iso) \(mark == "!" ? "!" : "*")"
            switch (entry.payee, entry.note) {
            case let (payee?, note?): line += " \(quoted(payee)) \(quoted(note))"
            case let (payee?, nil): line += " \(quoted(payee)) \"\""
            case let (nil, note?): line += " \(quoted(note))"
            case (nil, nil): break
            }
            for tag in tags { line += " #" + tagName(tag) }
            out.line(line)
            for (key, value) in meta { out.line("    \(key): \(quoted(value))") }
        }
    }

    /// The peer's status mark for a kept `status:` value (`cleared` `*`, `pending` `!`).
    static func mark(_ status: String?) -> String? {
        switch status {
        case "cleared": "*";
        case "pending": "!";
        default: nil
        }
    }
}
