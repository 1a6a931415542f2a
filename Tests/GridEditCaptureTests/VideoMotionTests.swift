import CVision
import Foundation
import GridEditCapture
import GridEditCore
import GridEditGeometry
import GridEditTestSupport
import PhotoFrames
import SyntheticFrames
import Testing

/// Videos with pieces in motion, written by OpenCV as Motion-JPEG and read back the way
/// `gridedit capture --video` and the REPL's camera stream read them. A piece is carried across
/// the mat in frames blurred along its path; the capture must wait until the layout holds still
/// and never take a pose from the frames in between.
@Suite("Capture from a video in motion")
struct VideoMotionTests {
    /// Frames per second of the videos: the stream's settling counts time, not frames.
    static let fps = 10.0

    /// A photo-like scene (moderate camera and light, no hand) whose still frame captures
    /// exactly, and the piece that is carried: the first of the seeds tried whose shipped figure
    /// has a piece of its own colour that can start 2 units away without touching the others.
    static let setup: Result<(scene: PhotoScene, piece: TangramPiece, start: [Pose]), Error> = Result(catching: {
        let analyzer = try Self.analyzer()
        for seed in stride(from: UInt64(0), to: 60, by: 3) {  // seed % 3 == 0: a shipped figure
            var scene = PhotoScene.random(seed: seed)
            scene.tilt = min(scene.tilt, 20)
            scene.k1 = min(scene.k1, 0.03)
            scene.kelvin = 5000
            scene.blur = .gaussian(sigma: 0.7)
            scene.handSide = nil
            scene.jpegQuality = 90
            guard try captured(scene, analyzer: analyzer) == footprints(scene.poses) else { continue }
            for piece in [TangramPiece.square, .parallelogram, .medium] {
                for (dx, dy) in [(-2, 0), (2, 0), (0, 2), (0, -2), (-2, 2), (2, 2), (-2, -2), (2, -2)] {
                    let start = moved(scene.poses, piece, by: Vector(Exact(dx), Exact(dy)))
                    guard PhotoScene.isApart(start, piece), PhotoScene.inPlayArea(start) else { continue }
                    var startScene = scene
                    startScene.poses = start
                    guard try captured(startScene, analyzer: analyzer) == footprints(start) else { continue }
                    return (scene, piece, start)
                }
            }
        }
        throw SyntheticFrameError("no seed of 0..<60 gives a scene that captures exactly with a piece free to move")
    })

    /// One frame of a video: the poses it shows, and its blur when not the scene's.
    struct Shot {
        var poses: [Pose]
        var blur: PhotoScene.Blur? = nil
    }

    @Test("one-shot: a piece carried into place, then still: the still layout, never a frame in motion")
    func waitsForStillness() throws {
        let (scene, piece, start) = try Self.setup.get()
        let folder = try TemporaryFolder()
        let video = folder.file("carried.avi").path
        let motion = Self.path(from: start, to: scene.poses, piece: piece, frames: 10)
        try Self.writeVideo(video, scene: scene, frames: motion + Array(repeating: Shot(poses: scene.poses), count: 6))

        let result = try LayoutCapture(analyzer: Self.analyzer()).run(FrameSource(.video(video)))
        #expect(Self.footprints(result.layout.poses) == Self.footprints(scene.poses))
        // The layout was taken from the still frames: after every frame in motion.
        #expect(result.framesRead >= motion.count + 5, "committed after \(result.framesRead) frames")
    }

    @Test("one-shot: a layout that never holds still for 5 frames is refused, naming why")
    func refusesRestlessVideo() throws {
        let (scene, piece, start) = try Self.setup.get()
        let folder = try TemporaryFolder()
        let video = folder.file("restless.avi").path
        // Carried half-way, held for 3 frames (too few), carried on and still moving at the end.
        let first = Self.path(from: start, to: scene.poses, piece: piece, frames: 6)
        let pause = Array(repeating: Shot(poses: first.last!.poses), count: 3)
        let second = Self.path(from: first.last!.poses, to: scene.poses, piece: piece, frames: 6)
        try Self.writeVideo(video, scene: scene, frames: first + pause + second)

        do {
            let result = try LayoutCapture(analyzer: Self.analyzer()).run(FrameSource(.video(video)))
            Issue.record("committed a layout from a video that never held still: \(result.layout.poses)")
        } catch {
            let message = "\(error)"
            #expect(message.contains("never held still") || message.contains("no frame showed"), "\(message)")
        }
    }

