import GridEditCore
import GridEditGeometry

/// Step 5, second way: figures held together by their contacts alone.
///
/// In a ring of clusters round a hole, each cluster may touch its neighbours only corner to
/// edge: one straight line per contact that its move must lie on. Placed one at a time, no
/// cluster is held (its neighbours further round the ring are not placed yet); solved together,
/// the lines fix every move. So the contacts the input shows become linear equations in the
/// clusters' moves, `n · (move(a) − move(b)) = value`, with `n` one of four integer normals and
/// the value exact, and the equations are solved exactly: sets of them that fix every move
/// (independent, as many as there are unknowns), the most plausible first (the contacts seen
/// nearest), each solution kept only when it is on the (1/4)ℤ[√2] lattice, within the camera's
/// reach, and overlaps nothing.
extension LayoutSnapper {
    /// Step 6: when the layout leaves a contact the input shows open, or its pieces moved unlike
    /// each other, every piece is solved from the contacts alone, as its own cluster: this also
    /// undoes a corner pinned to the wrong corner in step 3 (a corner on an edge 3 − 2√2 from a
    /// corner of it). A solution replaces the layout when it makes more pieces touch, or as many
    /// and moves them more alike.
    func solveContacts(_ layout: inout Layout) {
        guard settings.anchors, layout.placed.count > 1 else { return }
        let spread = Self.spread(of: layout.placed)
        guard Self.hasOpenContact(layout, acrossClusters: false) || spread > alikeSpread else { return }
        let sizes = Dictionary(grouping: layout.placed.indices, by: { layout.placed[$0].cluster }).mapValues(\.count)
        let order = layout.placed.indices.sorted { a, b in
            let (sa, sb) = (sizes[layout.placed[a].cluster]!, sizes[layout.placed[b].cluster]!)
            return sa != sb ? sa > sb : a < b
        }
        let search = ContactSearch(snapper: self, unsettled: layout, clusters: order.map { [$0] },
                                   settledMoves: Array(repeating: .zero, count: order.count))
        let touching = search.touching(of: Array(repeating: .zero, count: order.count))
        guard let best = search.bestRigidSolution(), best.touching > touching || (best.touching == touching && Self.alike(best.spread, than: spread, within: alikeSpread)) else { return }
        for (k, i) in order.enumerated() where best.moves[k] != .zero {
            layout.placed[i].pose = layout.placed[i].pose.translated(by: best.moves[k])
            if let neighbour = search.touchedPiece(by: k, moves: best.moves) {
                layout.placed[i].method = .edge(of: neighbour)
            }
        }
    }
}

extension ContactSearch {
    /// A contact the input may show: a corner of one cluster on the line of another's edge.
    struct Equation {
        /// The two clusters (indices into ``clusters``); the corner is `a`'s when `cornerOfA`.
        var a: Int
        var b: Int
        var normal: [Int]
        /// `normal · (move(a) − move(b))` must equal this.
        var value: Exact
        /// How far from the line the corner was seen, in units.
        var residual: Double
    }

    /// How many steps ``rigidSolutions()`` may take choosing sets of equations (each set solved
    /// is one step, as is each equation tried in a set).
    static let equationSetBudget = 600
    /// How many more sets ``rigidSolutions()`` draws at random.
    static let randomSets = 200

