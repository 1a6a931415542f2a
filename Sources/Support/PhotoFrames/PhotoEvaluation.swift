import CVision
import Foundation
import GridEditCapture
import GridEditCore
import GridEditLayout
import SyntheticFrames

/// What capture made of one photo-like frame, against the truth.
public struct PhotoOutcome: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Every piece where it lies, exactly or with the whole figure moved by one translation.
        case right
        /// Refused, naming a piece.
        case refusedPiece = "refused (piece named)"
        /// Refused for the mat (markers), naming no piece.
        case refusedMat = "refused (mat)"
        /// A layout that is not the truth: the one outcome that must never happen.
        case wrong = "WRONG"
    }

    public var seed: UInt64
    public var kind: Kind
    /// Right with no translation at all.
    public var exact: Bool
    public var message: String
    public var conditions: [(axis: String, value: String)]
    /// Every settled piece of a frame whose pieces were all found, whatever the threshold:
    /// its confidence and whether its settled pose is right. The data the threshold is chosen from.
    public var pieces: [(piece: TangramPiece, confidence: Double, right: Bool)]
    /// How well the mat was located (nil when it was not): see ``MatGeometry``.
    public var geometry: MatGeometry?
    /// Every piece under the threshold, with its four measures and whether it settled right
    /// (for looking into refusals: a doubtful piece that was right cost a frame).
    public var doubtful: [String] = []
    /// Every found piece turned as the truth has it: its fitted middle minus the true middle
    /// (units), and whether part of it was hidden: how precisely the fit places a piece.
    public var fitErrors: [(piece: TangramPiece, dx: Double, dy: Double, occluded: Bool)] = []
    /// What the REPL's stream (``PoseStream``) placed from the same frame held still (a frame
    /// with a hand: held with the hand, then without it): the pieces placed at the end, and every
    /// piece that was placed wrong at any moment (which must never happen).
    public var streamPlaced: Set<TangramPiece> = []
    public var streamWrong: Set<TangramPiece> = []
}

/// The mat's mapping in one frame against the truth, in units of the mat.
public struct MatGeometry: Sendable {
    /// The worst marker corner's distance from where the fitted mapping puts it (what capture sees).
    public var residual: Double
    /// The same for the perspective alone, without the lens model.
    public var plainResidual: Double
    /// The lens's coefficient, when one was measured.
    public var lensK: Double?
    /// The worst distance, over the play area's 9×9 grid points, between a point and the mat
    /// point the frame really shows where the mapping puts it (the error the top view inherits).
    public var mappingError: Double
}

