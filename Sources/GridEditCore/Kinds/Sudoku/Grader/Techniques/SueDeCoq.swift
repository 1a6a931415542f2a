/// Expert: Sue de Coq.
///
/// Where a box and a row (or column) cross, take two or three empty cells C whose candidates V
/// number at least two more than the cells. Add cells L from the rest of the line and cells B
/// from the rest of the box, with no digit possible in both L and B, so that the cells of C, L
/// and B together allow exactly as many digits as there are cells. No digit can go twice among
/// them: a digit of L is only in C and L (one line), one of B only in C and B (one box), any
/// other only in C. So every one of those digits is placed in them exactly once: the digits of
/// L and those of V not in B are in the line, the rest of the line loses them; the digits of B
/// and those of V not in L are in the box, the rest of the box loses them.
enum SueDeCoq {
    static func find(_ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        let n = board.n
        let empty = { (cell: Int) in board.values[cell] == 0 }
        for box in (2 * n)..<(3 * n) {
            let boxCells = g.units[box].filter(empty)
            let lines = Set(boxCells.flatMap { [g.rowUnit($0), g.columnUnit($0)] }).sorted()
            for line in lines {
                let cross = boxCells.filter { g.unitsOfCell[$0].contains(line) }
                guard cross.count >= 2 else { continue }
                let lineRest = g.units[line].filter { empty($0) && !g.unitsOfCell[$0].contains(box) }
                let boxRest = boxCells.filter { !g.unitsOfCell[$0].contains(line) }
                let lineSubsets = subsets(lineRest, board), boxSubsets = subsets(boxRest, board)
                for c in subsets(cross, board) where c.cells.count >= 2 && c.mask.nonzeroBitCount >= c.cells.count + 2 {
                    for l in lineSubsets where l.mask & c.mask != 0 {
                        for b in boxSubsets where b.mask & c.mask != 0 && b.mask & l.mask == 0 {
                            let cellCount = c.cells.count + l.cells.count + b.cells.count
                            guard (c.mask | l.mask | b.mask).nonzeroBitCount == cellCount else { continue }
                            let lineDigits = l.mask | (c.mask & ~b.mask), boxDigits = b.mask | (c.mask & ~l.mask)
                            let used = Set(c.cells + l.cells + b.cells)
                            var removed: [(cell: Int, digit: Int)] = []
                            for cell in g.units[line] where empty(cell) && !used.contains(cell) {
                                removed += SudokuBoard.digits(board.candidates[cell] & lineDigits).map { (cell, $0) }
                            }
                            for cell in boxCells where !used.contains(cell) {
                                removed += SudokuBoard.digits(board.candidates[cell] & boxDigits).map { (cell, $0) }
                            }
                            guard !removed.isEmpty else { continue }
                            let eliminations = board.eliminations(removed)
                            let (lineName, boxName) = (g.unitName(line), g.unitName(box))
                            return SudokuStep(
                                technique: .sueDeCoq, eliminations: eliminations, focus: used.sorted().map(board.cell),
                                explanation: board.say("Where \(boxName) meets \(lineName), \(board.names(c.cells)) allow \(Words.digits(c.mask)). With \(describe(l, board)) in the rest of \(lineName) and \(describe(b, board)) in the rest of \(boxName), which share no digit, these \(cellCount) cells allow only \(cellCount) digits, and none can go twice (a digit of the \(lineName) cells only in \(lineName), one of the \(boxName) cells only in \(boxName)). So each is placed there once: \(Words.digits(lineDigits)) in \(lineName), \(Words.digits(boxDigits)) in \(boxName). Remove \(board.removalText(eliminations))."))
                        }
                    }
                }
            }
        }
        return nil
    }

    /// A set of cells and the digits they allow between them.
    struct Part {
        var cells: [Int]
        var mask: UInt16
    }

    /// Every non-empty subset of `cells` with its digits.
    static func subsets(_ cells: [Int], _ board: SudokuBoard) -> [Part] {
        guard !cells.isEmpty else { return [] }
        return (1..<(1 << cells.count)).map { bits in
            let chosen = cells.indices.filter { bits & (1 << $0) != 0 }.map { cells[$0] }
            return Part(cells: chosen, mask: chosen.reduce(UInt16(0)) { $0 | board.candidates[$1] })
        }
    }

    static func describe(_ part: Part, _ board: SudokuBoard) -> String {
        "\(board.names(part.cells)) (\(Words.digits(part.mask, conjunction: part.cells.count == 1 ? "or" : "and")))"
    }
}
