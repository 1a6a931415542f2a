/// No two tangram puzzles of a pack ask for the same figure: the same silhouette (or, without
/// one, the same outline of the arrangement) up to position, turns by any multiple of 45° and
/// mirror images. A warning, since a designer may mean to repeat a figure at another level.
/// It used to share `pack.duplicate-puzzle` with the Sudoku comparison (``DuplicatePuzzleRule``),
/// so a report could not say which comparison had fired; now each has its own id.
///
/// Each figure's congruence key comes with its ``PuzzleFacts`` and is looked up in a dictionary, so a pack of
/// thousands of puzzles costs no more than its puzzles. A file listed twice is
/// `pack.duplicate-entry`'s business and is compared once.
struct DuplicateSilhouetteRule: Rule {
    static let id = "pack.duplicate-silhouette"
    static let summary = "Two tangram puzzles of the pack ask for the same figure."
    static let severity = Finding.Severity.warning

    func check(_ pack: Pack) -> [Finding] {
        var first: [String: Int] = [:]
        var files = Set<String>()
        var findings: [Finding] = []
        for index in pack.puzzles.keys.sorted() {
            guard let path = PackManifest.containedPath(pack.manifest.puzzles[index]), files.insert(path).inserted,
                  let key = pack.puzzles[index]?.sameAsKey, key.hasPrefix("tangram ") else { continue }
            if let earlier = first[key] {
                findings.append(finding(
                    "\(pack.manifest.puzzles[index]) asks for the same figure as \(pack.manifest.puzzles[earlier]) (the same silhouette, up to where it lies, turning and mirroring); replace or remove one",
                    at: Pack.entryPath(index)))
            } else {
                first[key] = index
            }
        }
        return findings
    }
}
