/// Hard: remote pairs. Expert: simple colouring, X-chains, XY-chains, AICs and grouped AICs.
enum Chains {
    // MARK: Remote pair

    /// Cells that can only be x or y, each seeing the next: along the chain they alternate, so
    /// the cells an odd number of links apart hold one x and one y. A cell that sees two such
    /// cells (that do not see each other: otherwise a pair is simpler) can be neither.
    static func remotePair(_ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        let pairs = (0..<g.cellCount).filter { board.values[$0] == 0 && board.candidates[$0].nonzeroBitCount == 2 }
        var seen = Set<Int>()
        for start in pairs where !seen.contains(start) {
            let mask = board.candidates[start]
            // Breadth-first over the cells with the same two digits; distance from `start`.
            var distance: [Int: Int] = [start: 0]
            var parent: [Int: Int] = [:]
            var queue = [start]
            var head = 0
            while head < queue.count {
                let cell = queue[head]
                head += 1
                for next in pairs where board.candidates[next] == mask && distance[next] == nil && g.sees(cell, next) {
                    distance[next] = distance[cell]! + 1
                    parent[next] = cell
                    queue.append(next)
                }
            }
            seen.formUnion(queue)
            guard queue.count >= 4 else { continue }
            let chain = Set(queue)
            for (i, p) in queue.enumerated() {
                for q in queue[(i + 1)...] where (distance[p]! + distance[q]!) % 2 == 1 && !g.sees(p, q) {
                    let targets = (0..<g.cellCount).filter {
                        !chain.contains($0) && board.candidates[$0] & mask != 0 && g.sees($0, p) && g.sees($0, q)
                    }
                    guard !targets.isEmpty else { continue }
                    // The chain from p to q through their common ancestor, for the explanation.
                    func up(_ cell: Int) -> [Int] { var path = [cell]; while let previous = parent[path.last!] { path.append(previous) }; return path }
                    let (fromP, fromQ) = (up(p), up(q))
                    let common = fromP.first { fromQ.contains($0) }!
                    let walk = Array(fromP.prefix { $0 != common }) + [common] + fromQ.prefix { $0 != common }.reversed()
                    let removed = targets.flatMap { cell in SudokuBoard.digits(board.candidates[cell] & mask).map { (cell, $0) } }
                    return SudokuStep(
                        technique: .remotePair, eliminations: board.eliminations(removed),
                        focus: walk.map(board.cell),
                        explanation: board.say("\(Words.list(walk.map(board.name), conjunction: "then")) can each only be \(Words.digits(mask, conjunction: "or")), and each sees the next, so they alternate: \(board.name(p)) and \(board.name(q)), an odd number of steps apart, hold one \(Words.digits(mask, conjunction: "and")) the other. A cell that sees both can be neither: remove \(board.removalText(board.eliminations(removed)))."))
                }
            }
        }
        return nil
    }

    /// Pairs of cells that are the only two places for `digit` in some unit ("conjugate
    /// pairs"): exactly one of each pair holds the digit.
    static func strongLinks(_ board: SudokuBoard, digit: Int) -> [Int: [Int]] {
        var links: [Int: Set<Int>] = [:]
        for unit in board.geometry.units.indices {
            let cells = board.cells(in: unit, with: digit)
            guard cells.count == 2 else { continue }
            links[cells[0], default: []].insert(cells[1])
            links[cells[1], default: []].insert(cells[0])
        }
        return links.mapValues { $0.sorted() }
    }

    // MARK: Simple colouring

    /// Colour the cells of a chain of conjugate pairs for one digit in two alternating
    /// colours: one colour holds the digit, the other does not. Two cells of one colour in a
    /// unit rule that colour out; a cell that sees both colours cannot hold the digit.
    static func simpleColouring(_ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        for digit in 1...g.n {
            for cluster in ColourCluster.all(board, digit: digit) {
                let component = cluster.cells
                guard component.count >= 3 else { continue }
                let sides = cluster.sides
                let chain = "the chain \(board.names(component)) alternates between \(digit) and not \(digit) (\(board.names(sides[0])) on one side, \(board.names(sides[1])) on the other)"
                // Colour wrap: two cells of one side in the same unit.
                for side in 0..<2 {
                    for (i, a) in sides[side].enumerated() {
                        guard let b = sides[side][(i + 1)...].first(where: { g.sees(a, $0) }) else { continue }
                        return SudokuStep(technique: .simpleColouring,
                                          eliminations: board.eliminations(sides[side].map { ($0, digit) }),
                                          focus: component.map(board.cell),
                                          explanation: board.say("For \(digit), \(chain). \(board.name(a)) and \(board.name(b)) are on the same side and share a unit, so that side cannot be \(digit): remove \(digit) from \(board.names(sides[side]))."))
                    }
                }
                // Colour trap: a cell outside the chain that sees both sides.
                let targets = (0..<g.cellCount).filter { cell in
                    !component.contains(cell) && board.has(cell, digit)
                        && sides[0].contains { g.sees(cell, $0) } && sides[1].contains { g.sees(cell, $0) }
                }
                guard !targets.isEmpty else { continue }
                return SudokuStep(technique: .simpleColouring, eliminations: board.eliminations(targets.map { ($0, digit) }),
                                  focus: component.map(board.cell),
                                  explanation: board.say("For \(digit), \(chain). One side holds \(digit), so a cell that sees both sides cannot: remove \(digit) from \(board.names(targets))."))
            }
        }
        return nil
    }

