#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// This machine's own addresses, as its network interfaces have them now (`getifaddrs`):
/// the names a request may give in `Host` when the server listens on every address.
/// Asked afresh for each request that needs it, so an address that came with a new
/// network is known without a restart.
public enum OwnAddresses {
    /// The IPv4 addresses (`192.168.1.20`), and the IPv6 ones (`fe80::1`, lower case,
    /// without a zone) when `includingIPv6`.
    public static func current(includingIPv6: Bool) -> Set<String> {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var found: Set<String> = []
        var next = first
        while let entry = next {
            next = entry.pointee.ifa_next
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            if family == AF_INET {
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    var raw = v4.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                }
            } else if family == AF_INET6, includingIPv6 {
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var raw = v6.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                }
            } else {
                continue
            }
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !name.isEmpty { found.insert(name.lowercased()) }
        }
        return found
    }
}
