import TallyServe

/// What `tally serve`'s `RequestReader` promises for any bytes a client sends: an outcome
/// every time (never a trap); a complete request takes no more bytes than it was given
/// and reads back the same when written out again; a refusal stays a refusal however many
/// bytes follow, so a client cannot talk its way past a limit; and a refusal's status is
/// a client error or 501/505; a `multipart/form-data` body reads without a trap.
enum RequestProperties {
    static func check(_ bytes: [UInt8]) -> String? {
        let reader = RequestReader()
        switch reader.read(bytes) {
        case .incomplete:
            return nil
        case .refused(let status, _):
            guard (400 ..< 500).contains(status.code) || status.code == 501 || status.code == 505 else {
                return "refused with \(status)"
            }
            if case .complete = reader.read(bytes + Array("\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8)) {
                return "a refused request became complete with more bytes"
            }
            return nil
        case .complete(let request, let consumed):
            guard consumed <= bytes.count else { return "consumed \(consumed) of \(bytes.count) bytes" }
            var text = "\(request.method) \(request.target) HTTP/1.1\r\n"
            for (name, value) in request.headers { text += "\(name): \(value)\r\n" }
            let again = reader.read(Array((text + "\r\n").utf8) + request.body)
            guard case .complete(let reread, _) = again, reread == request else {
                return "written out again, the request reads as \(again)"
            }
            // A form with a file (the import screen's) reads from the body alone.
            if let form = request.multipart, form.files.contains(where: { $0.bytes.count > request.body.count }) {
                return "a multipart file larger than the body"
            }
            return nil
        }
    }
}
