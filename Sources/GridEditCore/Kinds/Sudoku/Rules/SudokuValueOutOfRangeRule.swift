/// A cell holds a digit outside 1…size, or a character that is neither a digit nor `.` (the
/// empty cell). Reported at the cell's own column while the file is read, and by the editor when
/// a digit entered does not fit the grid, so that both speak the same id.
public enum SudokuValueOutOfRangeRule: DocumentedRule {
    public static let id = "sudoku.value-out-of-range"
    public static let summary = "A digit outside 1…size, or a character that is not a digit or '.'."
}
