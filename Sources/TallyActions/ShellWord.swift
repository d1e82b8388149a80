/// A word as a POSIX shell reads it back: the commands the tools print for a person to
/// run next (`tally init`'s "Next: tally add …") hold file and wallet names that may have
/// spaces or quotes, and must run as printed.
public enum ShellWord {
    /// `word` as is when the shell reads it so (letters, digits and `_./:@%+=,-`), else
    /// in single quotes, a `'` in it written `'\''`: `Joint Account` is `'Joint Account'`.
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0" ... "9").contains($0) || "_./:@%+=,-".unicodeScalars.contains($0)) }
        return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
