import GridEditJSON

/// No digit appears twice among the givens of a row, column or box.
struct GivenConflictRule: Rule {
    static let id = "sudoku.given-conflict"
    static let summary = "Two equal givens in one row, column or box."

    func check(_ puzzle: SudokuPuzzle) -> [Finding] {
        puzzle.givens.conflicts.map { conflict in
            let digit = puzzle.givens[conflict.second.0, conflict.second.1]
            return finding("\(digit) is given twice in \(conflict.unit): \(cellName(conflict.first)) and \(cellName(conflict.second)); remove one",
                           at: JSONPath.root.appending(key: "givens").appending(index: conflict.second.0))
        }
    }
}
