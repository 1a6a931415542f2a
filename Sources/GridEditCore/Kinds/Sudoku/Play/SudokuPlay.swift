/// A child playing one Sudoku: each digit judged against the puzzle's one solution, hints from
/// the grader in plain words with their cells.
public struct SudokuPlay: Sendable {
    public enum Judgement: Sendable, Hashable {
        /// The solution's digit.
        case right
        /// Another digit, not repeating one in its row, column or box.
        case wrong
        /// A digit its row, column or box already holds, at these cells.
        case conflicts([SudokuCell])
        /// The last right digit: the grid is full and right.
        case solved
        /// A digit taken out.
        case cleared

        public var name: String {
            switch self {
            case .right: "right"
            case .wrong: "wrong"
            case .conflicts: "conflicts"
            case .solved: "solved"
            case .cleared: "cleared"
            }
        }

        public var isRight: Bool { self == .right || self == .solved }

        public var text: String {
            switch self {
            case .right: "right"
            case .wrong: "wrong"
            case .conflicts(let cells): "conflicts with \(cells.map(\.description).joined(separator: ", "))"
            case .solved: "solved"
            case .cleared: "cleared"
            }
        }
    }

    public enum StartError: Error, Sendable, CustomStringConvertible {
        case noSolution
        case severalSolutions

        public var description: String {
            switch self {
            case .noSolution: "the givens have no solution, so a digit cannot be judged; fix the puzzle first"
            case .severalSolutions: "the givens have more than one solution, so a digit cannot be judged right or wrong; add givens until `solutions` says 1"
            }
        }
    }

    public let givens: SudokuGrid
    /// The one solution the digits are judged against.
    public let solution: SudokuGrid
    /// The child's grid: givens plus digits entered.
    public private(set) var grid: SudokuGrid

    public init(givens: SudokuGrid) throws(StartError) {
        let result = SudokuSolver.countSolutions(givens, limit: 2, keep: 1)
        guard result.count == 1, let solution = result.solution else {
            throw result.count == 0 ? .noSolution : .severalSolutions
        }
        self.givens = givens
        self.solution = solution
        self.grid = givens
    }

    public var isSolved: Bool { grid == solution }

    /// How a digit (0 to clear) in a cell would be judged now, without entering it.
    public func judge(_ digit: Int, at cell: SudokuCell) -> Judgement {
        let n = givens.size.rawValue
        let index = cell.row * n + cell.column
        guard digit != 0 else { return .cleared }
        var peers: [SudokuCell] = []
        for (_, cells) in grid.units where cells.contains(where: { $0 == (cell.row, cell.column) }) {
            for (r, c) in cells where (r, c) != (cell.row, cell.column) && Int(grid[r, c]) == digit {
                let peer = SudokuCell(row: r, column: c)
                if !peers.contains(peer) { peers.append(peer) }
            }
        }
        if !peers.isEmpty { return .conflicts(peers.sorted()) }
        guard Int(solution.cells[index]) == digit else { return .wrong }
        var after = grid
        after.cells[index] = UInt8(digit)
        return after == solution ? .solved : .right
    }

    /// Enters a digit (0 clears); a given cannot change (nil).
    @discardableResult
    public mutating func enter(_ digit: Int, at cell: SudokuCell) -> Judgement? {
        let index = cell.row * givens.size.rawValue + cell.column
        guard givens.cells[index] == 0, Int(grid.cells[index]) != digit else { return nil }
        let judgement = judge(digit, at: cell)
        grid.cells[index] = UInt8(digit)
        return judgement
    }

    /// The grader's next step from the child's grid, in words, with the cells it is about.
    public func hint() -> (text: String, cells: [SudokuCell]) {
        let hint = SudokuGrader.hint(givens: givens, current: grid)
        switch hint {
        case .conflict(let a, let b, _): return (hint.description, [a, b])
        case .mistakes(let cells): return (hint.description + " Clear \(cells.count == 1 ? "it" : "them") first.", cells)
        case .steps(let steps):
            let cells = steps.flatMap { $0.placements.map(\.cell) + $0.focus }
            var unique: [SudokuCell] = []
            for cell in cells where !unique.contains(cell) { unique.append(cell) }
            return (hint.description, unique)
        default: return (hint.description, [])
        }
    }
}
