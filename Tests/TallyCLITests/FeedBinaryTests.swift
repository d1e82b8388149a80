import Foundation
import TallyTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The feeds through the built binary against a fake SimpleFIN Bridge and Enable Banking
/// on 127.0.0.1: claim (the setup token on standard input), link (the redirect pasted),
/// sync twice (the second adds nothing), the doctor; and no secret in any output, in any
/// file but its own credential file, or in the argv of the openssl Tally runs.
@Suite(.serialized) struct FeedBinaryTests {
    /// Answers HTTP/1.1 requests on 127.0.0.1 by path, one connection at a time, and
    /// logs each request's first line and headers.
    final class FakeServer: @unchecked Sendable {
        let port: Int
        private let listener: Int32
        private let lock = NSLock()
        private var seen: [String] = []
        var requests: [String] { lock.withLock { seen } }

        init(answer: @escaping @Sendable (_ method: String, _ path: String, _ port: Int) -> (Int, String)) throws {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            try #require(bound == 0 && Glibc.listen(listener, 8) == 0)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
            let port = Int(UInt16(bigEndian: address.sin_port))
            self.port = port
            self.listener = listener
            Thread.detachNewThread { [self] in
                while true {
                    let client = accept(listener, nil, nil)
                    guard client >= 0 else { return }
                    let head = Self.readHead(client)
                    lock.withLock { seen.append(head) }
                    let first = head.split(separator: "\r\n").first?.split(separator: " ") ?? []
                    let (status, body) = first.count >= 2 ? answer(String(first[0]), String(first[1]), port) : (400, "")
                    let bytes = Array(body.utf8)
                    let text = "HTTP/1.1 \(status) X\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
                    let all = Array(text.utf8) + bytes
                    _ = all.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    close(client)
                }
            }
        }

        /// The request's head and body (by Content-Length), as text.
        private static func readHead(_ client: Int32) -> String {
            var data: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                guard n > 0 else { break }
                data += chunk[0 ..< n]
                let text = String(decoding: data, as: UTF8.self)
                guard let end = text.range(of: "\r\n\r\n") else { continue }
                let length =
                    text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if text[end.upperBound...].utf8.count >= length { break }
            }
            return String(decoding: data, as: UTF8.self)
        }

