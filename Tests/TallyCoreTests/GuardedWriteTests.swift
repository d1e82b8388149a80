import Foundation
import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

/// The one guarded writer: a file is replaced only when it is still what was read,
/// checked as it is swapped in; writers in one process, or in several, take turns; and a
/// line appended meanwhile by a program that takes no lock is never lost.
@Suite struct GuardedWriteTests {
    private func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func aFileChangedSinceItWasReadIsLeftAsItIs() throws {
        let folder = try TemporaryFolder("guarded")
        let path = folder.path + "/budget.tally"
        try write("read\n", to: path)
        try write("saved by an editor\n", to: path)
        #expect(throws: FileWriteError.changedOnDisk(path: path)) {
            try AtomicFile.write(Array("read\nnew\n".utf8), to: path, expecting: .bytes(Array("read\n".utf8)))
        }
        #expect(try read(path) == "saved by an editor\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["budget.tally"])
    }

    @Test func aChangeToOneFileLeavesEveryFileAsItWas() throws {
        let folder = try TemporaryFolder("guarded")
        let a = folder.path + "/a.tally", b = folder.path + "/b.tally"
        try write("a\n", to: a)
        try write("b changed\n", to: b)
        #expect(throws: FileWriteError.changedOnDisk(path: b)) {
            try AtomicFile.write(all: [
                .init(path: a, bytes: Array("a new\n".utf8), expected: .bytes(Array("a\n".utf8))),
                .init(path: b, bytes: Array("b new\n".utf8), expected: .bytes(Array("b\n".utf8)))
            ])
        }
        // `a` was swapped in first and is swapped back.
        #expect(try read(a) == "a\n")
        #expect(try read(b) == "b changed\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.tally", "b.tally"])
    }

    @Test func aNewFileNeverReplacesOneMadeMeanwhile() throws {
        let folder = try TemporaryFolder("guarded")
        let path = folder.path + "/new.tally"
        try write("made meanwhile\n", to: path)
        #expect(throws: FileWriteError.changedOnDisk(path: path)) {
            try AtomicFile.write(Array("mine\n".utf8), to: path, expecting: .absent)
        }
        #expect(try read(path) == "made meanwhile\n")
        try AtomicFile.write(Array("mine\n".utf8), to: folder.path + "/other.tally", expecting: .absent)
        #expect(try read(folder.path + "/other.tally") == "mine\n")
    }

    /// Twenty threads each read the file, add a line and write it, all at once: holding
    /// the lock from the read to the write, every line lands.
    @Test func writersInOneProcessTakeTurns() throws {
        let folder = try TemporaryFolder("guarded")
        let path = folder.path + "/budget.tally"
        try write("", to: path)
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 20) { i in
            do {
                try BudgetWriteLock.holding(path) { () throws(FileWriteError) in
                    let before = (try? DiskFileProvider().read(path)) ?? []
                    try AtomicFile.write(before + Array("line \(i)\n".utf8), to: path, expecting: .bytes(before))
                }
            } catch { failures.add() }
        }
        #expect(failures.value == 0)
        let lines = Set(try read(path).split(separator: "\n").map(String.init))
        #expect(lines == Set((0 ..< 20).map { "line \($0)" }))
    }

    /// A program that takes no lock appends a line every millisecond while at least 300
    /// writes replace the file, and until it has appended 150 lines (the writes got faster
    /// than the appender on a loaded machine: the race must really be run): each write
    /// either lands with every line appended before it, or is refused; no appended line is
    /// ever lost.
    @Test func aLineAppendedMeanwhileIsNeverLost() throws {
        let folder = try TemporaryFolder("guarded")
        let path = folder.path + "/budget.tally"
        try write("", to: path)
        let stop = Counter(), progress = Counter()
        let appender = Thread {
            var n = 0
            while stop.value == 0 {
                let fd = open(path, O_WRONLY | O_APPEND)
                if fd >= 0 {
                    let line = Array("outside \(n)\n".utf8)
                    _ = line.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
                    close(fd)
                    n += 1
                    progress.add()
                }
                usleep(1000)
            }
            stop.set(n + 1)
        }
        appender.start()
        var written = 0, refused = 0
        var i = 0
        while i < 300 || (progress.value < 150 && i < 20_000) {
            defer { i += 1 }
            let before = try DiskFileProvider().read(path)
            do {
                try AtomicFile.write(before + Array("tally \(i)\n".utf8), to: path, expecting: .bytes(before))
                written += 1
            } catch {
                #expect(error.changedPath == path)
                refused += 1
            }
        }
        stop.set(1)
        while stop.value == 1 { usleep(1000) }
        let appended = stop.value - 1
        let lines = try read(path).split(separator: "\n").map(String.init)
        #expect(appended > 100)
        #expect(written > 0)
        for n in 0 ..< appended { #expect(lines.contains("outside \(n)"), "outside \(n) was lost") }
        #expect(lines.filter { $0.hasPrefix("tally ") }.count == written)
    }
}

/// A number shared between threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
    func set(_ value: Int) { lock.withLock { count = value } }
}
