/// A Sudoku: the givens, optionally the stored solution, and the grid as it stands now.
public struct SudokuPuzzle: Puzzle {
    public typealias Kind = SudokuKind
    public typealias State = SudokuGrid

    public var metadata: PuzzleMetadata
    public var givens: SudokuGrid
    public var solution: SudokuGrid?
    public var currentState: SudokuGrid

    public init(metadata: PuzzleMetadata, givens: SudokuGrid, solution: SudokuGrid? = nil) {
        self.metadata = metadata
        self.givens = givens
        self.solution = solution
        self.currentState = givens
    }

    public var size: SudokuSize { givens.size }
    public var initialState: SudokuGrid { givens }
    public var targetState: SudokuGrid? { solution }

    /// Every cell filled, no digit twice in a unit, every given kept (and the stored solution
    /// matched, when there is one).
    public var isCompleted: Bool {
        let grid = currentState
        guard grid.isFull, grid.conflicts.isEmpty else { return false }
        if let solution { return grid == solution }
        return zip(givens.cells, grid.cells).allSatisfy { $0 == 0 || $0 == $1 }
    }

    public mutating func reset() { currentState = givens }
}
