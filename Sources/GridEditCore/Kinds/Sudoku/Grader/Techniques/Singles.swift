/// Easy: the digit a cell must take.
enum Singles {
    /// Units in the order children scan them: boxes, then rows, then columns.
    static func scanOrder(_ g: SudokuGeometry) -> [Int] {
        Array(2 * g.n..<3 * g.n) + Array(0..<2 * g.n)
    }

    /// The only empty cell of a unit takes the one digit the unit lacks.
    static func fullHouse(_ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        for unit in scanOrder(g) {
            var empty = -1
            var emptyCount = 0
            var placed: UInt16 = 0
            for cell in g.units[unit] {
                let value = board.values[cell]
                if value == 0 {
                    empty = cell
                    emptyCount += 1
                } else {
                    placed |= SudokuBoard.bit(Int(value))
                }
            }
            guard emptyCount == 1 else { continue }
            let missing = g.allDigits & ~placed
            guard missing.nonzeroBitCount == 1, board.candidates[empty] & missing != 0 else { continue }
            let digit = missing.trailingZeroBitCount + 1
            return SudokuStep(technique: .fullHouse,
                              placements: [SudokuCellDigit(cell: board.cell(empty), digit: digit)],
                              focus: g.units[unit].map(board.cell),
                              explanation: board.say("\(board.name(empty)) is the last empty cell in \(g.unitName(unit)), so it takes the missing \(digit)."))
        }
        return nil
    }

    /// A digit with one place left in a unit goes there.
    static func hiddenSingle(_ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        for unit in scanOrder(g) {
            // Digits seen once and more than once among the unit's candidates.
            var once: UInt16 = 0, twice: UInt16 = 0, placed: UInt16 = 0
            for cell in g.units[unit] {
                let value = board.values[cell]
                if value != 0 { placed |= SudokuBoard.bit(Int(value)) }
                let m = board.candidates[cell]
                twice |= once & m
                once |= m
            }
            let single = once & ~twice & ~placed
            guard single != 0 else { continue }
            let bit = single & (0 &- single)
            let digit = bit.trailingZeroBitCount + 1
            let cell = g.units[unit].first { board.candidates[$0] & bit != 0 }!
            return SudokuStep(technique: .hiddenSingle,
                              placements: [SudokuCellDigit(cell: board.cell(cell), digit: digit)],
                              focus: g.units[unit].map(board.cell),
                              explanation: board.say("In \(g.unitName(unit)), \(digit) can only go in \(board.name(cell))."))
        }
        return nil
    }

    /// A cell with one candidate left takes it.
    static func nakedSingle(_ board: SudokuBoard) -> SudokuStep? {
        for cell in 0..<board.geometry.cellCount where board.values[cell] == 0 {
            let mask = board.candidates[cell]
            guard mask != 0, mask & (mask - 1) == 0 else { continue }
            let digit = mask.trailingZeroBitCount + 1
            let others = board.geometry.allDigits & ~mask
            return SudokuStep(technique: .nakedSingle,
                              placements: [SudokuCellDigit(cell: board.cell(cell), digit: digit)],
                              focus: [board.cell(cell)],
                              explanation: board.say("\(board.name(cell)) can only be \(digit): \(Words.digits(others)) are ruled out there."))
        }
        return nil
    }
}
