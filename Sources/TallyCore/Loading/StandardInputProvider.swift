import Foundation
import TallyCore

/// Serves `<stdin>` from standard input and everything else (includes) from the disk,
/// relative to the working folder.
struct StandardInputProvider: FileProvider {
    let disk = DiskFileProvider()

    func read(_ path: String) throws(FileReadError) -> [UInt8] {
        if path == "<stdin>" { return try FileDescriptorReader.readStandardInput() }
        return try disk.read(path)
    }

    func canonicalPath(_ path: String) -> String {
        path == "<stdin>" ? path : disk.canonicalPath(path)
    }
}
