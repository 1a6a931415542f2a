/// Expert, the last resort: forcing chains and forcing nets. Assume a candidate true and
/// follow what it forces; if that ends in a contradiction the candidate is false, and if every
/// candidate of a cell (or every place of a digit in a unit) forces the same thing, that thing
/// holds whichever is true.
///
/// - A forcing chain follows only the links of `ChainLinks` (each step needs one fact before
///   it): a true candidate rules out its weak links, a false one makes its strong links true.
/// - A forcing net also places every single the assumption brings about, and applies the
///   locked candidates (pointing, claiming) that follow (each step may rest on several facts
///   before it), on a copy of the board. It is bounded by the board: at most one
///   placement per cell, so it always ends.
///
/// Both run only when every other technique fails, since trying each candidate in turn is
/// the slowest thing the grader does.
enum Forcing {
    // MARK: Forcing chains

    /// What assuming one candidate true forces along chain links.
    struct Implications {
        /// Per node: 0 unknown, 1 true, 2 false.
        var value: [UInt8]
        /// Per state (node * 2 + 1 true, + 0 false): the state that forced it, -1 at the start.
        var parent: [Int]
        /// A node forced both true and false.
        var contradiction: Int?
    }

    static func implications(_ links: ChainLinks, assuming start: Int) -> Implications {
        let count = links.strong.count
        var result = Implications(value: Array(repeating: 0, count: count), parent: Array(repeating: -2, count: 2 * count))
        result.value[start] = 1
        result.parent[start * 2 + 1] = -1
        var queue = [start * 2 + 1]
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            let node = state / 2, isTrue = state % 2 == 1
            for next in isTrue ? links.weak[node] : links.strong[node] {
                let nextTrue = !isTrue
                let nextState = next * 2 + (nextTrue ? 1 : 0)
                guard result.parent[nextState] == -2 else { continue }
                result.parent[nextState] = state
                if result.value[next] != 0 {
                    // Already forced the other way.
                    result.contradiction = next
                    return result
                }
                result.value[next] = nextTrue ? 1 : 2
                queue.append(nextState)
            }
        }
        return result
    }

    /// "r1c1 is 4, so r1c5 is not 4, so r2c5 is 4".
    static func pathText(_ links: ChainLinks, _ parent: [Int], to state: Int) -> String {
        var states: [Int] = []
        var s = state
        while s >= 0 { states.append(s); s = parent[s] }
        return states.reversed().map { "\(links.board.name(links.cell($0 / 2))) is \($0 % 2 == 1 ? "" : "not ")\(links.digit($0 / 2))" }
            .joined(separator: ", so ")
    }

    static func forcingChain(_ board: SudokuBoard) -> SudokuStep? {
        let links = ChainLinks(board)
        let g = board.geometry
        var outcomes = [Implications?](repeating: nil, count: links.strong.count)  // by node
        for cell in 0..<g.cellCount where board.values[cell] == 0 {
            if board.isStopped { return nil }
            for d in SudokuBoard.digits(board.candidates[cell]) {
                let node = links.node(cell, d)
                outcomes[node] = implications(links, assuming: node)
            }
        }
        // Contradiction: the shortest proof first.
        var best: (length: Int, node: Int)?
        for node in outcomes.indices {
            guard let outcome = outcomes[node], let bad = outcome.contradiction else { continue }
            let length = chainLength(outcome.parent, bad * 2) + chainLength(outcome.parent, bad * 2 + 1)
            if best.map({ (length, node) < ($0.length, $0.node) }) ?? true { best = (length, node) }
        }
        if let (_, node) = best {
            let outcome = outcomes[node]!
            let bad = outcome.contradiction!
            let eliminations = links.eliminations([node])
            return SudokuStep(
                technique: .forcingChain, eliminations: eliminations, focus: [board.cell(links.cell(node))],
                explanation: board.say("Suppose \(board.name(links.cell(node))) is \(links.digit(node)): \(pathText(links, outcome.parent, to: bad * 2 + 1)); but also \(pathText(links, outcome.parent, to: bad * 2)). \(links.name(bad)) cannot be both, so the supposition is wrong: remove \(board.removalText(eliminations))."))
        }
        // Verity: every candidate of a cell, or every place of a digit in a unit, forces the same.
        for (branches, what) in branchSets(board) {
            let live = branches.filter { outcomes[$0]!.contradiction == nil }
            guard !live.isEmpty else { continue }
            let values = live.map { outcomes[$0]!.value }
            var common: [Int] = []  // states
            for node in 0..<links.strong.count {
                let v = values[0][node]
                guard v != 0 else { continue }
                guard values.allSatisfy({ $0[node] == v }) else { continue }
                let cell = links.cell(node)
                guard board.values[cell] == 0, board.has(cell, links.digit(node)) else { continue }
                // A true node places its digit; a false one removes it.
                common.append(node * 2 + (v == 1 ? 1 : 0))
            }
            guard !common.isEmpty else { continue }
            let placements = common.filter { $0 % 2 == 1 }.map { SudokuCellDigit(cell: board.cell(links.cell($0 / 2)), digit: links.digit($0 / 2)) }
            let placedCells = Set(common.filter { $0 % 2 == 1 }.map { links.cell($0 / 2) })
            let eliminations = links.eliminations(common.filter { $0 % 2 == 0 && !placedCells.contains(links.cell($0 / 2)) }.map { $0 / 2 })
            let shown = common[0]
            let branchTexts = live.map { pathText(links, outcomes[$0]!.parent, to: shown) }
            let impossible = branches.filter { !live.contains($0) }
            let conclusion = shown % 2 == 1 ? "\(board.name(links.cell(shown / 2))) is \(links.digit(shown / 2))" : "\(board.name(links.cell(shown / 2))) is not \(links.digit(shown / 2))"
            var changes: [String] = []
            if !placements.isEmpty { changes.append("place \(Words.list(placements.map { "\($0.digit) in \($0.cell)" }))") }
            if !eliminations.isEmpty { changes.append("remove \(board.removalText(eliminations))") }
            return SudokuStep(
                technique: .forcingChain, placements: placements, eliminations: eliminations,
                focus: branches.map { board.cell(links.cell($0)) },
                explanation: board.say("\(what). Each way, \(conclusion): \(branchTexts.joined(separator: "; "))\(impossible.isEmpty ? "" : " (\(Words.list(impossible.map { links.name($0) })) would contradict itself)"). So it holds either way: \(Words.list(changes))."))
        }
        return nil
    }

    static func chainLength(_ parent: [Int], _ state: Int) -> Int {
        var length = 0
        var s = state
        while s >= 0 { length += 1; s = parent[s] }
        return length
    }

    /// The sets of candidates of which one is true: each empty cell's candidates, then each
    /// digit's places in each unit; with words for the explanation. Candidates are numbered
    /// as `ChainLinks` numbers its nodes (cell × n + digit − 1).
    static func branchSets(_ board: SudokuBoard) -> [(nodes: [Int], what: String)] {
        let node = { (cell: Int, digit: Int) in cell * board.n + digit - 1 }
        let g = board.geometry
        var sets: [(nodes: [Int], what: String)] = []
        for cell in 0..<g.cellCount where board.values[cell] == 0 && board.candidates[cell].nonzeroBitCount >= 2 {
            sets.append((SudokuBoard.digits(board.candidates[cell]).map { node(cell, $0) },
                         board.say("\(board.name(cell)) is \(Words.digits(board.candidates[cell], conjunction: "or"))")))
        }
        for unit in g.units.indices {
            for d in 1...g.n {
                let cells = board.cells(in: unit, with: d)
                guard cells.count >= 2 else { continue }
                sets.append((cells.map { node($0, d) }, board.say("In \(g.unitName(unit)), \(d) goes in \(board.names(cells).replacingOccurrences(of: " and ", with: " or "))")))
            }
        }
        return sets
    }

    // MARK: Forcing nets

    /// The board after placing one digit and every single that follows, or why it breaks.
    struct NetOutcome {
        var board: SudokuBoard
        /// The placements in order, the assumption first.
        var placed: [(cell: Int, digit: Int)]
        /// What went wrong, when the assumption leads to a contradiction.
        var contradiction: String?
    }

    /// `stoppingAt`: the net gives up, with no contradiction, once it has placed that many digits.
    static func net(_ start: SudokuBoard, placing cell: Int, _ digit: Int, stoppingAt limit: Int = Int.max) -> NetOutcome {
        let g = start.geometry
        var b = start
        var placed: [(cell: Int, digit: Int)] = []
        var queue = [(cell, digit)]
        var head = 0
        var losers: [Int] = []
        losers.reserveCapacity(g.peers[cell].count)
        func broken(_ why: @autoclosure () -> String) -> NetOutcome {
            NetOutcome(board: b, placed: placed, contradiction: start.explains ? why() : "")
        }
        while true {
            while head < queue.count {
                let (c, d) = queue[head]
                head += 1
                if b.values[c] != 0 {
                    if Int(b.values[c]) != d { return broken("\(b.name(c)) would need both \(b.values[c]) and \(d)") }
                    continue
                }
                guard b.has(c, d) else { return broken("\(b.name(c)) would need \(d), which it can no longer hold") }
                let others = b.candidates[c] & ~SudokuBoard.bit(d)
                // Naked singles and empty cells among the peers that lost d (found before placing,
                // without copying the board's candidates).
                losers.removeAll(keepingCapacity: true)
                for peer in g.peers[c] where b.values[peer] == 0 && b.candidates[peer] & SudokuBoard.bit(d) != 0 { losers.append(peer) }
                b.place(c, d)
                placed.append((c, d))
                if placed.count >= limit { return NetOutcome(board: b, placed: placed) }
                for peer in losers {
                    switch b.candidates[peer].nonzeroBitCount {
                    case 0: return broken("\(b.name(peer)) would have no digit left")
                    case 1: queue.append((peer, b.candidates[peer].trailingZeroBitCount + 1))
                    default: break
                    }
                }
                // Hidden singles: d in the losers' units, the other digits of c in c's units.
                // (In the order the checks were always made: the losers' units for d, then c's units
                // for each other digit.)
                func check(_ unit: Int, _ e: Int) -> String? {
                    // (A digit placed in the unit is a candidate of none of its cells: no place
                    // left is a contradiction only when it is not placed.)
                    let (count, first) = b.count(in: unit, with: e)
                    if count == 1 { queue.append((first, e)) }
                    if count == 0, b.placed(in: unit) & SudokuBoard.bit(e) == 0 { return "\(e) would have no place left in \(g.unitName(unit))" }
                    return nil
                }
                for peer in losers {
                    for u in g.unitsOfCell[peer] { if let why = check(u, d) { return broken(why) } }
                }
                var rest = others
                while rest != 0 {
                    let e = rest.trailingZeroBitCount + 1
                    rest &= rest - 1
                    for u in g.unitsOfCell[c] { if let why = check(u, e) { return broken(why) } }
                }
            }
            // No single left: locked candidates, then the singles they make, until nothing changes.
            guard lockedCandidates(&b) else { break }
            for cell in 0..<g.cellCount where b.values[cell] == 0 {
                switch b.candidates[cell].nonzeroBitCount {
                case 0: return broken("\(b.name(cell)) would have no digit left")
                case 1: queue.append((cell, b.candidates[cell].trailingZeroBitCount + 1))
                default: break
                }
            }
            for unit in g.units.indices {
                let placedHere = b.placed(in: unit)
                for e in 1...g.n where placedHere & SudokuBoard.bit(e) == 0 {
                    let (count, first) = b.count(in: unit, with: e)
                    if count == 0 { return broken("\(e) would have no place left in \(g.unitName(unit))") }
                    if count == 1 { queue.append((first, e)) }
                }
            }
        }
        return NetOutcome(board: b, placed: placed)
    }

    /// Pointing and claiming on a net's board copy, all at once; whether anything was removed.
    static func lockedCandidates(_ b: inout SudokuBoard) -> Bool {
        let g = b.geometry
        let n = g.n
        // Each digit's places as a cell mask, kept up to date as candidates go, so each check
        // sees the board as the removals before it left it.
        var places = b.placeMasks
        var changed = false
        func remove(_ d: Int, _ cells: UInt128) {
            var m = cells
            while m != 0 {
                b.candidates[m.trailingZeroBitCount] &= ~(UInt16(1) << d)
                m &= m - 1
            }
            places[d] &= ~cells
            changed = true
        }
        for box in 2 * n..<3 * n {
            for d in 0..<n {
                let here = places[d] & g.unitMasks[box]
                guard here.nonzeroBitCount >= 2 else { continue }
                // (Two places or more share a row or a column, not both.)
                let first = here.trailingZeroBitCount
                let (row, column) = (g.unitMasks[g.rowUnit(first)], g.unitMasks[g.columnUnit(first)])
                let line = here & ~row == 0 ? row : here & ~column == 0 ? column : 0
                let outside = places[d] & line & ~g.unitMasks[box]
                if outside != 0 { remove(d, outside) }
            }
        }
        for line in 0..<2 * n {
            for d in 0..<n {
                let here = places[d] & g.unitMasks[line]
                guard here.nonzeroBitCount >= 2 else { continue }
                let box = g.unitMasks[g.boxUnit(here.trailingZeroBitCount)]
                guard here & ~box == 0 else { continue }
                let outside = places[d] & box & ~g.unitMasks[line]
                if outside != 0 { remove(d, outside) }
            }
        }
        return changed
    }

    static func forcingNet(_ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        var outcomes = [NetOutcome?](repeating: nil, count: g.cellCount * 16)  // by cell * 16 + digit
        // The contradiction with the fewest placements, the first of them: a later net that
        // places as many without breaking cannot replace it, so it stops there.
        var shortest: (count: Int, key: Int)?
        for cell in 0..<g.cellCount where board.values[cell] == 0 {
            if board.isStopped { return nil }
            for d in SudokuBoard.digits(board.candidates[cell]) {
                let outcome = net(board, placing: cell, d, stoppingAt: shortest?.count ?? Int.max)
                if outcome.contradiction != nil, outcome.placed.count < shortest?.count ?? Int.max {
                    shortest = (outcome.placed.count, cell * 16 + d)
                }
                outcomes[cell * 16 + d] = outcome
            }
        }
        func sequence(_ o: NetOutcome) -> String {
            o.placed.dropFirst().isEmpty ? "nothing follows at once"
                : "the singles (and locked candidates) that follow place \(Words.list(o.placed.dropFirst().map { "\($0.digit) in \(board.name($0.cell))" }))"
        }
        // Contradiction: the fewest placements first.
        if let key = shortest?.key {
            let o = outcomes[key]!
            let (cell, d) = (key / 16, key % 16)
            let eliminations = board.eliminations([(cell, d)])
            return SudokuStep(
                technique: .forcingNet, eliminations: eliminations, focus: [board.cell(cell)],
                explanation: board.say("Suppose \(board.name(cell)) is \(d): \(sequence(o)), and then \(o.contradiction!). So \(board.name(cell)) is not \(d): remove \(board.removalText(eliminations))."))
        }
        // Verity over a cell's candidates or a digit's places in a unit.
        for (branches, what) in Forcing.branchSets(board) {
            let keys = branches.map { $0 / board.n * 16 + $0 % board.n + 1 }
            let live = keys.filter { outcomes[$0]!.contradiction == nil }
            guard !live.isEmpty else { continue }
            let boards = live.map { outcomes[$0]!.board }
            var placements: [SudokuCellDigit] = []
            var removed: [(cell: Int, digit: Int)] = []
            for cell in 0..<g.cellCount where board.values[cell] == 0 {
                let v = boards[0].values[cell]
                if v != 0, boards.allSatisfy({ $0.values[cell] == v }) {
                    placements.append(SudokuCellDigit(cell: board.cell(cell), digit: Int(v)))
                    continue
                }
                for d in SudokuBoard.digits(board.candidates[cell]) where boards.allSatisfy({ b in
                    b.values[cell] == 0 ? !b.has(cell, d) : Int(b.values[cell]) != d
                }) { removed.append((cell, d)) }
            }
            guard !placements.isEmpty || !removed.isEmpty else { continue }
            let eliminations = board.eliminations(removed)
            let impossible = keys.filter { !live.contains($0) }
            var changes: [String] = []
            if !placements.isEmpty { changes.append("place \(Words.list(placements.map { "\($0.digit) in \($0.cell)" }))") }
            if !eliminations.isEmpty { changes.append("remove \(board.removalText(eliminations))") }
            let branchTexts = live.map { "if \(board.name($0 / 16)) is \($0 % 16), \(sequence(outcomes[$0]!))" }
            return SudokuStep(
                technique: .forcingNet, placements: placements, eliminations: eliminations,
                focus: keys.map { board.cell($0 / 16) },
                explanation: board.say("\(what). Try each: \(branchTexts.joined(separator: "; "))\(impossible.isEmpty ? "" : " (\(Words.list(impossible.map { "\(board.name($0 / 16)) as \($0 % 16)" })) would break the grid)"). What every way agrees on holds: \(Words.list(changes))."))
        }
        return nil
    }
}
