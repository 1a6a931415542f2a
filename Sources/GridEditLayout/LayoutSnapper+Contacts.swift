import GridEditCore
import GridEditGeometry

/// Step 5 of ``LayoutSnapper``: closing the contacts the clusters left open.
///
/// Step 4 settles the clusters one at a time, each where it fits best against those settled
/// before it. That is one choice per cluster, made without the clusters still to come. Where
/// pieces meet only corner to edge (a pinwheel round a hole), a cluster slides along an edge,
/// and the grid picks the slide; a later cluster that should close the ring may then find no
/// place that touches both neighbours within the camera's reach, and the figure is left with a
/// gap the input did not show.
///
/// So when the settled figure leaves two pieces apart that were seen touching (or overlapping),
/// the clusters after the first are searched together: each may take any position within the
/// camera's reach of where it was seen (moved as the figure was), on the grid or against the
/// pieces settled before it (corner on corner, edges flush, a corner on an edge, and two such
/// contacts at once). The layout with the most pairs of pieces touching wins, then the one whose
/// pieces all moved most alike from where they were seen. Step 4's layout is the first one tried
/// and is kept on a tie, so this step changes a figure only to close a contact.
extension LayoutSnapper {
    /// Units: pieces seen this close to each other are expected to touch.
    static let contactGap = 0.3
    /// How many layouts the search may try before it keeps the best found.
    static let searchBudget = 120
    /// Positions tried per cluster, best first.
    static let optionsPerCluster = 4
    /// Whether a layout with as much contact as another, whose pieces moved `spread` apart,
    /// should replace it (`than`): only when the other's pieces moved too unlike each other
    /// (beyond `limit`) and these do not. Within the limit, closeness cannot choose: a camera's
    /// error is as large as the distance between lattice positions a few hundredths apart.
    static func alike(_ spread: Double, than other: Double, within limit: Double) -> Bool {
        other > limit && spread <= limit
    }

    func closeContacts(_ layout: inout Layout, unsettled: Layout, order: [Int]) {
        guard settings.anchors, order.count > 1 else { return }
        let spread = Self.spread(of: layout.placed)
        guard Self.hasOpenContact(layout) || spread > alikeSpread else { return }
        let clusters = order.map { layout.members(of: $0) }
        let settledMoves = clusters.map { members in
            members.map { layout.placed[$0].pose.position - unsettled.placed[$0].pose.position }
        }
        // Step 4 moved each cluster as a whole (its members by one vector).
        guard settledMoves.allSatisfy({ Set($0).count == 1 }) else { return }
        var search = ContactSearch(snapper: self, unsettled: unsettled, clusters: clusters,
                                   settledMoves: settledMoves.map { $0[0] })
        var found: [(moves: [Vector], touching: Int, spread: Double)] = []
        // Contacts that fix every cluster are enough when they close every contact seen; the
        // search is for the clusters they leave free.
        if let solved = search.bestRigidSolution() { found.append(solved) }
        if !found.contains(where: { $0.touching >= search.seenNear.count && $0.spread <= alikeSpread }),
           let searched = search.run() { found.append(searched) }
        let touching = search.touching(of: settledMoves.map { $0[0] })
        guard let best = found.max(by: { a, b in a.touching != b.touching ? a.touching < b.touching : a.spread > b.spread }),
              best.touching > touching || (best.touching == touching && Self.alike(best.spread, than: spread, within: alikeSpread)) else { return }
        for (d, members) in clusters.enumerated() where best.moves[d] != settledMoves[d][0] {
            for i in members {
                layout.placed[i].pose = unsettled.placed[i].pose.translated(by: best.moves[d])
            }
            if let root = members.first, let neighbour = search.touchedPiece(by: d, moves: best.moves) {
                layout.placed[root].method = .edge(of: neighbour)
            }
        }
    }

    /// How unlike the pieces' moves from where they were seen are: the widest range, along x or y.
    static func spread(of placed: [Placement]) -> Double {
        let corrections = placed.map(\.correction)
        let xs = corrections.map(\.x), ys = corrections.map(\.y)
        return max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
    }

