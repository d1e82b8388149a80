import Testing

@testable import TallyLSP

/// The environment `tally lsp` starts itself again with (`AllocatorSettings`).
struct AllocatorSettingsTests {
    @Test func withoutTunablesTheServerSetsItsOwn() {
        #expect(AllocatorSettings.restartValue(current: nil) == AllocatorSettings.tunables)
        #expect(AllocatorSettings.restartValue(current: "") == AllocatorSettings.tunables)
    }

    @Test func otherLibrariesTunablesAreKept() {
        #expect(AllocatorSettings.restartValue(current: "glibc.rtld.nns=2") == "glibc.rtld.nns=2:" + AllocatorSettings.tunables)
    }

    /// The user's allocator settings win, and the restarted process (which has the
    /// server's) does not start again.
    @Test func setMallocTunablesStopARestart() {
        #expect(AllocatorSettings.restartValue(current: "glibc.malloc.arena_max=1") == nil)
        #expect(AllocatorSettings.restartValue(current: AllocatorSettings.tunables) == nil)
    }

    /// 4 MiB: below it, the text of a 100k budget (10 MB) and its tree's arrays would be
    /// served from the heap again and fragment it; the settings name the allocator only.
    @Test func theSettingsAreTheAllocatorsOnly() {
        #expect(AllocatorSettings.tunables.split(separator: ":").allSatisfy { $0.hasPrefix("glibc.malloc.") })
        #expect(AllocatorSettings.tunables.contains("glibc.malloc.mmap_threshold=4194304"))
    }
}
