#if canImport(Glibc)
    import Glibc
#endif

/// How the C library's allocator should serve a long-running language server, and the
/// restart of `tally lsp` that applies it.
///
/// Each analysis of a large budget allocates a new tree, text and model, tens of megabytes
/// in arrays of a few megabytes each, while the previous ones are still alive. glibc's
/// default serves such arrays from its heap once a large block was freed (its mmap
/// threshold rises with every free), and the heap, fragmented by the small blocks in
/// between, grows edit after edit: 171 MB resident at 100k transactions, 190 MB in the
/// declaration-edit scenario, for about 100 MB in use. With a fixed threshold of 4 MiB,
/// every larger array is a mapping of its own that goes back to the system when freed
/// (the peak becomes about 130 MB); with transparent huge pages asked for (`hugetlb`),
/// the fresh pages those arrays need cost a few faults instead of thousands. The system
/// still zeroes them: an edit at 100k costs about 8 ms more CPU than with the defaults
/// (BENCHMARKS.md), the price of a heap that does not grow.
///
/// glibc reads these settings (`GLIBC_TUNABLES`) only as a process starts, so
/// `tally lsp` starts itself once more with them, before it reads anything.
public enum AllocatorSettings {
    /// The settings, in `GLIBC_TUNABLES` form.
    public static let tunables = "glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=4194304"

    /// The `GLIBC_TUNABLES` value to start again with, given the current one; nil when the
    /// allocator is configured already (by this restart, or by the user: their settings win).
    public static func restartValue(current: String?) -> String? {
        guard let current, !current.isEmpty else { return tunables }
        if current.contains("glibc.malloc.") { return nil }
        return current + ":" + tunables
    }

    /// Replaces the process by the same executable and arguments with ``tunables`` set,
    /// where the C library is glibc and they are not set yet. Returns when nothing was
    /// done or the restart failed (the server then runs as it is). Call it first thing in
    /// the executable's `main`, never in a process that hosts other work (tests).
    public static func restartIfNeeded() {
        #if os(Linux) && canImport(Glibc)
            // The mark stops a second restart where the loader drops `GLIBC_TUNABLES`
            // (a set-user-ID executable).
            guard gnuLibC, getenv(restartMark) == nil,
                let value = restartValue(current: getenv("GLIBC_TUNABLES").map { String(cString: $0) })
            else { return }
            guard setenv("GLIBC_TUNABLES", value, 1) == 0, setenv(restartMark, "1", 1) == 0 else { return }
            execv("/proc/self/exe", CommandLine.unsafeArgv)
        // Still here: the restart failed; go on without the settings.
        #endif
    }

    /// Set in the restarted process's environment.
    static let restartMark = "TALLY_LSP_ALLOCATOR_SET"

    #if os(Linux) && canImport(Glibc)
        /// True where the C library is glibc (musl has neither the tunables nor their need).
        private static var gnuLibC: Bool { dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gnu_get_libc_version") != nil }
    #endif
}