public enum PhotoEvaluation {
    /// Renders the scene of `seed`, captures it as `gridedit capture --image` does (analysis, then
    /// ``CapturedLayout/make(from:profile:)``, which refuses doubtful pieces) and judges the result.
    /// `size` renders the scene at another frame size than the scene's own 1280×720.
    public static func run(seed: UInt64, analyzer: FrameAnalyzer, size: (width: Int, height: Int)? = nil) throws -> PhotoOutcome {
        let scene = size.map { PhotoScene.random(seed: seed, width: $0.width, height: $0.height) } ?? PhotoScene.random(seed: seed)
        let image = try PhotoFrames.image(scene, keepAs: "photo-\(seed)")
        let truth = scene.poses.sorted { $0.piece < $1.piece }
        let analysis = analyzer.analyze(image)

        // The data: every piece's confidence and whether it settled right, before any refusal.
        var pieces: [(TangramPiece, Double, Bool)] = []
        var doubtful: [String] = []
        if case .seen(_, let sightings, let failures) = analysis.outcome, failures.isEmpty,
           let settled = try? CameraLayout.settle(sightings) {
            let fits = CapturedLayout.settledFits(analysis, reports: settled.reports, poses: settled.poses)
            let right = judge(settled.poses.sorted { $0.piece < $1.piece }, truth).rightPieces
            pieces = fits.map { ($0.piece, $0.confidence, right.contains($0.piece)) }
            doubtful = fits.filter { !$0.isTrusted }.map { "\($0.piece.rawValue) \(right.contains($0.piece) ? "RIGHT" : "wrong") \(evidence($0))" }
        }

        var fitErrors: [(piece: TangramPiece, dx: Double, dy: Double, occluded: Bool)] = []
        if case .seen(_, let sightings, _) = analysis.outcome {
            for s in sightings {
                guard let t = truth.first(where: { $0.piece == s.piece }) else { continue }
                let fitted = s.middle, exact = t.approximateMiddle
                guard abs(ApproximatePose.angleDifference(s.degrees, Double(t.rotation.degrees))) < 22.5, s.flipped == t.flipped else { continue }
                fitErrors.append((s.piece, fitted.x - exact.x, fitted.y - exact.y, s.occluded))
            }
        }
        let kind: PhotoOutcome.Kind, message: String, exact: Bool
        switch CapturedLayout.make(from: analysis, profile: analyzer.profile) {
        case .failure(let problem):
            kind = problem.pieces.isEmpty ? .refusedMat : .refusedPiece
            message = problem.message
            exact = false
        case .success(let layout):
            let verdict = judge(layout.poses, truth)
            kind = verdict.rightPieces.count == truth.count ? .right : .wrong
            exact = verdict.exact
            let residual = analysis.matView.map { $0.worstCornerError / $0.pixelsPerUnit } ?? .nan
            message = kind == .right ? "" : "wrong: " + truth.filter { !verdict.rightPieces.contains($0.piece) }
                .map { t in
                    let fit = layout.fits.first { $0.piece == t.piece }
                    let found = layout.poses.first { $0.piece == t.piece }!
                    return "\(t.piece.rawValue) (confidence \(fit.map { String(format: "%.2f", $0.confidence) } ?? "?"), "
                        + "at \(t.position) \(t.rotation.degrees)°, written \(found.position) \(found.rotation.degrees)°)"
                }.joined(separator: ", ") + String(format: "; marker residual %.3f units", residual)
        }
        // The stream: the frame held still; a hand's frame held 1 s, then the same scene 2 s
        // without the hand (the hand leaves), so a piece first seen partly hidden comes into view.
        var frames = [(analysis, 20)]
        if scene.handSide != nil {
            var clearScene = scene
            clearScene.handSide = nil
            let clearFrame = try PhotoFrames.render(clearScene)
            defer { gev_image_free(clearFrame) }
            guard let clearImage = VisionImage.copying(clearFrame) else { throw SyntheticFrameError("cannot copy the frame") }
            frames = [(analysis, 10), (analyzer.analyze(clearImage), 20)]
        }
        let stream = try streamed(frames, truth: truth, analyzer: analyzer)
        return PhotoOutcome(seed: seed, kind: kind, exact: exact, message: message, conditions: scene.conditions + [hidden(analysis)],
                            pieces: pieces.map { (piece: $0.0, confidence: $0.1, right: $0.2) },
                            geometry: analysis.matView.map { geometry($0, scene) }, doubtful: doubtful, fitErrors: fitErrors,
                            streamPlaced: stream.placed, streamWrong: stream.wrong)
    }

    /// The last pose event of each piece among a stream's lines, read as the REPL reads them
    /// (``TouchLineReader``).
    public static func lastEvents(_ lines: [String]) throws -> [TangramPiece: PoseEvent] {
        var reader = TouchLineReader(), last: [TangramPiece: PoseEvent] = [:]
        for (n, line) in lines.enumerated() {
            if case .event(.pose(let event)) = try reader.read(Substring(line), number: n + 1) { last[event.pose.piece] = event }
        }
        return last
    }

    /// What the REPL does with the stream of `frames` (each analysis repeated the given number
    /// of times, a tenth of a second apart): it places a piece by each event at or over the
    /// threshold the stream's header gives, ignores the others (keeping the piece where it was)
    /// and takes a piece off by `removed`. After every frame, the pieces placed must be the
    /// truth moved by one translation; `wrong` gathers every piece that ever was not.
    static func streamed(_ frames: [(FrameAnalysis, Int)], truth: [Pose], analyzer: FrameAnalyzer) throws
        -> (placed: Set<TangramPiece>, wrong: Set<TangramPiece>) {
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        // The source only names the stream; the frames are the analyses.
        let stream = PoseStream(analyzer: analyzer, source: try FrameSource(.images(["/dev/null"])),
                                write: { lines.all.append($0) }, status: { _ in })
        var state = PoseStream.State()
        // Read back as the REPL reads them (TouchLineReader).
        var reader = TouchLineReader(), read = 0
        var placed: [TangramPiece: Pose] = [:], wrong: Set<TangramPiece> = []
        var index = 0
        for (analysis, count) in frames {
            for _ in 0..<count {
                stream.process(analysis, time: Double(index) * 0.1, index: index, state: &state)
                index += 1
                guard lines.all.count > read else { continue }
                for line in lines.all[read...] {
                    read += 1
                    guard case .event(.pose(let event)) = try reader.read(Substring(line), number: read) else { continue }
                    if event.kind == .removed { placed[event.pose.piece] = nil; continue }
                    guard event.pose.confidence >= PieceFit.threshold, let pose = event.pose.exactPose else { continue }
                    placed[event.pose.piece] = pose
                }
                let right = judge(Array(placed.values), truth).rightPieces
                wrong.formUnion(Set(placed.keys).subtracting(right))
            }
        }
        return (Set(placed.keys), wrong)
    }

