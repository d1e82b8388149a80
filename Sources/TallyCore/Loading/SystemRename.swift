#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// The system's atomic exchange of two names (Linux's `renameat2`), looked up at run time
/// because the C library may lack it (an older glibc, another system): ``AtomicFile``
/// then falls back to a comparison right before a plain rename.
enum SystemRename {
    /// What a rename did.
    enum Outcome: Equatable {
        case done
        /// The call failed with this `errno`.
        case failed(Int32)
        /// The system, or this file system, has no such rename.
        case unsupported
    }

    /// `RENAME_NOREPLACE`: fail with `EEXIST` when the new name is taken.
    static let noReplace: UInt32 = 1
    /// `RENAME_EXCHANGE`: the two names trade files, both must exist.
    static let exchange: UInt32 = 2

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32

    /// `renameat2`, when the C library has it.
    private static let renameat2: RenameAt2? = {
        #if os(Linux)
            guard let symbol = dlsym(nil, "renameat2") else { return nil }
            return unsafeBitCast(symbol, to: RenameAt2.self)
        #else
            return nil
        #endif
    }()

    /// Renames `from` to `to` with `flags` (``noReplace`` or ``exchange``).
    static func rename(_ from: String, _ to: String, flags: UInt32) -> Outcome {
        guard let renameat2 else { return .unsupported }
        // AT_FDCWD: paths are relative to the working folder.
        let atWorkingFolder: Int32 = -100
        if renameat2(atWorkingFolder, from, atWorkingFolder, to, flags) == 0 { return .done }
        let code = errno
        // EINVAL: a file system without these flags; ENOSYS: a kernel without the call.
        return code == EINVAL || code == ENOSYS ? .unsupported : .failed(code)
    }
}
