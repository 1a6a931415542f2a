/// No two tangram puzzles of a pack ask for the same figure: the same silhouette (or, without
/// one, the same outline of the arrangement) up to position, turns by any multiple of 45° and
/// mirror images. A warning, since a designer may mean to repeat a figure at another level.
/// It used to share `pack.duplicate-puzzle` with the Sudoku comparison (``DuplicatePuzzleRule``),
/// so a report could not say which comparison had fired; now each has its own id.
///
/// Each figure's congruence key comes with its ``PuzzleFacts``; ``Pack/repeats(ofKind:)`` finds the pairs.
struct DuplicateSilhouetteRule: Rule {
    static let id = "pack.duplicate-silhouette"
    static let summary = "Two tangram puzzles of the pack ask for the same figure."
    static let severity = Finding.Severity.warning

    func check(_ pack: Pack) -> [Finding] {
        pack.repeats(ofKind: "tangram").map { index, earlier in
            finding("\(pack.manifest.puzzles[index]) asks for the same figure as \(pack.manifest.puzzles[earlier]) (the same silhouette, up to where it lies, turning and mirroring); replace or remove one",
                    at: Pack.entryPath(index))
        }
    }
}
