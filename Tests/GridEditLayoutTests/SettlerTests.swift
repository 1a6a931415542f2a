import Foundation
import GridEditCore
import GridEditGeometry
import GridEditLayout
import GridEditTestSupport
import Testing

/// The settling engine as the editor drives it: poses arrive one at a time, each settle starts
/// from the poses as given (remembered by the caller), and the figure comes out the same whatever
/// the order.
@Suite("Settler: figures settle the same way whatever the order")
struct SettlerTests {
    static func shippedFigures() throws -> [(name: String, poses: [Pose])] {
        let folder = GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/tangram-starter").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") && $0 != "pack.json" }.sorted()
        return try names.compactMap { name in
            let loaded = try PuzzleStore(root: folder).load(folder + "/" + name)
            guard let pieces = (loaded.document.puzzle as? TangramPuzzle)?.pieces, pieces.count == 7 else { return nil }
            return (name, pieces)
        }
    }

    /// Feeds the poses one by one, as the editor does, and returns the exact layer at the end.
    static func replay(_ given: [ApproximatePose], pinned: Set<TangramPiece> = [], start: [Pose] = [],
                       groups: [[TangramPiece]] = []) throws -> [Pose] {
        var layer = start
        var remembered: [TangramPiece: ApproximatePose] = [:]
        let settler = Settler()
        for pose in given {
            let settlement = try settler.settle([pose], layer: layer, remembered: remembered, pinned: pinned, groups: groups)
            for exact in settlement.poses {
                layer.removeAll { $0.piece == exact.piece }
                layer.append(exact)
            }
            remembered.merge(settlement.inputs) { _, new in new }
        }
        return layer.sorted { $0.piece < $1.piece }
    }

    static func noisy(_ poses: [Pose], shift: (Double, Double), noise: inout Noise, amplitude: Double = 0.06) -> [ApproximatePose] {
        poses.map { pose in
            ApproximatePose(piece: pose.piece, x: pose.position.doubleX + shift.0 + noise.jitter(amplitude),
                            y: pose.position.doubleY + shift.1 + noise.jitter(amplitude),
                            degrees: Double(pose.rotation.degrees) + noise.jitter(3), flipped: pose.flipped)
        }
    }

    /// Equal up to one exact translation.
    static func sameFigure(_ a: [Pose], _ b: [Pose]) -> Bool {
        let a = a.sorted { $0.piece < $1.piece }, b = b.sorted { $0.piece < $1.piece }
        guard a.count == b.count, let first = a.first, let other = b.first else { return a.count == b.count }
        let shift = other.position - first.position
        return zip(a, b).allSatisfy { $0.translated(by: shift).footprint == $1.footprint }
    }

    /// Order independence is the engine's guarantee for every input. Exactness is measured over
    /// thousands of sequences by `gridedit-bench settle`; here only the half-unit shift, which
    /// keeps every figure's grid points on grid points, must come back exact.
    @Test("Shipped figures with noise settle the same in every order; shifted by half a unit they come back exact")
    func orderIndependence() throws {
        var noise = Noise(state: 11)
        for (name, figure) in try Self.shippedFigures() {
            for shift in [(0.5, 0.0), (0.13, 0.37)] {
                let given = Self.noisy(figure, shift: shift, noise: &noise)
                var results: [[Pose]] = []
                for _ in 0..<4 {
                    results.append(try Self.replay(given.shuffled(using: &noise)))
                }
                for result in results {
                    #expect(result == results[0], "\(name) shifted by \(shift): the order changed the result")
                    if shift == (0.5, 0.0) { #expect(Self.sameFigure(result, figure), "\(name) shifted by \(shift) is not the figure") }
                }
            }
        }
    }

    @Test("A pinned piece holds: the figure settles around it")
    func pins() throws {
        let square = Pose(piece: .square, position: Point(Exact(2), Exact(2)), rotation: .identity)
        let given = ApproximatePose(piece: .small1, x: 3.08, y: 1.94, degrees: 2)
        let settled = try Settler().settle([given], layer: [square], pinned: [.square])
        #expect(settled.poses.contains(square))
        let small = try #require(settled.poses.first { $0.piece == .small1 })
        #expect(small.position == Point(Exact(3), Exact(2)), "flush against the square's right side, corner on its corner")
        #expect(settled.inputs[.square] == nil, "a pinned piece is not re-settled from an input")
    }

    @Test("A group settles as one body and keeps its exact offsets")
    func groups() throws {
        // small-1 and small-2 make a unit square; the square sits to the right.
        let s1 = Pose(piece: .small1, position: Point(Exact(0), Exact(0)), rotation: .identity)
        let s2 = Pose(piece: .small2, position: Point(Exact(1), Exact(1)), rotation: Rotation(degrees: 180)!)
        let square = Pose(piece: .square, position: Point(Exact(3), Exact(0)), rotation: .identity)
        let arriving = [s1, s2].map { ApproximatePose(piece: $0.piece, x: $0.position.doubleX + 1.9, y: $0.position.doubleY + 0.04,
                                                     degrees: Double($0.rotation.degrees), flipped: false) }
        let settled = try Settler().settle(arriving, layer: [s1, s2, square], groups: [[.small1, .small2]])
        let n1 = try #require(settled.poses.first { $0.piece == .small1 })
        let n2 = try #require(settled.poses.first { $0.piece == .small2 })
        #expect(n2.position - n1.position == s2.position - s1.position)
        #expect(n1.position == Point(Exact(2), Exact(0)), "flush with the square")
        #expect(settled.poses.contains(square), "the square, placed without settling, is held")
    }

    @Test("An overlap the input does not show is refused: the piece goes where the grid puts it")
    func givesUp() throws {
        // Two large triangles given side by side, far apart from anything that could make them meet.
        let a = ApproximatePose(piece: .large1, x: 1.02, y: 1.01, degrees: 0)
        let layer = try Self.replay([a])
        let b = ApproximatePose(piece: .large2, x: 3.1, y: 1.0, degrees: 90)
        let settled = try Settler().settle([b], layer: layer, remembered: [.large1: a])
        let placed = settled.poses
        for (i, p) in placed.enumerated() {
            for q in placed[(i + 1)...] { #expect(!p.polygon.interiorsOverlap(q.polygon) || settled.gaveUp != nil) }
        }
    }
}

extension Array {
    func shuffled(using noise: inout Noise) -> [Element] {
        var copy = self
        for i in copy.indices.reversed() where i > 0 {
            copy.swapAt(i, noise.int(in: 0...i))
        }
        return copy
    }
}
