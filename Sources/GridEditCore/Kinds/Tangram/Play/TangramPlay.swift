import GridEditGeometry

/// A child playing one figure: the pieces on it, each placement judged exactly against every
/// solution of the figure, and hints that keep what the child has built.
///
/// The solutions are found once, when play starts (``TangramSolver``, every filling). Each piece
/// of each solution is a *footprint* (shape and vertex set), so twins are interchangeable and a
/// square turned by 90° is the same square. A placement is then judged by set lookups only:
/// - `overlaps`: its interior meets another piece on the figure;
/// - `outside`: it lies partly off the figure;
/// - `fits k of n`: n solutions keep every accepted piece (one judged `fits` and not moved since),
///   and k of them have this piece exactly here;
/// - `fits elsewhere`: no such solution has it here, but one has the same piece, turned the same
///   way, at another place: the nearest such place is given, as a shift;
/// - `fits no solution`: none of those solutions has this piece turned this way anywhere.
///
/// A piece that does not reach the figure at all lies beside it (in the tray): it is not judged.
/// Only accepted pieces narrow the solutions; a placement that would fit only together with
/// pieces not yet placed is judged on what is there.
public struct TangramPlay: Sendable {
    public enum Judgement: Sendable, Hashable {
        case fits(k: Int, n: Int)
        /// Move the piece by this much to reach the nearest place it fits.
        case fitsElsewhere(Vector)
        case fitsNoSolution
        /// The pieces it overlaps.
        case overlaps([TangramPiece])
        case outside
        /// The placement completed the figure.
        case solved

        /// The judgement's name in records and on the page: `fits`, `fits-elsewhere`, …
        public var name: String {
            switch self {
            case .fits: "fits"
            case .fitsElsewhere: "fits-elsewhere"
            case .fitsNoSolution: "fits-no-solution"
            case .overlaps: "overlaps"
            case .outside: "outside"
            case .solved: "solved"
            }
        }

        /// Whether the child got it right (the game's "yes").
        public var isRight: Bool {
            switch self {
            case .fits, .solved: true
            default: false
            }
        }

        /// In words: `fits 3 of 9`, `fits elsewhere: move it 1 left and 0.5 up`.
        public var text: String {
            switch self {
            case .fits(let k, let n): "fits \(k) of \(n)"
            case .fitsElsewhere(let shift): "fits elsewhere: move it \(TangramPlay.words(for: shift))"
            case .fitsNoSolution: "fits no solution"
            case .overlaps(let pieces): "overlaps \(pieces.map(\.rawValue).joined(separator: ", "))"
            case .outside: "outside the figure"
            case .solved: "solved"
            }
        }
    }

    /// What the next hint says.
    public enum Hint: Sendable, Hashable {
        /// Place this piece like this; `sharedBy` of the `of` solutions that keep every piece on
        /// the figure put it there.
        case place(Pose, sharedBy: Int, of: Int)
        /// No solution keeps every piece on the figure: take this one back; without it,
        /// `leaves` solutions keep the rest.
        case takeBack(TangramPiece, leaves: Int)
        case solved

        /// The hint at a level: 1 names the piece, 2 adds where (the page draws the outline),
        /// 3 gives the exact pose.
        public func text(level: Int) -> String {
            switch self {
            case .solved: return "the figure is solved"
            case .takeBack(let piece, let leaves):
                return "take back the \(piece.rawValue): without it \(leaves) solution\(leaves == 1 ? "" : "s") keep\(leaves == 1 ? "s" : "") the rest"
            case .place(let pose, let shared, let total):
                let name = "the \(pose.piece.rawValue)"
                switch level {
                case ...1: return "try \(name) next"
                case 2:
                    let corner = pose.vertices.min(by: OctilinearRegion.lowestFirst)!
                    return "\(name) goes with its lowest corner at \(corner.x), \(corner.y) (\(shared) of \(total) solutions put it there)"
                default:
                    let turn = pose.rotation.eighths * 45
                    return "\(name) at \(pose.position.x) \(pose.position.y) turned \(turn)°\(pose.flipped ? ", flipped" : "")"
                }
            }
        }
    }

