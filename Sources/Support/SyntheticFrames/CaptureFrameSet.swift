import CVision
import Foundation
import GridEditCore
import GridEditMat
import GridEditGeometry

/// The frames the capture end-to-end tests read, drawn into one folder: one layout from three
/// cameras, a short MJPEG video, a picture with no mat, a close-up, a missing piece, two pieces
/// of one colour touching, a piece out of the play area, and a set in colours of its own under
/// warm light. Here rather than in the test target so that a person can draw the very same
/// frames to look at them (`gridedit-bench capture-frames DIR`), while the tests draw them once
/// per run into a temporary folder.
public struct CaptureFrameSet: Sendable {
    /// The folder the frames were drawn into.
    public let folder: String
    /// The layout most frames show: a starter figure moved on the grid (pieces flush).
    public let poses: [Pose]
    /// The same layout from three cameras: perspective, blur, noise, uneven light, a hand; PNG and JPEG.
    public let views: [String]
    /// Six frames of the layout from two cameras, MJPEG.
    public let video: String
    /// A PNG that is no photo of a mat.
    public let plain: String
    /// The mat seen from so close that only one marker is in the frame.
    public let cropped: String
    /// The layout without small-2.
    public let sixPieces: String
    /// A profile that gives large-1 and large-2 one colour, and a frame of a figure where they touch.
    public let sharedProfile: String
    public let merged: String
    /// The figure in `merged`: the two large triangles flush, both red in `sharedProfile`.
    public let mergedPoses: [Pose]
    /// A layout whose square sticks out of the play area by half a unit.
    public let outside: String
    /// A set in colours of its own under a warm light: the pieces on their calibration outlines,
    /// the same set on the outlines with the square taken away, and the layout in that set.
    public let slots: String
    public let slotsWithoutSquare: String
    public let ownSet: String
    /// The own set's true colours (what the frames were drawn with).
    public let ownProfile: ColorProfile

    public static let width = 1280, height = 720

    /// Draws every frame into `folder`, which must exist.
    public init(drawingInto folder: String) throws(SyntheticFrameError) {
        self.folder = folder
        let template = try SyntheticFrames.templateProfile()
        let poses = SyntheticFrames.randomLayout(seed: 3)
        self.poses = poses
        guard RandomLayout.family(seed: 3) == .figure else { throw SyntheticFrameError("seed 3 no longer draws a figure") }

        @Sendable func path(_ name: String) -> String { folder + "/" + name }
        func scene(_ poses: [Pose], seed: UInt64, profile: ColorProfile = template, hand: Bool = false,
                   lighting: Lighting? = nil, camera: CameraView? = nil) -> Scene {
            Scene(poses: poses, profile: profile,
                  camera: camera ?? .random(width: Self.width, height: Self.height, seed: seed),
                  lighting: lighting ?? .random(seed: seed),
                  hand: hand ? .random(seed: seed, poses: poses) : nil,
                  blurSigma: 0.8 + 0.1 * Double(seed % 5), noiseSigma: 4 + Double(seed % 3), seed: seed,
                  tableColor: Scene.tables[Int(seed % UInt64(Scene.tables.count))])
        }
        func write(_ scene: Scene, _ name: String) throws(SyntheticFrameError) -> String {
            try SyntheticFrames.render(scene).write(png: path(name))
            return path(name)
        }

        // Three cameras on one layout; the second is a JPEG (as phones give), the third sees a
        // hand reaching in.
        var views: [String] = []
        for (index, camera) in [(101, false, "png"), (102, false, "jpg"), (103, true, "png")].enumerated() {
            views.append(try write(scene(poses, seed: UInt64(camera.0), hand: camera.1), "view-\(index + 1).\(camera.2)"))
        }
        self.views = views

        // A short video: the first two views again, each three times with fresh noise (MJPEG).
        let video = path("take.avi")
        self.video = video
        let first = try SyntheticFrames.render(scene(poses, seed: 101))
        let second = try SyntheticFrames.render(scene(poses, seed: 102))
        guard let writer = gev_video_writer_open(video, 10, Int32(Self.width), Int32(Self.height)) else {
            throw SyntheticFrameError("cannot open the video: \(String(cString: gev_last_error()))")
        }
        for (k, frame) in [first, first, first, second, second, second].enumerated() {
            let copy = gev_image_copy(frame.image)!
            defer { gev_image_free(copy) }
            gev_add_noise(copy, 2, UInt64(500 + k))
            guard gev_video_writer_write(writer, copy) == 0 else { throw SyntheticFrameError("cannot write a video frame") }
        }
        guard gev_video_writer_close(writer) == 0 else { throw SyntheticFrameError("cannot finish the video") }

        // A plain picture: a grey-blue gradient, no mat in it.
        let plain = path("plain.png")
        self.plain = plain
        let (w, h) = (320, 240)
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h { for x in 0..<w {
            pixels[3 * (y * w + x)] = UInt8(120 + x / 4); pixels[3 * (y * w + x) + 1] = UInt8(100 + y / 4); pixels[3 * (y * w + x) + 2] = 90
        } }
        guard let image = gev_image_from_bgr(pixels, Int32(w), Int32(h), Int32(3 * w)) else {
            throw SyntheticFrameError("cannot make the plain picture")
        }
        defer { gev_image_free(image) }
        guard gev_image_write(image, plain) == 0 else { throw SyntheticFrameError("cannot write \(plain)") }

        // So close to the bottom-left corner that the frame shows marker 0 and no other.
        let layout = MatLayout.standard, e = layout.extent
        let closeUp = CameraView.zoomed(on: SIMD2(e.minX + 1.6, e.minY + 1.1), unitsTall: 3.2, width: Self.width, height: Self.height)
        cropped = try write(scene(poses, seed: 104, camera: closeUp), "close-up.png")

        sixPieces = try write(scene(poses.filter { $0.piece != .small2 }, seed: 105), "six-pieces.png")

        // large-1 and large-2 in one red, in the classic square where they share an edge.
        var sharedColours = template
        sharedColours.name = "two red triangles"
        sharedColours.colors[.large2] = sharedColours.colors[.large1]
        let sharedProfile = path("two-reds.jsonc")
        self.sharedProfile = sharedProfile
        do { try sharedColours.save(to: sharedProfile) } catch { throw SyntheticFrameError("cannot write \(sharedProfile): \(error)") }
        guard let square = Self.classicSquare() else { throw SyntheticFrameError("no figure with the two large triangles flush") }
        mergedPoses = square
        merged = try write(scene(square, seed: 106, profile: sharedColours), "two-reds-touching.png")

        outside = try write(scene(Self.squareOutside, seed: 107), "square-outside.png")

        // Another set of pieces, photographed in warm light (tungsten: more red, less blue).
        let ownProfile = ColorProfile(name: "wooden set", minSaturation: 0.35, colors: [
            .large1: PieceColor(hex: "#E8751A", hueTolerance: 14)!,         // orange
            .large2: PieceColor(hex: "#1AA0D8", hueTolerance: 14)!,         // sky blue
            .medium: PieceColor(hex: "#A8C81E", hueTolerance: 14)!,         // lime
            .small1: PieceColor(hex: "#2E9E4A", hueTolerance: 14)!,         // green
            .small2: PieceColor(hex: "#E0457A", hueTolerance: 14)!,         // rose
            .square: PieceColor(hex: "#3A4FD0", hueTolerance: 14)!,         // ultramarine
            .parallelogram: PieceColor(hex: "#9B3BC8", hueTolerance: 14)!,  // violet
        ])
        self.ownProfile = ownProfile
        let warm = Lighting(darkest: 0.75, brightest: 1.0, direction: 30, cast: SIMD3(1.06, 1, 0.9))
        let slotCamera = CameraView.random(width: Self.width, height: Self.height, seed: 108)
        slots = try write(scene(MatLayout.calibrationSlots, seed: 108, profile: ownProfile, lighting: warm, camera: slotCamera),
                          "slots.png")
        slotsWithoutSquare = try write(scene(MatLayout.calibrationSlots.filter { $0.piece != .square }, seed: 109,
                                             profile: ownProfile, lighting: warm, camera: slotCamera), "slots-no-square.png")
        ownSet = try write(scene(poses, seed: 110, profile: ownProfile, lighting: warm), "own-set.png")
    }

