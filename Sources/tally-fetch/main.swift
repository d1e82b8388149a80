// `tally-fetch`: Tally's download helper. `tally` runs it for each request a bank feed
// makes (ProcessFetcher), so that only this small program loads Foundation's networking
// (URLSession, libcurl, OpenSSL) and `tally` starts without it (issue 39). It reads one
// request from standard input and writes the outcome to standard output (HTTPFetchWire);
// nothing in argv, nothing on standard error.
import TallyImport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

if isatty(0) == 1 {
    let usage = "tally-fetch is Tally's download helper: tally runs it for `tally import --from`; it is not run by hand.\n"
    _ = usage.withCString { write(2, $0, strlen($0)) }
    exit(2)
}
var input: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 65536)
while true {
    let got = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if got < 0 && errno == EINTR { continue }
    if got <= 0 { break }
    input += chunk[..<got]
}
guard let request = HTTPFetchWire.request(from: input) else { exit(2) }
let outcome: Result<HTTPFetchAnswer, HTTPFetchFailure>
do {
    outcome = .success(try URLSessionFetcher().fetch(request))
} catch {
    outcome = .failure(error)
}
let output = HTTPFetchWire.encode(outcome)
var sent = 0
while sent < output.count {
    let wrote = output.withUnsafeBytes { write(1, $0.baseAddress! + sent, output.count - sent) }
    if wrote < 0 && errno == EINTR { continue }
    if wrote <= 0 { exit(1) }
    sent += wrote
}
exit(0)
