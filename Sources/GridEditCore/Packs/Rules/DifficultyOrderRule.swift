/// A pack's list goes from easy to hard: a child who meets an expert puzzle and then an easy
/// one was probably shown them in the wrong order. A warning, since a designer may mean it.
/// A file listed twice is `pack.duplicate-entry`'s business and is looked at once.
struct DifficultyOrderRule: Rule {
    static let id = "pack.difficulty-order"
    static let summary = "The pack's list does not go from easy to hard."
    static let severity = Finding.Severity.warning

    func check(_ pack: Pack) -> [Finding] {
        var findings: [Finding] = []
        var previous: (index: Int, difficulty: Difficulty)?
        for index in pack.firstListings {
            guard let difficulty = pack.puzzles[index]?.difficulty else { continue }
            if let previous, difficulty < previous.difficulty {
                findings.append(finding(
                    "\(pack.manifest.puzzles[index]) is \(difficulty.rawValue) but comes after \(pack.manifest.puzzles[previous.index]) (\(previous.difficulty.rawValue)); order the list from easy to hard",
                    at: Pack.entryPath(index)))
            }
            previous = (index, difficulty)
        }
        return findings
    }
}
