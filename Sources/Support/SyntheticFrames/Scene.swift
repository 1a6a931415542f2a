import GridEditCore
import GridEditMat
import GridEditRender

/// Everything a synthetic frame shows: the printed mat on a table, pieces at exact poses in a
/// profile's colours, seen by a camera under some light, perhaps with a hand reaching in, then
/// blurred and noisy like a phone's picture. The same scene always gives the same bytes.
public struct Scene: Sendable {
    public var layout: MatLayout
    public var paper: MatLayout.Paper
    /// The ground truth a capture should recover.
    public var poses: [Pose]
    public var profile: ColorProfile
    public var camera: CameraView
    public var lighting: Lighting
    public var hand: Hand?
    /// Gaussian blur in frame pixels (focus, motion); 0 for none.
    public var blurSigma: Double
    /// Gaussian noise in levels of 0…255; 0 for none.
    public var noiseSigma: Double
    /// Seeds the noise.
    public var seed: UInt64
    public var tableColor: Color

    public init(layout: MatLayout = .standard, paper: MatLayout.Paper = .a4, poses: [Pose], profile: ColorProfile,
                camera: CameraView, lighting: Lighting = .even, hand: Hand? = nil, blurSigma: Double = 0,
                noiseSigma: Double = 0, seed: UInt64 = 0, tableColor: Color = Scene.tables[0]) {
        self.layout = layout
        self.paper = paper
        self.poses = poses
        self.profile = profile
        self.camera = camera
        self.lighting = lighting
        self.hand = hand
        self.blurSigma = blurSigma
        self.noiseSigma = noiseSigma
        self.seed = seed
        self.tableColor = tableColor
    }

    /// Table tops: light oak, walnut, grey laminate, white laminate, dark slate.
    public static let tables = ["#B89668", "#6B4A32", "#8E8E8A", "#E4E2DC", "#3C4044"].map { Color(hex: $0)! }

    /// A random scene: `RandomLayout`, a random camera, light, table, blur (σ 0.6–1.5 px) and
    /// noise (σ 3–8), with a hand two times in three when `hand` is true, in the template's colours.
    public static func random(seed: UInt64, width: Int = 1280, height: Int = 720, hand: Bool = true) throws(SyntheticFrameError) -> Scene {
        var rng = SplitMix64.stream(seed, 5)
        let poses = RandomLayout.poses(seed: seed)
        let layout = MatLayout.standard
        return Scene(layout: layout, paper: rng.chance(0.5) ? .a4 : .letter, poses: poses,
                     profile: try SyntheticFrames.templateProfile(),
                     camera: .random(width: width, height: height, seed: seed, layout: layout),
                     lighting: .random(seed: seed),
                     hand: hand && rng.below(3) > 0 ? .random(seed: seed, poses: poses, layout: layout) : nil,
                     blurSigma: rng.double(0.6, 1.5), noiseSigma: rng.double(3, 8), seed: seed,
                     tableColor: tables[rng.below(tables.count)])
    }
}
