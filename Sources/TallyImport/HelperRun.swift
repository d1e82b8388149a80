import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One run of a helper executable: `input` to its standard input, its whole standard
/// output back, within a deadline. Spawned with `posix_spawn` (Foundation's `Process`
/// would load Foundation into `tally`); one socket pair carries both directions, so a
/// helper that exits early cannot kill `tally` with SIGPIPE.
enum HelperRun {
    /// The helper's whole output; nil when it was still running after `deadline` seconds
    /// (it is then killed). `arguments` follow the program's name (never a secret: argv
    /// is visible to every process on the machine); `status` is its exit status.
    static func exchange(
        path: String, arguments: [String] = [], input: [UInt8], deadline: Double, status exitStatus: UnsafeMutablePointer<Int32>? = nil
    ) throws(HTTPFetchFailure) -> [UInt8]? {
        let started = DispatchTime.now().uptimeNanoseconds
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw .connection("the download helper could not be started (\(String(cString: strerror(errno))))")
        }
        let (mine, theirs) = (pair[0], pair[1])
        defer { close(mine) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, theirs, 0)
        posix_spawn_file_actions_adddup2(&actions, theirs, 1)
        // Its own messages would only confuse: what went wrong comes back in the answer.
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        // "Text file busy": another thread's child, forked while the helper was being
        // written (an update, a test), still holds it open for a moment.
        for _ in 0 ..< 20 where spawned == ETXTBSY {
            usleep(50_000)
            spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        }
        close(theirs)
        guard spawned == 0 else {
            throw .connection("the download helper \(path) could not be started (\(String(cString: strerror(spawned))))")
        }
        let end = started + UInt64(max(0, deadline) * 1e9)
        let output = transfer(input, over: mine, until: end)
        if output == nil { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, which Swift does not import: the low 7 bits are the
        // signal that ended it (0 for none), the next 8 the status.
        exitStatus?.pointee = status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
        return output
    }

    /// Sends `input`, half-closes, and reads to the end; nil when `end` (uptime in
    /// nanoseconds) comes first.
    private static func transfer(_ input: [UInt8], over fd: Int32, until end: UInt64) -> [UInt8]? {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var sent = 0
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < end else { return nil }
            var watch = pollfd(fd: fd, events: Int16(POLLIN) | (sent < input.count ? Int16(POLLOUT) : 0), revents: 0)
            let ready = poll(&watch, 1, Int32(min(1000, (end - now) / 1_000_000 + 1)))
            if ready < 0 && errno != EINTR { return output }
            if ready <= 0 { continue }
            if sent < input.count && watch.revents & Int16(POLLOUT) != 0 {
                let wrote = input.withUnsafeBytes { send(fd, $0.baseAddress! + sent, input.count - sent, Int32(MSG_NOSIGNAL)) }
                if wrote > 0 { sent += wrote }
                if wrote < 0 && errno != EAGAIN && errno != EINTR { sent = input.count }  // the helper stopped reading
                if sent == input.count { shutdown(fd, Int32(SHUT_WR)) }
            }
            if watch.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                let got = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if got == 0 { return output }
                if got > 0 { output += chunk[..<got] }
                if got < 0 && errno != EAGAIN && errno != EINTR { return output }
            }
        }
    }
}
