import TallyCore
import XCTest

/// The allocator settings the language server relies on for its memory figure take
/// effect on this platform's C library.
final class FreedMemoryTests: XCTestCase {
    func testOneHeapIsSetWhereTheCLibraryHasArenas() {
        #if canImport(Glibc)
            // Also what `tally lsp` does first; repeating it is harmless.
            XCTAssertTrue(FreedMemory.shareOneHeap(), "glibc's mallopt(M_ARENA_MAX, 1) was not found or refused")
        #else
            XCTAssertFalse(FreedMemory.shareOneHeap())
        #endif
        FreedMemory.release()
    }
}
