/// Hard, and only for a puzzle known to have one solution (`SudokuBoard.knownUnique`): unique
/// rectangles (types 1 to 6, hidden), avoidable rectangles and BUG+1. All rest on the same
/// fact: a pattern that could be filled two ways with nothing else telling the ways apart (a
/// "deadly pattern") would give the puzzle two solutions, so the digits that break it must be
/// there.
enum Uniqueness {
    /// Four empty cells at the corners of a rectangle over two rows, two columns and two boxes,
    /// and two digits x and y that all four could hold. If all four held only x and y, the two
    /// could be swapped and the puzzle would have two solutions: a "deadly pattern".
    struct Rectangle {
        /// Top left, top right, bottom left, bottom right: corners `i` and `3 - i` are opposite,
        /// and no unit holds two opposite corners.
        let corners: [Int]
        let x: Int
        let y: Int

        var pair: UInt16 { SudokuBoard.bit(x) | SudokuBoard.bit(y) }
        var digits: [Int] { [x, y] }
        func opposite(_ corner: Int) -> Int { corners[3 - corners.firstIndex(of: corner)!] }
        func contains(_ cell: Int) -> Bool { corners.contains(cell) }

        /// The corners that can only be x or y.
        func floor(_ board: SudokuBoard) -> [Int] { corners.filter { board.candidates[$0] == pair } }
        /// The corners that can hold something else too.
        func roof(_ board: SudokuBoard) -> [Int] { corners.filter { board.candidates[$0] != pair } }

        /// What every explanation starts with.
        func intro(_ board: SudokuBoard) -> String {
            "\(board.names(corners.sorted())) form a rectangle over two rows, two columns and two boxes, and each could be \(x) or \(y). If all four held only \(x) and \(y), the two could be swapped and the puzzle would have two solutions; it has one"
        }
    }

    /// The first step `body` finds at the corners of a rectangle of cells (top-left, top-right,
    /// bottom-left, bottom-right), trying every one; nil unless the puzzle is known to be unique.
    static func firstRectangle(_ board: SudokuBoard, _ body: (Int, Int, Int, Int) -> SudokuStep?) -> SudokuStep? {
        guard board.knownUnique else { return nil }
        let n = board.geometry.n
        for r1 in 0..<n {
            for r2 in r1 + 1..<n {
                for c1 in 0..<n {
                    for c2 in c1 + 1..<n {
                        if let step = body(r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2) { return step }
                    }
                }
            }
        }
        return nil
    }

    /// The first step `check` finds in a rectangle of the board, trying every rectangle and
    /// pair of digits; nil unless the puzzle is known to be unique.
    static func firstStep(_ board: SudokuBoard, _ check: (Rectangle, SudokuGeometry) -> SudokuStep?) -> SudokuStep? {
        let g = board.geometry
        return firstRectangle(board) { a, b, c, d in
            let shared = board.candidates[a] & board.candidates[b] & board.candidates[c] & board.candidates[d]
            // Candidates only in empty cells, so two shared digits mean four empty corners.
            guard shared.nonzeroBitCount >= 2, twoBoxes(g, a, b, c) else { return nil }
            let corners = [a, b, c, d]
            let digits = SudokuBoard.digits(shared)
            for (i, x) in digits.enumerated() {
                for y in digits[(i + 1)...] {
                    if let step = check(Rectangle(corners: corners, x: x, y: y), g) { return step }
                }
            }
            return nil
        }
    }

    /// Whether the rectangle with corners `topLeft`, `topRight`, `bottomLeft` (and the fourth)
    /// lies in two boxes: its rows share a band or its columns a stack, not both.
    static func twoBoxes(_ g: SudokuGeometry, _ topLeft: Int, _ topRight: Int, _ bottomLeft: Int) -> Bool {
        (g.boxUnit(topLeft) == g.boxUnit(topRight)) != (g.boxUnit(topLeft) == g.boxUnit(bottomLeft))
    }