    /// Two pieces (of different clusters, unless `acrossClusters` is false) seen within
    /// ``contactGap`` that do not touch, or overlap.
    static func hasOpenContact(_ layout: Layout, acrossClusters: Bool = true) -> Bool {
        let outlines = layout.placed.map { Outline($0.candidate.observation) }
        let polygons = layout.placed.map(\.pose.polygon)
        for i in layout.placed.indices {
            for j in layout.placed.indices where j > i && (!acrossClusters || layout.placed[i].cluster != layout.placed[j].cluster) {
                if polygons[i].interiorsOverlap(polygons[j]) { return true }
                if outlines[i].distance(to: outlines[j]) <= contactGap && !polygons[i].touchesOrOverlaps(polygons[j]) { return true }
            }
        }
        return false
    }
}

/// The depth-first search of ``LayoutSnapper/closeContacts(_:unsettled:order:)``. The first
/// cluster stays where step 4 put it. Then, at each step, the cluster held by the most contact
/// lines against those placed goes next (two lines that cross fix it), as in a solver that fills
/// the most constrained cell first.
struct ContactSearch {
    let snapper: LayoutSnapper
    let unsettled: LayoutSnapper.Layout
    let clusters: [[Int]]
    let settledMoves: [Vector]
    /// Pairs of placed pieces (by index, smaller first) in different clusters seen within
    /// ``LayoutSnapper/contactGap`` of each other: the contacts the input shows. Worked out once;
    /// every candidate layout is scored against them.
    let seenNear: Set<[Int]>
    private var budget = LayoutSnapper.searchBudget
    private var best: (moves: [Vector], touching: Int, spread: Double)?

    init(snapper: LayoutSnapper, unsettled: LayoutSnapper.Layout, clusters: [[Int]], settledMoves: [Vector]) {
        self.snapper = snapper
        self.unsettled = unsettled
        self.clusters = clusters
        self.settledMoves = settledMoves
        let outlines = unsettled.placed.map { Outline($0.candidate.observation) }
        var near: Set<[Int]> = []
        for a in clusters.indices {
            for b in clusters.indices where b > a {
                for i in clusters[a] {
                    for j in clusters[b] where outlines[i].distance(to: outlines[j]) <= LayoutSnapper.contactGap {
                        near.insert([min(i, j), max(i, j)])
                    }
                }
            }
        }
        seenNear = near
    }

    mutating func run() -> (moves: [Vector], touching: Int, spread: Double)? {
        var moves = [Vector?](repeating: nil, count: clusters.count)
        moves[0] = settledMoves[0]
        explore(&moves)
        return best
    }

    private mutating func explore(_ moves: inout [Vector?]) {
        budget -= 1
        let open = clusters.indices.filter { moves[$0] == nil }
        if open.isEmpty {
            let all = moves.map { $0! }
            let score = (touching: touching(of: all), spread: spread(of: all))
            if let current = best, !(score.touching > current.touching
                                     || (score.touching == current.touching && score.spread < current.spread - 1e-9)) { return }
            best = (all, score.touching, score.spread)
            return
        }
        let placed = clusters.indices.filter { moves[$0] != nil }
        let lines = open.map { contactLines(for: $0, against: placed, moves: moves) }
        let next = open.indices.max { a, b in
            let (na, nb) = (Set(lines[a].map(\.normal)).count, Set(lines[b].map(\.normal)).count)
            return na != nb ? na < nb : open[a] > open[b]
        }!
        for move in options(for: open[next], lines: lines[next], placed: placed, moves: moves) {
            guard budget > 0 else { return }
            moves[open[next]] = move
            explore(&moves)
            moves[open[next]] = nil
        }
    }

    /// The poses of cluster `d` moved by `move`.
    func poses(_ d: Int, _ move: Vector) -> [Pose] { clusters[d].map { unsettled.placed[$0].pose.translated(by: move) } }

    /// Where the pieces placed so far were moved from where they were seen, on average.
    func correction(of placed: [Int], moves: [Vector?]) -> (x: Double, y: Double) {
        var (x, y, n) = (0.0, 0.0, 0.0)
        for d in placed {
            for i in clusters[d] {
                let c = unsettled.placed[i].correction
                x += c.x + moves[d]!.x.doubleValue
                y += c.y + moves[d]!.y.doubleValue
                n += 1
            }
        }
        return (x / n, y / n)
    }

    /// A straight line the move of a cluster must lie on for one of its corners to lie on a
    /// placed piece's edge (or a placed corner on one of its edges): `normal · move = value`,
    /// with `normal` one of (1, 0), (0, 1), (1, 1), (1, −1).
    struct ContactLine: Hashable {
        var normal: [Int]
        var value: Exact
    }

