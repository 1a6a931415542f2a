/// Counting the solutions of a Sudoku: the base of the uniqueness rules, the batch line
/// interface, the grader, the generator and the editor's live solution count.
///
/// ```swift
/// let result = SudokuSolver.countSolutions(grid, limit: 2)
/// switch result.verdict {
/// case .none: …            // no way to fill the grid
/// case .unique: …          // result.solution is the one solution
/// case .multiple: …        // result.solutions holds two; result.differences names cells
/// }
/// ```
///
/// 9×9 grids go to a bitboard solver (hundreds of thousands of puzzles a second on one core);
/// 4×4 and 6×6 to a simpler candidate-mask solver. Both stop as soon as `limit` solutions are
/// found, so `limit: 2` answers "unique?" quickly even for an empty grid.
public enum SudokuSolver {
    public struct SolveResult: Sendable, Hashable {
        public enum Verdict: String, Sendable, Hashable {
            /// The givens cannot be completed (conflicting givens included).
            case none
            case unique
            /// Two or more solutions.
            case multiple
        }

        /// Solutions found, capped at `limit`.
        public var count: Int
        /// The cap the count was taken with.
        public var limit: Int
        /// The first solutions found, in search order: at most `min(count, keep)`.
        public var solutions: [SudokuGrid]

        public init(count: Int, limit: Int, solutions: [SudokuGrid]) {
            self.count = count
            self.limit = limit
            self.solutions = solutions
        }

        public var verdict: Verdict { count == 0 ? .none : count == 1 ? .unique : .multiple }
        /// The count reached the limit, so there may be more.
        public var isCapped: Bool { count >= limit }
        /// The solution, when it is the only one.
        public var solution: SudokuGrid? { count == 1 ? solutions.first : nil }

        /// Cells whose digits differ between the first two solutions found, in row-major
        /// order: the witness that a puzzle has more than one solution.
        public var differences: [SudokuDifference] {
            guard solutions.count >= 2 else { return [] }
            let (a, b) = (solutions[0], solutions[1])
            let n = a.size.rawValue
            return a.cells.indices.compactMap { i in
                a.cells[i] == b.cells[i] ? nil
                    : SudokuDifference(row: i / n, column: i % n, first: a.cells[i], second: b.cells[i])
            }
        }
    }

    /// Counts the solutions of `grid` up to `limit` (at least 1) and returns the first `keep`.
    public static func countSolutions(_ grid: SudokuGrid, limit: Int = 2, keep: Int = 2) -> SolveResult {
        var solver = SudokuCounter(keep: keep)
        return solver.count(grid, limit: limit)
    }
}

/// A cell that differs between two solutions.
public struct SudokuDifference: Sendable, Hashable {
    public var row: Int
    public var column: Int
    public var first: UInt8
    public var second: UInt8

    public init(row: Int, column: Int, first: UInt8, second: UInt8) {
        self.row = row
        self.column = column
        self.first = first
        self.second = second
    }

    /// "r1c3 is 4 in one solution and 7 in another".
    public var description: String {
        "\(cellName((row, column))) is \(first) in one solution and \(second) in another"
    }
}

/// A reusable counter for many grids on one thread: keeps its solver buffers between calls.
/// Not thread-safe; make one per thread (the batch interface does).
public struct SudokuCounter {
    private let fast: BitboardSolver9
    private let keep: Int
    private var general: [SudokuSize: GeneralSolver] = [:]

    /// `keep`: how many solutions `count` returns; 0 for the count alone, with no array built.
    public init(keep: Int = 2) {
        self.keep = max(0, keep)
        fast = BitboardSolver9(keep: max(1, keep))
    }

    public mutating func count(_ grid: SudokuGrid, limit: Int = 2) -> SudokuSolver.SolveResult {
        let limit = max(1, limit)
        if grid.size == .nine {
            let count = grid.cells.withUnsafeBufferPointer { fast.solve($0.baseAddress!, limit: limit, keep: max(1, keep)) }
            let solutions = (0..<min(fast.recorded, keep)).map { SudokuGrid(size: .nine, uncheckedCells: Array(fast.solution($0))) }
            return .init(count: count, limit: limit, solutions: solutions)
        }
        var solver = general[grid.size] ?? GeneralSolver(size: grid.size)
        let count = solver.solve(grid.cells, limit: limit, keep: keep)
        let solutions = solver.solutions.map { SudokuGrid(size: grid.size, uncheckedCells: $0) }
        general[grid.size] = solver
        return .init(count: count, limit: limit, solutions: solutions)
    }

    /// The count alone, for 81 cells in a buffer: the batch interface's hot path. The first
    /// solution is then in `firstSolution9` (when the count is not 0).
    func count9(_ cells: UnsafePointer<UInt8>, limit: Int) -> Int {
        fast.solve(cells, limit: limit, keep: 1)
    }

    var firstSolution9: UnsafeBufferPointer<UInt8> { fast.solution(0) }
}

extension SudokuGrid {
    /// For cells known to be in range (solver output).
    init(size: SudokuSize, uncheckedCells cells: [UInt8]) {
        self.size = size
        self.cells = cells
    }
}