    /// The moves of every cluster that the contacts fix with the most pairs of pieces touching,
    /// then the most alike moves (within twice the camera's reach); nil when the contacts do not
    /// fix every move. It stops early at a solution that touches every pair seen touching with
    /// moves alike within the camera's error.
    func bestRigidSolution() -> (moves: [Vector], touching: Int, spread: Double)? {
        let unknowns = 2 * (clusters.count - 1)
        guard unknowns > 0 else { return nil }
        let equations = plausibleEquations().sorted { $0.residual < $1.residual }
        guard equations.count >= unknowns else { return nil }
        let enough = seenNear.count
        var best: (moves: [Vector], touching: Int, spread: Double)?
        var seen: Set<[Vector]> = []
        // For each solution found, the equations it satisfies (a bit each). Most sets of equations
        // give a solution found before (a contact seen twice, another corner of the same edge):
        // when a set's equations are all satisfied by one, that is its solution (the set fixes
        // every move), already considered, and the set need not be solved at all.
        let words = (equations.count + 63) / 64
        var satisfied: [UInt64] = []  // `words` a solution
        func mask(_ indices: [Int]) -> [UInt64] {
            var m = [UInt64](repeating: 0, count: words)
            for i in indices { m[i >> 6] |= 1 << UInt64(i & 63) }
            return m
        }
        func solvedBefore(_ set: [UInt64]) -> Bool {
            var start = 0
            while start < satisfied.count {
                var all = true
                for w in 0..<words where set[w] & ~satisfied[start + w] != 0 { all = false; break }
                if all { return true }
                start += words
            }
            return false
        }
        /// Scores a solution; true when it is good enough to stop.
        func consider(_ moves: [Vector]) -> Bool {
            guard seen.insert(moves).inserted else { return false }
            satisfied += mask(equations.indices.filter { holds(equations[$0], moves) })
            let s = spread(of: moves)
            guard s <= 2 * snapper.tolerance else { return false }
            let t = touching(of: moves)
            if best.map({ t > $0.touching || (t == $0.touching && s < $0.spread) }) ?? true { best = (moves, t, s) }
            return t >= enough && s <= snapper.alikeSpread
        }
        var chosen: [Int] = []
        var budget = Self.equationSetBudget
        // Each equation's row of coefficients, made once for every set that tries it.
        let rows = equations.map { e -> [Double] in
            var r = [Double](repeating: 0, count: unknowns)
            if e.a > 0 { r[2 * (e.a - 1)] += Double(e.normal[0]); r[2 * (e.a - 1) + 1] += Double(e.normal[1]) }
            if e.b > 0 { r[2 * (e.b - 1)] -= Double(e.normal[0]); r[2 * (e.b - 1) + 1] -= Double(e.normal[1]) }
            return r
        }
        let basis = Basis(rows: rows, columns: unknowns)
        var done = false
        func search(from start: Int) {
            budget -= 1
            if chosen.count == unknowns {
                guard !solvedBefore(mask(chosen)) else { return }
                if let moves = solve(chosen.map { equations[$0] }), consider(moves) { done = true }
                return
            }
            // Not enough equations left to finish.
            guard equations.count - start >= unknowns - chosen.count else { return }
            for i in start..<equations.count {
                guard budget > 0, !done else { return }
                guard basis.add(i) else { continue }
                chosen.append(i)
                search(from: i + 1)
                chosen.removeLast()
                basis.removeLast()
            }
        }
        search(from: 0)
        if done { return best }
        // Then sets drawn at random, the contacts seen nearest drawn first more often: a few
        // wrong contacts among the plausible ones (a corner near, not at, a corner) would spoil
        // every set the ordered search above reaches within its budget.
        var random = SplitMix64(seed: 0x5EED)
        var drawn: Set<[Int]> = []
        var order = [(key: Double, index: Int)](repeating: (0, 0), count: equations.count)
        var pickedIndices: [Int] = []
        for _ in 0..<Self.randomSets where !done {
            for (i, e) in equations.enumerated() { order[i] = ((Double(random.next() >> 11) / Double(1 << 53)) * (1 + e.residual / 0.05), i) }
            basis.removeAll()
            pickedIndices.removeAll(keepingCapacity: true)
            // By key, least first; equal keys by index (the sort is stable).
            order.sort { $0.key < $1.key }
            for (_, i) in order where pickedIndices.count < unknowns {
                if basis.add(i) { pickedIndices.append(i) }
            }
            guard pickedIndices.count == unknowns else { continue }
            let picked = pickedIndices.map { equations[$0] }
            pickedIndices.sort()
            // A set drawn before gives the same moves, which `consider` has seen.
            guard drawn.insert(pickedIndices).inserted, !solvedBefore(mask(pickedIndices)),
                  let moves = solve(picked) else { continue }
            done = consider(moves)
        }
        return best
    }

    /// Every corner-on-edge-line contact between two clusters that a move within the camera's
    /// reach can make, seen from where the clusters were seen (moved as the figure was).
    func plausibleEquations() -> [Equation] {
        let expected = expectedMoves()
        let reach = 2 * snapper.tolerance
        var equations: [Equation] = []
        var seen: Set<String> = []
        for a in clusters.indices {
            for b in clusters.indices where b != a {
                let mine = clusters[a].map { unsettled.placed[$0].pose.polygon }
                let theirs = clusters[b].map { unsettled.placed[$0].pose.polygon }
                for m in mine {
                    for t in theirs {
                        for v in m.vertices {
                            for (p, q) in t.edges {
                                // n·(v + move(a)) = n·(p + move(b))
                                guard let (normal, value, length) = Self.contact(corner: v, onLineThrough: p, direction: q - p) else { continue }
                                let moved = Double(normal[0]) * (expected[a].x - expected[b].x) + Double(normal[1]) * (expected[a].y - expected[b].y)
                                let residual = abs(moved - value.doubleValue) / length
                                guard residual <= reach else { continue }
                                // The corner must land near the edge itself, not far along its line.
                                let (vx, vy) = (v.doubleX + expected[a].x, v.doubleY + expected[a].y)
                                let (px, py) = (p.doubleX + expected[b].x, p.doubleY + expected[b].y)
                                let (dx, dy) = (q.doubleX - p.doubleX, q.doubleY - p.doubleY)
                                let along = ((vx - px) * dx + (vy - py) * dy) / (dx * dx + dy * dy)
                                let slack = reach / (dx * dx + dy * dy).squareRoot()
                                guard along >= -slack, along <= 1 + slack else { continue }
                                let key = "\(a) \(b) \(normal) \(value)"
                                guard seen.insert(key).inserted else { continue }
                                equations.append(Equation(a: a, b: b, normal: normal, value: value, residual: residual))
                            }
                        }
                    }
                }
            }
        }
        return equations
    }

