import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// A card's register exported alone names the account its payments come from (`Transfer
/// : Checking`) without that account's rows: the payments still moved money on the card
/// (they were left out, and the card's balance was short by them, at exit 0).
@Suite struct YNABCardAloneTests {
    /// Visa's register, newest first, at the end of March 2026.
    static let visa = [
        #""Visa","","03/28/2026","Transfer : Checking","","","","",$0.00,$500.00,"Cleared""#,
        #""Visa","","03/15/2026","Airline","Travel: Flights","Travel","Flights","","$12,000.00",$0.00,"Cleared""#,
        #""Visa","","03/10/2026","Transfer : Checking","","","","",$0.00,$351.20,"Cleared""#,
        #""Visa","","03/02/2026","Starting Balance","Inflow: Ready to Assign","Inflow","Ready to Assign","","$2,500.00",$0.00,"Cleared""#
    ]

    @Test func transfersToAnAccountOutsideTheExportMoveTheCardsMoney() throws {
        let (balances, leftOut) = try YNABRegisterOrderTests.balances(Self.visa)
        // Visa: −2500.00 (starting balance) − 12000.00 (flights) + 351.20 + 500.00
        //   (two payments from Checking) = −13648.80, not −14500.00 without them.
        // Checking, outside the export, holds only the two payments: −351.20 − 500.00 = −851.20.
        #expect(balances == ["Visa": Money("-13648.80")!, "Checking": Money("-851.20")!])
        // Listed once, by name: its wallet is not Checking's balance in YNAB.
        #expect(leftOut.filter { $0.contains("`Checking` is not in the export") }.count == 1)
        #expect(!leftOut.contains { $0.contains("other side") })
    }

    /// An account that is in the export but lacks the transfer's other row is doubtful:
    /// still listed, never booked.
    @Test func aMissingSideInAnExportedAccountIsStillListed() throws {
        let (balances, leftOut) = try YNABRegisterOrderTests.balances(
            Self.visa + [
                #""Checking","","03/01/2026","Starting Balance","Inflow: Ready to Assign","Inflow","Ready to Assign","",$0.00,$3000.00,"Cleared""#
            ])
        // Visa: −2500.00 − 12000.00 = −14500.00 (both payments listed); Checking 3000.00.
        #expect(balances == ["Visa": Money("-14500.00")!, "Checking": Money("3000.00")!])
        #expect(leftOut.filter { $0.contains("other side (in `Checking`) is not in the export") }.count == 2)
    }

    /// A split's transfer part to an account outside the export reaches its wallet too;
    /// a split left out (a part without a category) names no such wallet.
    @Test func aSplitsTransferToAnAccountOutsideTheExport() throws {
        let split = [
            #""Checking","","03/14/2026","Transfer : Savings","","","","Split (1/2) saved",$70.00,$0.00,"Cleared""#,
            #""Checking","","03/14/2026","Market","Everyday: Groceries","Everyday","Groceries","Split (2/2) food",$30.00,$0.00,"Cleared""#,
            #""Checking","","03/13/2026","Starting Balance","Inflow: Ready to Assign","Inflow","Ready to Assign","",$0.00,$1000.00,"Cleared""#
        ]
        let (balances, leftOut) = try YNABRegisterOrderTests.balances(split)
        // Checking: 1000.00 − 30.00 − 70.00 = 900.00; Savings, outside the export: +70.00.
        #expect(balances == ["Checking": Money("900.00")!, "Savings": Money("70.00")!])
        #expect(leftOut.filter { $0.contains("`Savings` is not in the export") }.count == 1)
        let broken = split.map { $0.replacingOccurrences(of: #""Everyday: Groceries","Everyday","Groceries""#, with: #""","","""#) }
        let (left, listed) = try YNABRegisterOrderTests.balances(broken)
        // The split is listed whole: Checking keeps its 1000.00 and no Savings wallet appears.
        #expect(left == ["Checking": Money("1000.00")!])
        #expect(!listed.contains { $0.contains("`Savings` is not in the export") })
    }
}