    @Test("stream: the carried piece is announced where it lay and where it came to rest, nowhere in between")
    func streamAnnouncesRestingPoses() throws {
        let (scene, piece, start) = try Self.setup.get()
        let folder = try TemporaryFolder()
        let video = folder.file("stream.avi").path
        let still = 8
        let frames = Array(repeating: Shot(poses: start), count: still)
            + Self.path(from: start, to: scene.poses, piece: piece, frames: 10)
            + Array(repeating: Shot(poses: scene.poses), count: still)
        try Self.writeVideo(video, scene: scene, frames: frames)

        var lines: [String] = [], status: [String] = []
        try PoseStream(analyzer: Self.analyzer(), source: FrameSource(.video(video)), write: { lines.append($0) }, status: { status.append($0) }).run()
        // The stream ends by saying its pace: every frame, read in full, on the kept mat or unchanged.
        let pace = try #require(status.last, "no status line")
        #expect(pace.hasPrefix("stream: ") && pace.contains("frames/s; analysis median ") && pace.contains("(\(frames.count) frames: "), "\(pace)")
        let announced = lines.compactMap(Self.poseEvent).filter { $0.piece == piece && $0.type != "removed" }
        let startFootprint = start.first { $0.piece == piece }!.footprint
        let endFootprint = scene.poses.first { $0.piece == piece }!.footprint
        #expect(announced.first?.footprint == startFootprint, "\(lines)")
        #expect(announced.last?.footprint == endFootprint, "\(lines)")
        for event in announced {
            #expect(event.footprint == startFootprint || event.footprint == endFootprint, "announced in motion: \(event)")
        }
    }

    // MARK: Frames

    /// The poses of the carried piece along a straight path, one frame each, each frame blurred
    /// along the path by half the distance the piece covers between frames (the shutter open
    /// half the frame time). Positions are off the quarter grid (a √2/4 step on odd frames).
    static func path(from start: [Pose], to end: [Pose], piece: TangramPiece, frames: Int) -> [Shot] {
        let a = start.first { $0.piece == piece }!.position, b = end.first { $0.piece == piece }!.position
        let (dx, dy) = (b.doubleX - a.doubleX, b.doubleY - a.doubleY)
        let degrees = atan2(-dy, dx) * 180 / .pi  // image y runs down
        let pixelsPerUnit = 50.0  // about what the frames show; only sets the blur's length
        let step = (dx * dx + dy * dy).squareRoot() / Double(frames + 1) * pixelsPerUnit
        return (1...frames).map { i in
            let t = Double(i) / Double(frames + 1)
            let offset = Vector(Exact(quarters: Int((dx * t * 4).rounded()), sqrt2Quarters: i % 2),
                                Exact(quarters: Int((dy * t * 4).rounded())))
            let poses = start.map { $0.piece == piece ? Pose(piece: piece, position: a + offset, rotation: $0.rotation, flipped: $0.flipped) : $0 }
            return Shot(poses: poses, blur: .motion(length: max(2, step / 2), degrees: degrees))
        }
    }

    /// Renders each frame (the scene with those poses, and that blur when given) into an
    /// OpenCV Motion-JPEG video.
    static func writeVideo(_ path: String, scene: PhotoScene, frames: [Shot]) throws {
        guard let writer = gev_video_writer_open(path, fps, Int32(scene.width), Int32(scene.height)) else {
            throw SyntheticFrameError("cannot open the video: \(String(cString: gev_last_error()))")
        }
        for frame in frames {
            var shot = scene
            shot.poses = frame.poses
            if let blur = frame.blur { shot.blur = blur }
            let image = try PhotoFrames.render(shot)
            defer { gev_image_free(image) }
            guard gev_video_writer_write(writer, image) == 0 else { throw SyntheticFrameError("cannot write a video frame") }
        }
        guard gev_video_writer_close(writer) == 0 else { throw SyntheticFrameError("cannot finish the video") }
    }

    // MARK: Judging

    static func analyzer() throws -> FrameAnalyzer { FrameAnalyzer(profile: try SyntheticFrames.templateProfile()) }

    static func footprints(_ poses: [Pose]) -> Set<Pose.Footprint> { Set(poses.map(\.footprint)) }

    /// What a still capture of the scene writes (nil when it refuses).
    static func captured(_ scene: PhotoScene, analyzer: FrameAnalyzer) throws -> Set<Pose.Footprint>? {
        let image = try PhotoFrames.image(scene)
        guard case .success(let layout) = CapturedLayout.make(from: analyzer.analyze(image), profile: analyzer.profile) else { return nil }
        return footprints(layout.poses)
    }

    static func moved(_ poses: [Pose], _ piece: TangramPiece, by shift: Vector) -> [Pose] {
        poses.map { $0.piece == piece ? Pose(piece: piece, position: $0.position + shift, rotation: $0.rotation, flipped: $0.flipped) : $0 }
    }

    struct AnnouncedPose: CustomStringConvertible {
        var type: String
        var piece: TangramPiece
        var footprint: Pose.Footprint?
        var description: String { "\(type) \(piece.rawValue) \(footprint.map { "\($0.vertices.map { "(\($0.doubleX), \($0.doubleY))" })" } ?? "-")" }
    }

    /// A pose line of the stream (a touch-file line), with its pose made exact the way the
    /// editor reads it; nil for the header and anything else.
    static func poseEvent(_ line: String) -> AnnouncedPose? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let type = object["type"] as? String, let id = object["object"] as? String,
              let piece = TangramPiece(rawValue: id) else { return nil }
        var footprint: Pose.Footprint?
        if let x = object["x"] as? Double, let y = object["y"] as? Double,
           let ex = Exact(nearestTo: x), let ey = Exact(nearestTo: y) {
            let rotation = Rotation(nearestTo: object["rotation"] as? Double ?? 0)
            footprint = Pose(piece: piece, position: Point(ex, ey), rotation: rotation, flipped: object["flip"] as? Bool ?? false).footprint
        }
        return AnnouncedPose(type: type, piece: piece, footprint: footprint)
    }
}
