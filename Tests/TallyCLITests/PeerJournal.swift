import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import XCTest

/// One of the peers (hledger, ledger, beancount) as the export tests drive it: whether it
/// accepts a journal, and the figures it computes from it, read from its own output
/// (CSV from hledger, a tab-separated format from ledger, the loaded entries from
/// beancount's Python API).
struct PeerJournal {
    let format: PeerFormat
    let tool: ExternalTool
    /// For beancount: the Python that has the `beancount` module.
    let python: ExternalTool?

    /// The peer, or a skip (a failure under CI) when it is not installed.
    static func require(_ format: PeerFormat) throws -> PeerJournal {
        switch format {
        case .hledger: return PeerJournal(format: format, tool: try ExternalTool.require("hledger"), python: nil)
        case .ledger: return PeerJournal(format: format, tool: try ExternalTool.require("ledger"), python: nil)
        case .beancount:
            let check = try ExternalTool.require("bean-check")
            // The Python beside bean-check is the one with beancount installed.
            let python = ExternalTool(url: check.url.deletingLastPathComponent().appendingPathComponent("python3"))
            guard FileManager.default.isExecutableFile(atPath: python.url.path) else {
                throw XCTSkip("no python3 beside bean-check at \(check.url.path)")
            }
            return PeerJournal(format: format, tool: check, python: python)
        }
    }

    /// Amounts per commodity.
    typealias Amounts = [String: Money]

    /// Runs the peer's own check: `hledger check -s` (strict: accounts and commodities
    /// declared, balance assertions), `ledger --pedantic bal` (declared accounts,
    /// commodities and tags; assertions), `bean-check`. Returns the output on failure.
    func check(_ journal: String) throws -> String? {
        let result: ExternalTool.Result
        switch format {
        case .hledger: result = try tool.run(["-f", journal, "check", "-s"])
        case .ledger: result = try tool.run(["--pedantic", "-f", journal, "bal"])
        case .beancount: result = try tool.run([journal])
        }
        let failed =
            result.status != 0 || result.timedOut || (format != .ledger && !result.stderr.isEmpty)
            || result.stderr.contains("Error") || result.stderr.contains("Warning")
        return failed ? result.output : nil
    }

    /// Balance of every asset and liability account at the end of `date`.
    func balances(_ journal: String, at date: CivilDate) throws -> [String: Amounts] {
        let next = date.adding(days: 1)!.description
        switch format {
        case .hledger:
            let r = try tool.run(["-f", journal, "bal", "^Assets:", "^Liabilities:", "-e", next, "-N", "--flat", "-O", "csv"])
            XCTAssertEqual(r.status, 0, r.output)
            var result: [String: Amounts] = [:]
            for row in PeerJournal.csvRows(r.stdout).dropFirst() where row.count == 2 {
                result[row[0]] = PeerJournal.amounts(row[1])
            }
            return result
        case .ledger:
            let r = try tool.run([
                "-f", journal, "bal", "^Assets:", "^Liabilities:", "-e", next, "--flat", "--no-total",
                "--balance-format", "%(account)\t%(scrub(display_total))\n"
            ])
            XCTAssertEqual(r.status, 0, r.output)
            var result: [String: Amounts] = [:]
            // An account with several commodities prints one per line, the account on the first.
            var last: String?
            for line in r.stdout.split(separator: "\n") {
                let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                if parts.count == 2 {
                    result[parts[0]] = PeerJournal.amounts(parts[1])
                    last = parts[0]
                } else if parts.count == 1, let last {
                    result[last, default: [:]].merge(PeerJournal.amounts(parts[0])) { $0.adding($1) ?? $0 }
                }
            }
            return result
        case .beancount:
            var result: [String: Amounts] = [:]
            for p in try beancountPostings(journal) where p.date <= date && (p.account.hasPrefix("Assets:") || p.account.hasPrefix("Liabilities:")) {
                result[p.account, default: [:]][p.commodity] = (result[p.account]?[p.commodity] ?? .zero).adding(p.amount)
            }
            return result
        }
    }

