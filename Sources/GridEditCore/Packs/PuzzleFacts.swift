import GridEditGeometry

/// What the pack rules need to know about one listed puzzle, and nothing more: its id, its
/// difficulty, and a key equal for two puzzles that are the same puzzle in disguise.
///
/// Small and independent of the other files, so it is worked out once per file (beside the
/// file's own findings, on the checker's threads) and kept in `gridedit check`'s cache with
/// them: the pack rules then run on the facts of every listed puzzle, whether they came from the
/// cache or from the file just now, and are never themselves cached.
public struct PuzzleFacts: Sendable, Hashable {
    public var id: String
    public var difficulty: Difficulty
    /// `tangram ` + the congruence key of the figure, or `sudoku ` + the size and canonical form
    /// of the givens; nil when the puzzle has no figure to compare.
    public var sameAsKey: String?
    /// A Sudoku's givens exactly as written (size and cells), to tell "the same givens" from
    /// "the same once relabelled" in the finding's words; nil for a tangram.
    public var exactGivens: String?

    public init(id: String, difficulty: Difficulty, sameAsKey: String?, exactGivens: String?) {
        self.id = id
        self.difficulty = difficulty
        self.sameAsKey = sameAsKey
        self.exactGivens = exactGivens
    }

    /// The facts of a decoded puzzle.
    public init(_ puzzle: any Puzzle) {
        id = puzzle.id
        difficulty = puzzle.difficulty
        sameAsKey = nil
        exactGivens = nil
        if let sudoku = puzzle as? SudokuPuzzle {
            let givens = sudoku.givens
            exactGivens = "\(givens.size.rawValue):" + givens.cells.map { String($0, radix: 16) }.joined()
            sameAsKey = "sudoku \(givens.size.rawValue):" + SudokuCanonicalForm.key(givens)
        } else if let tangram = puzzle as? TangramPuzzle, let figure = TangramTarget.figure(of: tangram) {
            sameAsKey = "tangram " + figure.congruenceKey.edges.map { edge in
                [edge.start.x, edge.start.y, edge.end.x, edge.end.y].map { "\($0.numerator.a),\($0.numerator.b)" }.joined(separator: " ")
            }.joined(separator: ";")
        }
    }
}