    /// For each cluster, the move (from where step 3 left it) that puts it where it was seen,
    /// moved as the first cluster was.
    func expectedMoves() -> [(x: Double, y: Double)] {
        let first = clusters[0]
        let figure = first.reduce((x: 0.0, y: 0.0)) { sum, i in
            let c = unsettled.placed[i].correction
            return (sum.x + c.x + settledMoves[0].x.doubleValue, sum.y + c.y + settledMoves[0].y.doubleValue)
        }
        let f = (x: figure.x / Double(first.count), y: figure.y / Double(first.count))
        return clusters.map { members in
            let sum = members.reduce((x: 0.0, y: 0.0)) { s, i in
                let c = unsettled.placed[i].correction
                return (s.x + f.x - c.x, s.y + f.y - c.y)
            }
            return (sum.x / Double(members.count), sum.y / Double(members.count))
        }
    }

    /// Whether `moves` (the first cluster's included) satisfy the equation exactly.
    func holds(_ e: Equation, _ moves: [Vector]) -> Bool {
        let (a, b) = (moves[e.a], moves[e.b])
        return (a.x - b.x).times(e.normal[0]) + (a.y - b.y).times(e.normal[1]) == e.value
    }

    /// The moves that satisfy these equations exactly (the first cluster keeps step 4's move),
    /// when they lie on the lattice.
    func solve(_ equations: [Equation]) -> [Vector]? {
        let n = equations.count
        let first = settledMoves[0]
        var matrix = [Int](repeating: 0, count: n * n)
        var rational: [Int] = [], irrational: [Int] = []
        for (r, e) in equations.enumerated() {
            var value = e.value
            let normalMove = first.x.times(e.normal[0]) + first.y.times(e.normal[1])
            if e.a > 0 { matrix[r * n + 2 * (e.a - 1)] += e.normal[0]; matrix[r * n + 2 * (e.a - 1) + 1] += e.normal[1] } else { value -= normalMove }
            if e.b > 0 { matrix[r * n + 2 * (e.b - 1)] -= e.normal[0]; matrix[r * n + 2 * (e.b - 1) + 1] -= e.normal[1] } else { value += normalMove }
            rational.append(value.numerator.a)
            irrational.append(value.numerator.b)
        }
        // The value parts a + b√2 are solved as two integer right-hand sides.
        guard let solution = IntegerMatrix.integerSolution(matrix, size: n, rightHandSides: [rational, irrational]) else { return nil }
        let unknowns = (0..<n).map { j in Exact(numerator: ZSqrt2(solution[0][j], solution[1][j])) }
        var moves = [first]
        for d in 1..<clusters.count { moves.append(Vector(unknowns[2 * (d - 1)], unknowns[2 * (d - 1) + 1])) }
        return moves
    }
}

/// A fixed table of rows, of which some are added one at a time, each refused when it depends
/// on those added before (floating point: the rows hold small integers, so a pivot is either
/// clearly zero or not). The last row added can be taken off again, which is how the ordered
/// search backs up.
///
/// The rows held are kept in reduced echelon form (1 at each one's pivot, 0 there in every other
/// row), so a new row, which has a few entries (a contact's four at most), is reduced by the rows
/// whose pivots lie among its entries alone: what is left has 0 at every pivot, and the row is
/// independent when anything is left. A class, so that its scratch space is allocated once and
/// reached without copies.
final class Basis {
    let columns: Int
    /// How many rows are held.
    private(set) var count = 0
    /// The table's rows, one after another, and each one's nonzero columns.
    private let table: UnsafeMutablePointer<Double>
    private let support: [[Int]]
    /// The reduced rows held, one after another (`columns` × `columns` room).
    private let held: UnsafeMutablePointer<Double>
    /// Each held row's pivot; for each column, the held row whose pivot it is (−1 for none).
    private let pivots: UnsafeMutablePointer<Int>
    private let pivotRow: UnsafeMutablePointer<Int>
    /// The held rows as they were before each add, for ``removeLast()``: the `k` rows held
    /// before an add are kept at `k (k − 1) / 2` rows in.
    private let before: UnsafeMutablePointer<Double>
    /// The row being reduced.
    private let scratch: UnsafeMutablePointer<Double>

