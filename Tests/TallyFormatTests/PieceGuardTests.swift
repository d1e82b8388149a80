import Foundation
import TallyFormat
import TallySyntax
import TallyTestSupport
import Testing

/// The guard that reads the output back a piece at a time (what the language server's
/// formatting uses) says yes exactly when the guard over two whole trees does: over the
/// formatted form of random budgets and the examples, and over copies of them damaged in
/// their whitespace, tokens and line breaks, cut into pieces a few lines long so that
/// every file is read in many.
@Suite struct PieceGuardTests {
    /// Inputs: random budgets (with spacing to fix) and the examples.
    private func inputs() throws -> [[UInt8]] {
        var random = TestSupport.SeededGenerator(seed: 0x9_1ECE)
        var result = (0 ..< 300).map { _ in Array(RandomBudget.make(using: &random).utf8) }
        result += try TestSupport.files(in: "examples", withExtension: "tally").map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        return result
    }

    /// `bytes` with a few random changes: whitespace added, removed or turned into a line
    /// break, a line break removed, a byte changed.
    private func damaged(_ bytes: [UInt8], _ random: inout TestSupport.SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0 ..< Int.random(in: 1 ... 3, using: &random) {
            guard !bytes.isEmpty else { break }
            let i = Int.random(in: 0 ..< bytes.count, using: &random)
            switch Int.random(in: 0 ..< 6, using: &random) {
            case 0: bytes.insert(0x20, at: i)
            case 1: bytes.insert(0x0A, at: i)
            case 2: if bytes[i] == 0x20 || bytes[i] == 0x0A { bytes.remove(at: i) }
            case 3: if bytes[i] == 0x20 { bytes[i] = 0x0A }
            case 4: bytes.insert(contentsOf: Array("    ".utf8), at: i)
            default: bytes[i] = Array("0 ;\"x\n".utf8).randomElement(using: &random)!
            }
        }
        return bytes
    }

    @Test func piecesAgreeWithWholeTrees() throws {
        var random = TestSupport.SeededGenerator(seed: 0xC0_FFEE)
        var accepted = 0
        var refused = 0
        for input in try inputs() {
            let tree = Parser.parse(SourceText(path: "a.tally", bytes: input))
            guard !tree.isNotText else { continue }
            var candidates = [input]
            if case .formatted(let output) = Formatter.format(tree) { candidates.append(output) }
            for _ in 0 ..< 6 { candidates.append(damaged(candidates.randomElement(using: &random)!, &random)) }
            for candidate in candidates {
                let whole = WhitespaceGuard.check(original: tree, formatted: candidate)
                for size in [40, 200, 1 << 20] {
                    let pieces = WhitespaceGuard.checkInPieces(original: tree, formatted: candidate, pieceSize: size)
                    #expect((pieces == nil) == (whole == nil), "pieces of \(size): \(pieces ?? "accepted"), whole: \(whole ?? "accepted")")
                }
                if whole == nil { accepted += 1 } else { refused += 1 }
            }
        }
        // Both answers were seen often: the comparison is not one-sided.
        #expect(accepted > 300)
        #expect(refused > 300)
    }
}
