import CVision
import Foundation
import GridEditCapture
import GridEditCore
import PhotoFrames
import SyntheticFrames

/// Camera capture on one core (OpenCV's threads off): synthetic frames (mat, pieces, perspective,
/// blur, noise, uneven light, a hand two times in three) at 1280×720 and 1920×1080, rendered
/// before the clock starts. Per frame: markers, perspective, top view, colours, piece fits and the
/// snap to exact poses, which is everything `gridedit capture` does with a frame.
enum CaptureBenchmark {
    static func run() throws {
        gev_set_threads(1)
        print("capture: per-frame pipeline on 1 core (markers → perspective → top view → fits → exact snap)")
        let profile = try SyntheticFrames.templateProfile()
        let analyzer = FrameAnalyzer(profile: profile)
        for (width, height) in [(1280, 720), (1920, 1080)] {
            let scenes = 24
            var frames: [VisionImage] = []
            for seed in 0..<UInt64(scenes) {
                let rendered = try SyntheticFrames.render(try Scene.random(seed: 1000 + seed, width: width, height: height))
                frames.append(VisionImage.copying(rendered.image)!)
            }
            // Warm up (first-use allocations in OpenCV), then three passes over every frame.
            for frame in frames { _ = CapturedLayout.make(from: analyzer.analyze(frame), profile: profile) }
            var latencies: [Double] = []
            var recovered = 0
            for _ in 0..<3 {
                for frame in frames {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let layout = CapturedLayout.make(from: analyzer.analyze(frame), profile: profile)
                    latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                    if case .success = layout { recovered += 1 }
                }
            }
            // Where the time goes (the same frames, stage by stage; medians).
            var stages: [String: [Double]] = [:]
            func time<T>(_ name: String, _ body: () -> T) -> T {
                let start = DispatchTime.now().uptimeNanoseconds
                let result = body()
                stages[name, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                return result
            }
            for frame in frames {
                guard case .success(let view) = time("markers + perspective", { analyzer.locator.locate(in: frame) }),
                      let top = time("top view", { TopView(frame: frame, view: view) }) else { continue }
                let labels = time("colour labels", { PixelLabels(view: top, profile: profile) })
                _ = time("piece fits", { analyzer.finder.find(in: labels) })
                _ = time("analyze + snap", { CapturedLayout.make(from: analyzer.analyze(frame), profile: profile) })
            }
            let breakdown = stages.keys.sorted().map { key -> String in
                let values = stages[key]!.sorted()
                return String(format: "%@ %.1f", key, values[values.count / 2])
            }
            print("             stages (median ms): " + breakdown.joined(separator: ", "))
            latencies.sort()
            let mean = latencies.reduce(0, +) / Double(latencies.count)
            func percentile(_ p: Double) -> Double { latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }
            print(String(format: "  %4d×%-4d  %5.1f fps   latency median %5.1f ms, p95 %5.1f ms, max %5.1f ms   (%d frames, %d with a layout)",
                         width, height, 1000 / mean, percentile(0.5), percentile(0.95), latencies.last!, latencies.count, recovered))
        }
    }

    /// Capture's rates on photograph-like frames (Tests/PhotoFrames), per condition: right,
    /// refused, WRONG. `GRIDEDIT_PHOTO_FRAMES_COUNT` frames (default 500) from seed
    /// `GRIDEDIT_PHOTO_FRAMES_FIRST_SEED` (default 0), on every core.
    static func photoRates() throws {
        gev_set_threads(1)
        let environment = ProcessInfo.processInfo.environment
        let count = environment["GRIDEDIT_PHOTO_FRAMES_COUNT"].flatMap(Int.init) ?? 500
        let first = environment["GRIDEDIT_PHOTO_FRAMES_FIRST_SEED"].flatMap(UInt64.init) ?? 0
        print("capture: \(count) photograph-like frames from seed \(first) (Tests/PhotoFrames)")
        let analyzer = FrameAnalyzer(profile: try SyntheticFrames.templateProfile())
        let outcomes = try PhotoEvaluation.parallelRun(first..<first + UInt64(count), analyzer: analyzer)
        print(PhotoEvaluation.table(outcomes))
        print(PhotoEvaluation.confidenceReport(outcomes))
        print(PhotoEvaluation.geometryReport(outcomes))
        print(PhotoEvaluation.fitErrorReport(outcomes))
        print(PhotoEvaluation.streamReport(outcomes))
        for outcome in outcomes where outcome.kind != .right {
            print("  seed \(outcome.seed): \(outcome.kind.rawValue): \(outcome.message)")
            if environment["GRIDEDIT_PHOTO_FRAMES_DETAIL"] != nil {
                for line in outcome.doubtful { print("      \(line)") }
            }
        }
        // The danger sign: a piece that settled wrong yet is trusted (only another piece's doubt
        // kept its frame from being written).
        for outcome in outcomes {
            let trustedWrong = outcome.pieces.filter { !$0.right && $0.confidence >= PieceFit.threshold }
            guard !trustedWrong.isEmpty else { continue }
            print("  seed \(outcome.seed): trusted yet wrong: "
                  + trustedWrong.map { "\($0.piece.rawValue) \(String(format: "%.2f", $0.confidence))" }.joined(separator: ", ")
                  + " (frame \(outcome.kind.rawValue))")
        }
    }

    /// Capture on sets whose pieces share a colour (Tests/PhotoFrames, `SharedColourScenes`):
    /// each pair painted one colour, over the scenes of seeds 0–399 where they lie flush
    /// (`GRIDEDIT_SHARED_COLOUR_SCENES`, default 60 a pair, 120 for the large triangles), and a
    /// parallelogram 10° of hue from the blue large triangle. The suite runs a share of the same.
    static func sharedColourRates() throws {
        gev_set_threads(1)
        let count = ProcessInfo.processInfo.environment["GRIDEDIT_SHARED_COLOUR_SCENES"].flatMap(Int.init) ?? 60
        print("capture: pieces of one colour, touching (photograph-like frames, \(count) scenes a pair at most)")
        func run(_ label: String, _ scenes: [PhotoScene]) throws {
            let results = parallelMap(scenes.count, jobs: ProcessInfo.processInfo.activeProcessorCount) { i in
                Result { (seed: scenes[i].seed, verdict: try SharedColourScenes.capture(scenes[i])) }
            }
            let verdicts = try results.map { try $0.get() }
            print("  " + SharedColourScenes.report(label, verdicts))
            for (seed, verdict) in verdicts where verdict != .right { print("    seed \(seed): \(verdict)") }
        }
        for (first, second) in SharedColourScenes.pairs {
            let profile = try SharedColourScenes.profile(second, like: first)
            let n = first == .large1 ? 2 * count : count
            try run("\(first.rawValue) and \(second.rawValue) one colour", SharedColourScenes.scenes(where: first, touches: second, count: n, profile: profile))
        }
        try run("parallelogram 10° from large-2", try SharedColourScenes.closeColourScenes(count: count))
    }
}
