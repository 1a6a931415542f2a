/// The text of `gridedit sudoku explain` for one puzzle (after its `puzzle LINE` header): the
/// grade, the numbered steps in plain words, and how it ends. The REPL's `explain` prints the
/// same lines, so a setter reads the same words wherever they ask.
public struct SudokuExplanation: Sendable {
    public let grid: SudokuGrid
    public let grade: SudokuGrade

    /// `twoThreads` and `isCancelled` as for ``SudokuGrader/grade(_:using:explaining:twoThreads:isCancelled:)``.
    public init(_ grid: SudokuGrid, twoThreads: Bool = false, isCancelled: (() -> Bool)? = nil) {
        self.grid = grid
        grade = SudokuGrader.grade(grid, twoThreads: twoThreads, isCancelled: isCancelled)
    }

    /// `grade: hard (hardest technique: X-wing), 71 steps, score 1240`; for givens without one
    /// solution, what is wrong (`no solution: …`, `more than one solution: …`).
    public var summary: String {
        switch grade.status {
        case .noSolution: return "no solution: the givens cannot be completed"
        case .multipleSolutions:
            let witness = SudokuSolver.countSolutions(grid).differences.prefix(2).map(\.description)
            return "more than one solution: \(witness.joined(separator: ", and "))"
        case .solved, .stuck:
            let hardest = grade.hardest.map { " (hardest technique: \($0.name))" } ?? ""
            return "grade: \(grade.tier!.rawValue)\(hardest), \(grade.steps.count) step\(grade.steps.count == 1 ? "" : "s"), score \(grade.score!)"
        }
    }

    /// Why the puzzle cannot be explained (no or several solutions), or nil.
    public var problem: String? {
        switch grade.status {
        case .noSolution: "the givens have no solution"
        case .multipleSolutions: "the givens have more than one solution"
        case .solved, .stuck: nil
        }
    }

    /// Step `number` (1-based) as `explain` prints it, right-aligned to the widest number.
    public func stepLine(_ number: Int) -> String {
        let width = String(grade.steps.count).count
        let label = String(number)
        return "\(String(repeating: " ", count: max(0, width - label.count)))\(label). \(grade.steps[number - 1])"
    }

    /// The last line: the solution, or where logic stops.
    public var ending: String? {
        switch grade.status {
        case .solved: return "solved: \(SudokuSolver.countSolutions(grid).solution?.line ?? "")"
        case .stuck:
            var board = grid
            for step in grade.steps { for p in step.placements { board[p.cell.row, p.cell.column] = UInt8(p.digit) } }
            let empty = board.cells.filter { $0 == 0 }.count
            return "stuck: no technique of the ladder applies any more; the \(empty) empty cells left need trial and error (beyond-logic)"
        case .noSolution, .multipleSolutions: return nil
        }
    }

    /// Every line after the header: the summary, each step, the ending.
    public var lines: [String] {
        [summary] + (problem == nil ? grade.steps.indices.map { stepLine($0 + 1) } : []) + [ending].compactMap { $0 }
    }
}
