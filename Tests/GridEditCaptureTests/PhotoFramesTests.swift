import CVision
import Foundation
@testable import GridEditCapture
import GridEditCore
import PhotoFrames
import SyntheticFrames
import Testing

/// The second, independent frame source (Sources/Support/PhotoFrames): photograph-like frames whose
/// pieces, lens and light are not drawn by the renderer capture was built against. A seeded
/// share runs here (`GRIDEDIT_PHOTO_FRAMES_COUNT`, `GRIDEDIT_PHOTO_FRAMES_FIRST_SEED` run others
/// by hand); `gridedit-bench capture` runs the full count (500). Prints the rates per condition
/// and the confidences of right and wrong pieces.
@Suite("Capture on photograph-like frames")
struct PhotoFramesTests {
    @Test("a scene gives the same frame every time, and the camera keeps the mat in view")
    func reproducible() throws {
        let a = try PhotoFrames.render(PhotoScene.random(seed: 11)), b = try PhotoFrames.render(PhotoScene.random(seed: 11))
        defer { gev_image_free(a); gev_image_free(b) }
        var strideA: Int32 = 0, strideB: Int32 = 0
        let bytesA = gev_image_bytes(a, &strideA)!, bytesB = gev_image_bytes(b, &strideB)!
        let count = Int(strideA) * Int(gev_image_height(a))
        #expect(memcmp(bytesA, bytesB, count) == 0)
        #expect(gev_image_width(a) == 1280 && gev_image_height(a) == 720)
    }

    @Test("seeded photo-like frames: never a wrong layout, nor a piece the stream places wrong; every refusal names a piece or the mat")
    func seededShare() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["GRIDEDIT_PHOTO_FRAMES_COUNT"].flatMap(Int.init) ?? 48
        let first = environment["GRIDEDIT_PHOTO_FRAMES_FIRST_SEED"].flatMap(UInt64.init) ?? 0
        let analyzer = FrameAnalyzer(profile: try SyntheticFrames.templateProfile())
        let outcomes = try PhotoEvaluation.parallelRun(first..<first + UInt64(count), analyzer: analyzer)
        print(PhotoEvaluation.table(outcomes))
        print(PhotoEvaluation.confidenceReport(outcomes))
        print(PhotoEvaluation.geometryReport(outcomes))
        print(PhotoEvaluation.fitErrorReport(outcomes))
        print(PhotoEvaluation.streamReport(outcomes))
        for outcome in outcomes where outcome.kind != .right { print("  seed \(outcome.seed): \(outcome.kind.rawValue): \(outcome.message)") }
        #expect(outcomes.filter { $0.kind == .wrong }.isEmpty)
        // The REPL's stream, from the same frames held still: no piece placed wrong either.
        #expect(outcomes.allSatisfy { $0.streamWrong.isEmpty }, "\(PhotoEvaluation.streamReport(outcomes))")
        let right = outcomes.filter { $0.kind == .right }.count
        #expect(Double(right) >= PhotoFramesTests.rightFloor * Double(count), "\(right) of \(count) right")
        for outcome in outcomes where outcome.kind == .refusedPiece {
            #expect(TangramPiece.allCases.contains { outcome.message.contains($0.rawValue) }, "\(outcome.message)")
        }
    }

    @Test("seeded photo-like frames at 1920×1080, their markers searched at a third of the width: never wrong, as many right, and the third alone finds the mat")
    func seededShareFullHD() throws {
        let count = ProcessInfo.processInfo.environment["GRIDEDIT_PHOTO_FRAMES_1080_COUNT"].flatMap(Int.init) ?? 16
        let analyzer = FrameAnalyzer(profile: try SyntheticFrames.templateProfile())
        let outcomes = try PhotoEvaluation.parallelRun(0..<UInt64(count), analyzer: analyzer, size: (1920, 1080))
        for outcome in outcomes where outcome.kind != .right { print("  1920×1080 seed \(outcome.seed): \(outcome.kind.rawValue): \(outcome.message)") }
        #expect(outcomes.filter { $0.kind == .wrong }.isEmpty)
        #expect(outcomes.allSatisfy { $0.streamWrong.isEmpty }, "\(PhotoEvaluation.streamReport(outcomes))")
        let right = outcomes.filter { $0.kind == .right }.count
        #expect(Double(right) >= PhotoFramesTests.rightFloor * Double(count), "\(right) of \(count) right")
        // The search at a third sees enough of the mat's markers that the full frame is not
        // searched again (which would cost more than the third saves).
        #expect(MatLocator.searchWidth(1920) == 640)
        for seed in UInt64(0)..<UInt64(min(count, 8)) {
            let frame = try PhotoFrames.image(PhotoScene.random(seed: seed, width: 1920, height: 1080))
            let ids = Set(analyzer.locator.markers(in: frame, searchWidth: MatLocator.searchWidth(1920)).map(\.id).filter { $0 < 8 })
            #expect(ids.count >= MatLocator.fullSearchBelow, "seed \(seed): \(ids.count) markers at a third")
        }
    }

    @Test("the two frames once written wrong are never written wrong: refused naming the piece and why, or right",
          arguments: [(UInt64(149), "it and the pieces it touches lie"),
                      (118, "parallelogram (purple): not sure of its pose")])
    func onceWrong(seed: UInt64, reason: String) throws {
        // 149: a group of four 45° pieces settled a few hundredths off against the loose ones
        // (GroupPlacement; its snapped placement and one under 0.01 units away put as many
        // vertices on grid points, so only the camera chose, and it stays refused: at 48 pixels a
        // unit the group lies nearly half-way between the two). 118: a parallelogram under a hand fitted 17° off its step, whose
        // rival had climbed into the same pose (the turn measure; rivals keep their way). Since
        // the lens model and the sub-pixel fit, 118's parallelogram is fitted on its step and the
        // frame comes out right, which is the goal; a refusal must still say why.
        let analyzer = FrameAnalyzer(profile: try SyntheticFrames.templateProfile())
        let outcome = try PhotoEvaluation.run(seed: seed, analyzer: analyzer)
        #expect(outcome.kind == .refusedPiece || outcome.kind == .right, "seed \(seed): \(outcome.kind.rawValue) \(outcome.message)")
        if outcome.kind == .refusedPiece { #expect(outcome.message.contains(reason), "\(outcome.message)") }
    }

    @Test("a piece whose edges blur bends 13° off its step is still tried on the step: held-out seed 3411, once written wrong, is right")
    func startsOnTheStep() throws {
        // Strong motion blur bent the parallelogram's edges (purple beside the pink triangle) so
        // that their angle read 13° off a 45° step. Every start was turned by it, the true way's
        // start scored low and was never refined, and a flipped fit 13° off its step (confidence
        // 0.64, the turn measure alone holding it down) was written turned 45° and 2 units away.
        // Starts now also lie on the steps themselves.
        let outcome = try PhotoEvaluation.run(seed: 3411, analyzer: FrameAnalyzer(profile: try SyntheticFrames.templateProfile()))
        #expect(outcome.kind == .right, "\(outcome.kind.rawValue): \(outcome.message)")
    }

    /// The share of frames that must come out right (measured: 46 of seeds 0–47, 95.8 %; see
    /// docs/measurements.md).
    static let rightFloor = 0.9
}
