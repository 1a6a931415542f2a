import GridEditCore
import GridEditLayout
import Testing
@testable import GridEditCapture

/// A rival fit that would put a piece on top of a trusted neighbour is no rival: physical pieces
/// never overlap (``RivalCheck``). One that could be true keeps the piece doubtful.
@Suite("Rivals that would overlap a trusted neighbour are ruled out")
struct RivalCheckTests {
    // The square on [1, 2] × [1, 2]; the small triangle (2, 1), (3, 1), (2, 2) against its right side.
    let sightings = [ApproximatePose(piece: .small1, x: 2, y: 1, degrees: 0), ApproximatePose(piece: .square, x: 1, y: 1, degrees: 0)]

    func fits(rival: ApproximatePose, squareExplained: Double = 0.95) -> [PieceFit] {
        [PieceFit(piece: .small1, colour: "green", fit: 0.9, explained: 0.9, margin: 0.05, rival: "turned 90°", rivalPose: rival,
                  settleShift: 0, hiddenShare: 0.2),
         PieceFit(piece: .square, colour: "green", fit: squareExplained, explained: squareExplained, margin: 1, rival: nil,
                  settleShift: 0, hiddenShare: 0)]
    }

    func check(_ fits: [PieceFit]) throws -> PieceFit {
        let poses = try CameraLayout.settle(sightings).poses
        return try #require(RivalCheck.ruleOut(fits, sightings: sightings, poses: poses).first { $0.piece == .small1 })
    }

    @Test("turned 90° the triangle would lie on half the square: ruled out, the lead is full")
    func overlappingRival() throws {
        let small = try check(fits(rival: ApproximatePose(piece: .small1, x: 2, y: 1, degrees: 90)))
        #expect(small.margin == 1 && small.distinct == 1)
        #expect(small.rival == "turned 90° (ruled out: it would overlap square)")
    }

    @Test("a rival that lies clear of every piece, or overlaps only a doubtful one, stays a rival")
    func possibleRival() throws {
        // Turned 180°: the triangle (3, 2), (2, 2), (3, 1), clear of the square.
        let clear = try check(fits(rival: ApproximatePose(piece: .small1, x: 3, y: 2, degrees: 180)))
        #expect(clear.margin == 0.05 && clear.rival == "turned 90°")
        // On the square, but the square itself is doubtful: nothing is known to be in the way.
        let onDoubtful = try check(fits(rival: ApproximatePose(piece: .small1, x: 2, y: 1, degrees: 90), squareExplained: 0.3))
        #expect(onDoubtful.margin == 0.05)
    }
}
