/// Expert: ALS-XZ and ALS-XY-wing.
///
/// An almost locked set (ALS) is a group of k empty cells in one unit whose candidates number
/// k + 1 between them: take away any one of its digits and the rest are locked into its cells
/// (a naked subset). A single cell with two candidates is the smallest.
///
/// Two sets are joined by a restricted common digit x when every place of x in one sees every
/// place of x in the other: x is then in at most one of them, so at least one set loses x and
/// is locked on its other digits.
enum AlmostLockedSets {
    struct ALS: Equatable {
        var cells: [Int]
        var mask: UInt16
        var unit: Int

        func places(_ digit: Int, _ board: SudokuBoard) -> [Int] { cells.filter { board.has($0, digit) } }
    }

    /// Every ALS of up to `maximumSize` cells, each set of cells once.
    static func all(_ board: SudokuBoard, maximumSize: Int = 4) -> [ALS] {
        let g = board.geometry
        var result: [ALS] = []
        var seen = Set<[Int]>()
        for unit in g.units.indices {
            let empty = g.units[unit].filter { board.values[$0] == 0 }
            for size in 1...min(maximumSize, max(1, empty.count - 1)) where size <= empty.count {
                forEachCombination(of: empty.count, choose: size) { chosen in
                    let cells = chosen.map { empty[$0] }.sorted()
                    let mask = cells.reduce(UInt16(0)) { $0 | board.candidates[$1] }
                    if mask.nonzeroBitCount == size + 1, seen.insert(cells).inserted {
                        result.append(ALS(cells: cells, mask: mask, unit: unit))
                    }
                    return false
                }
            }
        }
        return result
    }

    /// Whether `x` is a restricted common digit of `a` and `b` (which share no cell).
    static func restricted(_ a: ALS, _ b: ALS, _ x: Int, _ board: SudokuBoard) -> Bool {
        let (pa, pb) = (a.places(x, board), b.places(x, board))
        guard !pa.isEmpty, !pb.isEmpty else { return false }
        return pa.allSatisfy { p in pb.allSatisfy { board.geometry.sees(p, $0) } }
    }

    /// Empty cells outside `sets` where `z` is possible and that see every place of z in them.
    static func targets(_ z: Int, _ sets: [ALS], _ board: SudokuBoard) -> [Int] {
        let g = board.geometry
        let places = sets.flatMap { $0.places(z, board) }
        let inside = Set(sets.flatMap(\.cells))
        guard let first = places.first else { return [] }
        return g.peers[first].filter { cell in
            !inside.contains(cell) && board.has(cell, z) && places.allSatisfy { g.sees(cell, $0) }
        }
    }

    static func describe(_ set: ALS, _ board: SudokuBoard) -> String {
        set.cells.count == 1
            ? "\(board.name(set.cells[0])) (\(Words.digits(set.mask, conjunction: "or")))"
            : "\(board.names(set.cells)) in \(board.geometry.unitName(set.unit)) (\(set.cells.count) cells, digits \(Words.digits(set.mask)))"
    }

    static func disjoint(_ a: ALS, _ b: ALS) -> Bool { Set(a.cells).isDisjoint(with: b.cells) }

    /// Two ALS with a restricted common digit x and another common digit z: one of them is
    /// locked without x, so z is in one of them, and a cell that sees every z of both is not z.
    static func alsXZ(_ board: SudokuBoard) -> SudokuStep? {
        let sets = all(board)
        for (i, a) in sets.enumerated() {
            for b in sets[(i + 1)...] where (a.mask & b.mask).nonzeroBitCount >= 2 && disjoint(a, b) {
                let common = SudokuBoard.digits(a.mask & b.mask)
                for x in common where restricted(a, b, x, board) {
                    var removed: [(cell: Int, digit: Int)] = []
                    for z in common where z != x {
                        removed += targets(z, [a, b], board).map { ($0, z) }
                    }
                    guard !removed.isEmpty else { continue }
                    let eliminations = board.eliminations(removed)
                    return SudokuStep(
                        technique: .alsXZ, eliminations: eliminations, focus: (a.cells + b.cells).sorted().map(board.cell),
                        explanation: board.say("\(describe(a, board)) and \(describe(b, board)) each have one digit more than cells, so without any one digit the rest are fixed there. Every \(x) of the first sees every \(x) of the second, so at most one holds \(x); the other is fixed on its other digits. Either way each digit both share besides \(x) is in one of them: remove \(board.removalText(eliminations)), whose cells see every such place."))
                }
            }
        }
        return nil
    }

    /// A pivot ALS C joined to ALS A by a restricted digit x and to ALS B by another one, y;
    /// A and B share a digit z. If A lacks x, it is locked; if it holds x, C lacks x, so C is
    /// locked and holds y, so B lacks y and is locked. Either way A or B holds z, so a cell
    /// that sees every z of both is not z.
    static func alsXYWing(_ board: SudokuBoard) -> SudokuStep? {
        let sets = all(board, maximumSize: 3)
        for c in sets {
            var joined: [(als: ALS, digit: Int)] = []
            for other in sets where other != c && disjoint(other, c) {
                for x in SudokuBoard.digits(other.mask & c.mask) where restricted(c, other, x, board) { joined.append((other, x)) }
            }
            for (i, (a, x)) in joined.enumerated() {
                for (b, y) in joined[(i + 1)...] where x != y && a != b && disjoint(a, b) {
                    var removed: [(cell: Int, digit: Int)] = []
                    for z in SudokuBoard.digits(a.mask & b.mask) where z != x && z != y {
                        removed += targets(z, [a, b], board).filter { !c.cells.contains($0) }.map { ($0, z) }
                    }
                    guard !removed.isEmpty else { continue }
                    let eliminations = board.eliminations(removed)
                    return SudokuStep(
                        technique: .alsXYWing, eliminations: eliminations, focus: (a.cells + b.cells + c.cells).sorted().map(board.cell),
                        explanation: board.say("Three almost locked sets (each with one digit more than cells, so fixed once a digit is ruled out): \(describe(c, board)) in the middle, \(describe(a, board)) sharing \(x) with it and \(describe(b, board)) sharing \(y) with it, every place of the shared digit in one seeing every place in the other. If the first set lacks \(x) it is fixed; if it has \(x), the middle one lacks \(x), so it has \(y), so the last one lacks \(y) and is fixed. So the digits the first and last share besides \(x) and \(y) are in one of them: remove \(board.removalText(eliminations)), whose cells see every such place."))
                }
            }
        }
        return nil
    }
}
