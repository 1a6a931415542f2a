/// The grid sizes the platform uses, with their box shapes.
public enum SudokuSize: Int, Sendable, Hashable, CaseIterable {
    case four = 4, six = 6, nine = 9

    /// Boxes are `boxRows` tall and `boxColumns` wide: 2×2, 2×3, 3×3.
    public var boxRows: Int { self == .nine ? 3 : 2 }
    public var boxColumns: Int { self == .four ? 2 : 3 }
    public var cellCount: Int { rawValue * rawValue }

    /// The size whose grid has `count` cells (16, 36, 81), for the line format.
    public init?(cellCount count: Int) {
        guard let size = Self.allCases.first(where: { $0.cellCount == count }) else { return nil }
        self = size
    }
}

/// A grid of digits, row-major from the top-left cell; 0 is an empty cell.
public struct SudokuGrid: Sendable, Hashable {
    public let size: SudokuSize
    public internal(set) var cells: [UInt8]

    public init(size: SudokuSize) {
        self.size = size
        self.cells = Array(repeating: 0, count: size.cellCount)
    }

    /// Refuses cell arrays of the wrong length or with digits above the size.
    public init?(size: SudokuSize, cells: [UInt8]) {
        guard cells.count == size.cellCount, cells.allSatisfy({ Int($0) <= size.rawValue }) else { return nil }
        self.size = size
        self.cells = cells
    }

    public subscript(row: Int, column: Int) -> UInt8 {
        get { cells[row * size.rawValue + column] }
        set {
            precondition(Int(newValue) <= size.rawValue, "digit out of range")
            cells[row * size.rawValue + column] = newValue
        }
    }

    public var isFull: Bool { !cells.contains(0) }

    /// Index of the box (0-based, row-major) holding a cell.
    public func box(row: Int, column: Int) -> Int {
        (row / size.boxRows) * (size.rawValue / size.boxColumns) + column / size.boxColumns
    }

    /// The cells of every row, column and box, as (row, column) lists; the units a digit
    /// may appear in only once.
    public var units: [(name: String, cells: [(Int, Int)])] {
        let n = size.rawValue
        var result: [(String, [(Int, Int)])] = []
        for r in 0..<n { result.append(("row \(r + 1)", (0..<n).map { (r, $0) })) }
        for c in 0..<n { result.append(("column \(c + 1)", (0..<n).map { ($0, c) })) }
        for b in 0..<n {
            let top = (b / (n / size.boxColumns)) * size.boxRows
            let left = (b % (n / size.boxColumns)) * size.boxColumns
            var cells: [(Int, Int)] = []
            for r in top..<top + size.boxRows { for c in left..<left + size.boxColumns { cells.append((r, c)) } }
            result.append(("box \(b + 1)", cells))
        }
        return result
    }

    /// Pairs of equal digits that share a unit: the rule every Sudoku check starts from.
    public var conflicts: [(unit: String, first: (Int, Int), second: (Int, Int))] {
        var found: [(String, (Int, Int), (Int, Int))] = []
        for (name, cells) in units {
            var seen: [UInt8: (Int, Int)] = [:]
            for cell in cells {
                let digit = self[cell.0, cell.1]
                guard digit != 0 else { continue }
                if let first = seen[digit] { found.append((name, first, cell)) } else { seen[digit] = cell }
            }
        }
        return found
    }

    /// The rows as strings of digits and `.`, top row first: the JSON form.
    /// The cells (row-major indices) whose digit another cell of their row, column or box also
    /// holds: both cells of every conflict, for drawing them red.
    public var conflictingCells: Set<Int> {
        let n = size.rawValue
        return Set(conflicts.flatMap { [$0.first.0 * n + $0.first.1, $0.second.0 * n + $0.second.1] })
    }

    public var rowStrings: [String] {
        let n = size.rawValue
        return (0..<n).map { r in
            String((0..<n).map { c in self[r, c] == 0 ? "." : Character(String(self[r, c])) })
        }
    }
}

/// r1c1 names, the way Sudoku players write cells.
public func cellName(_ cell: (Int, Int)) -> String { "r\(cell.0 + 1)c\(cell.1 + 1)" }
