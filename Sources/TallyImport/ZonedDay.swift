import TallyCore
import TallySyntax

/// The day of an ISO date or date and time that may carry a zone offset, as XML and JSON
/// statements write them: `2026-03-03`, `2026-03-03+01:00`, `2026-03-03+0100` (Fio
/// banka's JSON), `2026-03-03Z`, `2026-03-25T08:01:12+01:00`. The day is the one written,
/// the bank's: never moved into another zone.
enum ZonedDay {
    static func parse(_ text: String) -> CivilDate? {
        var day = Substring(text.trimmingWhitespace)
        if day.count > 10, let zone = day.dropFirst(10).first, zone == "+" || zone == "-" || zone == "Z" {
            let offset = day.dropFirst(11)
            let valid =
                zone == "Z"
                ? offset.isEmpty
                : (offset.count == 5 && offset.dropFirst(2).first == ":" || offset.count == 4) && offset.allSatisfy { $0.isNumber || $0 == ":" }
            guard valid else { return nil }
            day = day.prefix(10)
        }
        return DateFormat.iso.parse(String(day))
    }
}