    /// Totals per income and expense account, month (`2026-09`) and commodity.
    func monthlyTotals(_ journal: String) throws -> [String: Money] {
        var totals: [String: Money] = [:]
        func add(_ account: String, _ month: String, _ commodity: String, _ amount: Money) {
            let key = "\(account) \(month) \(commodity)"
            totals[key] = (totals[key] ?? .zero).adding(amount)
        }
        switch format {
        case .hledger:
            let r = try tool.run(["-f", journal, "bal", "^Income:", "^Expenses:", "-M", "-N", "--flat", "-O", "csv"])
            XCTAssertEqual(r.status, 0, r.output)
            let rows = PeerJournal.csvRows(r.stdout)
            guard let header = rows.first else { return [:] }
            for row in rows.dropFirst() {
                for column in 1 ..< min(row.count, header.count) {
                    for (commodity, amount) in PeerJournal.amounts(row[column]) { add(row[0], header[column], commodity, amount) }
                }
            }
        case .ledger:
            let r = try tool.run([
                "-f", journal, "reg", "^Income:", "^Expenses:", "--format",
                "%(format_date(date, \"%Y-%m\"))\t%(account)\t%(commodity(amount))\t%(quantity(amount))\n"
            ])
            XCTAssertEqual(r.status, 0, r.output)
            for line in r.stdout.split(separator: "\n") {
                let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard parts.count == 4, let amount = Money(parts[3]) else {
                    XCTFail("unreadable ledger line: \(line)")
                    continue
                }
                add(parts[1], parts[0], PeerJournal.unquoted(parts[2]), amount)
            }
        case .beancount:
            for p in try beancountPostings(journal) where p.account.hasPrefix("Income:") || p.account.hasPrefix("Expenses:") {
                let month = String(p.date.description.prefix(7))
                add(p.account, month, p.commodity, p.amount)
            }
        }
        return totals.filter { !$0.value.isZero }
    }

    /// Every posting of every transaction as beancount loads them (amounts interpolated).
    private func beancountPostings(_ journal: String) throws -> [(date: CivilDate, account: String, amount: Money, commodity: String)] {
        let script = """
            import sys
            from beancount import loader
            from beancount.core import data
            entries, errors, _ = loader.load_file(sys.argv[1])
            if errors:
                sys.exit("errors: %d" % len(errors))
            for e in entries:
                if isinstance(e, data.Transaction):
                    for p in e.postings:
                        print("%s\\t%s\\t%s\\t%s" % (e.date.isoformat(), p.account, p.units.number, p.units.currency))
            """
        let r = try python!.run(["-c", script, journal])
        XCTAssertEqual(r.status, 0, r.output)
        return r.stdout.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t").map(String.init)
            guard parts.count == 4, let date = CivilDate(iso: parts[0]), let amount = Money(parts[2]) else {
                XCTFail("unreadable posting: \(line)")
                return nil
            }
            return (date, parts[1], amount, parts[3])
        }
    }

    /// `-1.00 EUR, 2 USD` (hledger) or `17630 JPY`: amounts by commodity; `0` is none.
    static func amounts(_ cell: String) -> Amounts {
        var result: Amounts = [:]
        for piece in cell.components(separatedBy: ", ") {
            // `-1.00 EUR`, `$-5.00`, `-$5.00`, `"AB1" 2`: sign, digits, and the symbol.
            var digits = "", symbol = "", negative = false
            var rest = piece
            if let open = rest.firstIndex(of: "\""), let close = rest[rest.index(after: open)...].firstIndex(of: "\"") {
                symbol = String(rest[rest.index(after: open) ..< close])
                rest.removeSubrange(open ... close)
            }
            for c in rest {
                if c == "-" { negative = true } else if c.isASCII && c.isNumber || c == "." { digits.append(c) } else if c != " " && c != "\"" && c != "," { symbol.append(c) }
            }
            guard let value = Money(digits) else { continue }
            result[symbol] = (result[symbol] ?? .zero).adding(negative ? value.negated : value)
        }
        return result.filter { !$0.value.isZero }
    }

    static func unquoted(_ s: String) -> String {
        s.count >= 2 && s.hasPrefix("\"") && s.hasSuffix("\"") ? String(s.dropFirst().dropLast()) : s
    }

    /// RFC 4180 rows.
    static func csvRows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var chars = Array(text).makeIterator()
        var pending: Character?
        while let c = pending ?? chars.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    if let n = chars.next() {
                        if n == "\"" { field.append("\"") } else { quoted = false; pending = n }
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                row.append(field); field = ""
            } else if c == "\n" || c == "\r\n" {
                row.append(field); field = ""
                rows.append(row); row = []
            } else if c != "\r" {
                field.append(c)
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}
