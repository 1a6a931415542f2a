/// Hard and expert: X-wing (2), swordfish (3), jellyfish (4).
enum Fish {
    static let techniques: [Int: SudokuTechnique] = [2: .xWing, 3: .swordfish, 4: .jellyfish]

    /// In k rows, a digit only fits in the same k columns: each of those columns gets the digit
    /// in one of those rows, so the rest of those columns cannot have it (and the same with
    /// rows and columns swapped).
    static func find(_ board: SudokuBoard, size k: Int) -> SudokuStep? {
        let g = board.geometry
        let n = g.n
        guard 2 * k <= n else { return nil }
        for digit in 1...n {
            for byRows in [true, false] {
                // Base lines (rows, or columns) and, for each, the cover positions where the digit fits.
                var lines: [Int] = []
                var positions: [[Int]] = []
                for line in 0..<n {
                    let unit = byRows ? line : n + line
                    let cells = board.cells(in: unit, with: digit)
                    guard (2...k).contains(cells.count) else { continue }
                    lines.append(line)
                    positions.append(cells.map { byRows ? g.column($0) : g.row($0) })
                }
                var found: SudokuStep?
                forEachCombination(of: lines.count, choose: k) { chosen in
                    let cover = Set(chosen.flatMap { positions[$0] }).sorted()
                    guard cover.count == k else { return false }
                    let base = chosen.map { lines[$0] }
                    var targets: [Int] = []
                    for position in cover {
                        let unit = byRows ? n + position : position
                        for cell in board.cells(in: unit, with: digit) {
                            let line = byRows ? g.row(cell) : g.column(cell)
                            if !base.contains(line) { targets.append(cell) }
                        }
                    }
                    guard !targets.isEmpty else { return false }
                    targets.sort()
                    let (baseWord, coverWord) = byRows ? ("rows", "columns") : ("columns", "rows")
                    let focus = base.flatMap { board.cells(in: byRows ? $0 : n + $0, with: digit) }
                    found = SudokuStep(technique: techniques[k]!, eliminations: board.eliminations(targets.map { ($0, digit) }),
                                       focus: focus.sorted().map(board.cell),
                                       explanation: board.say("In \(baseWord) \(Words.list(base.map { String($0 + 1) })), \(digit) can only go in \(coverWord) \(Words.list(cover.map { String($0 + 1) })), so each of those \(coverWord) gets its \(digit) in one of those \(baseWord): remove \(digit) from \(board.names(targets))."))
                    return true
                }
                if let found { return found }
            }
        }
        return nil
    }
}