    /// How much of the most hidden piece the frame hides, as capture measured it (unknown pixels
    /// well inside its fitted outline: a hand, a glare): rates with a piece half under a hand,
    /// which no camera can place, apart from the rest.
    static func hidden(_ analysis: FrameAnalysis) -> (axis: String, value: String) {
        guard case .seen(_, _, let failures) = analysis.outcome else { return ("hidden", "no mat") }
        if !failures.isEmpty { return ("hidden", "a piece not found") }
        let most = analysis.fits.map(\.hiddenShare).max() ?? 0
        return ("hidden", most < 0.1 ? "every piece under 10 %" : most < 0.3 ? "a piece 10–30 %" : "a piece 30 % or more")
    }

    /// A piece's four measures and what holds each down, for the bench's detail lines:
    /// `conf 0.540 (explained 0.871, lead 1.000 over turned -135°, settled …, grid …, hidden …)`.
    public static func evidence(_ f: PieceFit) -> String {
        func d(_ x: Double) -> String { String(format: "%.3f", x) }
        return "conf \(d(f.confidence)) (explained \(d(f.explained)), "
            + "lead \(d(f.distinct)) over \(f.rival ?? "-"), settled \(d(f.settled)) [shift \(d(f.settleShift)) turn \(d(f.settleTurn))], "
            + "grid \(d(f.gridClear)) [margin \(d(f.gridMargin))\(f.gridByGroup ? " group" : "")], hidden \(d(f.hiddenShare)))"
    }

    static func geometry(_ view: MatView, _ scene: PhotoScene) -> MatGeometry {
        var worst = 0.0
        for i in 0...8 {
            for j in 0...8 {
                let p = view.pixel(Double(i), Double(j))
                guard let t = PhotoFrames.trueUnits(scene, x: p.x, y: p.y) else { worst = .infinity; continue }
                worst = max(worst, ((t.x - Double(i)) * (t.x - Double(i)) + (t.y - Double(j)) * (t.y - Double(j))).squareRoot())
            }
        }
        return MatGeometry(residual: view.worstCornerError / view.pixelsPerUnit, plainResidual: view.plainWorstCornerError / view.pixelsPerUnit,
                           lensK: view.lens?.k, mappingError: worst)
    }

    /// The mat's mapping per condition: how often a lens was measured, and the median and worst
    /// of the marker residual (with and without the lens) and of the true mapping error, in units.
    public static func geometryReport(_ outcomes: [PhotoOutcome]) -> String {
        func row(_ label: String, _ group: [PhotoOutcome]) -> String {
            let g = group.compactMap(\.geometry)
            func stats(_ values: [Double]) -> String {
                let v = values.sorted()
                guard !v.isEmpty else { return "– / –" }
                return String(format: "%.3f / %.3f", v[v.count / 2], v.last!)
            }
            return "| \(label) | \(g.count) | \(g.filter { $0.lensK != nil }.count) | \(stats(g.map(\.plainResidual))) | "
                + "\(stats(g.map(\.residual))) | \(stats(g.map(\.mappingError))) |"
        }
        var lines = ["| condition | mats | lens measured | corner residual, plain (median / worst) | corner residual, used | mapping error, used |",
                     "| --- | --- | --- | --- | --- | --- |", row("all", outcomes)]
        for (label, group) in byCondition(outcomes, axes: ["distortion", "tilt", "hand"]) { lines.append(row(label, group)) }
        return lines.joined(separator: "\n")
    }