    /// A unique rectangle some corners of which hold something besides x and y:
    ///
    /// - type 1: three corners are only x or y, so the fourth is neither;
    /// - type 2: two corners are only x or y and the other two, in one row or column, are x,
    ///   y or z: one of those two is z, so a cell that sees both is not;
    /// - type 4: as type 2, and x fits only in those two corners in a unit they share: one of
    ///   them is x, so neither can be y (that would make the pattern).
    static func uniqueRectangle(_ board: SudokuBoard) -> SudokuStep? {
        firstStep(board) { r, _ in rectangle(r, board) }
    }

    static func rectangle(_ r: Rectangle, _ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        let (corners, x, y, pair) = (r.corners, r.x, r.y, r.pair)
        let floor = r.floor(board)
        let roof = r.roof(board)
        let intro = r.intro(board)
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

    /// Type 5: one or two corners are only x or y, and the others (two opposite corners, or
    /// three) add the same one digit z. Without z the four would be only x and y, so one of
    /// them is z, and a cell that sees all of them is not. (Two extra corners in one row or
    /// column are type 2.)
    static func uniqueRectangle5(_ board: SudokuBoard) -> SudokuStep? {
        firstStep(board) { r, g in
            let (floor, roof) = (r.floor(board), r.roof(board))
            guard roof.count == 3 || (roof.count == 2 && !g.sees(roof[0], roof[1])) else { return nil }
            let extra = roof.reduce(0) { $0 | board.candidates[$1] } & ~r.pair
            guard extra.nonzeroBitCount == 1 else { return nil }
            let z = extra.trailingZeroBitCount + 1
            let targets = (0..<g.cellCount).filter { cell in
                !r.contains(cell) && board.has(cell, z) && roof.allSatisfy { g.sees(cell, $0) }
            }
            guard !targets.isEmpty else { return nil }
            return SudokuStep(technique: .uniqueRectangle5, eliminations: board.eliminations(targets.map { ($0, z) }),
                              focus: r.corners.sorted().map(board.cell),
                              explanation: board.say("\(r.intro(board)). \(board.names(floor)) can only be \(r.x) or \(r.y), and \(board.names(roof)) only \(r.x), \(r.y) or \(z), so one of \(board.names(roof)) is \(z), and a cell that sees all of them cannot be: remove \(z) from \(board.names(targets))."))
        }
    }

    /// Type 6: two opposite corners are only x or y, and in both rows (or both columns) of the
    /// rectangle x fits only in its corners. So x fills one diagonal; on the other one, the
    /// corners that are only x or y would be y, making the pattern. So x is not in the two
    /// corners that hold more.
    static func uniqueRectangle6(_ board: SudokuBoard) -> SudokuStep? {
        firstStep(board) { r, g in
            let (floor, roof) = (r.floor(board), r.roof(board))
            guard floor.count == 2, r.opposite(floor[0]) == floor[1] else { return nil }
            let rows = [g.rowUnit(r.corners[0]), g.rowUnit(r.corners[3])]
            let columns = [g.columnUnit(r.corners[0]), g.columnUnit(r.corners[3])]
            for (u, v) in [(r.x, r.y), (r.y, r.x)] {
                for lines in [rows, columns] where lines.allSatisfy({ board.cells(in: $0, with: u).allSatisfy(r.contains) }) {
                    let eliminations = board.eliminations(roof.map { ($0, u) })
                    return SudokuStep(technique: .uniqueRectangle6, eliminations: eliminations, focus: r.corners.sorted().map(board.cell),
                                      explanation: board.say("\(r.intro(board)). \(board.names(floor)), opposite corners, can only be \(r.x) or \(r.y), and in \(Words.list(lines.map(g.unitName))) \(u) fits only in the corners, so \(u) fills one diagonal. If it were \(board.names(roof)), the other two would be \(v) and the four would be only \(r.x) and \(r.y): remove \(board.removalText(eliminations))."))
                }
            }
            return nil
        }
    }

    /// Hidden rectangle: a corner is only x or y, and in the row and the column of the
    /// opposite corner x fits only in the rectangle. If that opposite corner were y, x would
    /// fill the other two corners, the first corner would be y, and the four would make the
    /// pattern. So the opposite corner is not y.
    static func hiddenRectangle(_ board: SudokuBoard) -> SudokuStep? {
        firstStep(board) { r, g in
            for corner in r.floor(board) {
                let far = r.opposite(corner)
                let lines = [g.rowUnit(far), g.columnUnit(far)]
                for (u, v) in [(r.x, r.y), (r.y, r.x)] where board.has(far, v) {
                    guard lines.allSatisfy({ board.cells(in: $0, with: u).allSatisfy(r.contains) }) else { continue }
                    let others = r.corners.filter { $0 != corner && $0 != far }
                    let eliminations = board.eliminations([(far, v)])
                    return SudokuStep(technique: .hiddenRectangle, eliminations: eliminations, focus: r.corners.sorted().map(board.cell),
                                      explanation: board.say("\(r.intro(board)). \(board.name(corner)) can only be \(r.x) or \(r.y), and in \(Words.list(lines.map(g.unitName))), which meet at \(board.name(far)), \(u) fits only in the rectangle. If \(board.name(far)) were \(v), \(u) would go in \(board.names(others)), so \(board.name(corner)) would be \(v) and the four would be only \(r.x) and \(r.y): remove \(v) from \(board.name(far))."))
                }
            }
            return nil
        }
    }

    /// Type 3: two corners are only x or y; the other two, in one row or column, hold extra
    /// digits, one of which must be there. Those extras act as one more cell of their unit:
    /// with k other cells of the unit that hold only k + 1 digits between them and the extras
    /// (and neither x nor y), the k + 1 cells take those digits, and the rest of the unit
    /// cannot (nor the rest of a box all of them share).
    static func uniqueRectangle3(_ board: SudokuBoard) -> SudokuStep? {
        firstStep(board) { r, g in
            let (floor, roof) = (r.floor(board), r.roof(board))
            guard floor.count == 2, roof.count == 2, g.sees(roof[0], roof[1]) else { return nil }
            let extras = (board.candidates[roof[0]] | board.candidates[roof[1]]) & ~r.pair
            for unit in g.unitsOfCell[roof[0]] where g.unitsOfCell[roof[1]].contains(unit) {
                let pool = g.units[unit].filter {
                    board.values[$0] == 0 && !r.contains($0) && board.candidates[$0] & r.pair == 0
                }
                // Every choice of cells from the pool, fewest first.
                let choices = (1..<(1 << pool.count)).sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }
                for choice in choices {
                    let subset = pool.indices.filter { choice & (1 << $0) != 0 }.map { pool[$0] }
                    let own = subset.reduce(0) { $0 | board.candidates[$1] }
                    let digits = own | extras
                    guard digits.nonzeroBitCount == subset.count + 1 else { continue }
                    let holders = Set(subset + roof)
                    var regions = [unit]
                    let boxes = Set(holders.map(g.boxUnit))
                    if unit < 2 * g.n, boxes.count == 1 { regions.append(boxes.first!) }
                    var removed: [(cell: Int, digit: Int)] = []
                    for region in regions {
                        for cell in g.units[region] where !holders.contains(cell) && board.values[cell] == 0 {
                            removed += SudokuBoard.digits(board.candidates[cell] & digits).map { (cell, $0) }
                        }
                    }
                    guard !removed.isEmpty else { continue }
                    let eliminations = board.eliminations(removed)
                    let whereText = Words.list(regions.map(g.unitName))
                    return SudokuStep(technique: .uniqueRectangle3, eliminations: eliminations, focus: (r.corners + subset).sorted().map(board.cell),
                                      explanation: board.say("\(r.intro(board)). \(board.names(floor)) can only be \(r.x) or \(r.y), so one of \(board.name(roof[0])) and \(board.name(roof[1])) is \(Words.digits(extras, conjunction: "or")). With \(board.names(subset)), which between them can only hold \(Words.digits(own, conjunction: "or")), that makes \(subset.count + 1) cells of \(whereText) for the \(subset.count + 1) digits \(Words.digits(digits)), so no other cell there can hold them: remove \(board.removalText(eliminations))."))
                }
            }
            return nil
        }
    }

