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

    /// The facts of a decoded puzzle (its kind's ``PuzzleKind/sameAs(_:)``).
    public init(_ puzzle: any Puzzle) {
        func sameAs<P: Puzzle>(_ puzzle: P) -> (key: String, exact: String?)? { P.Kind.sameAs(puzzle) }
        let same = sameAs(puzzle)
        self.init(id: puzzle.id, difficulty: puzzle.difficulty, sameAsKey: same?.key, exactGivens: same?.exact)
    }
}
