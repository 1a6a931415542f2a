import Foundation
@testable import GridEditCore
import GridEditGeometry
import GridEditJSON
import GridEditTestSupport
import Testing

/// `TangramPlay` judged against the solver's own list, worked out here with plain sets of
/// footprints and the geometry's polygon tests (not the judge's id tables): every solution of
/// every shipped figure and of generated figures with many solutions, played piece by piece in
/// random orders; random wrong placements of every kind; hints from random boards.
@Suite("Tangram play: every judgement and hint exact against every solution")
struct TangramPlayTests {
    /// Shipped figures and generated ones with several solutions (any outline, convex or not).
    static let figures: [(name: String, region: OctilinearRegion)] = {
        var list: [(String, OctilinearRegion)] = []
        for url in ShippedContent.puzzleFiles where url.path.contains("tangram") {
            guard let document = try? PuzzleStore(root: "/").load(url.path).document,
                  let tangram = document.puzzle as? TangramPuzzle, let region = TangramPlay.figure(of: tangram) else { continue }
            list.append((url.lastPathComponent, region))
        }
        var options = TangramGenerator.Options()
        options.solutions = nil
        options.nodeBudget = 200_000
        let (generated, _) = TangramGenerator(options: options).generate(count: 40, seed: 34)
        let many = generated.filter { $0.analysis.solutions.count >= 4 }.prefix(8)
        for (i, figure) in many.enumerated() { list.append(("generated-\(i) (\(figure.analysis.solutions.count) solutions)", figure.region)) }
        // Octominoes (eight unit squares joined by edges) have the most solutions of all: the
        // ones with 10 or more, grown at random.
        var grower = SplitMix64(seed: 36)
        var octominoes = 0
        while octominoes < 6 {
            let region = TangramGenerator.octomino(using: &grower)
            let count = TangramSolver.solve(region).solutions.count
            guard count >= 10 else { continue }
            list.append(("octomino-\(octominoes) (\(count) solutions)", region))
            octominoes += 1
        }
        return list
    }()

    /// The solutions, as sets of footprints, that hold every footprint given.
    static func keeping(_ footprints: [Pose.Footprint], in solutions: [Set<Pose.Footprint>]) -> [Int] {
        solutions.indices.filter { i in footprints.allSatisfy { solutions[i].contains($0) } }
    }

    @Test("Every solution, piece by piece in a random order: each step fits k of n (the solver's list says k and n), the last solves")
    func everySolution() throws {
        #expect(Self.figures.count >= 20, "the shipped figures and some generated ones")
        #expect(Self.figures.contains { $0.name.hasPrefix("generated") }, "generated figures with many solutions")
        var random = SplitMix64(seed: 7)
        var steps = 0
        for (name, region) in Self.figures {
            let start = TangramPlay(figure: region)
            let sets = start.solutions.map { Set($0.map(\.footprint)) }
            #expect(!sets.isEmpty, "\(name) has solutions")
            for solution in start.solutions.prefix(60) {
                var play = start
                var accepted: [Pose.Footprint] = []
                for (step, pose) in solution.shuffled(using: &random).enumerated() {
                    let judgement = play.place(pose)
                    let open = Self.keeping(accepted, in: sets)
                    let k = open.filter { sets[$0].contains(pose.footprint) }.count
                    if step == 6 {
                        #expect(judgement == .solved, "\(name): the last piece solves")
                    } else {
                        #expect(judgement == .fits(k: k, n: open.count), "\(name): \(pose.piece) step \(step + 1)")
                    }
                    accepted.append(pose.footprint)
                    steps += 1
                }
                #expect(play.isSolved, "\(name)")
            }
        }
        #expect(steps > 500)
    }

    @Test("Twins swapped and pieces put down in another pose that covers the same ground are judged the same")
    func twinsAndEquivalentPoses() throws {
        let (name, region) = Self.figures.first { $0.name == "square.json" }!
        var play = TangramPlay(figure: region)
        let solution = play.solutions[0]
        for pose in solution {
            var swapped = pose
            switch pose.piece {
            case .large1: swapped.piece = .large2
            case .large2: swapped.piece = .large1
            case .small1: swapped.piece = .small2
            case .small2: swapped.piece = .small1
            default: break
            }
            #expect(play.place(swapped)?.isRight == true, "\(name): \(swapped.piece)")
        }
        #expect(play.isSolved)
    }

    /// The judgement worked out from first principles: polygons, the region, the list of solutions.
    static func expected(_ pose: Pose, board: [TangramPiece: Pose], accepted: [TangramPiece], region: OctilinearRegion,
                         sets: [Set<Pose.Footprint>], solutions: [[Pose]]) -> String? {
        let polygon = pose.polygon
        // The figure is the union of any solution's pieces: the piece meets it when it overlaps
        // one of them, and lies in it when those overlaps add up to its whole area.
        let tiles = solutions[0].map(\.polygon)
        let meets = tiles.contains { $0.interiorsOverlap(polygon) }
        let covered = tiles.reduce(0.0) { $0 + $1.approximateOverlapArea(polygon) }
        let inside = abs(covered - polygon.area.doubleValue) < 1e-9
        guard meets else { return nil }
        if board.contains(where: { $0.key != pose.piece && $0.value.polygon.interiorsOverlap(polygon) }) { return "overlaps" }
        guard inside else { return "outside" }
        let others = accepted.filter { $0 != pose.piece }.map { board[$0]!.footprint }
        let open = keeping(others, in: sets)
        if open.contains(where: { sets[$0].contains(pose.footprint) }) {
            return board.filter({ $0.key != pose.piece }).count == 6 ? "solved" : "fits"
        }
        let turned = Set(pose.vertices.map { $0 - pose.vertices.min(by: OctilinearRegion.lowestFirst)! })
        let elsewhere = open.contains { i in
            solutions[i].contains { other in
                other.piece.shape == pose.piece.shape && !others.contains(other.footprint)
                    && Set(other.vertices.map { $0 - other.vertices.min(by: OctilinearRegion.lowestFirst)! }) == turned
            }
        }
        return elsewhere ? "fits-elsewhere" : "fits-no-solution"
    }