    /// A starter figure in which the two large triangles share an edge (the shipped figures are
    /// moved on the grid by `RandomLayout`; any seed of the figure family whose triangles touch).
    static func classicSquare() -> [Pose]? {
        for seed in stride(from: UInt64(0), to: 300, by: 3) {
            let poses = RandomLayout.poses(seed: seed)
            guard let a = poses.first(where: { $0.piece == .large1 }), let b = poses.first(where: { $0.piece == .large2 }) else { continue }
            if a.polygon.sharesBoundarySegment(with: b.polygon) { return poses }
        }
        return nil
    }

    /// Loose pieces, the square half out of the play area's right edge (x 7.5…8.5, y 2…3), clear
    /// of the markers (the side marker's square starts at y 3.6) and 0.75 or more from the others.
    static var squareOutside: [Pose] {
        func at(_ piece: TangramPiece, _ x: Double, _ y: Double) -> Pose {
            Pose(piece: piece, position: Point(Exact(quarters: Int(x * 4)), Exact(quarters: Int(y * 4))))
        }
        return [at(.large1, 0.25, 0.25), at(.large2, 3, 0.25), at(.medium, 5.75, 0.25),
                at(.small1, 0.5, 4), at(.small2, 3, 4), at(.square, 7.5, 2), at(.parallelogram, 1, 6.5)]
    }
}

extension CameraView {
    /// Straight down at `centre` (mat units), `unitsTall` units of the mat filling the frame's height.
    static func zoomed(on centre: SIMD2<Double>, unitsTall: Double, width: Int, height: Int) -> CameraView {
        let e = MatLayout.standard.extent
        let scale = Double(height) / unitsTall
        let corners = [SIMD2(e.minX, e.minY), SIMD2(e.maxX, e.minY), SIMD2(e.maxX, e.maxY), SIMD2(e.minX, e.maxY)].map { p in
            SIMD2(Double(width) / 2 + (p.x - centre.x) * scale, Double(height) / 2 - (p.y - centre.y) * scale)
        }
        return CameraView(width: width, height: height, corners: corners)
    }
}
