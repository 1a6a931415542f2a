/// The grid does not match `size`: a size other than 4, 6 or 9, or a wrong number of rows or of
/// cells in a row. Reported while the file is read, because nothing about the digits can be
/// checked until the grid has its shape.
public enum SudokuSizeRule: DocumentedRule {
    public static let id = "sudoku.size"
    public static let summary = "Rows or row lengths do not match the size."
}
