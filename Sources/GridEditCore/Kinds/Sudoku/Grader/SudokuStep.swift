/// A cell of a grid, 0-based; printed the way players write it, `r1c1` for the top left.
public struct SudokuCell: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    public var description: String { "r\(row + 1)c\(column + 1)" }

    public static func < (a: SudokuCell, b: SudokuCell) -> Bool { (a.row, a.column) < (b.row, b.column) }
}

/// A digit in a cell: a placement, or a candidate removed.
public struct SudokuCellDigit: Sendable, Hashable, CustomStringConvertible {
    public var cell: SudokuCell
    public var digit: Int

    public init(cell: SudokuCell, digit: Int) {
        self.cell = cell
        self.digit = digit
    }

    public var description: String { "\(cell)=\(digit)" }
}

/// One step of a human-style solution: the technique, what it places or rules out, and why,
/// in plain words.
public struct SudokuStep: Sendable, Hashable, CustomStringConvertible {
    public var technique: SudokuTechnique
    /// Digits the step writes into cells.
    public var placements: [SudokuCellDigit]
    /// Candidates (pencil marks) the step rules out.
    public var eliminations: [SudokuCellDigit]
    /// The cells the reasoning rests on, for highlighting.
    public var focus: [SudokuCell]
    /// What to look at and what follows, e.g. "In box 2, 5 can only go in r1c6."
    public var explanation: String

    public init(technique: SudokuTechnique, placements: [SudokuCellDigit] = [], eliminations: [SudokuCellDigit] = [],
                focus: [SudokuCell] = [], explanation: String) {
        self.technique = technique
        self.placements = placements
        self.eliminations = eliminations
        self.focus = focus
        self.explanation = explanation
    }

    /// "hidden single: In box 2, 5 can only go in r1c6."
    public var description: String { "\(technique.name): \(explanation)" }

    public var isPlacement: Bool { !placements.isEmpty }
}
