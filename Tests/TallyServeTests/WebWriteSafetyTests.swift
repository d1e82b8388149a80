import Foundation
import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyServe

/// What a form sends is written as typed and never read as a command-line option; writes
/// sent together never lose one another; a program appending to the file meanwhile
/// never loses a line.
@Suite(.serialized) struct WebWriteSafetyTests {
    static let budget = """
        currency EUR

        wallet Cash  cash  opening 500.00 on 2026-11-01

        expense Food, Fun

        every month on 1 from 2026-11-01 as '--due'  Cash  Fun  -9.99

        2026-11-02 "Bakery"  Cash  Food  -3.20

        """

    let folder: TemporaryFolder
    let file: String
    let serve: ServeTestApp

    init() throws {
        folder = try TemporaryFolder("serve-safety")
        file = try folder.write(Self.budget, to: "budget.tally")
        serve = ServeTestApp(files: [file])
    }

    private func model() throws -> BudgetModel {
        Interpreter.interpret(try BudgetLoader().load(file), today: CivilDate(iso: "2026-11-22")!, reusing: nil).model
    }

    private func purchase(_ payee: String, version: String? = nil) -> HTTPResponse {
        serve.post(
            "/add", [("date", "2026-11-21"), ("payee", payee), ("wallet", "Cash"), ("category", "Food"), ("amount", "1.00"), ("note", "")],
            version: version)
    }

    /// Payees that look like options, and a rule named like one, are written as typed.
    @Test func formValuesAreNeverOptions() throws {
        defer { folder.remove() }
        let payees = ["--dry-run", "--tag=x", "-Minus Shop"]
        for payee in payees {
            let answer = purchase(payee)
            #expect(answer.status == .seeOther, "\(payee): \(answer.text)")
        }
        let recorded = serve.post("/record", [("rule", "--due"), ("date", "2026-11-01")])
        #expect(recorded.status == .seeOther, "\(recorded.text)")
        let model = try model()
        for payee in payees {
            let entry = try #require(model.entries.first { $0.payee == payee }, "\(payee) was not written")
            #expect(entry.tags.isEmpty)
            #expect(entry.transaction?.amount == Money("-1.00"))
        }
        #expect(model.unrecordedOccurrences(through: CivilDate(iso: "2026-11-01")!)[0].isEmpty, "`--due` on 2026-11-01 is recorded")
    }

    /// Twenty pairs of purchases from pages of the same version, 0–5 ms apart: every one
    /// answered as written is in the file; every other is refused with 409.
    @Test func writesSentTogetherAreEachWrittenOrRefused() throws {
        defer { folder.remove() }
        nonisolated(unsafe) var answered: [(payee: String, status: HTTPStatus)] = []
        let lock = NSLock()
        for pair in 0 ..< 20 {
            let version = serve.app.store.currentVersion()
            DispatchQueue.concurrentPerform(iterations: 2) { side in
                if side == 1 { usleep(UInt32(pair % 6) * 1000) }
                let payee = "Pair \(pair) \(side)"
                let status = purchase(payee, version: version).status
                lock.withLock { answered.append((payee, status)) }
            }
        }
        let written = Set(try model().entries.compactMap(\.payee))
        for (payee, status) in answered {
            #expect(status == .seeOther || status == .conflict, "\(payee): \(status)")
            if status == .seeOther { #expect(written.contains(payee), "\(payee) was answered as written but is not in the file") }
            if status == .conflict { #expect(!written.contains(payee)) }
        }
        #expect(answered.filter { $0.status == .seeOther }.count >= 20)
    }

    /// A program that takes no lock appends a line every 10 ms while the web app writes
    /// 500 purchases: no appended line is lost.
    @Test func aLineAppendedFromOutsideIsNeverLost() throws {
        defer { folder.remove() }
        let stop = NSLock(), done = NSCondition()
        nonisolated(unsafe) var stopping = false, appended = -1
        let path = file
        let appender = Thread {
            var n = 0
            while !stop.withLock({ stopping }) {
                let fd = open(path, O_WRONLY | O_APPEND)
                if fd >= 0 {
                    // A paragraph of its own, as an editor's note would be: the web's entries
                    // then join short blocks, so 500 writes stay quick to lay out.
                    let line = Array("; outside \(n)\n\n".utf8)
                    _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    close(fd)
                    n += 1
                }
                usleep(10_000)
            }
            done.withLock {
                appended = n
                done.signal()
            }
        }
        appender.start()
        var written = 0
        for i in 0 ..< 500 where purchase("Web \(i)").status == .seeOther { written += 1 }
        stop.withLock { stopping = true }
        done.withLock { while appended < 0 { done.wait() } }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let lines = Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(appended > 20)
        for n in 0 ..< appended { #expect(lines.contains("; outside \(n)"), "; outside \(n) was lost") }
        #expect(written > 0)
        #expect(try model().entries.filter { $0.payee?.hasPrefix("Web ") ?? false }.count == written)
    }
}
