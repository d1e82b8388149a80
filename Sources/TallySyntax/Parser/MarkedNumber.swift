/// A number written with thousands marks or a decimal comma, as banks and spreadsheets
/// print them (`-1.340,50`, `1,234.50`, `54,20`), read into the form Tally writes, for
/// the fix of a malformed amount (E0205).
///
/// Only a reading that cannot be wrong is offered: the last of two different marks is
/// the decimal mark, a mark repeated is a thousands mark, and a single comma is a decimal
/// comma unless three digits follow it after at most three digits (`1,234` is a thousand
/// and more, or one and a bit: ambiguous, so no reading is guessed). The tools read an
/// amount a person types by the same rule (TallyActions' `TypedAmount`).
public enum MarkedNumber: Equatable, Sendable {
    /// The number as Tally writes it, and what was wrong with the marks.
    case number(String, Marks)
    /// Thousands or decimals, the text cannot say (`1,234`).
    case ambiguous
    /// Not a number with marks at all.
    case notANumber

    /// Which marks a number had that Tally does not write.
    public enum Marks: Equatable, Sendable {
        /// Thousands marks, and `.` for decimals if any (`1,234,567`, `1.234.567`, `1,234.50`).
        case thousands
        /// A decimal comma only (`54,20`).
        case decimalComma
        /// Thousands marks and a decimal comma (`-1.340,50`).
        case thousandsAndDecimal
    }

    /// Reads `text`: an optional sign, then groups of digits separated by single `.` or
    /// `,` marks.
    public static func read(_ text: String) -> MarkedNumber {
        var body = Substring(text)
        var sign = ""
        if let first = body.first, first == "+" || first == "-" {
            sign = String(first)
            body = body.dropFirst()
        }
        var groups: [Substring] = []
        var marks: [Character] = []
        var start = body.startIndex
        for index in body.indices {
            let character = body[index]
            if character == "." || character == "," {
                groups.append(body[start ..< index])
                marks.append(character)
                start = body.index(after: index)
            } else if !character.isASCII || !character.isNumber {
                return .notANumber
            }
        }
        groups.append(body[start...])
        guard !marks.isEmpty, groups.allSatisfy({ !$0.isEmpty }) else { return .notANumber }

        func thousands(_ groups: ArraySlice<Substring>) -> Bool {
            guard let first = groups.first, (1 ... 3).contains(first.count), first != "0" || groups.count == 1 else { return false }
            return groups.dropFirst().allSatisfy { $0.count == 3 }
        }
        let decimalMark = marks[marks.count - 1]
        if marks.contains(where: { $0 != decimalMark }) {
            // Two kinds of mark: the last one is the decimal mark and stands once.
            guard marks.dropLast().allSatisfy({ $0 != decimalMark }), thousands(groups.dropLast()) else { return .notANumber }
            let number = sign + groups.dropLast().joined() + "." + groups[groups.count - 1]
            return .number(number, decimalMark == "," ? .thousandsAndDecimal : .thousands)
        }
        if marks.count > 1 {
            // One mark repeated separates thousands.
            return thousands(groups[...]) ? .number(sign + groups.joined(), .thousands) : .notANumber
        }
        if decimalMark == "," {
            if groups[1].count == 3 && thousands(groups[...]) { return .ambiguous }
            return .number(sign + groups[0] + "." + groups[1], .decimalComma)
        }
        return .notANumber  // one `.`: a number Tally reads as it is
    }
}
