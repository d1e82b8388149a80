import Foundation
import TallyFormat
import TallySyntax
import TallyTestSupport
import XCTest

/// Seeded random files: thousands of valid budgets written with random spacing, and
/// thousands of randomly damaged ones. Whatever the input, the formatter never crashes,
/// changes nothing but whitespace, reads back the same and is idempotent.
final class FormatPropertyTests: XCTestCase {
    func testGeneratedValidFiles() {
        var random = TestSupport.SeededGenerator(seed: 0xF0_4D_A7)
        var refused = 0
        for round in 0 ..< 2000 {
            let bytes = Array(RandomBudget.make(using: &random).utf8)
            let tree = Parser.parse(SourceText(path: "generated.tally", bytes: bytes))
            XCTAssertTrue(
                tree.diagnostics.filter(\.code.isSyntaxError).isEmpty,
                "round \(round): the generator wrote an invalid file:\n\(String(decoding: bytes, as: UTF8.self))\n\(tree.diagnostics.map(\.message))")
            if FormatAssertions.check(bytes, "valid round \(round)") == nil { refused += 1 }
            if refused > 3 { break }
        }
    }

    func testMutatedFiles() throws {
        var random = TestSupport.SeededGenerator(seed: 0xBAD_F11E)
        let examples = try TestSupport.files(in: "examples", withExtension: "tally").map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        let interesting: [UInt8] = Array(" \t\n\r\"';,#=@->.%:0123456789".utf8) + [0x00, 0xC3, 0xFF, 0xE9, 0xEF, 0xBB, 0xBF]
        var refused = 0
        for round in 0 ..< 2000 {
            var bytes = round % 50 == 0 ? examples[round / 50 % examples.count] : Array(RandomBudget.make(using: &random).utf8)
            for _ in 0 ..< Int.random(in: 1 ... 6, using: &random) {
                guard !bytes.isEmpty else { break }
                let i = Int.random(in: 0 ..< bytes.count, using: &random)
                switch Int.random(in: 0 ..< 4, using: &random) {
                case 0:
                    bytes.removeSubrange(i ..< min(bytes.count, i + Int.random(in: 1 ... 12, using: &random)))
                case 1:
                    let end = min(bytes.count, i + Int.random(in: 1 ... 30, using: &random))
                    bytes.insert(contentsOf: bytes[i ..< end], at: Int.random(in: 0 ... bytes.count, using: &random))
                case 2:
                    bytes.swapAt(i, Int.random(in: 0 ..< bytes.count, using: &random))
                default:
                    bytes[i] = interesting.randomElement(using: &random)!
                }
            }
            if FormatAssertions.check(bytes, "mutation round \(round)") == nil { refused += 1 }
            if refused > 3 { break }
        }
    }
}

/// Writes small valid budgets with every kind of entry, random spacing (spaces and
/// tabs), comments, blank lines, CRLF or LF, with or without a final newline.
enum RandomBudget {
    static func make(using random: inout TestSupport.SeededGenerator) -> String {
        let newline = Bool.random(using: &random) ? "\n" : "\r\n"
        func gap() -> String {
            (0 ..< Int.random(in: 1 ... 4, using: &random)).map { _ in Int.random(in: 0 ..< 4, using: &random) == 0 ? "\t" : " " }.joined()
        }
        func indent() -> String { ["  ", "    ", "\t", " \t", "        "].randomElement(using: &random)! }
        func amount() -> String {
            let sign = ["", "-", "+"].randomElement(using: &random)!
            let whole = Int.random(in: 0 ... 99999, using: &random)
            switch Int.random(in: 0 ..< 3, using: &random) {
            case 0: return "\(sign)\(whole)"
            case 1: return "\(sign)\(whole).\(Int.random(in: 0 ... 9, using: &random))"
            default: return "\(sign)\(whole).\(String(format: "%02d", Int.random(in: 0 ... 99, using: &random)))"
            }
        }
        func comment() -> String {
            Int.random(in: 0 ..< 4, using: &random) == 0 ? gap() + ["; note", ";x", "; tally-ignore: W0505", "; 東京 ; more"].randomElement(using: &random)! : ""
        }
        let wallets = ["Cash", "Checking", "'Joint Account'", "Crème", "食費-wallet"]
        let categories = ["Fun", "Food:Groceries", "'Home & Garden'", "🏠:Rent", "Salary"]
        func pick(_ names: [String]) -> String { names.randomElement(using: &random)! }
        let date = "2026-0\(Int.random(in: 1 ... 9, using: &random))-1\(Int.random(in: 0 ... 9, using: &random))"
        var lines: [String] = []
        for _ in 0 ..< Int.random(in: 1 ... 14, using: &random) {
            let d = date
            switch Int.random(in: 0 ..< 16, using: &random) {
            case 0: lines.append("currency" + gap() + pick(["EUR", "USD", "JPY"]) + comment())
            case 1: lines.append("wallet" + gap() + pick(wallets) + gap() + pick(["bank", "cash", "savings"]) + gap() + "opening" + gap() + amount() + comment())
            case 2: lines.append(pick(["income", "expense"]) + gap() + pick(categories) + "," + gap() + pick(categories) + comment())
            case 3: lines.append("envelope" + gap() + pick(["Groceries", "Fun"]) + gap() + amount().replacingOccurrences(of: "-", with: "") + gap() + pick(["monthly", "weekly"]) + gap() + "for" + gap() + pick(categories) + comment())
            case 4: lines.append("goal" + gap() + pick(["Vacation", "Bike"]) + gap() + "2000" + gap() + "by" + gap() + "2026-08-01" + comment())
            case 5: lines.append(d + gap() + "fill" + gap() + "Groceries" + gap() + amount() + comment())
            case 6: lines.append(d + gap() + "assert" + gap() + pick(wallets) + gap() + amount() + comment())
            case 7: lines.append(d + gap() + "transfer" + gap() + pick(wallets) + gap() + "->" + gap() + pick(wallets) + gap() + amount().replacingOccurrences(of: "-", with: "") + comment())
            case 8:
                lines.append(d + gap() + "\"Shop ; x\"" + gap() + pick(wallets) + gap() + amount() + comment())
                for _ in 0 ..< Int.random(in: 1 ... 3, using: &random) {
                    lines.append(indent() + pick(categories) + gap() + amount() + (Bool.random(using: &random) ? gap() + "#tag" : "") + comment())
                }
                if Bool.random(using: &random) { lines.append(indent() + "id:" + gap() + "\"X-\(Int.random(in: 1 ... 999, using: &random))\"") }
            case 9: lines.append("")
            case 10: lines.append(gap())
            case 11: lines.append("; a comment" + pick(["", " ; tally-fmt: off", ""]))
            case 12: lines.append(pick(["; tally-fmt: off", "; tally-fmt: on"]))
            case 13: lines.append("every month on 1 from 2026-01-01 as rent" + gap() + pick(wallets) + gap() + pick(categories) + gap() + amount() + comment())
            default: lines.append(d + gap() + pick(wallets) + gap() + pick(categories) + gap() + amount() + (Bool.random(using: &random) ? gap() + "#work" + gap() + "by Anna" : "") + comment())
            }
        }
        let text = lines.joined(separator: newline)
        return Bool.random(using: &random) ? text + newline : text
    }
}