    /// The pieces that lie where the truth has them once the whole figure is moved by the one
    /// translation most pieces agree on (at most half a unit), and whether that translation is 0.
    static func judge(_ found: [Pose], _ truth: [Pose]) -> (rightPieces: Set<TangramPiece>, exact: Bool) {
        func key(_ x: Double) -> Int { Int((x * 1e5).rounded()) }
        // Each piece's translation, if its outline is the truth's moved.
        var shifts: [TangramPiece: [Int]] = [:]
        for pose in found {
            guard let t = truth.first(where: { $0.piece == pose.piece }) else { continue }
            let a = pose.vertices.map { ($0.doubleX, $0.doubleY) }, b = t.vertices.map { ($0.doubleX, $0.doubleY) }
            let (m, n) = (pose.approximateMiddle, t.approximateMiddle)
            let (dx, dy) = (m.x - n.x, m.y - n.y)
            let moved = Set(b.map { [key($0.0 + dx), key($0.1 + dy)] })
            guard moved == Set(a.map { [key($0.0), key($0.1)] }), (dx * dx + dy * dy).squareRoot() <= 0.5 else { continue }
            shifts[pose.piece] = [key(dx), key(dy)]
        }
        var votes: [[Int]: Int] = [:]
        for shift in shifts.values { votes[shift, default: 0] += 1 }
        guard let common = votes.max(by: { $0.value < $1.value })?.key else { return ([], false) }
        return (Set(shifts.filter { $0.value == common }.keys), common == [0, 0])
    }

    /// How far fitted middles lie from the true ones (units): median, 90th, 99th percentile and
    /// worst, absolute and less the frame's mean error (what placing pieces against each other sees).
    public static func fitErrorReport(_ outcomes: [PhotoOutcome]) -> String {
        func stats(_ values: [Double]) -> String {
            let v = values.sorted()
            guard !v.isEmpty else { return "-" }
            func p(_ q: Double) -> Double { v[min(v.count - 1, Int(Double(v.count) * q))] }
            return String(format: "n %d median %.4f p90 %.4f p99 %.4f max %.4f", v.count, p(0.5), p(0.9), p(0.99), v.last!)
        }
        func relative(_ group: [PhotoOutcome]) -> (clear: [Double], hidden: [Double], absolute: [Double]) {
            var clearErrors: [Double] = [], hiddenErrors: [Double] = [], absolute: [Double] = []
            for o in group {
                let clear = o.fitErrors.filter { !$0.occluded }
                guard !clear.isEmpty else { continue }
                let mx = clear.map(\.dx).reduce(0, +) / Double(clear.count), my = clear.map(\.dy).reduce(0, +) / Double(clear.count)
                for e in o.fitErrors {
                    if e.occluded { hiddenErrors.append(hypot(e.dx - mx, e.dy - my)); continue }
                    absolute.append(hypot(e.dx, e.dy))
                    clearErrors.append(hypot(e.dx - mx, e.dy - my))
                }
            }
            return (clearErrors, hiddenErrors, absolute)
        }
        let all = relative(outcomes)
        var lines = ["fit error, absolute: \(stats(all.absolute))", "fit error, less the frame's mean: \(stats(all.clear))",
                     "fit error, hidden pieces, less the mean: \(stats(all.hidden))"]
        for (label, group) in byCondition(outcomes) { lines.append("  \(label): \(stats(relative(group).clear))") }
        return lines.joined(separator: "\n")
    }