    init(rows: [[Double]], columns: Int) {
        precondition(rows.allSatisfy { $0.count == columns })
        self.columns = columns
        table = .allocate(capacity: max(1, rows.count * columns))
        for (i, row) in rows.enumerated() { for c in 0..<columns { table[i * columns + c] = row[c] } }
        support = rows.map { row in row.indices.filter { row[$0] != 0 } }
        held = .allocate(capacity: max(1, columns * columns))
        pivots = .allocate(capacity: max(1, columns))
        pivotRow = .allocate(capacity: max(1, columns))
        pivotRow.initialize(repeating: -1, count: columns)
        before = .allocate(capacity: max(1, columns * columns * (columns + 1) / 2))
        scratch = .allocate(capacity: max(1, columns))
    }

    deinit {
        for pointer in [table, held, before, scratch] { pointer.deallocate() }
        pivots.deallocate()
        pivotRow.deallocate()
    }

    /// Adds row `i` of the table; false (and nothing added) when it depends on the rows held.
    func add(_ i: Int) -> Bool {
        guard count < columns else { return false }
        let n = columns, row = table + i * n, r = scratch
        r.update(from: row, count: n)
        // Reducing by one held row changes no other held row's pivot entry, so each factor is
        // the table's own entry.
        for c in support[i] where pivotRow[c] >= 0 {
            let f = row[c], h = held + pivotRow[c] * n
            for j in 0..<n { r[j] -= f * h[j] }
            r[c] = 0
        }
        // The first entry of the largest size.
        var pivot = 0, largest = 0.0
        for c in 0..<n where abs(r[c]) > largest { (pivot, largest) = (c, abs(r[c])) }
        guard largest > 1e-9 else { return false }
        (before + count * (count - 1) / 2 * n).update(from: held, count: count * n)
        let scale = 1 / r[pivot]
        for c in 0..<n { r[c] *= scale }
        r[pivot] = 1
        // Clear the new pivot's column in the rows held.
        for k in 0..<count {
            let h = held + k * n, g = h[pivot]
            guard g != 0 else { continue }
            for j in 0..<n { h[j] -= g * r[j] }
            h[pivot] = 0
        }
        (held + count * n).update(from: r, count: n)
        pivots[count] = pivot
        pivotRow[pivot] = count
        count += 1
        return true
    }

    /// Takes the last row added off.
    func removeLast() {
        count -= 1
        pivotRow[pivots[count]] = -1
        held.update(from: before + count * (count - 1) / 2 * columns, count: count * columns)
    }

    /// Takes every row off.
    func removeAll() {
        for k in 0..<count { pivotRow[pivots[k]] = -1 }
        count = 0
    }
}

/// Exact integer linear algebra for small square matrices.
enum IntegerMatrix {
    /// M⁻¹·v for each right-hand side v when every entry is an integer; nil when M is singular
    /// or an entry is not an integer. First by floating-point elimination, each entry rounded to
    /// the nearest integer and the result checked exactly (M·x = v in integers: then x is the
    /// one solution); when that check fails, by ``solve(_:size:rightHandSides:)``. So the answer
    /// is always the exact one; the contact search's systems, small integers with integer
    /// solutions, take the quick road (about four times as fast).
    static func integerSolution(_ m: [Int], size n: Int, rightHandSides: [[Int]]) -> [[Int]]? {
        if let rounded = roundedSolution(m, size: n, rightHandSides: rightHandSides) { return rounded }
        guard let (scaled, determinant) = solve(m, size: n, rightHandSides: rightHandSides) else { return nil }
        var solution: [[Int]] = []
        for x in scaled {
            guard x.allSatisfy({ $0 % determinant == 0 }) else { return nil }
            solution.append(x.map { $0 / determinant })
        }
        return solution
    }

