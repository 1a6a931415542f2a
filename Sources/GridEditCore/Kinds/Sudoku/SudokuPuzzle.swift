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

    /// Every cell filled, no digit twice in a unit, every given kept (and the stored solution
    /// matched, when there is one).
    public var isCompleted: Bool {
        guard currentStateSolvesGivens else { return false }
        return solution.map { $0 == currentState } ?? true
    }

    /// The current grid is full, free of conflicts and keeps every given: a solution of the
    /// givens, whatever the stored solution says.
    public var currentStateSolvesGivens: Bool {
        let grid = currentState
        return grid.isFull && grid.conflicts.isEmpty && zip(givens.cells, grid.cells).allSatisfy { $0 == 0 || $0 == $1 }
    }

    /// Whether a cell (row-major index) holds a given.
    public func isGiven(_ index: Int) -> Bool { givens.cells[index] != 0 }

    /// Cells holding an entered (not given) digit.
    public var enteredCells: [Int] {
        currentState.cells.indices.filter { currentState.cells[$0] != 0 && givens.cells[$0] == 0 }
    }
}
