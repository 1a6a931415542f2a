import GridEditJSON

/// The givens have one solution only; the message names two cells whose digits differ between
/// two solutions, where a given would settle it. An empty grid (a template) is not reported.
struct MultipleSolutionsRule: Rule {
    static let id = "sudoku.multiple-solutions"
    static let summary = "The givens have more than one solution."

    func check(_ puzzle: SudokuPuzzle) -> [Finding] {
        let givens = puzzle.givens
        guard givens.cells.contains(where: { $0 != 0 }), givens.conflicts.isEmpty else { return [] }
        let result = SudokuSolver.countSolutions(givens, limit: 2, keep: 2)
        guard result.verdict == .multiple else { return [] }
        let witness = result.differences.prefix(2)
        var message = "the givens allow more than one solution: " + witness.map(\.description).joined(separator: ", and ")
        // A stored solution that passes sudoku.solution-invalid is one of them.
        if puzzle.solution != nil { message += "; the stored solution is only one of them" }
        let first = witness.first!
        message += "; add a given (for example \(first.first) in \(cellName((first.row, first.column)))) and check again"
        return [finding(message, at: JSONPath.root.appending(key: "givens"))]
    }
}