    /// The figure being filled.
    public let figure: OctilinearRegion
    /// Every solution of the figure (the solver's list, in its order).
    public let solutions: [[Pose]]
    /// Footprint ids per solution (sorted), and the ids' footprints.
    private let solutionIDs: [[Int]]
    private let idOf: [Pose.Footprint: Int]
    private let footprints: [Pose.Footprint]
    /// A pose per id (as some solution has it).
    private let posesByID: [Pose]
    /// For each id, the solutions holding it (ascending).
    private let holders: [[Int]]

    /// The pieces on the figure, with their judgement when they last moved.
    public private(set) var placed: [TangramPiece: (pose: Pose, judgement: Judgement)] = [:]
    /// Placement order, for ties (the latest placed is taken back first).
    private var order: [TangramPiece] = []

    public init(figure: OctilinearRegion, solutions: [[Pose]]) {
        self.figure = figure
        self.solutions = solutions
        var idOf: [Pose.Footprint: Int] = [:]
        var footprints: [Pose.Footprint] = []
        var posesByID: [Pose] = []
        var holders: [[Int]] = []
        var solutionIDs: [[Int]] = []
        for (index, solution) in solutions.enumerated() {
            var ids: [Int] = []
            for pose in solution {
                let footprint = pose.footprint
                let id: Int
                if let known = idOf[footprint] { id = known } else {
                    id = footprints.count
                    idOf[footprint] = id
                    footprints.append(footprint)
                    posesByID.append(pose)
                    holders.append([])
                }
                holders[id].append(index)
                ids.append(id)
            }
            solutionIDs.append(ids.sorted())
        }
        self.idOf = idOf
        self.footprints = footprints
        self.posesByID = posesByID
        self.holders = holders
        self.solutionIDs = solutionIDs
    }

    /// Solves the figure and starts with nothing on it.
    public init(figure: OctilinearRegion) {
        self.init(figure: figure, solutions: TangramSolver.solve(figure).solutions)
    }

    /// The figure a child fills for a puzzle (its silhouette, or the outline of its arrangement),
    /// or nil when it has none the pieces could fill.
    public static func figure(of puzzle: TangramPuzzle) -> OctilinearRegion? { TangramTarget.figure(of: puzzle) }

    // MARK: Placing

    /// The accepted pieces: on the figure, judged `fits` (or `solved`) when they last moved.
    public var accepted: [TangramPiece] { order.filter { placed[$0]?.judgement.isRight ?? false } }

    /// The figure is covered exactly: seven pieces, none overlapping, their union the figure.
    public var isSolved: Bool {
        guard placed.count == TangramPiece.allCases.count else { return false }
        return TangramTarget.arrangement(placed.values.map(\.pose), inPlayArea: false) == figure
    }

    /// The solutions that keep every one of these pieces where it is.
    public func solutions(keeping pieces: some Sequence<TangramPiece>) -> [Int] {
        var ids: [Int] = []
        for piece in pieces {
            guard let pose = placed[piece]?.pose, let id = idOf[pose.footprint] else { return [] }
            ids.append(id)
        }
        return solutions(keepingIDs: ids)
    }

    /// Whether seven poses are one of the solutions (twins either way round).
    public func isSolution(_ poses: [Pose]) -> Bool {
        guard poses.count == TangramPiece.allCases.count else { return false }
        var ids: [Int] = []
        for pose in poses {
            guard let id = idOf[pose.footprint] else { return false }
            ids.append(id)
        }
        return !solutions(keepingIDs: ids).isEmpty
    }

    private func solutions(keepingIDs ids: [Int]) -> [Int] {
        guard let rarest = ids.min(by: { holders[$0].count < holders[$1].count }) else { return Array(solutions.indices) }
        return holders[rarest].filter { index in ids.allSatisfy { id in Self.has(solutionIDs[index], id) } }
    }

