import CVision
import Foundation
import GridEditCapture
import GridEditCore
import PhotoFrames
import SyntheticFrames

/// Everything the per-frame pipeline reads from a set of frames, printed to the last bit, so a
/// change made for speed can be shown to change nothing (`diff` two runs): the mat (perspective,
/// lens, corner errors), every sighting and fit, and the layout written or the refusal. The
/// frames: capture-speed's 24 synthetic scenes at 1280×720 and 1920×1080, then the
/// photograph-like frames of seeds 0 to `GRIDEDIT_DIGEST_PHOTOS` − 1 (default 300).
enum CaptureDigest {
    static func run() throws {
        gev_set_threads(1)
        let profile = try SyntheticFrames.templateProfile()
        let analyzer = FrameAnalyzer(profile: profile)
        var names: [String] = []
        var make: [@Sendable () throws -> VisionImage] = []
        for (width, height) in [(1280, 720), (1920, 1080)] {
            for seed in 0..<UInt64(24) {
                names.append("synthetic \(width)×\(height) seed \(1000 + seed)")
                make.append { try CaptureBenchmark.renderedFrame(seed: seed, width: width, height: height) }
            }
        }
        let photos = ProcessInfo.processInfo.environment["GRIDEDIT_DIGEST_PHOTOS"].flatMap(Int.init) ?? 300
        for seed in 0..<UInt64(photos) {
            names.append("photo seed \(seed)")
            make.append { try PhotoFrames.image(PhotoScene.random(seed: seed)) }
        }
        let (allNames, allMakers) = (names, make)
        let lines = parallelMap(allMakers.count, jobs: ProcessInfo.processInfo.activeProcessorCount) { i -> String in
            do { return allNames[i] + "\n" + describe(analyzer, try allMakers[i]()) } catch { return allNames[i] + ": \(error)\n" }
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for text in lines {
            print(text, terminator: "")
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        print(String(format: "capture digest: %d frames, FNV-1a %016llx", lines.count, hash))
    }

    static func describe(_ analyzer: FrameAnalyzer, _ frame: VisionImage) -> String {
        func n(_ x: Double) -> String { String(format: "%.17g", x) }
        let analysis = analyzer.analyze(frame)
        var out = ""
        switch analysis.outcome {
        case .noMat(let failure):
            out += "  no mat: \(failure.message)\n"
        case .seen(let view, let sightings, let failures):
            out += "  mat: h " + view.unitsToPixels.entries.map(n).joined(separator: " ")
                + " lens " + (view.lens.map { n($0.k) } ?? "-") + " worst " + n(view.worstCornerError)
                + " plain " + n(view.plainWorstCornerError) + " markers \(view.visibleMarkers)\n"
            for s in sightings {
                out += "  \(s.piece.rawValue) \(n(s.x)) \(n(s.y)) \(n(s.degrees)) \(s.flipped) \(n(s.confidence)) \(s.occluded) \(s.alternatives.map(\.rawValue))\n"
            }
            for f in analysis.fits {
                out += "  fit \(f.piece.rawValue) \(n(f.fit)) \(n(f.explained)) \(n(f.margin)) \(n(f.hiddenShare)) \(f.rival ?? "-")\n"
            }
            for failure in failures { out += "  failure \(failure)\n" }
        }
        switch CapturedLayout.make(from: analysis, profile: analyzer.profile) {
        case .success(let layout):
            out += "  layout " + layout.poses.map { "\($0.piece.rawValue)@\($0.position) \($0.rotation.degrees)\($0.flipped ? "f" : "")" }.joined(separator: " ") + "\n"
            for f in layout.fits { out += "  settled \(f.piece.rawValue) \(n(f.confidence)) \(n(f.settleShift)) \(n(f.gridMargin))\n" }
        case .failure(let problem):
            out += "  refused: \(problem.message)\n"
        }
        return out
    }
}
