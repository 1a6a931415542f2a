import GridEditCore
import GridEditEditor

/// Extra facts for the status line under the preview.
enum PreviewExtras {
    static func lines(_ document: EditorDocument) -> [String] {
        guard case .sudoku(let sudoku) = document.content else { return [] }
        return [sudoku.solutionSummary]
    }
}
