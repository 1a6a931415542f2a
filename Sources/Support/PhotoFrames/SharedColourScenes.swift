import CVision
import Foundation
import GridEditCapture
import GridEditCore
import GridEditMat
import SyntheticFrames

/// Photograph-like frames of sets whose pieces share a colour (or nearly), and what capture makes
/// of them: the generator behind `SharedColourTests` (a seeded share) and `gridedit-bench capture`
/// (the full count), the same code in both.
public enum SharedColourScenes {
    /// The pairs painted one colour: equal shapes (the two large, the two small triangles) and
    /// unequal ones (the medium triangle and the square, a large triangle and the parallelogram).
    public static let pairs: [(TangramPiece, TangramPiece)] = [(.large1, .large2), (.small1, .small2), (.medium, .square), (.large2, .parallelogram)]
    /// A parallelogram 10° of hue from the blue large triangle: close colours a light makes one.
    public static let closeParallelogram = "#2049C7"

    /// The template's colours with `second` painted `first`'s colour (or the hex given).
    public static func profile(_ second: TangramPiece, like first: TangramPiece, hex: String? = nil) throws -> ColorProfile {
        var profile = try SyntheticFrames.templateProfile()
        profile.name = "\(second.rawValue) like \(first.rawValue)"
        guard let colour = hex.flatMap({ PieceColor(hex: $0, hueTolerance: 14) }) ?? profile.colors[first] else {
            throw SyntheticFrameError("no colour for \(second.rawValue)")
        }
        profile.colors[second] = colour
        return profile
    }

    /// Photo-like scenes (without a hand) among seeds 0–399 in which the two pieces lie flush,
    /// drawn with `profile`.
    public static func scenes(where a: TangramPiece, touches b: TangramPiece, count: Int, profile: ColorProfile) -> [PhotoScene] {
        var found: [PhotoScene] = []
        for seed in 0..<UInt64(400) where found.count < count {
            var scene = PhotoScene.random(seed: seed)
            guard let pa = scene.poses.first(where: { $0.piece == a }), let pb = scene.poses.first(where: { $0.piece == b }),
                  pa.polygon.sharesBoundarySegment(with: pb.polygon) else { continue }
            scene.handSide = nil
            scene.profile = profile
            found.append(scene)
        }
        return found
    }

    public enum Verdict: Equatable, Sendable {
        case right
        /// Refused, naming a piece.
        case refused(String)
        /// Refused without naming a piece: the message does not say which one to move.
        case refusedUnnamed(String)
        /// A layout that is not the truth: the one outcome that must never happen.
        case wrong(String)
    }

    /// Captures the scene as `gridedit capture --image` does and judges it against the truth,
    /// pieces of one shape being interchangeable (which of two same-coloured large triangles is
    /// `large-1` no photo can tell, and the figure is the same).
    public static func capture(_ scene: PhotoScene) throws -> Verdict {
        let image = try PhotoFrames.image(scene, keepAs: "shared-\(scene.seed)")
        let analyzer = FrameAnalyzer(profile: try scene.profile ?? SyntheticFrames.templateProfile())
        switch CapturedLayout.make(from: analyzer.analyze(image), profile: analyzer.profile) {
        case .failure(let problem):
            return problem.pieces.isEmpty ? .refusedUnnamed(problem.message) : .refused(problem.message)
        case .success(let layout):
            guard sameFigure(layout.poses, scene.poses) else {
                // Every piece's evidence, to see which measure let the wrong layout through.
                let evidence = layout.fits.map { "\($0.piece.rawValue) \(PhotoEvaluation.evidence($0))" }.joined(separator: "\n      ")
                return .wrong("written \(layout.poses), truth \(scene.poses)\n      \(evidence)")
            }
            return .right
        }
    }

    /// Whether `found` is `truth` moved by one translation of at most half a unit, as outlines.
    public static func sameFigure(_ found: [Pose], _ truth: [Pose]) -> Bool {
        func key(_ pose: Pose, _ dx: Double, _ dy: Double) -> String {
            let corners = pose.vertices.map { "\(Int((($0.doubleX + dx) * 1e4).rounded())),\(Int((($0.doubleY + dy) * 1e4).rounded()))" }
            return "\(pose.piece.shape) " + corners.sorted().joined(separator: " ")
        }
        func centre(_ pose: Pose) -> (x: Double, y: Double) {
            let v = pose.vertices
            return (v.map(\.doubleX).reduce(0, +) / Double(v.count), v.map(\.doubleY).reduce(0, +) / Double(v.count))
        }
        guard found.count == truth.count, let first = found.first else { return false }
        let seen = Set(found.map { key($0, 0, 0) })
        return truth.contains { t in
            guard t.piece.shape == first.piece.shape else { return false }
            let (a, b) = (centre(first), centre(t))
            let (dx, dy) = (a.x - b.x, a.y - b.y)
            return (dx * dx + dy * dy).squareRoot() <= 0.5 && Set(truth.map { key($0, dx, dy) }) == seen
        }
    }

    /// Seeds 1000… (any figure, touching or not) with the close-coloured parallelogram.
    public static func closeColourScenes(count: Int) throws -> [PhotoScene] {
        let profile = try profile(.parallelogram, like: .large2, hex: closeParallelogram)
        return (0..<UInt64(count)).map { seed in
            var scene = PhotoScene.random(seed: 1000 + seed)
            scene.handSide = nil
            scene.profile = profile
            return scene
        }
    }

    /// One line of rates: `label: R of N right, F refused, W WRONG`, and the verdicts that are not right.
    public static func report(_ label: String, _ verdicts: [(seed: UInt64, verdict: Verdict)]) -> String {
        let right = verdicts.filter { $0.verdict == .right }.count
        let wrong = verdicts.filter { if case .wrong = $0.verdict { true } else { false } }.count
        let unnamed = verdicts.filter { if case .refusedUnnamed = $0.verdict { true } else { false } }.count
        return "\(label): \(right) of \(verdicts.count) right, \(verdicts.count - right - wrong) refused (\(unnamed) naming no piece), \(wrong) WRONG"
    }
}
