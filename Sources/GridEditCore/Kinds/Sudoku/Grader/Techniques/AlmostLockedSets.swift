/// Expert: ALS-XZ, ALS-XY-wing and ALS-XY-chain (death blossom, in its own file, uses the sets too).
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

    }

    /// Every ALS of up to `maximumSize` cells, each set of cells once (where first found:
    /// rows, then columns, then boxes).
    static func all(_ board: SudokuBoard, maximumSize: Int = 4) -> [ALS] {
        let g = board.geometry
        var result: [ALS] = []
        let emptyCells = g.units.map { $0.filter { board.values[$0] == 0 } }
        /// The sizes of set searched in a unit.
        func searched(_ size: Int, in unit: Int) -> Bool { size <= min(maximumSize, max(1, emptyCells[unit].count - 1)) && size <= emptyCells[unit].count }
        for unit in g.units.indices {
            let empty = emptyCells[unit]
            for size in 1...maximumSize where searched(size, in: unit) {
                forEachCombination(of: empty.count, choose: size) { chosen in
                    let mask = chosen.reduce(UInt16(0)) { $0 | board.candidates[empty[$1]] }
                    guard mask.nonzeroBitCount == size + 1 else { return false }
                    let cells = chosen.map { empty[$0] }  // ascending, as a unit's cells are
                    // Found before in an earlier unit: one cell (in its row), or cells of a
                    // box that share a row or a column searched for sets this size.
                    let earlier = unit >= g.n && (size == 1 || unit >= 2 * g.n
                        && (cells.allSatisfy { g.row($0) == g.row(cells[0]) } && searched(size, in: g.rowUnit(cells[0]))
                            || cells.allSatisfy { g.column($0) == g.column(cells[0]) } && searched(size, in: g.columnUnit(cells[0]))))
                    if !earlier { result.append(ALS(cells: cells, mask: mask, unit: unit)) }
                    return false
                }
            }
        }
        return result
    }

    static func describe(_ set: ALS, _ board: SudokuBoard) -> String {
        set.cells.count == 1
            ? "\(board.name(set.cells[0])) (\(Words.digits(set.mask, conjunction: "or")))"
            : "\(board.names(set.cells)) in \(board.geometry.unitName(set.unit)) (\(set.cells.count) cells, digits \(Words.digits(set.mask)))"
    }

    /// Two ALS with a restricted common digit x and another common digit z: one of them is
    /// locked without x, so z is in one of them, and a cell that sees every z of both is not z.
    static func alsXZ(_ board: SudokuBoard) -> SudokuStep? {
        let sets = masked(all(board), board)
        let withDigit = board.placeMasks
        for (i, a) in sets.enumerated() {
            for b in sets[(i + 1)...] where (a.als.mask & b.als.mask).nonzeroBitCount >= 2 && a.cells & b.cells == 0 {
                let common = SudokuBoard.digits(a.als.mask & b.als.mask)
                for x in common where restricted(a, b, x) {
                    var removed: [(cell: Int, digit: Int)] = []
                    for z in common where z != x {
                        removed += cells(a.seeing[z - 1] & b.seeing[z - 1] & withDigit[z - 1]).map { ($0, z) }
                    }
                    guard !removed.isEmpty else { continue }
                    let eliminations = board.eliminations(removed)
                    return SudokuStep(
                        technique: .alsXZ, eliminations: eliminations, focus: (a.als.cells + b.als.cells).sorted().map(board.cell),
                        explanation: board.say("\(describe(a.als, board)) and \(describe(b.als, board)) each have one digit more than cells, so without any one digit the rest are fixed there. Every \(x) of the first sees every \(x) of the second, so at most one holds \(x); the other is fixed on its other digits. Either way each digit both share besides \(x) is in one of them: remove \(board.removalText(eliminations)), whose cells see every such place."))
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
        let sets = masked(all(board, maximumSize: 3), board)
        let withDigit = board.placeMasks
        for (k, c) in sets.enumerated() {
            var joined: [(set: Int, digit: Int)] = []
            for (j, other) in sets.enumerated() where j != k && other.cells & c.cells == 0 {
                for x in SudokuBoard.digits(other.als.mask & c.als.mask) where restricted(c, other, x) { joined.append((j, x)) }
            }
            for (i, (ia, x)) in joined.enumerated() {
                let a = sets[ia]
                for (ib, y) in joined[(i + 1)...] where x != y && ia != ib && a.cells & sets[ib].cells == 0 {
                    let b = sets[ib]
                    var removed: [(cell: Int, digit: Int)] = []
                    for z in SudokuBoard.digits(a.als.mask & b.als.mask) where z != x && z != y {
                        removed += cells(a.seeing[z - 1] & b.seeing[z - 1] & withDigit[z - 1] & ~c.cells).map { ($0, z) }
                    }
                    guard !removed.isEmpty else { continue }
                    let eliminations = board.eliminations(removed)
                    return SudokuStep(
                        technique: .alsXYWing, eliminations: eliminations, focus: (a.als.cells + b.als.cells + c.als.cells).sorted().map(board.cell),
                        explanation: board.say("Three almost locked sets (each with one digit more than cells, so fixed once a digit is ruled out): \(describe(c.als, board)) in the middle, \(describe(a.als, board)) sharing \(x) with it and \(describe(b.als, board)) sharing \(y) with it, every place of the shared digit in one seeing every place in the other. If the first set lacks \(x) it is fixed; if it has \(x), the middle one lacks \(x), so it has \(y), so the last one lacks \(y) and is fixed. So the digits the first and last share besides \(x) and \(y) are in one of them: remove \(board.removalText(eliminations)), whose cells see every such place."))
                }
            }
        }
        return nil
    }
}

// MARK: Sets as cell masks (ALS-XY-chain, death blossom)

extension AlmostLockedSets {
    /// An ALS with its cells as bit masks (bit c for cell c; boards have at most 81 cells), for
    /// the searches that combine many sets.
    struct Masked {
        var als: ALS
        var cells: UInt128
        /// `places[d - 1]`: the cells of the set where d is possible.
        var places: [UInt128]
        /// `seeing[d - 1]`: the cells outside the set that see every place of d in it.
        var seeing: [UInt128]

        func has(_ digit: Int) -> Bool { places[digit - 1] != 0 }
    }

    static func masked(_ sets: [ALS], _ board: SudokuBoard) -> [Masked] {
        let n = board.n, peers = board.geometry.peerMasks
        return sets.map { set in
            let cells = set.cells.reduce(UInt128(0)) { $0 | UInt128(1) << $1 }
            var places = [UInt128](repeating: 0, count: n), seeing = [UInt128](repeating: 0, count: n)
            for d in SudokuBoard.digits(set.mask) {
                var see = ~cells
                for cell in set.cells where board.has(cell, d) {
                    places[d - 1] |= UInt128(1) << cell
                    see &= peers[cell]
                }
                seeing[d - 1] = see
            }
            return Masked(als: set, cells: cells, places: places, seeing: seeing)
        }
    }

    /// Whether x is a restricted common digit of `a` and `b`: every x of one sees every x of
    /// the other (so a shared cell holding x rules it out).
    static func restricted(_ a: Masked, _ b: Masked, _ x: Int) -> Bool {
        a.has(x) && b.has(x) && b.places[x - 1] & ~a.seeing[x - 1] == 0
    }

    /// The cells of a mask, ascending.
    static func cells(_ mask: UInt128) -> [Int] {
        var result: [Int] = []
        var m = mask
        while m != 0 {
            result.append(m.trailingZeroBitCount)
            m &= m - 1
        }
        return result
    }

    // MARK: ALS-XY-chain

    /// The longest set chain searched, in sets, and the most search states expanded in one
    /// call (after which it gives up): they bound the search on hard puzzles, where hundreds
    /// of sets are joined many ways. Deterministic, so a grade does not depend on the machine.
    static let chainLimit = 5
    static let chainBudget = 200_000

    /// Almost locked sets A1, A2, …, Ak (the ladder tries the ALS-XY-wing, k = 3, first), each joined to the
    /// next by a restricted common digit, two neighbouring links never on the same digit. If
    /// A1 lacks a digit z it shares with Ak (z not the first link's digit), it is locked, so it
    /// holds the first link's digit; then A2 lacks it and is locked, so it holds the next
    /// link's digit, and so on until Ak is locked without the last link's digit: it holds z
    /// (z not that digit either). So z is in A1 or Ak, and a cell that sees every z of both is
    /// not z. Breadth first from every set over (set, digit it was reached by, first link's
    /// digit): what a chain rules out depends on those, so a longer chain to the same state
    /// adds nothing (its own cells aside).
    static func alsXYChain(_ board: SudokuBoard) -> SudokuStep? {
        let sets = masked(all(board, maximumSize: 3), board)
        guard sets.count >= 4 else { return nil }
        var links = [[(to: Int, digit: Int)]](repeating: [], count: sets.count)
        for i in sets.indices {
            for j in (i + 1)..<sets.count where sets[i].cells & sets[j].cells == 0 {
                for x in SudokuBoard.digits(sets[i].als.mask & sets[j].als.mask) where restricted(sets[i], sets[j], x) {
                    links[i].append((j, x))
                    links[j].append((i, x))
                }
            }
        }
        let chainCells = { (path: [Int]) -> UInt128 in path.reduce(UInt128(0)) { $0 | sets[$1].cells } }
        let withDigit = board.placeMasks
        // State: (set × 16 + the digit of the link it was reached by) × 16 + the first link's
        // digit (both 0 at the start).
        let states = sets.count * 256
        var budget = chainBudget
        var parent = [Int](repeating: -1, count: states)
        var stamp = [Int](repeating: -1, count: states)
        var depth = [Int](repeating: 0, count: states)
        for start in sets.indices where !links[start].isEmpty {
            if board.isStopped { return nil }
            var queue = [start * 256]
            stamp[start * 256] = start
            depth[start * 256] = 1
            var head = 0
            while head < queue.count {
                let state = queue[head]
                head += 1
                guard depth[state] < chainLimit else { continue }
                budget -= 1
                if budget < 0 { return nil }
                let (set, incoming, first) = (state / 256, state / 16 % 16, state % 16)
                for (next, x) in links[set] where x != incoming {
                    let nextState = (next * 16 + x) * 16 + (first == 0 ? x : first)
                    guard stamp[nextState] != start else { continue }
                    stamp[nextState] = start
                    parent[nextState] = state
                    depth[nextState] = depth[state] + 1
                    queue.append(nextState)
                    guard depth[nextState] >= 3, sets[start].cells & sets[next].cells == 0 else { continue }
                    var walked = [nextState]
                    while walked.last! != start * 256 { walked.append(parent[walked.last!]) }
                    walked.reverse()
                    let path = walked.map { $0 / 256 }
                    guard Set(path).count == path.count else { continue }
                    let (first, last) = (nextState % 16, x)
                    let inside = chainCells(path)
                    var removed: [(cell: Int, digit: Int)] = []
                    for z in SudokuBoard.digits(sets[start].als.mask & sets[next].als.mask) where z != first && z != last {
                        let seeing = sets[start].seeing[z - 1] & sets[next].seeing[z - 1] & withDigit[z - 1] & ~inside
                        removed += cells(seeing).map { ($0, z) }
                    }
                    guard !removed.isEmpty else { continue }
                    let eliminations = board.eliminations(removed)
                    let digits = walked.dropFirst().map { $0 / 16 % 16 }
                    let walk = path.map { describe(sets[$0].als, board) }
                    var text = walk[0]
                    for (i, d) in digits.enumerated() { text += ", joined by \(d) to \(walk[i + 1])" }
                    return SudokuStep(
                        technique: .alsXYChain, eliminations: eliminations, focus: cells(inside).map(board.cell),
                        explanation: board.say("A chain of almost locked sets (each with one digit more than cells, so fixed once a digit is ruled out): \(text); every place of a joining digit in one set sees every place of it in the next, so at most one of the two holds it. If the first set lacks a digit it shares with the last, it is fixed and holds \(first), so the second lacks \(first), is fixed and holds the next joining digit, and so on until the last set is fixed without \(last). So each digit the two ends share besides \(first) and \(last) is in one of them: remove \(board.removalText(eliminations)), whose cells see every such place."))
                }
            }
        }
        return nil
    }
}
