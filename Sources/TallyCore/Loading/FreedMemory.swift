#if canImport(Glibc)
    import Glibc
#endif

/// Handing memory a long-running process (the language server, `tally serve`) no longer
/// uses back to the system.
///
/// Each reading of a large budget frees the previous one's trees, entries and tables,
/// tens of megabytes in blocks of every size. glibc's allocator keeps freed blocks for
/// reuse and, with the heap fragmented, rarely gives the pages back, so a server that
/// has read a 100k-transaction budget a few dozen times would sit on a hundred
/// megabytes it does not use. Trimming after the work is done returns them.
public enum FreedMemory {
    /// Returns freed heap pages to the system where the C library can (glibc); elsewhere
    /// does nothing. Takes a few milliseconds on a large heap: call it off the request path.
    public static func release() {
        #if canImport(Glibc)
            _ = trim?(0)
        #endif
    }

    /// Makes every thread allocate from one heap where the C library has several (glibc's
    /// arenas), and returns true; elsewhere does nothing and returns false. Call it before
    /// any other thread starts.
    ///
    /// glibc gives threads arenas of their own, and a block stays in the arena it came
    /// from: what an analysis frees on the second core is not reused by the next one's
    /// work on the first, so the language server's peak grew by what both arenas held
    /// (BENCHMARKS.md, language server, has the peak with one heap). Its threads
    /// allocate large arrays, rarely, so they seldom wait for the one heap's lock.
    @discardableResult
    public static func shareOneHeap() -> Bool {
        #if canImport(Glibc)
            // M_ARENA_MAX in <malloc.h>; mallopt returns 1 on success.
            return option?(-8, 1) == 1
        #else
            return false
        #endif
    }

    /// True where ``givePagesBack(_:_:)`` returns memory to the system (Linux).
    public static var canGivePagesBack: Bool {
        #if canImport(Glibc)
            return true
        #else
            return false
        #endif
    }

    /// The system's memory page size, or 0 where pages are not given back.
    public static let pageSize: Int = {
        #if canImport(Glibc)
            return max(0, Int(sysconf(Int32(_SC_PAGESIZE))))
        #else
            return 0
        #endif
    }()

    /// Returns `length` bytes of private anonymous memory from page-aligned `start` to the
    /// system (`madvise(MADV_DONTNEED)`): they read as zeros afterwards. For memory its
    /// holder never reads again (`SyntaxTree.discardStorage`); elsewhere does nothing.
    public static func givePagesBack(_ start: UnsafeMutableRawPointer, _ length: Int) {
        #if canImport(Glibc)
            _ = madvise(start, length, MADV_DONTNEED)
        #endif
    }

    #if canImport(Glibc)
        /// glibc's `mallopt`, looked up at run time as `malloc_trim` is.
        private static let option: (@convention(c) (Int32, Int32) -> Int32)? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        }()

        /// glibc's `malloc_trim`, looked up at run time: Swift's Glibc module does not import
        /// `<malloc.h>`, and a C library without it (musl) simply has nothing to trim.
        private static let trim: (@convention(c) (Int) -> Int32)? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        }()
    #endif
}