    @Test("Random placements on random boards get the judgement the solver's list and the polygons give; fits elsewhere says the way to a place that fits")
    func randomPlacements() throws {
        var random = SplitMix64(seed: 34)
        var seen: [String: Int] = [:]
        for (name, region) in Self.figures {
            let start = TangramPlay(figure: region)
            let sets = start.solutions.map { Set($0.map(\.footprint)) }
            let box = OctilinearBounds(Array(region.vertices))
            let xs = region.vertices.map(\.doubleX), ys = region.vertices.map(\.doubleY)
            _ = box
            for _ in 0..<40 {
                // A board: some pieces of one solution, accepted.
                var play = start
                let solution = start.solutions[Int.random(in: 0..<start.solutions.count, using: &random)]
                let kept = solution.shuffled(using: &random).prefix(Int.random(in: 0...4, using: &random))
                for pose in kept { _ = play.place(pose) }
                var board = Dictionary(uniqueKeysWithValues: kept.map { ($0.piece, $0) })
                let accepted = Array(kept.map(\.piece))
                // A free piece, turned and put somewhere near the figure on the quarter grid.
                let free = TangramPiece.allCases.filter { board[$0] == nil }
                let piece = free[Int.random(in: 0..<free.count, using: &random)]
                let x = Exact(quarters: Int.random(in: Int((xs.min()! - 1) * 4)...Int(xs.max()! * 4), using: &random))
                let y = Exact(quarters: Int.random(in: Int((ys.min()! - 1) * 4)...Int(ys.max()! * 4), using: &random))
                var pose = Pose(piece: piece, position: Point(x, y), rotation: Rotation(eighths: Int.random(in: 0..<8, using: &random)),
                                flipped: Bool.random(using: &random))
                // A third of the time, a place some solution gives that shape (right or not for this board).
                if Int.random(in: 0..<3, using: &random) == 0,
                   let place = start.solutions.randomElement(using: &random)!.first(where: { $0.piece.shape == piece.shape }) {
                    pose = place
                    pose.piece = piece
                }
                let want = Self.expected(pose, board: board, accepted: accepted, region: region, sets: sets, solutions: start.solutions)
                let got = play.judge(pose)
                #expect(got?.name == want, "\(name): \(piece) at \(pose.position) turned \(pose.rotation.degrees)° on a board of \(accepted)")
                seen[want ?? "beside", default: 0] += 1
                if case .fitsElsewhere(let shift)? = got {
                    var moved = pose
                    moved.position = pose.position + shift
                    #expect(play.judge(moved)?.isRight == true, "\(name): moving \(piece) as told makes it fit")
                }
                board[piece] = pose
            }
        }
        for kind in ["fits", "fits-elsewhere", "fits-no-solution", "overlaps", "outside", "beside"] {
            #expect((seen[kind] ?? 0) > 0, "random placements met \(kind): \(seen)")
        }
    }

    @Test("Hints keep every accepted piece (checked against the solution list), name the piece to take back when nothing keeps them, and followed from any board lead to solved")
    func hints() throws {
        var random = SplitMix64(seed: 4)
        for (name, region) in Self.figures {
            let start = TangramPlay(figure: region)
            let sets = start.solutions.map { Set($0.map(\.footprint)) }
            for _ in 0..<6 {
                var play = start
                // Right pieces from one solution, then perhaps one from another solution that does
                // not go with them (a board no solution keeps).
                let a = start.solutions[Int.random(in: 0..<start.solutions.count, using: &random)]
                for pose in a.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)) { _ = play.place(pose) }
                if let b = start.solutions.randomElement(using: &random),
                   let stray = b.first(where: { p in play.placed[p.piece] == nil && !play.placed.values.contains { $0.pose.polygon.interiorsOverlap(p.polygon) } }) {
                    _ = play.place(stray)
                }
                var rounds = 0
                while !play.isSolved && rounds < 20 {
                    rounds += 1
                    let onFigure = play.placed.values.map(\.pose.footprint)
                    switch play.hint() {
                    case .solved: Issue.record("\(name): solved hint on an unsolved board")
                    case .place(let pose, let shared, let total):
                        let keepers = Self.keeping(onFigure, in: sets)
                        #expect(!keepers.isEmpty && total == keepers.count, "\(name): the hint comes from solutions keeping the board")
                        #expect(keepers.filter { sets[$0].contains(pose.footprint) }.count == shared, "\(name): shared count")
                        #expect(play.placed[pose.piece] == nil, "\(name): the hinted piece is free")
                        #expect(play.place(pose)?.isRight == true, "\(name): the hint fits")
                    case .takeBack(let piece, let leaves):
                        #expect(Self.keeping(onFigure, in: sets).isEmpty, "\(name): take back only when nothing keeps the board")
                        let best = play.placed.keys.map { p in Self.keeping(play.placed.filter { $0.key != p }.map(\.value.pose.footprint), in: sets).count }.max()!
                        #expect(leaves == best, "\(name): the piece whose removal leaves the most solutions")
                        play.remove(piece)
                    }
                }
                #expect(play.isSolved, "\(name): following the hints solves the figure")
            }
        }
    }
}
