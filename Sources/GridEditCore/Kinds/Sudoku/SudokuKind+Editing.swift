import GridEditJSON

/// The Sudoku's parts for editing: one per cell, named `r1c1`…, whose value is
/// `{"given": D}`, `{"entered": D}` (a digit of the working grid, `currentState`) or nil for an
/// empty cell. The working grid is the play state a journal keeps; a save stores a correctly
/// filled-in grid as the solution.
extension SudokuKind {
    public static func part(_ name: String, of puzzle: SudokuPuzzle) throws(PuzzlePartError) -> JSONValue? {
        let i = try index(name, in: puzzle)
        if puzzle.givens.cells[i] != 0 { return .object([.init("given", .number(String(puzzle.givens.cells[i])))]) }
        if puzzle.currentState.cells[i] != 0 { return .object([.init("entered", .number(String(puzzle.currentState.cells[i])))]) }
        return nil
    }

    public static func setPart(_ name: String, to value: JSONValue?, in puzzle: inout SudokuPuzzle) throws(PuzzlePartError) {
        let i = try index(name, in: puzzle)
        let n = puzzle.size.rawValue
        var given: UInt8 = 0
        var digit: UInt8 = 0
        if let value {
            guard case .object(let members) = value, members.count == 1, ["given", "entered"].contains(members[0].key),
                  case .number(let literal) = members[0].value, let d = Int(literal), (1...n).contains(d) else {
                throw PuzzlePartError("\(name) takes {\"given\": D} or {\"entered\": D} with a digit 1–\(n)")
            }
            digit = UInt8(d)
            if members[0].key == "given" { given = digit }
        }
        let (row, column) = (i / n, i % n)
        puzzle.givens[row, column] = given
        puzzle.currentState[row, column] = digit
    }

    public static func partName(row: Int, column: Int) -> String { cellName((row, column)) }

    private static func index(_ name: String, in puzzle: SudokuPuzzle) throws(PuzzlePartError) -> Int {
        let n = puzzle.size.rawValue
        let lower = name.lowercased()
        guard lower.hasPrefix("r"), let c = lower.firstIndex(of: "c"),
              let row = Int(lower[lower.index(after: lower.startIndex)..<c]), let column = Int(lower[lower.index(after: c)...]),
              (1...n).contains(row), (1...n).contains(column) else {
            throw PuzzlePartError("a \(n)×\(n) sudoku has no cell \"\(name)\" (cells are r1c1 to r\(n)c\(n))")
        }
        return (row - 1) * n + column - 1
    }

    public static func playState(of puzzle: SudokuPuzzle) -> JSONValue? {
        puzzle.currentState == puzzle.givens ? nil : .string(puzzle.currentState.line)
    }

    public static func restorePlayState(_ value: JSONValue, in puzzle: inout SudokuPuzzle) throws(PuzzlePartError) {
        guard case .string(let line) = value, let grid = try? SudokuGrid(line: line), grid.size == puzzle.size,
              zip(puzzle.givens.cells, grid.cells).allSatisfy({ $0 == 0 || $0 == $1 }) else {
            throw PuzzlePartError("the saved working grid does not fit this puzzle's givens")
        }
        puzzle.currentState = grid
    }

    /// A working grid that solves the givens becomes the stored solution; entered digits of an
    /// unfinished grid are not saved, and the designer is told.
    public static func prepareForSave(_ puzzle: inout SudokuPuzzle) -> [String] {
        if puzzle.currentStateSolvesGivens {
            guard puzzle.solution != puzzle.currentState else { return [] }
            puzzle.solution = puzzle.currentState
            return ["stored the filled-in grid as the solution"]
        }
        let entered = puzzle.enteredCells.count
        guard entered > 0 else { return [] }
        return ["the \(entered) entered digits are not saved: a file keeps the givens, and the solution once the grid is complete and correct"]
    }
}
