/// Hard, and only for a puzzle known to have one solution (`SudokuBoard.knownUnique`): unique
/// rectangles and BUG+1. Both rest on the same fact: a pattern that could be filled two ways
/// with nothing else telling the ways apart (a "deadly pattern") would give the puzzle two
/// solutions, so the digits that break it must be there.
enum Uniqueness {
    /// Four empty cells at the corners of a rectangle over two rows, two columns and two boxes
    /// that could all be x or y: if they held only x and y, swapping them would give a second
    /// solution. So some corner holds another digit.
    ///
    /// - type 1: three corners are only x or y, so the fourth is neither;
    /// - type 2: two corners are only x or y and the other two, in one row or column, are x,
    ///   y or z: one of those two is z, so a cell that sees both is not;
    /// - type 4: as type 2, and x fits only in those two corners in a unit they share: one of
    ///   them is x, so neither can be y (that would make the pattern).
    static func uniqueRectangle(_ board: SudokuBoard) -> SudokuStep? {
        guard board.knownUnique else { return nil }
        let g = board.geometry
        let n = g.n
        for r1 in 0..<n {
            for r2 in r1 + 1..<n {
                for c1 in 0..<n {
                    for c2 in c1 + 1..<n {
                        let corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2]
                        guard corners.allSatisfy({ board.values[$0] == 0 }),
                              Set(corners.map(g.boxUnit)).count == 2 else { continue }
                        let shared = corners.reduce(g.allDigits) { $0 & board.candidates[$1] }
                        let digits = SudokuBoard.digits(shared)
                        for (i, x) in digits.enumerated() {
                            for y in digits[(i + 1)...] {
                                if let step = rectangle(board, corners, x, y) { return step }
                            }
                        }
                    }
                }
            }
        }
        return nil
    }

    static func rectangle(_ board: SudokuBoard, _ corners: [Int], _ x: Int, _ y: Int) -> SudokuStep? {
        let g = board.geometry
        let pair = SudokuBoard.bit(x) | SudokuBoard.bit(y)
        let floor = corners.filter { board.candidates[$0] == pair }
        let roof = corners.filter { board.candidates[$0] != pair }
        let intro = "\(board.names(corners)) form a rectangle over two rows, two columns and two boxes, and each could be \(x) or \(y). If all four held only \(x) and \(y), the two could be swapped and the puzzle would have two solutions; it has one"
        if floor.count == 3 {
            let cell = roof[0]
            let eliminations = board.eliminations([(cell, x), (cell, y)])
            return SudokuStep(technique: .uniqueRectangle, eliminations: eliminations, focus: corners.sorted().map(board.cell),
                              explanation: board.say("\(intro). Three of them can only be \(x) or \(y), so \(board.name(cell)) holds something else: remove \(board.removalText(eliminations))."))
        }
        guard floor.count == 2, g.sees(roof[0], roof[1]) else { return nil }
        let (a, b) = (roof[0], roof[1])
        // Type 2: the roof adds the same one digit z to both.
        let extra = board.candidates[a] & ~pair
        if board.candidates[a] == board.candidates[b], extra.nonzeroBitCount == 1 {
            let z = extra.trailingZeroBitCount + 1
            let targets = (0..<g.cellCount).filter { !corners.contains($0) && board.has($0, z) && g.sees($0, a) && g.sees($0, b) }
            if !targets.isEmpty {
                return SudokuStep(technique: .uniqueRectangle, eliminations: board.eliminations(targets.map { ($0, z) }),
                                  focus: corners.sorted().map(board.cell),
                                  explanation: board.say("\(intro). \(board.names(floor)) can only be \(x) or \(y), so one of \(board.name(a)) and \(board.name(b)) is \(z), and a cell that sees both cannot be: remove \(z) from \(board.names(targets))."))
            }
        }
        // Type 4: in a unit the roof shares, one of x and y fits only in the roof.
        for unit in g.unitsOfCell[a] where g.unitsOfCell[b].contains(unit) {
            for (locked, other) in [(x, y), (y, x)] where Set(board.cells(in: unit, with: locked)) == [a, b] {
                let eliminations = board.eliminations([(a, other), (b, other)])
                return SudokuStep(technique: .uniqueRectangle, eliminations: eliminations, focus: corners.sorted().map(board.cell),
                                  explanation: board.say("\(intro). \(board.names(floor)) can only be \(x) or \(y), and in \(g.unitName(unit)) \(locked) fits only in \(board.name(a)) or \(board.name(b)), so one of them is \(locked); if either were \(other), the four would be only \(x) and \(y): remove \(board.removalText(eliminations))."))
            }
        }
        return nil
    }

    /// Every empty cell has two candidates but one, which has three, and every digit fits in
    /// exactly two places in each unit but for one digit of that cell: without that digit
    /// there, the grid would be a "bivalue universal grave", which can always be filled two
    /// ways. So the cell holds the digit that fits three times in its units.
    static func bugPlusOne(_ board: SudokuBoard) -> SudokuStep? {
        guard board.knownUnique else { return nil }
        let g = board.geometry
        let empty = (0..<g.cellCount).filter { board.values[$0] == 0 }
        let triples = empty.filter { board.candidates[$0].nonzeroBitCount == 3 }
        guard triples.count == 1, empty.allSatisfy({ board.candidates[$0].nonzeroBitCount == 2 || $0 == triples[0] }) else { return nil }
        let cell = triples[0]
        var digit: Int?
        for unit in g.units.indices {
            for d in 1...g.n where board.placed(in: unit) & SudokuBoard.bit(d) == 0 {
                let count = board.cells(in: unit, with: d).count
                if count == 2 { continue }
                guard count == 3, g.units[unit].contains(cell), board.has(cell, d), digit == nil || digit == d else { return nil }
                digit = d
            }
        }
        guard let digit else { return nil }
        let placement = SudokuCellDigit(cell: board.cell(cell), digit: digit)
        return SudokuStep(technique: .bugPlusOne, placements: [placement], focus: [board.cell(cell)],
                          explanation: board.say("Every empty cell but \(board.name(cell)) can only be one of two digits, and every digit fits in two places in each row, column and box, except \(digit) in the units of \(board.name(cell)). Without \(digit) in \(board.name(cell)), the grid could be filled two ways, and the puzzle has one solution: place \(digit) in \(board.name(cell))."))
    }
}
