import GridEditCore
import GridEditJSON
import GridEditLayout

/// A Sudoku cell by row and column, 0-based; written `r1c1` (1-based) as players do.
public struct Cell: Sendable, Hashable, CustomStringConvertible {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// Reads `r3c4` (any case); the size check comes later.
    public init?(text: String) {
        let lower = text.lowercased()
        guard lower.hasPrefix("r"), let c = lower.firstIndex(of: "c"),
              let row = Int(lower[lower.index(after: lower.startIndex)..<c]),
              let column = Int(lower[lower.index(after: c)...]) else { return nil }
        self.init(row: row - 1, column: column - 1)
    }

    public var description: String { cellName((row, column)) }
}

/// Works out Sudoku edits: entering and clearing digits in the working grid, changing givens,
/// and the working marks (`SudokuEditor+Marks.swift`). Every method takes one cell or many (a
/// selection): many cells are still one edit, one undo step.
public struct SudokuEditor: Sendable {
    public let puzzle: SudokuPuzzle
    /// The document's working marks (``EditorState/marks``), by cell name.
    public let marks: [String: JSONValue]

    public init(puzzle: SudokuPuzzle, marks: [String: JSONValue] = [:]) {
        self.puzzle = puzzle
        self.marks = marks
    }

    var n: Int { puzzle.size.rawValue }

    /// A cell's given and its digit in the working grid (0 = none).
    struct CellValue: Hashable {
        var given: UInt8
        var digit: UInt8

        /// The cell part's value: `{"given": D}`, `{"entered": D}`, or nil when empty.
        var partValue: JSONValue? {
            if given != 0 { return .object([.init("given", .number(String(given)))]) }
            if digit != 0 { return .object([.init("entered", .number(String(digit)))]) }
            return nil
        }
    }

    func change(_ index: Int, _ before: CellValue, _ after: CellValue) -> Change {
        .part(name: SudokuKind.partName(row: index / n, column: index % n), before: before.partValue, after: after.partValue)
    }

    func index(_ cell: Cell) throws(EditError) -> Int {
        guard (0..<n).contains(cell.row), (0..<n).contains(cell.column) else {
            throw EditError("\(cell) is outside the \(n)×\(n) grid; rows and columns go from 1 to \(n)")
        }
        return cell.row * n + cell.column
    }

    func checkDigit(_ digit: Int, _ cell: Cell) throws(EditError) {
        guard (1...n).contains(digit) else {
            throw EditError("\(digit) is not allowed in \(cell) of a \(n)×\(n) grid: use a digit 1–\(n)",
                            rule: SudokuValueOutOfRangeRule.id)
        }
    }

    func value(at index: Int) -> CellValue {
        CellValue(given: puzzle.givens.cells[index], digit: puzzle.currentState.cells[index])
    }

    /// Enters a digit in an empty or entered cell of the working grid.
    public func set(_ cell: Cell, to digit: Int) throws(EditError) -> Proposal {
        let i = try index(cell)
        try checkDigit(digit, cell)
        guard !puzzle.isGiven(i) else {
            throw EditError("\(cell) is a given (\(puzzle.givens.cells[i])); change givens with `given \(cell) DIGIT` or `given \(cell) .`")
        }
        return try set([cell], to: digit)
    }

    /// Enters a digit in every selected cell that is not a given (givens are skipped, with a note).
    public func set(_ cells: [Cell], to digit: Int) throws(EditError) -> Proposal {
        var changes: [Change] = []
        var skipped: [Cell] = []
        for cell in cells {
            let i = try index(cell)
            try checkDigit(digit, cell)
            if puzzle.isGiven(i) { skipped.append(cell); continue }
            let before = value(at: i)
            if before.digit != UInt8(digit) { changes.append(change(i, before, CellValue(given: 0, digit: UInt8(digit)))) }
        }
        guard !changes.isEmpty else {
            throw EditError(skipped.count == cells.count ? "\(Self.list(cells)) \(cells.count == 1 ? "is a given" : "are givens"); change givens with `given CELL DIGIT`"
                                                         : "\(Self.list(cells)) already \(cells.count == 1 ? "holds" : "hold") \(digit)")
        }
        let notes = skipped.isEmpty ? [] : ["givens left as they are: \(Self.list(skipped))"]
        return Proposal(command: EditCommand(label: "set \(Self.list(cells)) to \(digit)", changes: changes), notes: notes)
    }

    /// Empties an entered cell.
    public func clear(_ cell: Cell) throws(EditError) -> Proposal {
        let i = try index(cell)
        guard !puzzle.isGiven(i) else {
            throw EditError("\(cell) is a given; remove it with `given \(cell) .`")
        }
        guard value(at: i).digit != 0 else { throw EditError("\(cell) is already empty") }
        return try clear([cell])
    }

