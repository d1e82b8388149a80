#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Serves `<stdin>` from standard input and everything else (includes) from the disk,
/// relative to the working folder.
public struct StandardInputProvider: FileProvider {
    let disk = DiskFileProvider()

    /// A provider reading standard input for `<stdin>`.
    public init() {}

    public func read(_ path: String) throws(FileReadError) -> [UInt8] {
        if path == "<stdin>" { return try FileDescriptorReader.readStandardInput() }
        return try disk.read(path)
    }

    public func canonicalPath(_ path: String) -> String {
        path == "<stdin>" ? path : disk.canonicalPath(path)
    }
}

extension BudgetLoader {
    /// Loads the budget a command line names: `-` reads standard input as `<stdin>`
    /// (its includes from the disk), anything else is a path.
    public static func load(argument path: String) throws(FileReadError) -> Budget {
        if path == "-" {
            return try BudgetLoader(provider: StandardInputProvider()).load("<stdin>")
        }
        return try BudgetLoader().load(path)
    }
}