        deinit { close(listener) }
    }

    static let accountSet = """
        {"errors":[],"accounts":[{"id":"ACT-2000","name":"Everyday Checking","currency":"USD","balance":"1045.50","balance-date":1775001600,
        "transactions":[{"id":"TRN-1","posted":1774785600,"amount":"-54.50","description":"WHOLE FOODS #123","payee":"Whole Foods"},
        {"id":"TRN-2","posted":1774947600,"amount":"100.00","description":"PAYROLL ACME"},
        {"id":"TRN-3","posted":0,"amount":"-9.99","description":"NETFLIX","pending":true}]}]}
        """
    static let session = """
        {"session_id":"sess-secret-31337","accounts":[{"uid":"uid-1","account_id":{"iban":"DE89370400440532013000"},"currency":"EUR"}],"access":{"valid_until":"2026-09-28T00:00:00Z"}}
        """
    static let transactions = """
        {"transactions":[{"entry_reference":"E-1","transaction_amount":{"currency":"EUR","amount":"25.00"},"credit_debit_indicator":"DBIT",
        "status":"BOOK","booking_date":"2026-03-10","creditor":{"name":"REWE Markt"},"remittance_information":["REWE SAGT DANKE"]}],"continuation_key":null}
        """
    static let balances = #"{"balances":[{"balance_amount":{"currency":"EUR","amount":"475.00"},"balance_type":"CLBD","reference_date":"2026-03-31"}]}"#

    static func answer(_ method: String, _ path: String, _ port: Int) -> (Int, String) {
        switch (method, path) {
        case ("POST", "/claim/one-time-77"): (200, "http://user123:pa55word@127.0.0.1:\(port)/simplefin")
        case ("GET", _) where path.hasPrefix("/simplefin/accounts?"): (200, accountSet)
        case ("POST", "/auth"): (200, #"{"url":"https://tilisy.enablebanking.com/welcome?sessionid=abc"}"#)
        case ("POST", "/sessions"): (200, session)
        case ("GET", _) where path.hasPrefix("/accounts/uid-1/transactions?"): (200, transactions)
        case ("GET", "/accounts/uid-1/balances"): (200, balances)
        default: (404, "{}")
        }
    }

    @Test func claimLinkAndSyncTwiceThroughTheBinaryWithoutShowingASecret() throws {
        let server = try FakeServer(answer: Self.answer)
        let folder = try TemporaryFolder("feed-binary")
        defer { folder.remove() }
        let openssl = try #require(["/usr/bin/openssl", "/bin/openssl", "/usr/local/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) })
        let key = folder.path("eb.pem")
        let made = try TallyBinary.runShell("\(openssl) genrsa -out \(key) 2048 2>/dev/null && chmod 600 \(key)")
        try #require(made.status == 0)
        let wrapper = try folder.write("#!/bin/sh\necho \"$@\" >> \(folder.path("argv.log"))\nexec \(openssl) \"$@\"\n", to: "openssl")
        chmod(wrapper, 0o755)
        _ = try folder.write(
            """
            currency USD
            wallet Checking bank opening 1000.00 on 2026-03-01
            wallet Giro bank currency EUR opening 500.00 on 2026-03-01
            expense Groceries
            import Checking  feed simplefin  account "ACT-2000"
            import Giro  feed enablebanking  app "app-4711"  token "file:\(key)"
            match "WHOLE FOODS" Groceries

            """, to: "budget.tally")
        let environment = [
            "XDG_CONFIG_HOME": folder.path("config"), "HOME": folder.path("home"), "TALLY_OPENSSL": wrapper,
            "TALLY_ENABLEBANKING_TEST_URL": "http://127.0.0.1:\(server.port)", "TALLY_TODAY": "2026-04-01"
        ]
        // base64("http://127.0.0.1:PORT/claim/one-time-77"): the setup token.
        let setup = Data("http://127.0.0.1:\(server.port)/claim/one-time-77".utf8).base64EncodedString()
        var outputs: [String] = []
        let claimed = try TallyBinary.run(["feed", "simplefin", "claim"], stdin: setup + "\n", environment: environment)
        outputs += [claimed.stdout, claimed.stderr]
        #expect(claimed.status == 0, "\(claimed.stderr)")
        let linked = try TallyBinary.run(
            ["feed", "enablebanking", "link", "Nordea", "FI", "--app", "app-4711", "--key", key, "--redirect", "https://example.org/back"],
            stdin: "https://example.org/back?code=c0de-secret\n", environment: environment)
        outputs += [linked.stdout, linked.stderr]
        #expect(linked.status == 0 && linked.stdout.contains("https://tilisy.enablebanking.com/welcome?sessionid=abc"), "\(linked.stderr)")
        let first = try TallyBinary.run(["sync", folder.path("budget.tally")], environment: environment)
        outputs += [first.stdout, first.stderr]
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let budget = try folder.read("budget.tally")
        #expect(budget.contains("TRN-1") && budget.contains("TRN-2") && budget.contains("E-1") && !budget.contains("TRN-3"))
        // 1000.00 − 54.50 + 100.00 = 1045.50; 500.00 − 25.00 = 475.00.
        #expect(budget.contains("1045.50") && budget.contains("475.00"))
        let second = try TallyBinary.run(["sync", folder.path("budget.tally")], environment: environment)
        outputs += [second.stdout, second.stderr]
        #expect(second.status == 0 && second.stdout.contains("Nothing written."), "\(second.stdout)\(second.stderr)")
        #expect(try folder.read("budget.tally") == budget)
        // Nothing listens on port 1: the connection is refused, the sync stops, nothing written.
        var closed = environment
        closed["TALLY_ENABLEBANKING_TEST_URL"] = "http://127.0.0.1:1"
        let refused = try TallyBinary.run(["sync", folder.path("budget.tally")], environment: closed)
        outputs += [refused.stdout, refused.stderr]
        #expect(refused.status == 2 && refused.stderr.hasPrefix("tally sync: Enable Banking: the download failed:"), "\(refused.stderr)")
        let afterRefusal = try folder.read("budget.tally")
        #expect(refused.stderr.hasSuffix("; nothing written\n") && afterRefusal == budget)
        let doctor = try TallyBinary.run(["feed", "doctor"], environment: environment)
        outputs.append(doctor.stdout)
        #expect(doctor.status == 0 && doctor.stdout.contains("simplefin-access-url: mode 600"), "\(doctor.stdout)")
        // The secrets: the setup token, the access URL's password and its Basic header
        // (base64("user123:pa55word")), the redirect's code, the session id, the key.
        let keyLine = try folder.read("eb.pem").split(separator: "\n")[1]
        let secrets = [setup, "pa55word", "dXNlcjEyMzpwYTU1d29yZA==", "c0de-secret", "sess-secret-31337", String(keyLine)]
        let argv = try folder.read("argv.log")
        #expect(argv.contains("dgst -sha256 -sign \(key)"))
        let requests = server.requests.joined(separator: "\n")
        let bearer = requests.split(separator: "\r\n").first { $0.hasPrefix("Authorization: Bearer ") }.map { String($0.dropFirst(22)) } ?? "?"
        #expect(bearer.hasPrefix("eyJ"), "Enable Banking's requests carry the JWT")
        #expect(requests.contains("Authorization: Basic dXNlcjEyMzpwYTU1d29yZA=="), "SimpleFIN's carry Basic credentials")
        for secret in secrets + [bearer] {
            #expect(!budget.contains(secret) && !argv.contains(secret), "\(secret.prefix(6))… in the budget or argv")
            for output in outputs { #expect(!output.contains(secret), "\(secret.prefix(6))… shown") }
        }
    }
}
