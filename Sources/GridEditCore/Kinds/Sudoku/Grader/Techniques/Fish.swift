/// Hard and expert: X-wing (2), swordfish (3), jellyfish (4).
enum Fish {
    static let techniques: [Int: SudokuTechnique] = [2: .xWing, 3: .swordfish, 4: .jellyfish]

    /// In k rows, a digit only fits in the same k columns: each of those columns gets the digit
    /// in one of those rows, so the rest of those columns cannot have it (and the same with
    /// rows and columns swapped).
    static func find(_ board: SudokuBoard, size k: Int) -> SudokuStep? {
        let g = board.geometry
        let n = g.n
        return board.firstFish(size: k) { digit, byRows in
            // Base lines (rows, or columns) and, for each, the cover positions where the digit fits.
            var lines: [Int] = []
            var positions: [UInt16] = []  // as a mask of columns (or rows)
            for line in 0..<n {
                let unit = byRows ? line : n + line
                let cells = board.cells(in: unit, with: digit)
                guard (2...k).contains(cells.count) else { continue }
                lines.append(line)
                positions.append(cells.reduce(0) { $0 | 1 << (byRows ? g.column($1) : g.row($1)) })
            }
            var found: SudokuStep?
            forEachCombination(of: lines.count, choose: k) { chosen in
                let coverMask = chosen.reduce(UInt16(0)) { $0 | positions[$1] }
                guard coverMask.nonzeroBitCount == k else { return false }
                let cover = SudokuBoard.digits(coverMask).map { $0 - 1 }
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
            return found
        }
    }
}

/// Hard and expert: the finned X-wing (2) and finned swordfish (3), sashimi ones included.
enum FinnedFish {
    static let techniques: [Int: SudokuTechnique] = [2: .finnedXWing, 3: .finnedSwordfish]

    /// In k rows, a digit fits only in k columns, except for some extra cells (the fins), all
    /// in one box. Either a fin holds the digit, or the rows make a plain fish; a cell of those
    /// columns, outside the rows, inside the fins' box, is ruled out both ways (and the same
    /// with rows and columns swapped). A sashimi fish is one whose row keeps a single place
    /// in the columns besides its fins.
    static func find(_ board: SudokuBoard, size k: Int) -> SudokuStep? {
        let g = board.geometry
        let n = g.n
        return board.firstFish(size: k) { digit, byRows in
            var lines: [Int] = []
            var positions: [[Int]] = []
            var masks: [UInt16] = []  // the cells' columns (or rows) as a mask
            for line in 0..<n {
                let cells = board.cells(in: byRows ? line : n + line, with: digit)
                guard (1...k + 2).contains(cells.count) else { continue }
                lines.append(line)
                positions.append(cells)
                masks.append(cells.reduce(0) { $0 | 1 << (byRows ? g.column($1) : g.row($1)) })
            }
            var found: SudokuStep?
            forEachCombination(of: lines.count, choose: k) { chosen in
                let usedMask = chosen.reduce(UInt16(0)) { $0 | masks[$1] }
                guard usedMask.nonzeroBitCount > k, usedMask.nonzeroBitCount <= k + 2 else { return false }
                let base = chosen.map { lines[$0] }
                let cells = chosen.flatMap { positions[$0] }
                let used = SudokuBoard.digits(usedMask).map { $0 - 1 }
                var done = false
                forEachCombination(of: used.count, choose: k) { coverIndices in
                    let cover = coverIndices.map { used[$0] }
                    let position = { (cell: Int) in byRows ? g.column(cell) : g.row(cell) }
                    let fins = cells.filter { !cover.contains(position($0)) }
                    guard !fins.isEmpty else { return false }
                    let box = g.boxUnit(fins[0])
                    guard fins.allSatisfy({ g.boxUnit($0) == box }) else { return false }
                    // Every base line keeps a place in the cover (else it is no fish).
                    guard chosen.allSatisfy({ positions[$0].contains { cover.contains(position($0)) } }) else { return false }
                    let targets = g.units[box].filter { cell in
                        board.has(cell, digit) && cover.contains(position(cell))
                            && !base.contains(byRows ? g.row(cell) : g.column(cell))
                    }
                    guard !targets.isEmpty else { return false }
                    let (baseWord, coverWord) = byRows ? ("rows", "columns") : ("columns", "rows")
                    let sashimi = chosen.contains { positions[$0].filter { cover.contains(position($0)) }.count == 1 }
                    found = SudokuStep(
                        technique: techniques[k]!, eliminations: board.eliminations(targets.map { ($0, digit) }),
                        focus: cells.sorted().map(board.cell),
                        explanation: board.say("In \(baseWord) \(Words.list(base.map { String($0 + 1) })), \(digit) can only go in \(coverWord) \(Words.list(cover.map { String($0 + 1) })), except in \(board.names(fins.sorted())) (the fin\(fins.count == 1 ? "" : "s"), in \(g.unitName(box)))\(sashimi ? ", a sashimi fish" : ""). Either a fin is \(digit), or those \(coverWord) get their \(digit) in those \(baseWord); both rule out \(digit) from the cells of those \(coverWord) in \(g.unitName(box)) outside those \(baseWord): remove \(digit) from \(board.names(targets))."))
                    done = true
                    return true
                }
                return done
            }
            return found
        }
    }
}

extension SudokuBoard {
    /// The first step `body(digit, byRows)` finds for some digit, with rows as the base lines
    /// and then columns: the fishes' search order. Nil for a fish of k lines where the grid has
    /// no room for it (2k > n), which would only find its complement.
    func firstFish(size k: Int, _ body: (_ digit: Int, _ byRows: Bool) -> SudokuStep?) -> SudokuStep? {
        guard 2 * k <= geometry.n else { return nil }
        for digit in 1...geometry.n {
            for byRows in [true, false] { if let step = body(digit, byRows) { return step } }
        }
        return nil
    }
}