    /// Empties every selected cell that holds an entered digit.
    public func clear(_ cells: [Cell]) throws(EditError) -> Proposal {
        var changes: [Change] = []
        for cell in cells {
            let i = try index(cell)
            let before = value(at: i)
            if !puzzle.isGiven(i) && before.digit != 0 { changes.append(change(i, before, CellValue(given: 0, digit: 0))) }
        }
        guard !changes.isEmpty else { throw EditError("\(Self.list(cells)) \(cells.count == 1 ? "holds" : "hold") no entered digit to clear") }
        return Proposal(command: EditCommand(label: "clear \(Self.list(cells))", changes: changes))
    }

    /// Empties every entered cell; givens stay.
    public func clearAll() throws(EditError) -> Proposal {
        let changes = puzzle.enteredCells.map { i in
            change(i, value(at: i), CellValue(given: 0, digit: 0))
        }
        guard !changes.isEmpty else { throw EditError("no entered digits to clear") }
        return Proposal(command: EditCommand(label: "clear \(changes.count) entered cells", changes: changes))
    }

    /// Makes a cell a given (`digit`), or an empty cell again (nil).
    public func setGiven(_ cell: Cell, to digit: Int?) throws(EditError) -> Proposal {
        try setGiven([cell], to: digit)
    }

    /// Makes every selected cell the given `digit`, or (nil) an empty cell again.
    public func setGiven(_ cells: [Cell], to digit: Int?) throws(EditError) -> Proposal {
        var changes: [Change] = []
        var notes: [String] = []
        for cell in cells {
            let i = try index(cell)
            if let digit { try checkDigit(digit, cell) }
            let before = value(at: i)
            let after = CellValue(given: UInt8(digit ?? 0), digit: UInt8(digit ?? 0))
            guard before != after else { continue }
            if before.given == 0 && before.digit != 0 && digit != nil { notes.append((cells.count == 1 ? "" : "\(cell): ") + "replaces the entered \(before.digit)") }
            changes.append(change(i, before, after))
        }
        guard !changes.isEmpty else {
            let cell = Self.list(cells)
            throw EditError(digit.map { "\(cell) \(cells.count == 1 ? "is" : "are") already the given \($0)" }
                            ?? "\(cell) \(cells.count == 1 ? "has" : "have") no given")
        }
        let label = digit.map { "given \(Self.list(cells)) = \($0)" } ?? "remove the given\(cells.count == 1 ? "" : "s") in \(Self.list(cells))"
        return Proposal(command: EditCommand(label: label, changes: changes), notes: notes)
    }

    /// `r1c1`, `r1c1, r1c2`, or `5 cells` for a longer selection.
    static func list(_ cells: [Cell]) -> String {
        cells.count <= 3 ? cells.map(\.description).joined(separator: ", ") : "\(cells.count) cells"
    }

    /// The digits no other cell of the row, column or box holds (for an empty cell), or nil when
    /// the cell is filled.
    public func candidates(_ cell: Cell) throws(EditError) -> [Int]? {
        let i = try index(cell)
        guard puzzle.currentState.cells[i] == 0 else { return nil }
        return candidates(at: i)
    }

    func candidates(at i: Int) -> [Int] {
        let grid = puzzle.currentState
        let (row, column) = (i / n, i % n)
        var used = Set<UInt8>()
        for k in 0..<n {
            used.insert(grid[row, k])
            used.insert(grid[k, column])
        }
        let top = (row / puzzle.size.boxRows) * puzzle.size.boxRows
        let left = (column / puzzle.size.boxColumns) * puzzle.size.boxColumns
        for r in top..<top + puzzle.size.boxRows {
            for c in left..<left + puzzle.size.boxColumns { used.insert(grid[r, c]) }
        }
        return (1...n).filter { !used.contains(UInt8($0)) }
    }

    /// Candidates for every empty cell, row-major.
    public var allCandidates: [(cell: Cell, digits: [Int])] {
        puzzle.currentState.cells.indices.filter { puzzle.currentState.cells[$0] == 0 }.map { i in
            (Cell(row: i / n, column: i % n), candidates(at: i))
        }
    }

    /// What the grader would tell a player about the working grid.
    public var hint: SudokuHint {
        SudokuGrader.hint(givens: puzzle.givens, current: puzzle.currentState)
    }

    /// The digit a hint leads to, entered as an edit; nil when the hint places nothing.
    public func placingHint() throws(EditError) -> Proposal? {
        guard case .steps(let steps) = hint, let placement = steps.last?.placements.first else { return nil }
        let cell = Cell(row: placement.cell.row, column: placement.cell.column)
        var proposal = try set(cell, to: placement.digit)
        proposal.command.label = "hint: set \(cell) to \(placement.digit)"
        proposal.notes = ["\(steps.last!.technique.name)"]
        return proposal
    }
}