    /// Rates per condition, as a table: for each axis and value, frames, right, refused, wrong.
    public static func table(_ outcomes: [PhotoOutcome]) -> String {
        func row(_ label: String, _ group: [PhotoOutcome]) -> String {
            let n = group.count
            func rate(_ k: PhotoOutcome.Kind) -> String {
                let c = group.filter { $0.kind == k }.count
                return "\(c) (\(String(format: "%.1f", 100 * Double(c) / Double(max(n, 1))))%)"
            }
            return "| \(label) | \(n) | \(rate(.right)) | \(rate(.refusedPiece)) | \(rate(.refusedMat)) | \(rate(.wrong)) |"
        }
        var lines = ["| condition | frames | right | refused (piece named) | refused (mat) | WRONG |", "| --- | --- | --- | --- | --- | --- |",
                     row("all", outcomes)]
        for (label, group) in byCondition(outcomes) {
            lines.append(row(label, group))
            // The set issue 13 names: shipped and random exact figures (loose ones are more).
            if label == "figure: random" {
                lines.append(row("figure: shipped or random", outcomes.filter {
                    $0.conditions.contains { $0.axis == "figure" && ($0.value == "shipped" || $0.value == "random") }
                }))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// What the REPL's stream placed from the same frames (``PhotoOutcome/streamPlaced``): frames
    /// whose seven pieces were all placed, pieces placed and withheld, pieces placed wrong.
    public static func streamReport(_ outcomes: [PhotoOutcome]) -> String {
        let placed = outcomes.map(\.streamPlaced.count).reduce(0, +), wrong = outcomes.map(\.streamWrong.count).reduce(0, +)
        let whole = outcomes.filter { $0.streamPlaced.count == TangramPiece.allCases.count && $0.streamWrong.isEmpty }.count
        let oneShotRight = outcomes.filter { $0.kind == .right }
        let agree = oneShotRight.filter { $0.streamPlaced.count == TangramPiece.allCases.count && $0.streamWrong.isEmpty }.count
        var lines = ["stream (the REPL's capture, each frame held still 2 s; with a hand 1 s, then 2 s without it): \(whole) of \(outcomes.count) frames with all 7 pieces "
                     + "placed right; \(placed) pieces placed, \(wrong) of them WRONG, \(7 * outcomes.count - placed) withheld; "
                     + "of the \(oneShotRight.count) frames the one-shot writes, the stream places all 7 in \(agree)"]
        for outcome in outcomes where !outcome.streamWrong.isEmpty {
            lines.append("  seed \(outcome.seed): stream placed WRONG: \(outcome.streamWrong.map(\.rawValue).sorted().joined(separator: ", "))")
        }
        for outcome in oneShotRight where outcome.streamPlaced.count < TangramPiece.allCases.count {
            let withheld = Set(TangramPiece.allCases).subtracting(outcome.streamPlaced).map(\.rawValue).sorted()
            lines.append("  seed \(outcome.seed): written by the one-shot; the stream withheld \(withheld.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n")
    }

    /// The outcomes split by condition, one group per value of each axis (`tilt: 0–15°`), in the
    /// order of `axes` (by default every axis the scenes name) and of the values' names.
    static func byCondition(_ outcomes: [PhotoOutcome], axes: [String]? = nil) -> [(label: String, group: [PhotoOutcome])] {
        (axes ?? outcomes.first?.conditions.map(\.axis) ?? []).flatMap { axis in
            Set(outcomes.compactMap { $0.conditions.first { $0.axis == axis }?.value }).sorted().map { value in
                ("\(axis): \(value)", outcomes.filter { $0.conditions.contains { $0.axis == axis && $0.value == value } })
            }
        }
    }

    /// The confidences of right and wrong pieces: a histogram in tenths, the lowest right and the
    /// highest wrong, and what each candidate threshold would have given.
    public static func confidenceReport(_ outcomes: [PhotoOutcome]) -> String {
        let all = outcomes.flatMap(\.pieces)
        let right = all.filter(\.right).map(\.confidence), wrong = all.filter { !$0.right }.map(\.confidence)
        var lines = ["piece confidences: \(right.count) right pieces, \(wrong.count) wrong pieces (frames with all 7 found)"]
        for tenth in 0..<10 {
            let low = Double(tenth) / 10, high = low + 0.1
            let inBin = { (c: Double) in c >= low && (c < high || tenth == 9) }
            lines.append(String(format: "  %.1f–%.1f: right %4d  wrong %3d", low, high, right.filter(inBin).count, wrong.filter(inBin).count))
        }
        lines.append(String(format: "  lowest right %.3f, highest wrong %.3f", right.min() ?? .nan, wrong.max() ?? .nan))
        let frames = outcomes.filter { !$0.pieces.isEmpty }
        for threshold in [0.3, 0.4, 0.5, 0.6, 0.7, 0.8] {
            let accepted = frames.filter { $0.pieces.allSatisfy { $0.confidence >= threshold } }
            let wrongFrames = accepted.filter { $0.pieces.contains { !$0.right } }.count
            lines.append(String(format: "  threshold %.1f: %d frames accepted, %d of them wrong, %d refused", threshold,
                                accepted.count, wrongFrames, frames.count - accepted.count))
        }
        return lines.joined(separator: "\n")
    }

    /// Runs `body` for every seed on every core.
    public static func parallelRun(_ seeds: Range<UInt64>, analyzer: FrameAnalyzer, size: (width: Int, height: Int)? = nil) throws -> [PhotoOutcome] {
        final class Box: @unchecked Sendable {
            let lock = NSLock()
            var results: [PhotoOutcome?]
            var failure: Error?
            init(_ n: Int) { results = Array(repeating: nil, count: n) }
        }
        let box = Box(seeds.count)
        DispatchQueue.concurrentPerform(iterations: seeds.count) { i in
            do {
                let outcome = try run(seed: seeds.lowerBound + UInt64(i), analyzer: analyzer, size: size)
                box.lock.withLock { box.results[i] = outcome }
            } catch {
                box.lock.withLock { box.failure = error }
            }
        }
        if let failure = box.failure { throw failure }
        return box.results.map { $0! }
    }
}
