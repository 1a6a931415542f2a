import GridEditJSON

/// Entered digits (the working grid an editor plays through, not only the givens) break no row,
/// column or box. Conflicts among givens alone are `sudoku.given-conflict`'s; this rule reports
/// the ones an entered digit takes part in. A file stores no entered digits, so `check` never
/// sees one.
public struct SudokuConflictRule: Rule {
    public static let id = "sudoku.conflict"
    public static let summary = "An entered digit of the editor's working grid repeats a digit of its row, column or box."

    public init() {}

    public func check(_ puzzle: SudokuPuzzle) -> [Finding] {
        // Nothing entered (every file `check` reads): nothing to look at, and no cost.
        guard puzzle.currentState != puzzle.givens else { return [] }
        let n = puzzle.size.rawValue
        return puzzle.currentState.conflicts.compactMap { conflict in
            let (a, b) = (conflict.first, conflict.second)
            guard !(puzzle.isGiven(a.0 * n + a.1) && puzzle.isGiven(b.0 * n + b.1)) else { return nil }
            let digit = puzzle.currentState[b.0, b.1]
            return finding("\(digit) appears twice in \(conflict.unit): \(cellName(a)) and \(cellName(b))",
                           at: JSONPath.root.appending(key: "givens").appending(index: b.0))
        }
    }
}
