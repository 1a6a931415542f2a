import Foundation
import GridEditCapture
import GridEditCore
import GridEditMat
import GridEditGeometry
import GridEditLayout
import SyntheticFrames
import Testing

/// The issue's acceptance measure: frames rendered by gridedit's own renderer (mat and pieces at
/// known exact poses), seen in perspective with blur, noise, a lighting gradient and, two times in
/// three, a hand partly over the mat; capture must recover every exact pose. Prints the recovery
/// rate and the worst position error before snapping.
@Suite("Capture recovers exact poses")
struct RecoveryTests {
    struct Outcome: Sendable {
        var seed: UInt64
        var recovered: Bool
        var problem: String?
        /// The largest distance from a true vertex to the fitted (unsnapped) outline's nearest
        /// vertex, over the frame's pieces, and the piece.
        var worstError: Double
        var worstPiece: TangramPiece?
        var hand: Bool
        /// Refused with a message naming a piece (a doubtful fit, a piece not found), not written.
        var refusedNamingPiece = false
    }

    /// Distance from each true vertex to the nearest vertex of the fitted, unsnapped outline;
    /// the largest. Vertex sets are compared because symmetric pieces have several vertex-0
    /// choices for the same footprint.
    static func rawError(_ truth: Pose, _ sighting: ApproximatePose) -> Double {
        let a = sighting.degrees * .pi / 180
        let fitted = truth.piece.shape.localVertices.map { v -> (Double, Double) in
            let x = (sighting.flipped ? -1 : 1) * v.doubleX, y = v.doubleY
            return (sighting.x + cos(a) * x - sin(a) * y, sighting.y + sin(a) * x + cos(a) * y)
        }
        return truth.vertices.map { v in
            fitted.map { f in ((f.0 - v.doubleX) * (f.0 - v.doubleX) + (f.1 - v.doubleY) * (f.1 - v.doubleY)).squareRoot() }.min()!
        }.max()!
    }

    static func run(seed: UInt64, analyzer: FrameAnalyzer, profile: ColorProfile) throws -> Outcome {
        let scene = try Scene.random(seed: seed)
        let frame = try SyntheticFrames.render(scene)
        let image = VisionImage.copying(frame.image)!
        let truth = scene.poses.sorted { $0.piece < $1.piece }
        switch CapturedLayout.make(from: analyzer.analyze(image), profile: profile) {
        case .failure(let problem):
            if let folder = ProcessInfo.processInfo.environment["GRIDEDIT_CAPTURE_FAILURES"] { try? frame.write(png: "\(folder)/frame-\(seed).png") }
            return Outcome(seed: seed, recovered: false, problem: problem.message, worstError: .infinity, worstPiece: nil, hand: scene.hand != nil,
                           refusedNamingPiece: !problem.pieces.isEmpty)
        case .success(let layout):
            var worst = 0.0, worstPiece: TangramPiece?
            for (pose, sighting) in zip(truth, layout.pieces.map(\.sighting)) {
                let e = rawError(pose, sighting)
                if e > worst { (worst, worstPiece) = (e, pose.piece) }
            }
            let wrong = zip(truth, layout.poses).filter { $0.footprint != $1.footprint }
            let problem = wrong.isEmpty ? nil : wrong.map { t, p in
                "\(t.piece.rawValue) should be at \(t.position) \(t.rotation.degrees)°, snapped to \(p.position) \(p.rotation.degrees)°"
            }.joined(separator: "; ")
            if problem != nil, let folder = ProcessInfo.processInfo.environment["GRIDEDIT_CAPTURE_FAILURES"] { try? frame.write(png: "\(folder)/frame-\(seed).png") }
            return Outcome(seed: seed, recovered: wrong.isEmpty, problem: problem, worstError: worst, worstPiece: worstPiece, hand: scene.hand != nil)
        }
    }

    @Test("200 random frames: never a wrong layout, at least 96 % recovered exactly, the rest refused naming a piece; position error before snapping well under a grid step")
    func twoHundredFrames() throws {
        let profile = try SyntheticFrames.templateProfile()
        let analyzer = FrameAnalyzer(profile: profile)
        // GRIDEDIT_CAPTURE_FRAMES=N (and GRIDEDIT_CAPTURE_FIRST_SEED) run a longer series by hand.
        let environment = ProcessInfo.processInfo.environment
        let count = environment["GRIDEDIT_CAPTURE_FRAMES"].flatMap(Int.init) ?? 200
        let first = environment["GRIDEDIT_CAPTURE_FIRST_SEED"].flatMap(UInt64.init) ?? 0
        let outcomes = try Self.parallelMap(first..<first + UInt64(count)) { seed in try Self.run(seed: seed, analyzer: analyzer, profile: profile) }
        let recovered = outcomes.filter(\.recovered)
        let measured = outcomes.filter { $0.worstError.isFinite }
        let worst = measured.max { $0.worstError < $1.worstError }
        let withHand = outcomes.filter(\.hand)
        print(String(format: "capture recovered %d of %d frames exactly (%.1f%%; %d of %d frames with a hand); "
                     + "worst position error before snapping %.3f units (%@, seed %d)",
                     recovered.count, count, 100 * Double(recovered.count) / Double(count),
                     withHand.filter(\.recovered).count, withHand.count,
                     worst?.worstError ?? .nan, worst?.worstPiece?.rawValue ?? "-", Int(worst?.seed ?? 0)))
        for failure in outcomes where !failure.recovered { print("  seed \(failure.seed): \(failure.problem ?? "?")") }
        // Since the confidence threshold (docs/capture.md, "Confidence"), a frame whose fit is
        // doubtful is refused rather than risked: 196 of these 200 are recovered (183 before the
        // lens and the sub-pixel fit, 195 before the group measure along the line), 4 refused
        // (3 a piece that fits almost as well turned 135°, 1 a group nearly half-way between two
        // grid placements), none written wrong.
        let wrong = outcomes.filter { !$0.recovered && $0.worstError.isFinite }
        #expect(wrong.isEmpty, "written wrong: \(wrong.map(\.seed))")
        #expect(outcomes.allSatisfy { $0.recovered || $0.refusedNamingPiece })
        #expect(Double(recovered.count) >= 0.96 * Double(count))
        // Snapping to the 0.25 grid is only safe when the fit is within half a step.
        #expect((worst?.worstError ?? .infinity) < 0.125)
    }

    /// Runs `body` over the values on every core (rendering dominates and is independent).
    static func parallelMap<T: Sendable>(_ values: Range<UInt64>, _ body: @escaping @Sendable (UInt64) throws -> T) throws -> [T] {
        let box = ResultBox<T>(values.count)
        DispatchQueue.concurrentPerform(iterations: values.count) { i in
            do {
                let value = try body(values.lowerBound + UInt64(i))
                box.lock.withLock { box.results[i] = value }
            } catch {
                box.lock.withLock { box.failure = error }
            }
        }
        if let failure = box.failure { throw failure }
        return box.results.map { $0! }
    }
}

/// Results filled in from several threads, under a lock.
final class ResultBox<T>: @unchecked Sendable {
    let lock = NSLock()
    var results: [T?]
    var failure: Error?
    init(_ count: Int) { results = Array(repeating: nil, count: count) }
}
