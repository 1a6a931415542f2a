/// The cells of one digit joined by conjugate pairs (the only two places for the digit in a
/// unit), split into the two sides that alternate along the pairs: one side holds the digit
/// everywhere, the other nowhere. Simple colouring looks inside one cluster, multi-colouring
/// across two.
struct ColourCluster {
    /// The two sides, each sorted; the first holds the smallest cell.
    let sides: [[Int]]
    /// Every cell of the cluster, sorted.
    var cells: [Int] { (sides[0] + sides[1]).sorted() }

    /// The clusters of `digit`, in the order of their smallest cell.
    static func all(_ board: SudokuBoard, digit: Int) -> [ColourCluster] {
        let links = Chains.strongLinks(board, digit: digit)
        var colour: [Int: Int] = [:]
        var clusters: [ColourCluster] = []
        for start in links.keys.sorted() where colour[start] == nil {
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
            clusters.append(ColourCluster(sides: [component.filter { colour[$0] == 0 }, component.filter { colour[$0] == 1 }]))
        }
        return clusters
    }

    /// "r1c1 and r4c5 against r1c6": the two sides, for explanations.
    func text(_ board: SudokuBoard) -> String { "\(board.names(sides[0])) against \(board.names(sides[1]))" }
}

/// Expert: multi-colouring (HoDoKu's "Multi Colors"). Two clusters of one digit, each coloured
/// in two alternating sides (see `ColourCluster`), are tied where a cell of one sees a cell of
/// the other: those two are not both the digit.
///
/// - A side of one cluster that sees both sides of the other cannot hold the digit: one of
///   those sides does, and it would rule the first side out.
/// - A side of one cluster that sees a side of the other: one of the two opposite sides holds
///   the digit, so a cell that sees both opposite sides cannot.
enum MultiColouring {
    static func find(_ board: SudokuBoard) -> SudokuStep? {
        for digit in 1...board.n {
            let clusters = ColourCluster.all(board, digit: digit)
            guard clusters.count >= 2 else { continue }
            for (i, a) in clusters.enumerated() {
                for (j, b) in clusters.enumerated() where i != j {
                    if let step = sideSeesBoth(board, digit, a, b) { return step }
                }
            }
            for (i, a) in clusters.enumerated() {
                for b in clusters[(i + 1)...] {
                    if let step = bridge(board, digit, a, b) { return step }
                }
            }
        }
        return nil
    }

    /// A cell of `side` and a cell of `other` that share a unit, if any.
    static func meeting(_ board: SudokuBoard, _ side: [Int], _ other: [Int]) -> (Int, Int)? {
        for p in side {
            if let q = other.first(where: { board.geometry.sees(p, $0) }) { return (p, q) }
        }
        return nil
    }

    /// Opening words of every explanation: the two clusters.
    static func intro(_ board: SudokuBoard, _ digit: Int, _ a: ColourCluster, _ b: ColourCluster) -> String {
        "For \(digit), two separate chains of \"only two places\" pairs each alternate between \(digit) and not \(digit): \(a.text(board)), and \(b.text(board)); one side of each holds \(digit)"
    }

    /// A side of `a` sees both sides of `b`: if it held the digit, neither side of `b` could.
    static func sideSeesBoth(_ board: SudokuBoard, _ digit: Int, _ a: ColourCluster, _ b: ColourCluster) -> SudokuStep? {
        for side in a.sides {
            guard let (p, q) = meeting(board, side, b.sides[0]), let (r, s) = meeting(board, side, b.sides[1]) else { continue }
            let eliminations = board.eliminations(side.map { ($0, digit) })
            return SudokuStep(
                technique: .multiColouring, eliminations: eliminations, focus: (a.cells + b.cells).sorted().map(board.cell),
                explanation: board.say("\(intro(board, digit, a, b)). \(board.name(p)) shares a unit with \(board.name(q)) and \(board.name(r)) with \(board.name(s)), one on each side of the second chain, so if \(board.names(side)) held \(digit), neither side of the second chain could: remove \(digit) from \(board.names(side))."))
        }
        return nil
    }

    /// A side of `a` sees a side of `b`: not both hold the digit, so one of the opposite sides
    /// does, and a cell that sees both opposite sides cannot.
    static func bridge(_ board: SudokuBoard, _ digit: Int, _ a: ColourCluster, _ b: ColourCluster) -> SudokuStep? {
        let g = board.geometry
        for sa in 0..<2 {
            for sb in 0..<2 {
                guard let (p, q) = meeting(board, a.sides[sa], b.sides[sb]) else { continue }
                let (left, right) = (a.sides[1 - sa], b.sides[1 - sb])
                let targets = (0..<g.cellCount).filter { cell in
                    board.has(cell, digit) && !left.contains(cell) && !right.contains(cell)
                        && left.contains { g.sees(cell, $0) } && right.contains { g.sees(cell, $0) }
                }
                guard !targets.isEmpty else { continue }
                return SudokuStep(
                    technique: .multiColouring, eliminations: board.eliminations(targets.map { ($0, digit) }),
                    focus: (a.cells + b.cells).sorted().map(board.cell),
                    explanation: board.say("\(intro(board, digit, a, b)). \(board.name(p)) and \(board.name(q)) share a unit, so their sides are not both \(digit): the side \(board.names(left)) or the side \(board.names(right)) holds it, and a cell that sees both cannot: remove \(digit) from \(board.names(targets))."))
            }
        }
        return nil
    }
}
