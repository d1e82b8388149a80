/// The lines that differ between two versions of a file: those between their common
/// first and last lines (`before`'s are the removed, `after`'s the added). The tests that
/// write a budget (add, edit, delete, undo) compare the file after each step with it, so
/// that a step changing more than its lines fails.
public func changedLines(_ before: String, _ after: String) -> (removed: [String], added: [String]) {
    let old = before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var head = 0
    while head < min(old.count, new.count), old[head] == new[head] { head += 1 }
    var tail = 0
    while tail < min(old.count, new.count) - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
    return (Array(old[head ..< old.count - tail]), Array(new[head ..< new.count - tail]))
}

/// ``changedLines(_:_:)`` of two versions read as bytes (UTF-8).
public func changedLines(_ before: [UInt8], _ after: [UInt8]) -> (removed: [String], added: [String]) {
    changedLines(String(decoding: before, as: UTF8.self), String(decoding: after, as: UTF8.self))
}
