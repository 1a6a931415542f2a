import GridEditJSON

/// A stored solution is a complete valid grid that keeps every given.
///
/// Such a grid is a solution of the givens, so when the givens have a unique solution it is
/// that one; when they have several, `sudoku.multiple-solutions` reports it.
struct SolutionInvalidRule: Rule {
    static let id = "sudoku.solution-invalid"
    static let summary = "The stored solution breaks a rule or disagrees with a given."

    func check(_ puzzle: SudokuPuzzle) -> [Finding] {
        guard let solution = puzzle.solution else { return [] }
        let path = JSONPath.root.appending(key: "solution")
        if let conflict = solution.conflicts.first {
            return [finding("the solution repeats a digit in \(conflict.unit): \(cellName(conflict.first)) and \(cellName(conflict.second))",
                            at: path.appending(index: conflict.second.0))]
        }
        let n = puzzle.size.rawValue
        for r in 0..<n {
            for c in 0..<n where puzzle.givens[r, c] != 0 && puzzle.givens[r, c] != solution[r, c] {
                return [finding("the solution has \(solution[r, c]) in \(cellName((r, c))) but the given there is \(puzzle.givens[r, c])",
                                at: path.appending(index: r))]
            }
        }
        return []
    }
}
