import GridEditCore
import GridEditLayout
import PhotoFrames
import SyntheticFrames
import Testing
@testable import GridEditCapture

/// Settling moves a group of anchored pieces as one body, so their fits' offsets from the settled
/// poses agree up to the fits' error; a piece joined at the wrong place moves otherwise than the
/// rest (``GroupPlacement/Judgement/apart``), and is doubtful however little it moved itself.
@Suite("A piece that settling moves otherwise than its group is doubtful")
struct GroupAgreementTests {
    // The square on [1, 2] × [1, 2]; the small triangle (2, 1), (3, 1), (2, 2) against its right side.
    func fits(triangleSeenAt y: Double) throws -> [PieceFit] {
        let sightings = [ApproximatePose(piece: .small1, x: 2, y: y, degrees: 0), ApproximatePose(piece: .square, x: 1, y: 1, degrees: 0)]
        let settled = try CameraLayout.settle(sightings)
        #expect(settled.poses.first { $0.piece == .small1 }.map { $0.approximateMiddle.y } == 1 + 1.0 / 3)
        let analysis = FrameAnalysis(outcome: .seen(view: MatView(unitsToPixels: Homography([1, 0, 0, 0, 1, 0, 0, 0, 1]), visibleMarkers: [], worstCornerError: 0, pixelsPerUnit: 48), sightings: sightings, failures: []), fits: [])
        return CapturedLayout.settledFits(analysis, reports: settled.reports, poses: settled.poses)
    }

    @Test("seen where it settles, the triangle agrees with the square; seen 0.1 units up it is doubtful and says why, unless partly hidden or split from a piece of its colour")
    func apart() throws {
        let together = try fits(triangleSeenAt: 1.01)
        #expect(together.allSatisfy { $0.isTrusted && $0.groupApart < 0.02 }, "\(together.map(\.groupApart))")
        let moved = try fits(triangleSeenAt: 1.1)
        let triangle = try #require(moved.first { $0.piece == .small1 })
        // Settling moved it 0.1 units, which alone is within the slack of 0.15.
        #expect(CameraLayout.settleAgreement(shift: triangle.settleShift) == 1)
        #expect(abs(triangle.groupApart - 0.1) < 1e-9)
        #expect(!triangle.isTrusted)
        #expect(triangle.weakness == "settling moved it 0.10 units otherwise than the pieces it is anchored to "
                + "(it may touch them elsewhere than where settling joined it)")
        // Partly hidden, a fit errs more, and 0.1 units is within what that allows.
        var hidden = triangle
        hidden.hiddenShare = 0.1
        #expect(hidden.isTrusted)
        // So does one split by shape from a touching piece of its colour: that edge shows no colour.
        var split = triangle
        split.edgeShared = true
        #expect(!split.isSeenWhole && split.isTrusted)
    }

    @Test("held-out seed 6688, once written wrong (the square joined to a corner of large-1 and both large triangles 0.08 units off), is refused naming them")
    func wrongContact() throws {
        let outcome = try PhotoEvaluation.run(seed: 6688, analyzer: FrameAnalyzer(profile: try SyntheticFrames.templateProfile()))
        #expect(outcome.kind == .refusedPiece, "\(outcome.kind.rawValue): \(outcome.message)")
        #expect(outcome.message.contains("large-1 (red): not sure") && outcome.message.contains("large-2 (blue): not sure"), "\(outcome.message)")
        #expect(outcome.message.contains("otherwise than the pieces it is anchored to"), "\(outcome.message)")
        // What to do, once for both: the contact is the doubt, not the light.
        #expect(outcome.message.hasSuffix("so nothing was written: push large-1 and large-2 flush against their neighbours, "
                                          + "or apart from them"), "\(outcome.message)")
    }
}
