/// No two Sudoku puzzles of a pack are the same puzzle in disguise: equal up to relabelling
/// the digits, reordering rows within a band, bands, columns within a stack and stacks, and
/// (for the square boxes of 4×4 and 9×9) transposing. A child would be solving the same
/// puzzle twice. A warning, like its Tangram counterpart `pack.duplicate-silhouette`; the two
/// have their own ids so that a report (and a CI filter) says which comparison found the pair.
///
/// Each puzzle's canonical form comes with its ``PuzzleFacts`` (worked out once per file, or
/// read from the check cache); ``Pack/repeats(ofKind:)`` finds the pairs.
struct DuplicatePuzzleRule: Rule {
    static let id = "pack.duplicate-puzzle"
    static let summary = "Two Sudoku puzzles of the pack are the same puzzle in disguise."
    static let severity = Finding.Severity.warning

    func check(_ pack: Pack) -> [Finding] {
        pack.repeats(ofKind: "sudoku").map { index, earlier in
            let givens = pack.puzzles[index]?.exactGivens
            let how = givens != nil && givens == pack.puzzles[earlier]?.exactGivens
                ? "the same givens"
                : "the same givens once digits are renamed and rows, columns, bands or stacks reordered\(givens?.hasPrefix("6:") == true ? "" : " or the grid transposed")"
            return finding("\(pack.manifest.puzzles[index]) is the same Sudoku as \(pack.manifest.puzzles[earlier]) (\(how)); replace or remove one",
                           at: Pack.entryPath(index))
        }
    }
}
