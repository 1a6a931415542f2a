/// The Levenshtein distance between two strings, in characters: how many insertions, deletions
/// and substitutions turn one into the other. Suggestions for typos use it (`did you mean
/// "pieces"?` in `check`, `did you mean "place"?` in the REPL); inputs are a word or a key long,
/// so the plain two-row dynamic programme is plenty.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
