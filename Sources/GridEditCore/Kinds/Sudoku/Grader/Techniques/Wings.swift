/// Hard: W-wing, XY-wing and XYZ-wing.
enum Wings {
    /// Two cells that are both x or y, not in one unit, and a unit where y fits only in two
    /// places, one seeing each cell: if the first cell is not x it is y, so its neighbour in
    /// that unit is not y, so the other place is, so the second cell is not y but x. One of
    /// the two cells is x, and a cell that sees both cannot be.
    static func wWing(_ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        let pairs = (0..<g.cellCount).filter { board.values[$0] == 0 && board.candidates[$0].nonzeroBitCount == 2 }
        for (i, p) in pairs.enumerated() {
            for q in pairs[(i + 1)...] where board.candidates[q] == board.candidates[p] && !g.sees(p, q) {
                let mask = board.candidates[p]
                for y in SudokuBoard.digits(mask) {
                    let x = SudokuBoard.digits(mask & ~SudokuBoard.bit(y))[0]
                    let targets = (0..<g.cellCount).filter { $0 != p && $0 != q && board.has($0, x) && g.sees($0, p) && g.sees($0, q) }
                    guard !targets.isEmpty else { continue }
                    for unit in g.units.indices {
                        let link = board.cells(in: unit, with: y)
                        guard link.count == 2, !link.contains(p), !link.contains(q) else { continue }
                        for (s, t) in [(link[0], link[1]), (link[1], link[0])] where g.sees(s, p) && g.sees(t, q) {
                            return SudokuStep(
                                technique: .wWing, eliminations: board.eliminations(targets.map { ($0, x) }),
                                focus: [p, q, s, t].sorted().map(board.cell),
                                explanation: board.say("\(board.name(p)) and \(board.name(q)) are both \(Words.digits(mask, conjunction: "or")). In \(g.unitName(unit)), \(y) can only go in \(board.name(s)) or \(board.name(t)); \(board.name(s)) sees \(board.name(p)) and \(board.name(t)) sees \(board.name(q)). If \(board.name(p)) is not \(x) it is \(y), so \(board.name(s)) is not \(y), \(board.name(t)) is, and \(board.name(q)) is \(x). One of the two is \(x), so a cell that sees both cannot be: remove \(x) from \(board.names(targets))."))
                        }
                    }
                }
            }
        }
        return nil
    }

    /// A pivot cell that is x or y sees two cells that are x or z and y or z: whichever the
    /// pivot is, one of those two is z, so a cell that sees both cannot be z.
    static func xyWing(_ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        let pairs = (0..<g.cellCount).filter { board.values[$0] == 0 && board.candidates[$0].nonzeroBitCount == 2 }
        for pivot in pairs {
            let pivotMask = board.candidates[pivot]
            let wings = pairs.filter { $0 != pivot && g.sees(pivot, $0) && (board.candidates[$0] & pivotMask).nonzeroBitCount == 1 }
            for (i, a) in wings.enumerated() {
                for b in wings[(i + 1)...] {
                    let ma = board.candidates[a], mb = board.candidates[b]
                    // a shares one pivot digit, b the other, and both share a third digit z.
                    guard ma & pivotMask != mb & pivotMask else { continue }
                    let z = ma & mb & ~pivotMask
                    guard z.nonzeroBitCount == 1 else { continue }
                    let digit = z.trailingZeroBitCount + 1
                    let targets = (0..<g.cellCount).filter {
                        $0 != a && $0 != b && board.candidates[$0] & z != 0 && g.sees($0, a) && g.sees($0, b)
                    }
                    guard !targets.isEmpty else { continue }
                    return SudokuStep(technique: .xyWing, eliminations: board.eliminations(targets.map { ($0, digit) }),
                                      focus: [pivot, a, b].map(board.cell),
                                      explanation: board.say("\(board.name(pivot)) is \(Words.digits(pivotMask, conjunction: "or")); it sees \(board.name(a)) (\(Words.digits(ma, conjunction: "or"))) and \(board.name(b)) (\(Words.digits(mb, conjunction: "or"))). Whichever digit \(board.name(pivot)) takes, one of \(board.name(a)) and \(board.name(b)) is \(digit), so a cell that sees both cannot be \(digit): remove \(digit) from \(board.names(targets))."))
                }
            }
        }
        return nil
    }

    /// A pivot that is x, y or z sees a cell that is x or z and one that is y or z: one of the
    /// three is z, so a cell that sees all three cannot be z.
    static func xyzWing(_ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        for pivot in 0..<g.cellCount where board.values[pivot] == 0 && board.candidates[pivot].nonzeroBitCount == 3 {
            let pivotMask = board.candidates[pivot]
            let wings = g.peers[pivot].filter {
                board.values[$0] == 0 && board.candidates[$0].nonzeroBitCount == 2 && board.candidates[$0] & ~pivotMask == 0
            }
            for (i, a) in wings.enumerated() {
                for b in wings[(i + 1)...] {
                    let ma = board.candidates[a], mb = board.candidates[b]
                    guard ma != mb else { continue }
                    let z = ma & mb
                    guard z.nonzeroBitCount == 1 else { continue }
                    let digit = z.trailingZeroBitCount + 1
                    let targets = g.peers[pivot].filter {
                        $0 != a && $0 != b && board.candidates[$0] & z != 0 && g.sees($0, a) && g.sees($0, b)
                    }
                    guard !targets.isEmpty else { continue }
                    return SudokuStep(technique: .xyzWing, eliminations: board.eliminations(targets.map { ($0, digit) }),
                                      focus: [pivot, a, b].map(board.cell),
                                      explanation: board.say("\(board.name(pivot)) is \(Words.digits(pivotMask, conjunction: "or")); it sees \(board.name(a)) (\(Words.digits(ma, conjunction: "or"))) and \(board.name(b)) (\(Words.digits(mb, conjunction: "or"))). One of the three is \(digit) whatever happens, so a cell that sees all three cannot be \(digit): remove \(digit) from \(board.names(targets))."))
                }
            }
        }
        return nil
    }
}
