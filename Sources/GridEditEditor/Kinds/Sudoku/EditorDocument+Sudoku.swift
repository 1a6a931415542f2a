import GridEditCore
import GridEditLayout

extension EditorDocument {
    /// The Sudoku editor (nil for another kind).
    public var sudokuEditor: SudokuEditor? {
        (state.puzzle as? SudokuPuzzle).map { SudokuEditor(puzzle: $0, marks: state.marks) }
    }
}
