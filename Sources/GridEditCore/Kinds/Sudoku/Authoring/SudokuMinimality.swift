/// Which givens a puzzle could do without.
public enum SudokuMinimality {
    /// Givens whose removal (each on its own) leaves the solution unique, row by row. Empty
    /// when the puzzle is minimal, and when it has no unique solution to begin with. Removing
    /// two of them together may break uniqueness: remove one, then ask again.
    public static func redundantGivens(_ grid: SudokuGrid) -> [SudokuCell] {
        var counter = SudokuCounter(keep: 0)
        guard counter.count(grid, limit: 2).count == 1 else { return [] }
        let n = grid.size.rawValue
        var probe = grid
        var redundant: [SudokuCell] = []
        for index in grid.cells.indices where grid.cells[index] != 0 {
            probe.cells[index] = 0
            if counter.count(probe, limit: 2).count == 1 { redundant.append(SudokuCell(row: index / n, column: index % n)) }
            probe.cells[index] = grid.cells[index]
        }
        return redundant
    }

    /// A unique puzzle none of whose givens can be removed.
    public static func isMinimal(_ grid: SudokuGrid) -> Bool {
        SudokuSolver.countSolutions(grid, limit: 2, keep: 0).count == 1 && redundantGivens(grid).isEmpty
    }
}
