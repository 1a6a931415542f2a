import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditLayout
import GridEditTestSupport
import Testing

@Suite("AnchorManager: pieces land exactly on corners and flush on edges")
struct AnchorTests {
    let anchors = AnchorManager(radius: x("0.5"))

    @Test("A corner near another piece's corner lands on it")
    func cornerOnCorner() throws {
        let fixed = [pose(.small1, "0", "0")]
        let snap = try #require(anchors.snap([pose(.small2, "1.25", "0")], against: fixed))
        #expect(snap.offset == Vector(x("-0.25"), .zero))
        #expect(snap.contact == .corner && snap.target == .small1)
    }

    @Test("A 45°-turned piece dropped on the grid lands on an off-grid corner, which the grid cannot reach")
    func offGridCorner() throws {
        // The square of the classic square has a corner at (4+√2, 4); the medium triangle must meet it.
        let fixed = [pose(.square, "4+0.5√2", "4-0.5√2", 45)]
        let dropped = pose(.medium, "5.5", "2.5", 90)  // the nearest grid point to its true origin
        let snap = try #require(anchors.snap([dropped], against: fixed))
        let landed = dropped.translated(by: snap.offset)
        #expect(landed == pose(.medium, "4+√2", "4-√2", 90))
        #expect(landed.polygon.sharesBoundarySegment(with: fixed[0].polygon))
        #expect(!landed.polygon.interiorsOverlap(fixed[0].polygon))
    }

    @Test("Parallel facing edges become flush (axis-aligned: a perpendicular move)")
    func axisAlignedEdge() throws {
        let fixed = [pose(.square, "0", "0")]
        let snap = try #require(anchors.snap([pose(.square, "1.25", "0.5")], against: fixed))
        #expect(snap.offset == Vector(x("-0.25"), .zero))
        #expect(snap.contact == .edge)
    }

    @Test("Diagonal edges become flush by a move along the x axis (the perpendicular would need halves)")
    func diagonalEdge() throws {
        // The large triangle's long side lies on x + y = 2; the small triangle's on x + y = 2.5.
        let fixed = [pose(.large1, "0", "0")]
        let dropped = pose(.small1, "1.75", "1.75", 180)
        let snap = try #require(anchors.snap([dropped], against: fixed))
        #expect(snap.offset == Vector(x("-0.5"), .zero))
        #expect(snap.contact == .edge)
        let landed = dropped.translated(by: snap.offset).polygon
        #expect(landed.sharesBoundarySegment(with: fixed[0].polygon))
        #expect(!landed.interiorsOverlap(fixed[0].polygon))
    }

    @Test("More contact wins over a shorter move")
    func contactRanking() throws {
        // Flush on the edge alone is a move of 0.25; corner to corner (and flush) is longer but fits better.
        let fixed = [pose(.square, "0", "0")]
        let snap = try #require(anchors.snap([pose(.square, "1.25", "0.25")], against: fixed))
        #expect(snap.offset == Vector(x("-0.25"), x("-0.25")))
        #expect(snap.corners == 2 && snap.edges == 1)
    }

    @Test("Nothing within the radius: no snap")
    func outOfReach() {
        #expect(anchors.snap([pose(.square, "3", "3")], against: [pose(.square, "0", "0")]) == nil)
        #expect(AnchorManager(radius: x("0.25")).snap([pose(.square, "1.5", "0")], against: [pose(.square, "0", "0")]) == nil)
    }

    @Test("Every snap is within reach, exact, overlaps nothing and makes contact", arguments: 0..<6)
    func snapInvariants(seed: Int) {
        var noise = Noise(state: UInt64(seed) &* 104_729 &+ 1)
        let pieces = TangramPiece.allCases
        var checked = 0
        for _ in 0..<150 {
            var fixed: [Pose] = []
            for piece in pieces.shuffled(using: &noise).prefix(3) {
                let candidate = Pose(piece: piece, position: Point(Exact(quarters: noise.int(in: 0...24)), Exact(quarters: noise.int(in: 0...24))),
                                     rotation: Rotation(eighths: noise.int(in: 0...7)))
                if fixed.allSatisfy({ !$0.polygon.interiorsOverlap(candidate.polygon) }) { fixed.append(candidate) }
            }
            let used = Set(fixed.map(\.piece))
            guard let piece = pieces.first(where: { !used.contains($0) }) else { continue }
            let moving = Pose(piece: piece, position: Point(Exact(quarters: noise.int(in: 0...24)), Exact(quarters: noise.int(in: 0...24))),
                              rotation: Rotation(eighths: noise.int(in: 0...7)))
            guard let snap = anchors.snap([moving], against: fixed) else { continue }
            checked += 1
            let landed = moving.translated(by: snap.offset).polygon
            // Reach: a corner move is at most r, an axis move for a diagonal edge at most r√2.
            let r2 = x("0.5").numerator * x("0.5").numerator
            #expect(snap.offset.dot(snap.offset) <= r2 * ZSqrt2(2))
            #expect(fixed.allSatisfy { !$0.polygon.interiorsOverlap(landed) }, "\(moving) → \(snap)")
            #expect(fixed.contains { $0.polygon.touchesOrOverlaps(landed) }, "a snap makes contact")
        }
        #expect(checked > 10, "the random layouts should produce snaps to check")
    }

    @Test("A group moves and anchors as one")
    func groupMove() throws {
        var groups = GroupTable()
        groups[.solution] = [[.small1, .small2]]
        // small-2 sits on small-1's hypotenuse, making a unit square with it.
        let e = editor([pose(.small1, "0", "0"), pose(.small2, "1", "1", 180), pose(.square, "3", "0")], groups: groups)
        let moved = try after(try e.move(.small1, to: PositionInput(point("1.75", "0"))), on: e)
        let s1 = try #require(moved.first { $0.piece == .small1 })
        let s2 = try #require(moved.first { $0.piece == .small2 })
        #expect(s2.position - s1.position == Vector(Exact(1), Exact(1)), "the group keeps its shape")
        // The pair's right side lands flush on the square at x = 3 (and its corner on the square's).
        #expect(s1.position == point("2", "0"))
    }
}

extension Array {
    func shuffled(using noise: inout Noise) -> [Element] {
        var copy = self
        for i in copy.indices.reversed() where i > 0 { copy.swapAt(i, noise.int(in: 0...i)) }
        return copy
    }
}