    /// The floating-point solution (partial pivoting) rounded to integers, when M times it is
    /// exactly each v; nil otherwise (M singular or nearly so, a solution that is not integral,
    /// or rounding error: the caller then solves exactly). M's entries must be small (under 10⁶,
    /// as the contact search's are, at most 2), so that the check's sums cannot overflow.
    static func roundedSolution(_ m: [Int], size n: Int, rightHandSides: [[Int]]) -> [[Int]]? {
        let sides = rightHandSides.count, width = n + sides
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: n * width + n) { scratch -> [[Int]]? in
            let a = scratch.baseAddress!, y = a + n * width
            for i in 0..<n {
                for j in 0..<n { a[i * width + j] = Double(m[i * n + j]) }
                for c in 0..<sides { a[i * width + n + c] = Double(rightHandSides[c][i]) }
            }
            for k in 0..<n {
                var p = k
                for i in (k + 1)..<n where abs(a[i * width + k]) > abs(a[p * width + k]) { p = i }
                guard abs(a[p * width + k]) > 1e-6 else { return nil }
                if p != k { for j in k..<width { swap(&a[p * width + j], &a[k * width + j]) } }
                let pivot = a[k * width + k]
                for i in (k + 1)..<n where a[i * width + k] != 0 {
                    let f = a[i * width + k] / pivot
                    for j in k..<width { a[i * width + j] -= f * a[k * width + j] }
                }
            }
            var solution: [[Int]] = []
            for c in 0..<sides {
                var x = [Int](repeating: 0, count: n)
                for i in stride(from: n - 1, through: 0, by: -1) {
                    var s = a[i * width + n + c]
                    for j in (i + 1)..<n { s -= a[i * width + j] * y[j] }
                    y[i] = s / a[i * width + i]
                    // Far below Int's range, so the exact check below cannot overflow.
                    guard abs(y[i]) < 1e12 else { return nil }
                    x[i] = Int(y[i].rounded())
                }
                // M · x = v exactly, in integers.
                let v = rightHandSides[c]
                for i in 0..<n {
                    var s = 0
                    for j in 0..<n { s &+= m[i * n + j] &* x[j] }
                    guard s == v[i] else { return nil }
                }
                solution.append(x)
            }
            return solution
        }
    }

    /// det(M)·M⁻¹·v for each right-hand side v (integers, exactly), and det(M), by fraction-free
    /// (Bareiss) elimination on M beside the right-hand sides and back substitution over the
    /// integers; nil when M is singular. `m` holds the rows of the `size`×`size` matrix one after
    /// another.
    static func solve(_ m: [Int], size n: Int, rightHandSides: [[Int]]) -> (scaled: [[Int]], determinant: Int)? {
        precondition(m.count == n * n && rightHandSides.allSatisfy { $0.count == n })
        let width = n + rightHandSides.count
        // [M | v…], row after row.
        var a = [Int](repeating: 0, count: n * width)
        for i in 0..<n {
            for j in 0..<n { a[i * width + j] = m[i * n + j] }
            for (c, v) in rightHandSides.enumerated() { a[i * width + n + c] = v[i] }
        }
        return a.withUnsafeMutableBufferPointer { a -> (scaled: [[Int]], determinant: Int)? in
            // Bareiss: after it, the left is upper triangular with det(M) in the corner, and every
            // entry is a minor of [M | v…], so each division below is exact.
            var previous = 1
            for k in 0..<n {
                if a[k * width + k] == 0 {
                    guard let swap = ((k + 1)..<n).first(where: { a[$0 * width + k] != 0 }) else { return nil }
                    // A row swap flips the sign of the determinant; negate the row to keep it.
                    for j in 0..<width { (a[k * width + j], a[swap * width + j]) = (-a[swap * width + j], a[k * width + j]) }
                }
                let pivot = a[k * width + k]
                for i in (k + 1)..<n {
                    let factor = a[i * width + k]
                    for j in (k + 1)..<width { a[i * width + j] = (pivot * a[i * width + j] - factor * a[k * width + j]) / previous }
                    a[i * width + k] = 0
                }
                previous = pivot
            }
            let determinant = a[(n - 1) * width + n - 1]
            guard determinant != 0 else { return nil }
            // U · x = det · (the eliminated right-hand side): x = det · M⁻¹ · v is an integer
            // vector, so each division is exact.
            var scaled: [[Int]] = []
            for c in 0..<rightHandSides.count {
                var x = [Int](repeating: 0, count: n)
                for i in stride(from: n - 1, through: 0, by: -1) {
                    var s = determinant * a[i * width + n + c]
                    for j in (i + 1)..<n { s -= a[i * width + j] * x[j] }
                    x[i] = s / a[i * width + i]
                }
                scaled.append(x)
            }
            return (scaled, determinant)
        }
    }
}
