/// Hard: skyscraper, 2-string kite and turbot fish, the shortest X-chains, named by where their
/// links lie. For one digit, two units each have only two places for it (a = b, c = d), and b
/// and c share a unit, so they are not both the digit: if a is not the digit, b is, so c is
/// not, so d is. One of a and d holds it, and a cell that sees both cannot.
///
/// - skyscraper: both pairs in rows (or both in columns), b and c in one column (row);
/// - 2-string kite: one pair in a row, the other in a column, b and c in one box;
/// - turbot fish: any other such chain (a pair in a box, say).
///
/// They come before the longer X-chains and colouring because a person spots four cells far
/// sooner than a long chain.
enum SingleDigitPatterns {
    static func skyscraper(_ board: SudokuBoard) -> SudokuStep? { find(board, .skyscraper) }
    static func twoStringKite(_ board: SudokuBoard) -> SudokuStep? { find(board, .twoStringKite) }
    static func turbotFish(_ board: SudokuBoard) -> SudokuStep? { find(board, .turbotFish) }

    /// Row 0, column 1 or box 2, for a unit index.
    static func kind(_ unit: Int, _ n: Int) -> Int { unit / n }

    /// Which pattern the chain a = b – c = d is, with the pairs in units `first` and `second`.
    static func pattern(_ g: SudokuGeometry, first: Int, second: Int, b: Int, c: Int) -> SudokuTechnique {
        let (k1, k2) = (kind(first, g.n), kind(second, g.n))
        if k1 == 0, k2 == 0, g.column(b) == g.column(c) { return .skyscraper }
        if k1 == 1, k2 == 1, g.row(b) == g.row(c) { return .skyscraper }
        if k1 != 2, k2 != 2, k1 != k2, g.boxUnit(b) == g.boxUnit(c) { return .twoStringKite }
        return .turbotFish
    }

    static func find(_ board: SudokuBoard, _ technique: SudokuTechnique) -> SudokuStep? {
        let g = board.geometry
        for digit in 1...g.n {
            var pairs: [(unit: Int, cells: [Int])] = []
            for unit in g.units.indices {
                let cells = board.cells(in: unit, with: digit)
                if cells.count == 2 { pairs.append((unit, cells)) }
            }
            for (i, first) in pairs.enumerated() {
                for second in pairs[(i + 1)...] {
                    for (a, b) in [(first.cells[0], first.cells[1]), (first.cells[1], first.cells[0])] {
                        for (c, d) in [(second.cells[0], second.cells[1]), (second.cells[1], second.cells[0])] {
                            guard Set([a, b, c, d]).count == 4, g.sees(b, c) else { continue }
                            guard pattern(g, first: first.unit, second: second.unit, b: b, c: c) == technique else { continue }
                            let targets = (0..<g.cellCount).filter {
                                ![a, b, c, d].contains($0) && board.has($0, digit) && g.sees($0, a) && g.sees($0, d)
                            }
                            guard !targets.isEmpty else { continue }
                            return SudokuStep(
                                technique: technique, eliminations: board.eliminations(targets.map { ($0, digit) }),
                                focus: [a, b, c, d].sorted().map(board.cell),
                                explanation: board.say("In \(g.unitName(first.unit)), \(digit) can only go in \(board.name(a)) or \(board.name(b)); in \(g.unitName(second.unit)), only in \(board.name(c)) or \(board.name(d)). \(board.name(b)) and \(board.name(c)) share a unit, so they are not both \(digit): if \(board.name(a)) is not \(digit), \(board.name(b)) is, so \(board.name(c)) is not and \(board.name(d)) is. One of \(board.name(a)) and \(board.name(d)) is \(digit), so a cell that sees both cannot be: remove \(digit) from \(board.names(targets))."))
                        }
                    }
                }
            }
        }
        return nil
    }
}
