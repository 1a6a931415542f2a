import GridEditCore
import GridEditEditor

/// Extra facts for the status line under the preview.
enum PreviewExtras {
    static func lines(_ document: EditorDocument) -> [String] {
        guard let sudoku = document.puzzle as? SudokuPuzzle else { return [] }
        return [sudoku.solutionSummary]
    }
}
