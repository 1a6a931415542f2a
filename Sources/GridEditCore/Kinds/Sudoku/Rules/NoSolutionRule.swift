import GridEditJSON

/// The givens can be completed. Conflicting givens are `sudoku.given-conflict`'s business, and
/// an empty grid (a template) has nothing to check yet.
struct NoSolutionRule: Rule {
    static let id = "sudoku.no-solution"
    static let summary = "The givens cannot be completed."

    func check(_ puzzle: SudokuPuzzle) -> [Finding] {
        let givens = puzzle.givens
        guard givens.cells.contains(where: { $0 != 0 }), givens.conflicts.isEmpty,
              SudokuSolver.countSolutions(givens, limit: 1, keep: 0).count == 0 else { return [] }
        let reason = SudokuContradiction.find(givens).map { "; \($0)" } ?? ""
        return [finding("the givens have no solution\(reason); change or remove a given",
                        at: JSONPath.root.appending(key: "givens"))]
    }
}

/// Why givens without a solution fail, in words a designer can act on: follow the forced steps
/// (singles and locked candidates) until a cell has no digit left or a digit no place in a unit.
enum SudokuContradiction {
    static func find(_ grid: SudokuGrid) -> String? {
        let simple: Set<SudokuTechnique> = [.fullHouse, .hiddenSingle, .nakedSingle, .pointing, .claiming]
        var board = SudokuBoard(grid)
        var forced = 0
        while true {
            if let reason = describe(board) {
                return forced == 0 ? reason : "after \(forced) forced step\(forced == 1 ? "" : "s") (singles and locked candidates), \(reason)"
            }
            guard !board.isSolved, let step = SudokuGrader.next(board, using: simple) else { return nil }
            board.apply(step)
            forced += 1
        }
    }

    static func describe(_ board: SudokuBoard) -> String? {
        let g = board.geometry
        for cell in 0..<g.cellCount where board.values[cell] == 0 && board.candidates[cell] == 0 {
            return "\(board.name(cell)) has no digit left that its row, column and box allow"
        }
        for unit in g.units.indices {
            var possible = board.placed(in: unit)
            for cell in g.units[unit] { possible |= board.candidates[cell] }
            if let missing = SudokuBoard.digits(g.allDigits & ~possible).first {
                return "\(missing) has no place left in \(g.unitName(unit))"
            }
            // The same digit placed twice by forced steps.
            var seen: UInt16 = 0
            for cell in g.units[unit] where board.values[cell] != 0 {
                let bit = SudokuBoard.bit(Int(board.values[cell]))
                if seen & bit != 0 { return "\(board.values[cell]) would have to go twice in \(g.unitName(unit))" }
                seen |= bit
            }
        }
        return nil
    }
}
