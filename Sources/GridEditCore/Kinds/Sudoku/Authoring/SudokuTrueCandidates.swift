/// The digits each cell takes in at least one solution: a setter's view of what the givens
/// still allow (SudokuPad and HoDoKu call them true candidates). For a unique puzzle they are
/// the solution's digits; for a grid with several solutions, every digit some completion puts
/// there; for a grid with none, nothing.
public enum SudokuTrueCandidates {
    /// The true candidates of every cell, row-major (a given's are itself). Nil when
    /// `isCancelled` said stop first.
    ///
    /// Each solution found marks all its digits at once, so a probe (the grid with one more
    /// digit placed, solved to one solution) is needed only for a cell-digit pair no solution
    /// found so far has: at most n³ probes, far fewer in practice.
    public static func of(_ grid: SudokuGrid, isCancelled: () -> Bool = { false }) -> [[Int]]? {
        let count = grid.cells.count
        var found = Array(repeating: UInt32(0), count: count)
        guard grid.conflicts.isEmpty else { return Array(repeating: [], count: count) }
        var counter = SudokuCounter(keep: 1)
        func record(_ solution: SudokuGrid) {
            for i in 0..<count { found[i] |= 1 << UInt32(solution.cells[i]) }
        }
        guard let first = counter.count(grid, limit: 1).solutions.first else { return Array(repeating: [], count: count) }
        record(first)
        let n = grid.size.rawValue
        // A digit a peer holds is in no solution (and the solver is only given grids without
        // conflicts): the board's candidates leave those out.
        let board = SudokuBoard(grid)
        var probe = grid
        for i in 0..<count where grid.cells[i] == 0 {
            if isCancelled() { return nil }
            for digit in 1...n where board.has(i, digit) && found[i] & (1 << UInt32(digit)) == 0 {
                probe.cells[i] = UInt8(digit)
                if let solution = counter.count(probe, limit: 1).solutions.first { record(solution) }
            }
            probe.cells[i] = 0
        }
        return found.map { mask in (1...n).filter { mask & (1 << UInt32($0)) != 0 } }
    }
}