    // MARK: X-chain, XY-chain, AIC (see `ChainLinks`)

    /// A chain for one digit that alternates "only two places in a unit" (strong) and "share a
    /// unit" (weak) links, starting and ending with a strong link: if the first cell is not
    /// the digit, the last one is. So one of the two ends holds it, and a cell that sees both
    /// ends cannot. The shortest such chain is reported.
    static func xChain(_ board: SudokuBoard) -> SudokuStep? {
        let links = ChainLinks(board, kinds: .x)
        guard let chain = links.shortestChain(minimumNodes: 4, sameDigitEnds: true) else { return nil }
        let digit = links.digit(chain.nodes[0])
        let (start, end) = (links.cell(chain.nodes.first!), links.cell(chain.nodes.last!))
        let targets = chain.targets.map(links.cell)
        return SudokuStep(
            technique: .xChain, eliminations: links.eliminations(chain.targets),
            focus: chain.nodes.map { board.cell(links.cell($0)) },
            explanation: board.say("For \(digit): \(links.text(chain.nodes, withDigits: false)), where = joins the only two places for \(digit) in a unit and – two cells that share one. If \(board.name(start)) is not \(digit), \(board.name(end)) is; so one of them is \(digit), and a cell that sees both cannot be: remove \(digit) from \(board.names(targets))."))
    }

    /// A chain of cells with two candidates each, every cell sharing a unit and a digit with
    /// the next: if the first cell is not x, the chain forces the last one to be x. So one of
    /// the two ends is x, and a cell that sees both cannot be.
    static func xyChain(_ board: SudokuBoard) -> SudokuStep? {
        let links = ChainLinks(board, kinds: .xy)
        guard let chain = links.shortestChain(minimumNodes: 6, sameDigitEnds: true) else { return nil }
        let x = links.digit(chain.nodes[0])
        let cells = stride(from: 0, to: chain.nodes.count, by: 2).map { links.cell(chain.nodes[$0]) }
        let (start, end) = (cells.first!, cells.last!)
        let walk = cells.map { "\(board.name($0)) (\(Words.digits(board.candidates[$0], conjunction: "or")))" }
        return SudokuStep(
            technique: .xyChain, eliminations: links.eliminations(chain.targets),
            focus: cells.map(board.cell),
            explanation: board.say("Follow \(Words.list(walk, conjunction: "then")): each cell shares a unit and a digit with the next. If \(board.name(start)) is not \(x), each cell in turn is forced to its other digit and \(board.name(end)) ends up \(x); so one of the two ends is \(x), and a cell that sees both cannot be: remove \(x) from \(board.names(chain.targets.map(links.cell)))."))
    }

    /// An alternating inference chain over every kind of link, digits and cells mixed: if the
    /// first candidate is false, the last is true. One of the two is true, so a candidate that
    /// rules out both (same cell, or same digit in a cell that sees it) is false.
    static func aic(_ board: SudokuBoard) -> SudokuStep? {
        let links = ChainLinks(board)
        guard let chain = links.shortestChain(minimumNodes: 4) else { return nil }
        let (start, end) = (chain.nodes.first!, chain.nodes.last!)
        let eliminations = links.eliminations(chain.targets)
        return SudokuStep(
            technique: .aic, eliminations: eliminations,
            focus: Array(Set(chain.nodes.map(links.cell))).sorted().map(board.cell),
            explanation: board.say("Follow \(links.text(chain.nodes)), where r1c1(4) means 4 in r1c1, = joins two candidates of which one must be true (the only two digits of a cell, or the only two places of a digit in a unit) and – two that cannot both be true. If \(links.name(start)) is false, the chain makes \(links.name(end)) true; so one of them is true, and whatever rules out both is false: remove \(board.removalText(eliminations))."))
    }

    /// An AIC whose nodes may be groups: two or three places of a digit in a box that share a
    /// row or column, standing for "the digit is in one of them". Grouped X-chains and grouped
    /// nice loops are the same search. Only chains through a group are reported (the others
    /// are plain AICs, found before).
    static func groupedAIC(_ board: SudokuBoard) -> SudokuStep? {
        let links = ChainLinks(board, kinds: .grouped)
        guard !links.groups.isEmpty, let chain = links.shortestChain(minimumNodes: 4, withGroup: true) else { return nil }
        let (start, end) = (chain.nodes.first!, chain.nodes.last!)
        let eliminations = links.eliminations(chain.targets)
        return SudokuStep(
            technique: .groupedAIC, eliminations: eliminations,
            focus: Array(Set(chain.nodes.flatMap(links.cells))).sorted().map(board.cell),
            explanation: board.say("Follow \(links.text(chain.nodes)), where r1c1(4) means 4 in r1c1 and r1c1/r1c2(4) means 4 in one of those cells (a group: they share a box and a line), = joins two of which one must be true (the only two digits of a cell, or the only places of a digit in a unit) and – two that cannot both be true. If \(links.name(start)) is false, the chain makes \(links.name(end)) true; so one of them is true, and whatever rules out both is false: remove \(board.removalText(eliminations))."))
    }
}
