/// Medium: locked candidates, where a box meets a row or a column.
enum Intersections {
    /// In a box, a digit only fits in one row (or column): it cannot go anywhere else in that
    /// row (or column).
    static func pointing(_ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        let n = g.n
        for box in 2 * n..<3 * n {
            for digit in 1...n {
                let bit = SudokuBoard.bit(digit)
                // Rows and columns of the box where the digit may go, as bit sets.
                var rows = 0, columns = 0, count = 0
                for cell in g.units[box] where board.candidates[cell] & bit != 0 {
                    rows |= 1 << g.row(cell)
                    columns |= 1 << g.column(cell)
                    count += 1
                }
                guard count >= 2 else { continue }
                var lines: [Int] = []
                if rows & (rows - 1) == 0 { lines.append(rows.trailingZeroBitCount) }
                if columns & (columns - 1) == 0 { lines.append(n + columns.trailingZeroBitCount) }
                for line in lines {
                    let targets = g.units[line].filter { board.candidates[$0] & bit != 0 && g.boxUnit($0) != box }
                    guard !targets.isEmpty else { continue }
                    let inBox = board.cells(in: box, with: digit)
                    let eliminations = board.eliminations(targets.map { ($0, digit) })
                    return SudokuStep(technique: .pointing, eliminations: eliminations, focus: inBox.map(board.cell),
                                      explanation: board.say("In \(g.unitName(box)), \(digit) can only go in \(g.unitName(line)) (\(board.names(inBox))), so \(digit) cannot go anywhere else in \(g.unitName(line)): remove it from \(board.names(targets))."))
                }
            }
        }
        return nil
    }

    /// In a row (or column), a digit only fits inside one box: it cannot go anywhere else in
    /// that box.
    static func claiming(_ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        let n = g.n
        for line in 0..<2 * n {
            for digit in 1...n {
                let bit = SudokuBoard.bit(digit)
                var boxes = 0, count = 0
                for cell in g.units[line] where board.candidates[cell] & bit != 0 {
                    boxes |= 1 << (g.boxUnit(cell) - 2 * n)
                    count += 1
                }
                guard count >= 2, boxes & (boxes - 1) == 0 else { continue }
                let box = 2 * n + boxes.trailingZeroBitCount
                let targets = g.units[box].filter { board.candidates[$0] & bit != 0 && !g.unitsOfCell[$0].contains(line) }
                guard !targets.isEmpty else { continue }
                let inLine = board.cells(in: line, with: digit)
                let eliminations = board.eliminations(targets.map { ($0, digit) })
                return SudokuStep(technique: .claiming, eliminations: eliminations, focus: inLine.map(board.cell),
                                  explanation: board.say("In \(g.unitName(line)), \(digit) can only go inside \(g.unitName(box)) (\(board.names(inLine))), so \(digit) cannot go anywhere else in \(g.unitName(box)): remove it from \(board.names(targets))."))
            }
        }
        return nil
    }
}