    private static func has(_ sorted: [Int], _ id: Int) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < id { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low] == id
    }

    /// How a piece lying at `pose` would be judged now (nil when it does not reach the figure),
    /// without placing it.
    public func judge(_ pose: Pose) -> Judgement? {
        let relation = figure.relation(toConvex: pose.polygon)
        guard relation != .outside else { return nil }
        let inside = relation == .inside
        let bounds = OctilinearBounds(pose.vertices)
        let hit = placed.filter { $0.key != pose.piece && OctilinearBounds($0.value.pose.vertices).interiorsMeet(bounds) }
        if !hit.isEmpty { return .overlaps(hit.keys.sorted()) }
        guard inside else { return .outside }
        let others = accepted.filter { $0 != pose.piece }
        let keeping = solutions(keeping: others)
        let footprint = pose.footprint
        if let id = idOf[footprint] {
            let k = keeping.filter { Self.has(solutionIDs[$0], id) }.count
            if k > 0 {
                var board = placed
                board[pose.piece] = (pose, .fits(k: k, n: keeping.count))
                if board.count == TangramPiece.allCases.count,
                   TangramTarget.arrangement(board.values.map(\.pose), inPlayArea: false) == figure { return .solved }
                return .fits(k: k, n: keeping.count)
            }
        }
        // The same piece turned the same way somewhere free in a solution that keeps the rest.
        let taken = Set(others.compactMap { placed[$0].map { idOf[$0.pose.footprint] } ?? nil })
        let shape = Self.orientation(footprint)
        let lowest = footprint.vertices.min(by: OctilinearRegion.lowestFirst)!
        var best: (shift: Vector, length: Double)?
        var seen = Set<Int>()
        for index in keeping {
            for id in solutionIDs[index] where !taken.contains(id) && seen.insert(id).inserted {
                let other = footprints[id]
                guard other.shape == footprint.shape, Self.orientation(other) == shape else { continue }
                let shift = other.vertices.min(by: OctilinearRegion.lowestFirst)! - lowest
                let length = shift.doubleX * shift.doubleX + shift.doubleY * shift.doubleY
                if best.map({ length < $0.length }) ?? true { best = (shift, length) }
            }
        }
        if let best { return .fitsElsewhere(best.shift) }
        return .fitsNoSolution
    }

    /// A piece moved (or was put down) at `pose`: judged and kept on the figure; a pose that does
    /// not reach the figure takes the piece off it (nil).
    @discardableResult
    public mutating func place(_ pose: Pose) -> Judgement? {
        guard let judgement = judge(pose) else {
            remove(pose.piece)
            return nil
        }
        order.removeAll { $0 == pose.piece }
        order.append(pose.piece)
        placed[pose.piece] = (pose, judgement)
        return judgement
    }

    /// A piece taken off the figure.
    public mutating func remove(_ piece: TangramPiece) {
        placed[piece] = nil
        order.removeAll { $0 == piece }
    }

    // MARK: Landing on the figure

    /// Where a piece lying at `pose` lands: ``landing(for:given:occupied:tolerance:)`` of its own
    /// corners; nil when it already lies on a place of the figure.
    public func landing(for pose: Pose, occupied: Set<Pose.Footprint>, tolerance: Double = 0.3) -> Pose? {
        guard idOf[pose.footprint] == nil else { return nil }
        return landing(for: pose.piece, given: pose.vertices.map { ($0.doubleX, $0.doubleY) }, occupied: occupied, tolerance: tolerance)
    }

    /// Where a piece put down with these corners (a drop, a camera's pose, before any settling)
    /// lands: the place of some solution for its shape, not taken by a piece in `occupied`, whose
    /// every corner lies within `tolerance` units of one of the given corners, the nearest first;
    /// nil when there is none. A game's "snap to the outline", decided by the exact solutions: a
    /// child's piece a hair off lands exactly where the figure has room for it (the settling
    /// engine lays figures on the 0.25 grid, and a silhouette need not be on it).
    public func landing(for piece: TangramPiece, given corners: [(x: Double, y: Double)], occupied: Set<Pose.Footprint>,
                        tolerance: Double = 0.3) -> Pose? {
        var best: (pose: Pose, distance: Double)?
        for (id, place) in footprints.enumerated() where place.shape == piece.shape && !occupied.contains(place) {
            guard place.vertices.count == corners.count else { continue }
            var worst = 0.0
            for vertex in place.vertices {
                let nearest = corners.map { ($0.x - vertex.doubleX) * ($0.x - vertex.doubleX) + ($0.y - vertex.doubleY) * ($0.y - vertex.doubleY) }.min()!
                worst = max(worst, nearest.squareRoot())
                if worst > tolerance { break }
            }
            guard worst <= tolerance, best.map({ worst < $0.distance }) ?? true else { continue }
            var landed = posesByID[id]
            landed.piece = piece
            best = (landed, worst)
        }
        return best?.pose
    }

    // MARK: Hints

    /// The next hint: a piece and a place from a solution keeping every piece on the figure, the
    /// surest first (the place most of those solutions share; larger pieces before smaller); or,
    /// when no solution keeps them all, the piece to take back (the one whose removal leaves the
    /// most solutions; of equals, the latest placed).
    public func hint() -> Hint {
        if isSolved { return .solved }
        let onFigure = order
        let keeping = solutions(keeping: onFigure)
        guard !keeping.isEmpty else {
            var best: (piece: TangramPiece, leaves: Int)?
            for piece in onFigure.reversed() {
                let leaves = solutions(keeping: onFigure.filter { $0 != piece }).count
                if best.map({ leaves > $0.leaves }) ?? true { best = (piece, leaves) }
            }
            return .takeBack(best!.piece, leaves: best!.leaves)
        }
        let used = Set(onFigure.compactMap { placed[$0].flatMap { idOf[$0.pose.footprint] } })
        var count: [Int: Int] = [:]
        for index in keeping {
            for id in solutionIDs[index] where !used.contains(id) { count[id, default: 0] += 1 }
        }
        let shapeRank: [TangramPiece.Shape: Int] = [.largeTriangle: 0, .mediumTriangle: 1, .square: 2, .parallelogram: 3, .smallTriangle: 4]
        let id = count.keys.min { a, b in
            let fa = footprints[a], fb = footprints[b]
            if count[a]! != count[b]! { return count[a]! > count[b]! }
            if shapeRank[fa.shape]! != shapeRank[fb.shape]! { return shapeRank[fa.shape]! < shapeRank[fb.shape]! }
            let la = fa.vertices.min(by: OctilinearRegion.lowestFirst)!, lb = fb.vertices.min(by: OctilinearRegion.lowestFirst)!
            if la != lb { return OctilinearRegion.lowestFirst(la, lb) }
            return a < b  // the same corner, turned another way: the order the solver met them
        }!
        let footprint = footprints[id]
        // The free piece of that shape (a twin not yet on the figure), in the solution's pose.
        let free = TangramPiece.allCases.first { $0.shape == footprint.shape && placed[$0] == nil }
            ?? TangramPiece.allCases.first { $0.shape == footprint.shape && !(placed[$0]?.judgement.isRight ?? false) }!
        let solution = solutions[keeping.first { Self.has(solutionIDs[$0], id) }!]
        var pose = solution.first { $0.footprint == footprint }!
        pose.piece = free
        return .place(pose, sharedBy: count[id]!, of: keeping.count)
    }

    // MARK: Words

    /// A footprint's vertices moved so that the lowest is at the origin: equal for the same piece
    /// turned the same way, wherever it lies.
    static func orientation(_ footprint: Pose.Footprint) -> Set<Point> {
        let lowest = footprint.vertices.min(by: OctilinearRegion.lowestFirst)!
        return Set(footprint.vertices.map { .origin + ($0 - lowest) })
    }

    /// `1 right and 0.5 up`, `0.71 left`.
    static func words(for shift: Vector) -> String {
        func amount(_ value: Double) -> String {
            let rounded = (abs(value) * 100).rounded() / 100
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        var parts: [String] = []
        let x = shift.doubleX, y = shift.doubleY
        if abs(x) > 1e-9 { parts.append("\(amount(x)) \(x > 0 ? "right" : "left")") }
        if abs(y) > 1e-9 { parts.append("\(amount(y)) \(y > 0 ? "up" : "down")") }
        return parts.isEmpty ? "nowhere" : parts.joined(separator: " and ")
    }
}
