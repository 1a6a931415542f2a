/// Hard: remote pairs. Expert: simple colouring, X-chains and XY-chains.
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
            let links = strongLinks(board, digit: digit)
            var colour: [Int: Int] = [:]
            for start in links.keys.sorted() where colour[start] == nil {
                // Colour one connected chain.
                var component = [start]
                colour[start] = 0
                var queue = [start]
                while let cell = queue.popLast() {
                    for next in links[cell]! where colour[next] == nil {
                        colour[next] = 1 - colour[cell]!
                        component.append(next)
                        queue.append(next)
                    }
                }
                component.sort()
                guard component.count >= 3 else { continue }
                let sides = [component.filter { colour[$0] == 0 }, component.filter { colour[$0] == 1 }]
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
                // Colour trap: an uncoloured cell that sees both sides.
                let targets = (0..<g.cellCount).filter { cell in
                    colour[cell] == nil && board.has(cell, digit)
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

    // MARK: X-chain

    /// A chain for one digit that alternates "only two places in a unit" (strong) and "share a
    /// unit" (weak) links, starting and ending with a strong link: if the first cell is not
    /// the digit, the last one is. So one of the two ends holds it, and a cell that sees both
    /// ends cannot. The shortest such chain is reported.
    static func xChain(_ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        var best: (length: Int, step: SudokuStep)?
        for digit in 1...g.n {
            let strong = strongLinks(board, digit: digit)
            let cells = (0..<g.cellCount).filter { board.has($0, digit) }
            for start in strong.keys.sorted() {
                // Breadth-first over (cell, arrived by a strong link?); parents rebuild the chain.
                var parent: [Int: Int] = [:]  // state → previous state; state = cell * 2 + (strong ? 1 : 0)
                var queue = [start * 2]
                parent[start * 2] = -1
                var head = 0
                while head < queue.count {
                    let state = queue[head]
                    head += 1
                    let cell = state / 2, arrivedStrong = state % 2 == 1
                    let nextStates: [Int] = arrivedStrong
                        ? cells.filter { $0 != cell && g.sees(cell, $0) }.map { $0 * 2 }
                        : (strong[cell] ?? []).map { $0 * 2 + 1 }
                    for next in nextStates where parent[next] == nil {
                        parent[next] = state
                        queue.append(next)
                        guard next % 2 == 1 else { continue }
                        let end = next / 2
                        guard end != start else { continue }
                        let chain = path(to: next, parent).map { $0 / 2 }
                        guard chain.count >= 4, best.map({ chain.count < $0.length }) ?? true else { continue }
                        let targets = cells.filter { $0 != start && $0 != end && g.sees($0, start) && g.sees($0, end) }
                        guard !targets.isEmpty else { continue }
                        let links = chainText(chain, board)
                        best = (chain.count, SudokuStep(
                            technique: .xChain, eliminations: board.eliminations(targets.map { ($0, digit) }),
                            focus: chain.map(board.cell),
                            explanation: board.say("For \(digit): \(links), where = joins the only two places for \(digit) in a unit and – two cells that share one. If \(board.name(start)) is not \(digit), \(board.name(end)) is; so one of them is \(digit), and a cell that sees both cannot be: remove \(digit) from \(board.names(targets)).")))
                    }
                }
            }
            if best != nil { break }
        }
        return best?.step
    }

    // MARK: XY-chain

    /// A chain of cells with two candidates each, every cell sharing a unit and a digit with
    /// the next: if the first cell is not x, the chain forces the last one to be x. So one of
    /// the two ends is x, and a cell that sees both cannot be.
    static func xyChain(_ board: SudokuBoard) -> SudokuStep? {
        let g = board.geometry
        let pairs = (0..<g.cellCount).filter { board.values[$0] == 0 && board.candidates[$0].nonzeroBitCount == 2 }
        var best: (length: Int, step: SudokuStep)?
        for start in pairs {
            for x in SudokuBoard.digits(board.candidates[start]) {
                // State: cell * 16 + the digit the cell must then hold. Start: not x, so the other.
                let first = start * 16 + (board.candidates[start] & ~SudokuBoard.bit(x)).trailingZeroBitCount + 1
                var parent: [Int: Int] = [first: -1]
                var queue = [first]
                var head = 0
                while head < queue.count {
                    let state = queue[head]
                    head += 1
                    let cell = state / 16, holds = state % 16
                    for next in pairs where next != cell && g.sees(cell, next) && board.has(next, holds) {
                        let forced = (board.candidates[next] & ~SudokuBoard.bit(holds)).trailingZeroBitCount + 1
                        let nextState = next * 16 + forced
                        guard parent[nextState] == nil else { continue }
                        parent[nextState] = state
                        queue.append(nextState)
                        guard forced == x, next != start else { continue }
                        let chain = path(to: nextState, parent)
                        guard chain.count >= 3, best.map({ chain.count < $0.length }) ?? true else { continue }
                        let targets = (0..<g.cellCount).filter {
                            $0 != start && $0 != next && board.has($0, x) && g.sees($0, start) && g.sees($0, next)
                        }
                        guard !targets.isEmpty else { continue }
                        let cells = chain.map { $0 / 16 }
                        let walk = chain.map { "\(board.name($0 / 16)) (\(Words.digits(board.candidates[$0 / 16], conjunction: "or")))" }
                        best = (chain.count, SudokuStep(
                            technique: .xyChain, eliminations: board.eliminations(targets.map { ($0, x) }),
                            focus: cells.map(board.cell),
                            explanation: board.say("Follow \(Words.list(walk, conjunction: "then")): each cell shares a unit and a digit with the next. If \(board.name(start)) is not \(x), each cell in turn is forced to its other digit and \(board.name(next)) ends up \(x); so one of the two ends is \(x), and a cell that sees both cannot be: remove \(x) from \(board.names(targets)).")))
                    }
                }
            }
        }
        return best?.step
    }

    /// The states from the start to `state`, following parents.
    static func path(to state: Int, _ parent: [Int: Int]) -> [Int] {
        var result = [state]
        var current = state
        while let previous = parent[current], previous >= 0 {
            result.append(previous)
            current = previous
        }
        return result.reversed()
    }

    /// "r1c1 = r1c5 – r4c5 = r4c2": = for strong links, – for weak ones, alternating.
    static func chainText(_ cells: [Int], _ board: SudokuBoard) -> String {
        var text = board.name(cells[0])
        for (i, cell) in cells.enumerated().dropFirst() {
            text += i % 2 == 1 ? " = " : " – "
            text += board.name(cell)
        }
        return text
    }
}