    /// The contact lines of cluster `d` (as it was before step 4) against the placed clusters
    /// that a move within the camera's reach can meet.
    func contactLines(for d: Int, against placed: [Int], moves: [Vector?]) -> [ContactLine] {
        let figure = correction(of: placed, moves: moves)
        let members = clusters[d]
        // The move that would put the cluster where it was seen, moved as the figure was.
        let c = members.reduce((x: 0.0, y: 0.0)) { sum, i in
            let k = unsettled.placed[i].correction
            return (sum.x + figure.x - k.x, sum.y + figure.y - k.y)
        }
        let expected = (x: c.x / Double(members.count), y: c.y / Double(members.count))
        let reach = 2 * snapper.tolerance
        let mine = clusters[d].map { unsettled.placed[$0].pose.polygon }
        let fixed = placed.flatMap { poses($0, moves[$0]!) }.map(\.polygon)
        var lines: Set<ContactLine> = []
        func add(_ point: Point, onLineThrough a: Point, direction: Vector, moving: Bool) {
            // moving corner onto a fixed line: n·(point + t) = n·a; fixed corner onto a moving line: n·(a + t) = n·point.
            guard let contact = Self.contact(corner: point, onLineThrough: a, direction: direction) else { return }
            let (normal, value) = moving ? (contact.normal, contact.value) : (contact.normal, -contact.value)
            let distance = abs(value.doubleValue - Double(normal[0]) * expected.x - Double(normal[1]) * expected.y) / contact.length
            if distance <= reach { lines.insert(ContactLine(normal: normal, value: value)) }
        }
        for m in mine {
            for f in fixed {
                for v in m.vertices { for (a, b) in f.edges { add(v, onLineThrough: a, direction: b - a, moving: true) } }
                for w in f.vertices { for (p, q) in m.edges { add(w, onLineThrough: p, direction: q - p, moving: false) } }
            }
        }
        return Array(lines)
    }

    /// The canonical normal of an edge direction (tangram edges run in the eight 45° directions).
    /// The exact condition for corner `v` to lie on the line through `p` along `direction`, once
    /// v's piece moves by `s` and p's by `t`: n·(s − t) = value, with n one of the four integer
    /// normals of tangram edges (`length` is |n|). Nil for a direction no tangram edge has.
    static func contact(corner v: Point, onLineThrough p: Point, direction: Vector) -> (normal: [Int], value: Exact, length: Double)? {
        guard let normal = normal(of: direction) else { return nil }
        let d = p - v
        return (normal, d.x.times(normal[0]) + d.y.times(normal[1]), Double(normal[0] * normal[0] + normal[1] * normal[1]).squareRoot())
    }

    static func normal(of d: Vector) -> [Int]? {
        if d.y.signum == 0 { return [0, 1] }
        if d.x.signum == 0 { return [1, 0] }
        if d.x == d.y { return [1, -1] }
        if d.x == -d.y { return [1, 1] }
        return nil
    }

    /// Where two contact lines cross, when that is on the (1/4)ℤ[√2] lattice.
    static func crossing(_ l: ContactLine, _ m: ContactLine) -> Vector? {
        let (p1, q1, p2, q2) = (l.normal[0], l.normal[1], m.normal[0], m.normal[1])
        let det = p1 * q2 - p2 * q1
        guard det != 0 else { return nil }
        let x = l.value.times(q2) - m.value.times(q1)
        let y = m.value.times(p1) - l.value.times(p2)
        func divide(_ e: Exact) -> Exact? {
            let n = e.numerator
            guard n.a % det == 0, n.b % det == 0 else { return nil }
            return Exact(numerator: ZSqrt2(n.a / det, n.b / det))
        }
        guard let dx = divide(x), let dy = divide(y) else { return nil }
        return Vector(dx, dy)
    }

