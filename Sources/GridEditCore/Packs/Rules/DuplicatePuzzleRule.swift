/// No two Sudoku puzzles of a pack are the same puzzle in disguise: equal up to relabelling
/// the digits, reordering rows within a band, bands, columns within a stack and stacks, and
/// (for the square boxes of 4×4 and 9×9) transposing. A child would be solving the same
/// puzzle twice. A warning, like its Tangram counterpart `pack.duplicate-silhouette`; the two
/// have their own ids so that a report (and a CI filter) says which comparison found the pair.
///
/// Each puzzle's canonical form comes with its ``PuzzleFacts`` (worked out once per file, or
/// read from the check cache) and is looked up in a dictionary. A file listed twice is `pack.duplicate-entry`'s business and is compared once.
struct DuplicatePuzzleRule: Rule {
    static let id = "pack.duplicate-puzzle"
    static let summary = "Two Sudoku puzzles of the pack are the same puzzle in disguise."
    static let severity = Finding.Severity.warning

    func check(_ pack: Pack) -> [Finding] {
        var first: [String: Int] = [:]
        var files = Set<String>()
        var findings: [Finding] = []
        for index in pack.puzzles.keys.sorted() {
            guard let path = PackManifest.containedPath(pack.manifest.puzzles[index]), files.insert(path).inserted,
                  let facts = pack.puzzles[index], let givens = facts.exactGivens,
                  let key = facts.sameAsKey, key.hasPrefix("sudoku ") else { continue }
            if let earlier = first[key] {
                let how = givens == pack.puzzles[earlier]?.exactGivens
                    ? "the same givens"
                    : "the same givens once digits are renamed and rows, columns, bands or stacks reordered\(givens.hasPrefix("6:") ? "" : " or the grid transposed")"
                findings.append(finding(
                    "\(pack.manifest.puzzles[index]) is the same Sudoku as \(pack.manifest.puzzles[earlier]) (\(how)); replace or remove one",
                    at: Pack.entryPath(index)))
            } else {
                first[key] = index
            }
        }
        return findings
    }
}
