/// What packs and curricula ask of a Sudoku: its canonical form, and the grader's measure.
extension SudokuKind {
    public static var curriculumSkill: String { "logic" }

    /// `sudoku SIZE:CANONICAL` (the same once digits are renamed, rows, columns, bands or stacks
    /// reordered or the grid transposed), and the givens as written.
    public static func sameAs(_ puzzle: SudokuPuzzle) -> (key: String, exact: String?)? {
        let givens = puzzle.givens
        return (key: "sudoku \(givens.size.rawValue):" + SudokuCanonicalForm.key(givens),
                exact: "\(givens.size.rawValue):" + givens.cells.map { String($0, radix: 16) }.joined())
    }

    /// The level is the grade (the higher of its hardest technique's tier and its score's band;
    /// beyond-logic counts as expert), the fraction how far the grader's score is into its band.
    public static func measure(_ puzzle: SudokuPuzzle) -> PuzzleMeasure? {
        let givens = puzzle.givens
        guard givens.conflicts.isEmpty else { return nil }
        let grade = SudokuGrader.grade(givens, explaining: false)
        guard let tier = grade.tier, let score = grade.score else { return nil }
        let level = tier.difficulty
        // The band the score falls in, as [from, to) on the grader's scale.
        let starts = [0] + SudokuRating.bands.map(\.from)
        let index = Difficulty.allCases.firstIndex(of: level)!
        let from = starts[index]
        let to = index + 1 < starts.count ? starts[index + 1] : from + 1_000
        return PuzzleMeasure(game: name, score: score, scoreName: "grader score", level: level, band: (from, to))
    }
}
