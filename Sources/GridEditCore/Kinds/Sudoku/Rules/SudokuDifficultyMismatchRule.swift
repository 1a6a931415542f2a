import GridEditJSON

/// The stored difficulty agrees with the grade: the tier of the hardest technique a person
/// needs (beyond-logic puzzles are `expert`). A warning: the grade is a guide, not a law.
/// Grading is a search (the hardest puzzles need forcing nets, up to seconds), so the editor
/// runs it on `validate`, not after every edit; the setter's panel shows the tier live.
struct SudokuDifficultyMismatchRule: Rule {
    static let id = "sudoku.difficulty-mismatch"
    static let summary = "The stored difficulty is not the grade of the hardest technique needed."
    static let severity = Finding.Severity.warning
    static let searches = true

    func check(_ puzzle: SudokuPuzzle) -> [Finding] {
        let givens = puzzle.givens
        guard givens.cells.contains(where: { $0 != 0 }), givens.conflicts.isEmpty else { return [] }
        let grade = SudokuGrader.grade(givens, explaining: false)
        guard let tier = grade.tier, tier.difficulty != puzzle.difficulty else { return [] }
        let verdict: String
        if tier == .beyondLogic {
            verdict = "the grade is beyond-logic (no technique gridedit knows finishes it; recorded as expert)"
        } else if let hardest = grade.hardest {
            verdict = "the grade is \(tier.rawValue) (hardest technique: \(hardest.name))"
        } else {
            verdict = "the grid is already complete (easy)"
        }
        return [finding("difficulty is \"\(puzzle.difficulty.rawValue)\" but \(verdict); set \"difficulty\": \"\(tier.difficulty.rawValue)\" or change the givens",
                        at: JSONPath.root.appending(key: "difficulty"))]
    }
}
