/// The one chain engine behind X-chains, XY-chains, AICs and forcing chains.
///
/// Its nodes are candidates (a digit still possible in a cell). Two kinds of link join them:
///
/// - a **strong** link: the two are never both false. A cell with only two candidates links
///   them (the cell's bivalue link); a unit with only two places for a digit links those two
///   (a conjugate pair). If one is false, the other is true.
/// - a **weak** link: the two are never both true. Two digits of one cell, or one digit in two
///   cells that share a unit. If one is true, the other is false.
///
/// An alternating inference chain (AIC) starts at a candidate assumed false, follows a strong
/// link to a true one, a weak link to a false one, and so on, ending on a strong link: then
/// one of the two ends is true, and a candidate weakly linked to both ends is false. X-chains
/// (one digit) and XY-chains (bivalue cells only) are the same search with fewer kinds of link.
///
/// Grouped chains add **group nodes**: two or three places of one digit in a box that also
/// share a row or column, read as "the digit is in one of these cells". A group is weakly
/// linked to every place of its digit that sees all its cells, and strongly linked to the rest
/// of a unit's places of the digit when those are one cell or one group.
struct ChainLinks {
    /// Which links a search may follow.
    struct Kinds: Equatable {
        /// Strong links inside bivalue cells.
        var cellStrong = true
        /// Strong links between the two places of a digit in a unit.
        var unitStrong = true
        /// Weak links between two digits of one cell.
        var cellWeak = true
        /// Group nodes (see the type's comment).
        var groups = false

        static let all = Kinds()
        /// Grouped AICs: every kind of link, group nodes included.
        static let grouped = Kinds(groups: true)
        /// X-chains: one digit throughout (no link inside a cell).
        static let x = Kinds(cellStrong: false, unitStrong: true, cellWeak: false)
        /// XY-chains: bivalue cells joined by a shared digit.
        static let xy = Kinds(cellStrong: true, unitStrong: false, cellWeak: false)
    }

    let board: SudokuBoard
    let n: Int
    /// `strong[node]`: the nodes that are true when `node` is false.
    var strong: [[Int]]
    /// `weak[node]`: the nodes that are false when `node` is true.
    var weak: [[Int]]
    /// Group nodes, numbered from `candidateNodes` on.
    var groups: [Group] = []
    /// How many nodes are single candidates (cell × n + digit − 1).
    let candidateNodes: Int

    /// Two or three places of `digit` in one box and one row or column.
    struct Group {
        var digit: Int
        var cells: [Int]
    }

    @inline(__always) func node(_ cell: Int, _ digit: Int) -> Int { cell * n + digit - 1 }
    /// The cell of a single-candidate node (a group's first cell).
    @inline(__always) func cell(_ node: Int) -> Int { node < candidateNodes ? node / n : groups[node - candidateNodes].cells[0] }
    @inline(__always) func digit(_ node: Int) -> Int { node < candidateNodes ? node % n + 1 : groups[node - candidateNodes].digit }
    @inline(__always) func isGroup(_ node: Int) -> Bool { node >= candidateNodes }
    /// The cells of a node: one, or a group's.
    func cells(_ node: Int) -> [Int] { node < candidateNodes ? [node / n] : groups[node - candidateNodes].cells }

    init(_ board: SudokuBoard, kinds: Kinds = .all) {
        self.board = board
        let g = board.geometry
        n = g.n
        candidateNodes = g.cellCount * g.n
        strong = Array(repeating: [], count: g.cellCount * g.n)
        weak = Array(repeating: [], count: g.cellCount * g.n)
        let digits = Array(1...g.n)
        for cell in 0..<g.cellCount where board.values[cell] == 0 {
            let mask = board.candidates[cell]
            for d in digits where mask & SudokuBoard.bit(d) != 0 {
                let here = cell * n + d - 1
                if kinds.cellStrong, mask.nonzeroBitCount == 2 {
                    strong[here].append(cell * n + (mask & ~SudokuBoard.bit(d)).trailingZeroBitCount)
                }
                if kinds.cellWeak {
                    for other in SudokuBoard.digits(mask) where other != d { weak[here].append(cell * n + other - 1) }
                }
                for peer in g.peers[cell] where board.candidates[peer] & SudokuBoard.bit(d) != 0 {
                    weak[here].append(peer * n + d - 1)
                }
            }
        }
        if kinds.unitStrong {
            for d in digits {
                for unit in g.units.indices {
                    let cells = board.cells(in: unit, with: d)
                    guard cells.count == 2 else { continue }
                    let (a, b) = (cells[0] * n + d - 1, cells[1] * n + d - 1)
                    if !strong[a].contains(b) { strong[a].append(b) }
                    if !strong[b].contains(a) { strong[b].append(a) }
                }
            }
        }
        if kinds.groups { addGroups(unitStrong: kinds.unitStrong) }
    }

