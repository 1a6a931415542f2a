import CVision
import Foundation
@testable import GridEditCapture
import GridEditCore
import PhotoFrames
import SyntheticFrames
import Testing

/// A stream's frames that show what an earlier frame showed are not read again, and a frame
/// read from what was kept says what reading it in full says: fresh camera noise alone keeps the
/// analysis; a moved piece is fitted again on the kept mat; a moved camera or a covered marker
/// has the mat located again; a change too small to see frame to frame is seen once it adds up.
@Suite("Stream analysis: what did not move is not read again")
struct StreamAnalyzerTests {
    /// A frame of the scene with its own camera noise.
    static func frame(_ scene: PhotoScene, noise: UInt64) throws -> VisionImage {
        var scene = scene
        scene.noiseSeed = noise
        let rendered = try PhotoFrames.render(scene)
        defer { gev_image_free(rendered) }
        return try #require(VisionImage.copying(rendered))
    }

    /// The layout a frame's analysis captures (nil when refused).
    static func layout(_ analysis: FrameAnalysis, _ analyzer: FrameAnalyzer) -> Set<Pose.Footprint>? {
        guard case .success(let layout) = CapturedLayout.make(from: analysis, profile: analyzer.profile) else { return nil }
        return Set(layout.poses.map(\.footprint))
    }

    /// Analyses each frame through the stream and in full, and checks they capture the same.
    static func read(_ frames: [VisionImage], stream: StreamAnalyzer) -> [Set<Pose.Footprint>?] {
        frames.map { frame in
            let kept = layout(stream.analyze(frame), stream.analyzer)
            let full = layout(stream.analyzer.analyze(frame), stream.analyzer)
            #expect(kept == full, "the stream's reading differs from a full one")
            return kept
        }
    }

    /// Changes a frame's BGR bytes in place.
    static func edit(_ image: VisionImage, _ body: (UnsafeMutablePointer<UInt8>, Int) -> Void) {
        var stride: Int32 = 0
        body(gev_image_mutable_bytes(image.handle, &stride)!, Int(stride))
    }

    @Test("still frames with fresh camera noise are read once; a moved piece is fitted on the kept mat; a moved camera is located again")
    func keepsWhatDidNotMove() throws {
        let (scene, piece, start) = try VideoMotionTests.setup.get()
        let analyzer = try VideoMotionTests.analyzer()
        let stream = StreamAnalyzer(analyzer: analyzer)
        var before = scene
        before.poses = start

        let still = try (1...4).map { try Self.frame(before, noise: $0) }
        #expect(Self.read(still, stream: stream).allSatisfy { $0 == VideoMotionTests.footprints(start) })
        #expect(stream.counts == .init(full: 1, matKept: 0, unchanged: 3), "noise alone is no change: \(stream.counts)")

        let moved = try (5...6).map { try Self.frame(scene, noise: $0) }
        #expect(Self.read(moved, stream: stream).allSatisfy { $0 == VideoMotionTests.footprints(scene.poses) }, "\(piece) moved")
        #expect(stream.counts == .init(full: 1, matKept: 1, unchanged: 4), "\(stream.counts)")

        var turned = scene
        turned.roll += 1.5
        let camera = try Self.frame(turned, noise: 7)
        #expect(Self.read([camera], stream: stream) == [VideoMotionTests.footprints(scene.poses)])
        #expect(stream.counts == .init(full: 2, matKept: 1, unchanged: 4), "the camera moved: \(stream.counts)")
    }

    @Test("a covered marker has the mat located again; a change too small frame to frame is seen once it adds up")
    func seesMarkersAndDrift() throws {
        let (scene, _, _) = try VideoMotionTests.setup.get()
        let analyzer = try VideoMotionTests.analyzer()
        let stream = StreamAnalyzer(analyzer: analyzer)
        let base = try Self.frame(scene, noise: 1)
        _ = stream.analyze(base)
        guard case .seen(let view, _, _) = stream.analyzer.analyze(base).outcome else {
            Issue.record("the scene's mat is not found")
            return
        }

        // Brighter by 8, then by 16 (each frame 8 brighter than the one before): the first is
        // under the threshold, the second over it against the frame the analysis came from.
        let threshold = StreamAnalyzer.changeThreshold
        for (step, expected) in [(threshold * 2 / 3, StreamAnalyzer.Counts(full: 1, matKept: 0, unchanged: 1)),
                                 (threshold * 4 / 3, StreamAnalyzer.Counts(full: 2, matKept: 0, unchanged: 1))] {
            let brighter = try #require(VisionImage.copying(base.handle))
            Self.edit(brighter) { bytes, stride in
                for row in 0..<brighter.height {
                    for i in 0..<(brighter.width * 3) { bytes[row * stride + i] = UInt8(min(255, Int(bytes[row * stride + i]) + step)) }
                }
            }
            _ = stream.analyze(brighter)
            #expect(stream.counts == expected, "brighter by \(step): \(stream.counts)")
        }

        // The first marker painted over with the paper's colour: the mat is located again (from
        // the others), not kept.
        let covered = try #require(VisionImage.copying(base.handle))
        let marker = analyzer.locator.layout.markers[0].corners.map { view.pixel($0.x, $0.y) }
        Self.edit(covered) { bytes, stride in
            let xs = marker.map(\.x), ys = marker.map(\.y)
            for row in max(0, Int(ys.min()!) - 2)...min(covered.height - 1, Int(ys.max()!) + 2) {
                for column in max(0, Int(xs.min()!) - 2)...min(covered.width - 1, Int(xs.max()!) + 2) {
                    for channel in 0..<3 { bytes[row * stride + 3 * column + channel] = 235 }
                }
            }
        }
        let before = stream.counts
        let analysis = stream.analyze(covered)
        #expect(stream.counts.full == before.full + 1, "\(stream.counts)")
        #expect(analysis.matView?.visibleMarkers.contains(analyzer.locator.layout.markers[0].id) == false)
    }
}
