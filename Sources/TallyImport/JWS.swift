#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// A JSON Web Signature in compact form (RFC 7515) signed with RS256, as Enable
/// Banking's API takes its application's token: base64url of the header's and the
/// claims' JSON bytes joined by a dot (the signing input, §5.1), then the signature's
/// base64url. The signing is the system's `openssl` (``OpenSSLSigner``): Tally holds no
/// RSA code of its own, and the private key is read by openssl alone.
public enum JWS {
    /// The signing input of `header` and `payload`, each the exact bytes of its JSON.
    public static func signingInput(header: [UInt8], payload: [UInt8]) -> String {
        Base64Text.encodeURL(header) + "." + Base64Text.encodeURL(payload)
    }

    /// The compact serialization: the signing input, a dot, the signature in base64url.
    public static func compact(signingInput: String, signature: [UInt8]) -> String {
        signingInput + "." + Base64Text.encodeURL(signature)
    }

    /// Enable Banking's application token: header `{typ: JWT, alg: RS256, kid: APP}`,
    /// claims `iss` enablebanking.com, `aud` api.enablebanking.com, `iat` now and `exp`
    /// an hour later (Unix seconds), signed by `signer`.
    public static func enableBankingToken(app: String, now: Int, signer: any JWSSigning) throws(StatementError) -> String {
        let header = #"{"typ":"JWT","alg":"RS256","kid":"\#(jsonEscaped(app))"}"#
        let payload = #"{"iss":"enablebanking.com","aud":"api.enablebanking.com","iat":\#(now),"exp":\#(now + 3600)}"#
        let input = signingInput(header: Array(header.utf8), payload: Array(payload.utf8))
        return compact(signingInput: input, signature: try signer.sign(Array(input.utf8)))
    }

    /// `text` as the inside of a JSON string.
    static func jsonEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(cFormat: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Signs a JWS signing input with RSASSA-PKCS1-v1_5 SHA-256 (RS256).
public protocol JWSSigning: Sendable {
    /// The signature of `input`.
    func sign(_ input: [UInt8]) throws(StatementError) -> [UInt8]
}

/// Signs by running `openssl dgst -sha256 -sign KEYFILE`: the input on its standard
/// input, the signature from its standard output. The key file's path is in argv, the
/// key never; what openssl says on failure is not shown (it may quote the key file).
public struct OpenSSLSigner: JWSSigning {
    /// The PEM private key's path.
    public let keyPath: String
    /// The `openssl` to run: found on `PATH` unless given.
    public let executable: String?
    /// How long openssl may take, in seconds.
    public static let deadline: Double = 30

    public init(keyPath: String, executable: String? = nil) {
        self.keyPath = keyPath
        self.executable = executable
    }

    /// The first `openssl` on `path` (a `PATH` value), or nil.
    public static func find(path: String?) -> String? {
        for folder in (path ?? "/usr/bin:/bin:/usr/local/bin").split(separator: ":") {
            let candidate = "\(folder)/openssl"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    public func sign(_ input: [UInt8]) throws(StatementError) -> [UInt8] {
        func fail(_ why: String) -> StatementError { StatementError(path: "Enable Banking", position: nil, message: why) }
        guard let openssl = executable ?? Self.find(path: ProcessInfo.processInfo.environment["PATH"]) else {
            throw fail("the system's `openssl` is needed to sign Enable Banking's token and none is on PATH; install OpenSSL (`tally feed doctor` checks)")
        }
        // Spawned as `tally-fetch` is (``HelperRun``): Foundation's `Process` would load
        // all of Foundation into `tally`. The key's path is in argv, never the key.
        var status: Int32 = -1
        let signature: [UInt8]?
        do {
            signature = try HelperRun.exchange(
                path: openssl, arguments: ["dgst", "-sha256", "-sign", keyPath], input: input, deadline: Self.deadline, status: &status)
        } catch {
            throw fail("`\(openssl)` could not be run to sign Enable Banking's token")
        }
        guard let signature else {
            throw fail("`openssl` did not sign Enable Banking's token within \(Int(Self.deadline)) seconds")
        }
        guard status == 0, !signature.isEmpty else {
            throw fail("`openssl` could not sign with the key file `\(keyPath)` (is it an RSA private key in PEM, readable?)")
        }
        return signature
    }
}