    /// Adds the group nodes of every box-and-line crossing with two or three places of a digit
    /// (all of them, and with three each pair), and their links.
    private mutating func addGroups(unitStrong: Bool) {
        let g = board.geometry
        var index: [[Int]: Int] = [:]
        for d in 1...n {
            for box in (2 * n)..<(3 * n) {
                let inBox = board.cells(in: box, with: d)
                for line in Set(inBox.flatMap { [g.rowUnit($0), g.columnUnit($0)] }).sorted() {
                    let shared = inBox.filter { g.unitsOfCell[$0].contains(line) }
                    guard shared.count >= 2 else { continue }
                    var sets = [shared]
                    if shared.count == 3 { sets += [[shared[0], shared[1]], [shared[0], shared[2]], [shared[1], shared[2]]] }
                    for cells in sets {
                        index[[d] + cells] = candidateNodes + groups.count
                        groups.append(Group(digit: d, cells: cells))
                    }
                }
            }
        }
        strong += Array(repeating: [], count: groups.count)
        weak += Array(repeating: [], count: groups.count)
        for (i, group) in groups.enumerated() {
            let here = candidateNodes + i
            let d = group.digit
            // Weak: the places of the digit (single or grouped) that see every cell of the group.
            for peer in g.peers[group.cells[0]] where board.has(peer, d) && !group.cells.contains(peer)
                && group.cells.allSatisfy({ g.sees($0, peer) }) {
                weak[here].append(node(peer, d))
                weak[node(peer, d)].append(here)
            }
            for (j, other) in groups.enumerated() where j != i && other.digit == d
                && other.cells.allSatisfy({ c in group.cells.allSatisfy { g.sees($0, c) } }) {
                weak[here].append(candidateNodes + j)
            }
            // Strong: in the group's box and line, the other places of the digit, when they
            // are one cell or one group.
            guard unitStrong else { continue }
            for unit in g.unitsOfCell[group.cells[0]] where group.cells.allSatisfy({ g.unitsOfCell[$0].contains(unit) }) {
                let rest = board.cells(in: unit, with: d).filter { !group.cells.contains($0) }
                let partner: Int? = rest.count == 1 ? node(rest[0], d) : index[[d] + rest]
                guard let partner, !rest.isEmpty else { continue }
                if !strong[here].contains(partner) { strong[here].append(partner) }
                if !strong[partner].contains(here) { strong[partner].append(here) }
            }
        }
    }

    /// Whether the candidates `a` and `b` can never both be true (a weak link, whatever the
    /// kinds searched).
    func excludes(_ a: Int, _ b: Int) -> Bool {
        if isGroup(a) || isGroup(b) {
            guard digit(a) == digit(b) else { return false }
            let g = board.geometry
            if !isGroup(a) { return groups[b - candidateNodes].cells.allSatisfy { g.sees(a / n, $0) } }
            let cellsOfA = groups[a - candidateNodes].cells
            if !isGroup(b) { return cellsOfA.allSatisfy { g.sees($0, b / n) } }
            return groups[b - candidateNodes].cells.allSatisfy { y in cellsOfA.allSatisfy { g.sees($0, y) } }
        }
        let (ca, cb) = (a / n, b / n)
        if ca == cb { return a != b }
        return a % n == b % n && board.geometry.sees(ca, cb)
    }

    /// Candidates weakly linked to both `a` and `b`: false when one of `a` and `b` is true.
    /// In order of cell, then digit.
    func seeingBoth(_ a: Int, _ b: Int) -> [Int] {
        let g = board.geometry
        var result: [Int] = []
        func add(_ cell: Int, _ digit: Int) {
            if board.values[cell] == 0, board.has(cell, digit) { result.append(node(cell, digit)) }
        }
        if a != b, !isGroup(a), !isGroup(b) {
            // Two single candidates (what chain searches ask about most, once per chain end
            // they reach), read straight off the cells. A third candidate sees both when it
            // shares their cell (their cell is one), or has their digit in a cell seeing both
            // (their digit is one), or is one's digit in the other's cell.
            let (ca, da, cb, db) = (a / n, a % n + 1, b / n, b % n + 1)
            if ca == cb {
                for d in SudokuBoard.digits(board.candidates[ca]) where d != da && d != db { add(ca, d) }
            } else if da == db {
                for cell in g.peers[ca] where g.sees(cell, cb) { add(cell, da) }
            } else if g.sees(ca, cb) {
                if ca < cb { add(ca, db); add(cb, da) } else { add(cb, da); add(ca, db) }
            }
            return result
        }
        // A candidate weakly linked to `a` is in a's (first) cell or in a cell seeing it.
        let first = cell(a)
        func consider(_ cell: Int) {
            guard board.values[cell] == 0 else { return }
            var mask = board.candidates[cell]
            while mask != 0 {
                let t = node(cell, mask.trailingZeroBitCount + 1)
                mask &= mask - 1
                if t != a, t != b, excludes(t, a), excludes(t, b) { result.append(t) }
            }
        }
        var firstDone = false
        for peer in g.peers[first] {
            if !firstDone, peer > first { consider(first); firstDone = true }
            consider(peer)
        }
        if !firstDone { consider(first) }
        return result
    }

