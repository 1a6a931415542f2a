/// Medium and hard: naked and hidden pairs, triples and quads.
enum Subsets {
    static let naked: [Int: SudokuTechnique] = [2: .nakedPair, 3: .nakedTriple, 4: .nakedQuad]
    static let hidden: [Int: SudokuTechnique] = [2: .hiddenPair, 3: .hiddenTriple, 4: .hiddenQuad]
    static let words = [2: "two", 3: "three", 4: "four"]

    /// k cells of a unit that can only hold k digits between them: those digits go in those
    /// cells, so the unit's other cells cannot hold them.
    static func naked(_ board: SudokuBoard, size k: Int) -> SudokuStep? {
        let g = board.geometry
        for unit in g.units.indices {
            let empty = g.units[unit].filter { board.values[$0] == 0 }
            guard empty.count > k else { continue }
            let small = empty.filter { (2...k).contains(board.candidates[$0].nonzeroBitCount) }
            var found: SudokuStep?
            forEachCombination(of: small.count, choose: k) { chosen in
                let cells = chosen.map { small[$0] }
                let union = cells.reduce(UInt16(0)) { $0 | board.candidates[$1] }
                guard union.nonzeroBitCount == k else { return false }
                var pairs: [(Int, Int)] = []
                for cell in empty where !cells.contains(cell) {
                    for digit in SudokuBoard.digits(board.candidates[cell] & union) { pairs.append((cell, digit)) }
                }
                guard !pairs.isEmpty else { return false }
                let eliminations = board.eliminations(pairs)
                found = SudokuStep(technique: naked[k]!, eliminations: eliminations, focus: cells.map(board.cell),
                                   explanation: board.say("In \(g.unitName(unit)), \(board.names(cells)) can only hold \(Words.digits(union)) between them, so no other cell of \(g.unitName(unit)) can: remove \(board.removalText(eliminations))."))
                return true
            }
            if let found { return found }
        }
        return nil
    }

    /// k digits that fit in only k cells of a unit: those cells hold those digits, so nothing
    /// else can go in them.
    static func hidden(_ board: SudokuBoard, size k: Int) -> SudokuStep? {
        let g = board.geometry
        for unit in g.units.indices {
            let missing = SudokuBoard.digits(g.allDigits & ~board.placed(in: unit))
            guard missing.count > k else { continue }
            let places = missing.map { board.cells(in: unit, with: $0) }
            let usable = missing.indices.filter { (2...k).contains(places[$0].count) }
            // Each usable digit's places as a mask of positions in the unit.
            let unitCells = g.units[unit]
            let placeMasks = usable.map { places[$0].reduce(UInt16(0)) { $0 | 1 << unitCells.firstIndex(of: $1)! } }
            var found: SudokuStep?
            forEachCombination(of: usable.count, choose: k) { chosen in
                let positions = chosen.reduce(UInt16(0)) { $0 | placeMasks[$1] }
                guard positions.nonzeroBitCount == k else { return false }
                let digitIndices = chosen.map { usable[$0] }
                let cells = SudokuBoard.digits(positions).map { unitCells[$0 - 1] }  // ascending, as a unit's cells are
                var mask: UInt16 = 0
                for i in digitIndices { mask |= SudokuBoard.bit(missing[i]) }
                var pairs: [(Int, Int)] = []
                for cell in cells {
                    for digit in SudokuBoard.digits(board.candidates[cell] & ~mask) { pairs.append((cell, digit)) }
                }
                guard !pairs.isEmpty else { return false }
                let eliminations = board.eliminations(pairs)
                found = SudokuStep(technique: hidden[k]!, eliminations: eliminations, focus: cells.map(board.cell),
                                   explanation: board.say("In \(g.unitName(unit)), \(Words.digits(mask)) can only go in \(board.names(cells)), so those \(words[k]!) cells hold nothing else: remove \(board.removalText(eliminations))."))
                return true
            }
            if let found { return found }
        }
        return nil
    }
}

/// Calls `body` with each k-element subset of 0..<n (ascending indices) until it returns true.
func forEachCombination(of n: Int, choose k: Int, _ body: ([Int]) -> Bool) {
    guard k > 0, k <= n else { return }
    var chosen = Array(0..<k)
    while true {
        if body(chosen) { return }
        var i = k - 1
        while i >= 0 && chosen[i] == n - k + i { i -= 1 }
        if i < 0 { return }
        chosen[i] += 1
        for j in i + 1..<k { chosen[j] = chosen[j - 1] + 1 }
    }
}