    /// Positions for cluster `d` against the placed clusters, best first: step 4's own first,
    /// then up to ``LayoutSnapper/optionsPerCluster`` others that keep every piece within the
    /// camera's reach and overlap nothing, the most pieces touched first. Tried: grid positions,
    /// and from them anchoring within a quarter and corners on edges; and where two contact lines
    /// cross.
    func options(for d: Int, lines: [ContactLine], placed: [Int], moves: [Vector?]) -> [Vector] {
        let fixed = placed.flatMap { poses($0, moves[$0]!) }
        let fixedPolygons = fixed.map(\.polygon)
        let figure = correction(of: placed, moves: moves)
        let reach = 2 * snapper.tolerance
        let members = clusters[d]
        func inReach(_ move: Vector) -> Bool {
            members.allSatisfy { i in
                let c = unsettled.placed[i].correction
                return abs(c.x + move.x.doubleValue - figure.x) <= reach && abs(c.y + move.y.doubleValue - figure.y) <= reach
            }
        }
        var tried: Set<Vector> = []
        var found: [(move: Vector, touching: Int, deviation: Double)] = []
        func consider(_ move: Vector) {
            guard tried.insert(move).inserted, inReach(move) else { return }
            let moved = poses(d, move).map(\.polygon)
            var touching = 0
            for m in moved {
                for f in fixedPolygons {
                    if m.interiorsOverlap(f) { return }
                    if m.touchesOrOverlaps(f) { touching += 1 }
                }
            }
            let deviation = members.reduce(0.0) { worst, i in
                let c = unsettled.placed[i].correction
                return max(worst, abs(c.x + move.x.doubleValue - figure.x), abs(c.y + move.y.doubleValue - figure.y))
            }
            found.append((move, touching, deviation))
        }
        consider(settledMoves[d])
        for (i, l) in lines.enumerated() {
            for m in lines[(i + 1)...] { if let move = Self.crossing(l, m) { consider(move) } }
        }
        let fits = LayoutSnapper.gridFits(unsettled.placed, members: members, tolerance: snapper.tolerance, figureCorrection: figure)
            .filter { $0.score.outliers == 0 }.sorted { $0.score < $1.score }.prefix(8).map(\.move)
        for base in fits {
            consider(base)
            let moved = poses(d, base)
            let polygons = moved.map(\.polygon)
            for first in LayoutSnapper.edgeMoves(polygons, fixed) where inReach(base + first.offset) {
                consider(base + first.offset)
            }
            for snap in AnchorManager(radius: Exact(quarters: 1)).candidates(moved, against: fixed) { consider(base + snap.offset) }
        }
        found.sort { a, b in a.touching != b.touching ? a.touching > b.touching : a.deviation < b.deviation }
        var result: [Vector] = []
        if found.contains(where: { $0.move == settledMoves[d] }) { result.append(settledMoves[d]) }
        for option in found where option.move != settledMoves[d] && result.count <= LayoutSnapper.optionsPerCluster {
            result.append(option.move)
        }
        return result
    }

    /// Pairs of pieces in different clusters, seen within ``LayoutSnapper/contactGap`` of each
    /// other, that touch; -1 when any two pieces overlap. (Pieces seen farther apart may touch or
    /// not: a figure may have a narrow gap, like the sailboat's between sail and hull.)
    func touching(of moves: [Vector]) -> Int {
        let placed = moves.indices.map { d in poses(d, moves[d]).map(\.polygon) }
        var count = 0
        for a in placed.indices {
            for b in placed.indices where b > a {
                for (k, p) in placed[a].enumerated() {
                    for (l, q) in placed[b].enumerated() {
                        if p.interiorsOverlap(q) { return -1 }
                        let (i, j) = (clusters[a][k], clusters[b][l])
                        if p.touchesOrOverlaps(q) && seenNear.contains([min(i, j), max(i, j)]) { count += 1 }
                    }
                }
            }
        }
        return count
    }

    /// How unlike the pieces' moves from where they were seen are: the widest range, along x or y.
    func spread(of moves: [Vector]) -> Double {
        var xs: [Double] = [], ys: [Double] = []
        for (d, move) in moves.enumerated() {
            for i in clusters[d] {
                let c = unsettled.placed[i].correction
                xs.append(c.x + move.x.doubleValue)
                ys.append(c.y + move.y.doubleValue)
            }
        }
        return max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
    }

    /// A piece of another cluster that cluster `d` touches.
    func touchedPiece(by d: Int, moves: [Vector]) -> TangramPiece? {
        let mine = poses(d, moves[d]).map(\.polygon)
        for e in 0..<moves.count where e != d {
            for pose in poses(e, moves[e]) where mine.contains(where: { $0.touchesOrOverlaps(pose.polygon) }) { return pose.piece }
        }
        return nil
    }
}