    // MARK: Alternating chains

    /// A found chain: its nodes (false, true, false, true, …, true) and what it rules out.
    struct Chain {
        var nodes: [Int]
        var targets: [Int]
    }

    /// The shortest alternating chain (at least `minimumNodes` nodes) whose two ends rule out
    /// some candidate; `sameDigitEnds` keeps only chains that start and end on one digit.
    /// Breadth first from every start, so a chain is never longer than the best found so far.
    /// `withGroup` keeps only chains through a group node.
    func shortestChain(minimumNodes: Int = 4, maximumNodes: Int = 24, sameDigitEnds: Bool = false,
                       withGroup: Bool = false) -> Chain? {
        let count = strong.count
        var parent = [Int](repeating: -2, count: 2 * count)
        var stamp = [Int](repeating: -1, count: 2 * count)
        var depth = [Int](repeating: 0, count: 2 * count)
        var best: Chain?
        var queue: [Int] = []
        queue.reserveCapacity(2 * count)
        for start in 0..<count where !strong[start].isEmpty {
            if board.isStopped { return nil }
            // State: node * 2 + 1 when the node is true, + 0 when false. The start is false.
            let first = start * 2
            queue.removeAll(keepingCapacity: true)
            queue.append(first)
            stamp[first] = start
            parent[first] = -1
            depth[first] = 1
            var head = 0
            search: while head < queue.count {
                let state = queue[head]
                head += 1
                let limit = min(maximumNodes, (best?.nodes.count ?? maximumNodes + 1) - 1)
                if depth[state] >= limit { break }
                let node = state / 2
                let isTrue = state % 2 == 1
                for next in isTrue ? weak[node] : strong[node] {
                    let nextState = next * 2 + (isTrue ? 0 : 1)
                    guard stamp[nextState] != start else { continue }
                    stamp[nextState] = start
                    parent[nextState] = state
                    depth[nextState] = depth[state] + 1
                    queue.append(nextState)
                    guard !isTrue, next != start, depth[nextState] >= minimumNodes else { continue }
                    if sameDigitEnds, digit(next) != digit(start) { continue }
                    let targets = seeingBoth(start, next)
                    guard !targets.isEmpty else { continue }
                    var nodes: [Int] = []
                    var s = nextState
                    while s >= 0 { nodes.append(s / 2); s = parent[s] }
                    // A chain that visits a cell's candidate twice is no simpler to read; keep it
                    // only if its nodes are distinct.
                    guard Set(nodes).count == nodes.count else { continue }
                    if withGroup, !nodes.contains(where: isGroup) { continue }
                    best = Chain(nodes: nodes.reversed(), targets: targets)
                    break search
                }
            }
        }
        return best
    }

    // MARK: Words

    /// "r1c1", or "r1c1 (4)" when the digit is not clear from the context.
    /// A group is "r1c1/r1c2(4)": 4 in one of those cells.
    func name(_ node: Int, withDigit: Bool = true) -> String {
        let place = cells(node).map(board.name).joined(separator: "/")
        return withDigit ? "\(place)(\(digit(node)))" : place
    }

    /// "r1c1(4) = r6c1(4) – r6c7(4)": = for strong links, – for weak ones, alternating.
    func text(_ nodes: [Int], withDigits: Bool = true) -> String {
        var text = name(nodes[0], withDigit: withDigits)
        for (i, node) in nodes.enumerated().dropFirst() {
            text += i % 2 == 1 ? " = " : " – "
            text += name(node, withDigit: withDigits)
        }
        return text
    }

    /// Eliminations as the board wants them.
    func eliminations(_ nodes: [Int]) -> [SudokuCellDigit] {
        board.eliminations(nodes.map { (cell($0), digit($0)) })
    }
}
