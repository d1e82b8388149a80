import Foundation
import TallyImport
import TallyTestSupport
import Testing

/// Base64 and the JWS of Enable Banking's application token, checked against the RFCs'
/// published vectors, and a token signed by the system's openssl verified by openssl
/// with the public half of a key made for the test.
@Suite struct FeedSigningTests {
    /// RFC 4648 §10's test vectors, both ways.
    @Test func base64MatchesRFC4648() {
        let vectors = [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")]
        for (plain, encoded) in vectors {
            #expect(Base64Text.encode(Array(plain.utf8)) == encoded)
            #expect(Base64Text.decode(encoded) == Array(plain.utf8))
        }
        // base64url: 0xFB 0xFF is `+/8=` in Base64, `-_8` in base64url without padding.
        #expect(Base64Text.encode([0xFB, 0xFF]) == "+/8=")
        #expect(Base64Text.encodeURL([0xFB, 0xFF]) == "-_8")
        #expect(Base64Text.decode("-_8") == [0xFB, 0xFF])
        #expect(Base64Text.decode("Zm9v!") == nil && Base64Text.decode("Z") == nil)
    }

    /// RFC 7515 Appendix A.2: the header `{"alg":"RS256"}` and the payload (with its CR
    /// LF line breaks) give exactly the signing input the RFC prints.
    @Test func signingInputMatchesRFC7515AppendixA2() {
        let header: [UInt8] = [123, 34, 97, 108, 103, 34, 58, 34, 82, 83, 50, 53, 54, 34, 125]
        let payload = Array("{\"iss\":\"joe\",\r\n \"exp\":1300819380,\r\n \"http://example.com/is_root\":true}".utf8)
        let expected =
            "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
        #expect(JWS.signingInput(header: header, payload: payload) == expected)
    }

    /// A token signed with a key `openssl genrsa` made: its header and claims are Enable
    /// Banking's, and `openssl dgst -verify` with the public key accepts its signature
    /// over the signing input (and refuses it over another).
    @Test func openSSLSignsATokenOpenSSLVerifies() throws {
        guard let openssl = OpenSSLSigner.find(path: ProcessInfo.processInfo.environment["PATH"]) else {
            Issue.record("no openssl on PATH")
            return
        }
        let folder = try TemporaryFolder("jws")
        defer { folder.remove() }
        let key = folder.path("key.pem"), pub = folder.path("pub.pem")
        try run(openssl, ["genrsa", "-out", key, "2048"])
        try run(openssl, ["rsa", "-in", key, "-pubout", "-out", pub])
        let token = try JWS.enableBankingToken(app: "aaaa-1111", now: 1_775_001_600, signer: OpenSSLSigner(keyPath: key))
        let parts = token.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        #expect(Base64Text.decode(parts[0]).map { String(decoding: $0, as: UTF8.self) } == #"{"typ":"JWT","alg":"RS256","kid":"aaaa-1111"}"#)
        // exp = iat + 3600 = 1775001600 + 3600 = 1775005200.
        #expect(
            Base64Text.decode(parts[1]).map { String(decoding: $0, as: UTF8.self) }
                == #"{"iss":"enablebanking.com","aud":"api.enablebanking.com","iat":1775001600,"exp":1775005200}"#)
        let signature = try #require(Base64Text.decode(parts[2]))
        #expect(signature.count == 256, "a 2048-bit key signs 256 bytes")
        FileManager.default.createFile(atPath: folder.path("sig"), contents: Data(signature))
        FileManager.default.createFile(atPath: folder.path("input"), contents: Data((parts[0] + "." + parts[1]).utf8))
        FileManager.default.createFile(atPath: folder.path("other"), contents: Data((parts[0] + "." + parts[0]).utf8))
        #expect(try run(openssl, ["dgst", "-sha256", "-verify", pub, "-signature", folder.path("sig"), folder.path("input")], allowFailure: true) == 0)
        #expect(try run(openssl, ["dgst", "-sha256", "-verify", pub, "-signature", folder.path("sig"), folder.path("other")], allowFailure: true) != 0)
    }

    /// A missing key is a plain refusal, the key's path in it and nothing from openssl.
    @Test func aMissingKeyIsRefusedPlainly() {
        #expect {
            _ = try JWS.enableBankingToken(app: "a", now: 0, signer: OpenSSLSigner(keyPath: "/nonexistent/key.pem"))
        } throws: { error in
            (error as? StatementError)?.message.contains("could not sign with the key file `/nonexistent/key.pem`") == true
        }
    }

    @discardableResult
    private func run(_ tool: String, _ arguments: [String], allowFailure: Bool = false) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        if !allowFailure { try #require(process.terminationStatus == 0, "\(arguments.first ?? "") failed") }
        return process.terminationStatus
    }
}