    /// Avoidable rectangle: the same deadly pattern with some corners already solved (placed
    /// while solving, not givens, which could not be swapped). Swapping the x and y of the
    /// four would give a second solution just the same, so the open corners cannot complete it:
    ///
    /// - type 1: three corners are solved, two of them x and the opposite of the open corner
    ///   y; the open corner is not y;
    /// - type 2: two corners in a row or column are solved as x and y; the open corner opposite
    ///   x can only be x or z, the one opposite y only y or z; one of them is z, so a cell that
    ///   sees both is not.
    static func avoidableRectangle(_ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        return firstRectangle(board) { a, b, c, d in
            let solvedCount = [a, b, c, d].reduce(0) { $0 + (board.values[$1] != 0 ? 1 : 0) }
            guard solvedCount == 2 || solvedCount == 3, twoBoxes(g, a, b, c) else { return nil }
            let corners = [a, b, c, d]
            let solved = corners.filter { board.values[$0] != 0 }
            guard solved.allSatisfy({ !board.isGiven[$0] }) else { return nil }
            return avoidable(board, corners, solved: solved)
        }
    }

    static func avoidable(_ board: SudokuBoard, _ corners: [Int], solved: [Int]) -> SudokuStep? {
        let g = board.geometry
        func opposite(_ corner: Int) -> Int { corners[3 - corners.firstIndex(of: corner)!] }
        let open = corners.filter { board.values[$0] == 0 }
        let value = { (cell: Int) in Int(board.values[cell]) }
        let intro = "\(board.names(solved)) were solved as \(Words.list(solved.map { String(value($0)) })), not given, and with \(board.names(open)) they form a rectangle over two rows, two columns and two boxes"
        if open.count == 1 {
            // Type 1: the open corner would complete the pattern with its opposite's digit.
            let cell = open[0]
            let far = opposite(cell)
            let sides = solved.filter { $0 != far }
            let (x, y) = (value(sides[0]), value(far))
            guard value(sides[1]) == x, board.has(cell, y) else { return nil }
            let eliminations = board.eliminations([(cell, y)])
            return SudokuStep(technique: .avoidableRectangle, eliminations: eliminations, focus: corners.sorted().map(board.cell),
                              explanation: board.say("\(intro). If \(board.name(cell)) were \(y), the \(x)s and \(y)s of the four could be swapped and the puzzle would have a second solution (no given holds them in place); it has one: remove \(y) from \(board.name(cell))."))
        }
        // Type 2: two solved corners share a row or column; each open corner would take the
        // digit of its opposite, and both add the same z.
        guard g.sees(solved[0], solved[1]) else { return nil }
        let wanted = open.map { value(opposite($0)) }
        let extras = open.indices.map { board.candidates[open[$0]] & ~SudokuBoard.bit(wanted[$0]) }
        guard extras[0] == extras[1], extras[0].nonzeroBitCount == 1,
              open.indices.allSatisfy({ board.has(open[$0], wanted[$0]) }) else { return nil }
        let z = extras[0].trailingZeroBitCount + 1
        let targets = (0..<g.cellCount).filter {
            !corners.contains($0) && board.has($0, z) && g.sees($0, open[0]) && g.sees($0, open[1])
        }
        guard !targets.isEmpty else { return nil }
        let (x, y) = (wanted[1], wanted[0])
        return SudokuStep(technique: .avoidableRectangle, eliminations: board.eliminations(targets.map { ($0, z) }),
                          focus: corners.sorted().map(board.cell),
                          explanation: board.say("\(intro). \(board.name(open[0])) can only be \(y) or \(z), and \(board.name(open[1])) only \(x) or \(z). If they were \(y) and \(x), the \(x)s and \(y)s of the four could be swapped and the puzzle would have a second solution (no given holds them in place); it has one. So one of them is \(z), and a cell that sees both cannot be: remove \(z) from \(board.names(targets))."))
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
