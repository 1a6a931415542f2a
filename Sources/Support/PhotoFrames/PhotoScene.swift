import Foundation
import GridEditCore
import GridEditMat
import GridEditGeometry
import PoseSequences
import SyntheticFrames

/// One photograph-like frame, described: which figure lies on the mat and how the photo was
/// taken. Drawn by ``PhotoFrames/render(_:)``, independently of the capture renderer's piece
/// drawing (SyntheticFrames): pieces with bevel, drop shadow, gloss, grain and ±8° of hue, a
/// pinhole camera with barrel distortion tilted up to 45°, colour temperature, uneven light, blur,
/// noise, JPEG and a hand over the mat's edge. The same seed always gives the same scene.
public struct PhotoScene: Sendable {
    public enum Figure: String, Sendable, CaseIterable {
        /// A shipped starter figure (RandomLayout's `figure` family).
        case shipped
        /// A random exact figure (PoseSequences' `FigureFamily.random`), moved into the play area.
        case random
        /// Loose pieces and small clusters (RandomLayout's other families).
        case loose
    }

    public enum Blur: Sendable {
        case gaussian(sigma: Double)
        case motion(length: Double, degrees: Double)
    }

    public var seed: UInt64
    public var figure: Figure
    public var poses: [Pose]
    public var width = 1280
    public var height = 720
    /// Degrees from straight down, towards `azimuth`; `roll` turns the picture.
    public var tilt: Double
    public var azimuth: Double
    public var roll: Double
    public var fieldOfView: Double
    /// The mat extent's share of the frame's height (before the tilt's foreshortening).
    public var coverage: Double
    /// Radial distortion (barrel for k1 > 0, see `gev_warp_lens`).
    public var k1: Double
    public var kelvin: Double
    /// How much of the light's colour the camera's own white balance removed (0 none, 1 all).
    public var whiteBalance: Double
    public var darkest: Double
    public var brightest: Double
    public var lightDirection: Double
    public var blur: Blur
    public var noise: Double
    /// The camera noise's own seed, when not `seed`: the frames of a video of one scene each
    /// have their own noise.
    public var noiseSeed: UInt64?
    public var jpegQuality: Int
    /// The side of the mat a hand reaches in over (0 bottom, 1 right, 2 top, 3 left), if any.
    public var handSide: Int?
    public var handAlong: Double
    public var handReach: Double
    public var tableColor: (Double, Double, Double)
    /// The pieces' colours (the template's, `gridedit mat --pieces`, when nil): a set whose
    /// pieces share or nearly share a colour is drawn with its own profile.
    public var profile: ColorProfile?

    /// ``random(seed:)`` at another frame size: the same scene, seen by a camera with more or
    /// fewer pixels.
    public static func random(seed: UInt64, width: Int, height: Int) -> PhotoScene {
        var scene = random(seed: seed)
        (scene.width, scene.height) = (width, height)
        return scene
    }

    /// A random scene; the figure kind goes round by seed (shipped, random, loose).
    public static func random(seed: UInt64) -> PhotoScene {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ 0x5EED)
        func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * Double(rng.next() >> 11) / Double(1 << 53) }
        let figure = Figure.allCases[Int(seed % 3)]
        let poses = figurePoses(figure, seed: seed)
        let blur: Blur = uniform(0, 1) < 0.5 ? .gaussian(sigma: uniform(0.4, 2.0))
            : .motion(length: uniform(2, 7), degrees: uniform(0, 180))
        let tables = [(0.72, 0.59, 0.41), (0.42, 0.29, 0.2), (0.56, 0.56, 0.54), (0.89, 0.88, 0.86), (0.24, 0.25, 0.27)]
        return PhotoScene(seed: seed, figure: figure, poses: poses, tilt: uniform(0, 45), azimuth: uniform(0, 360),
                          roll: uniform(-25, 25), fieldOfView: uniform(55, 75), coverage: uniform(0.6, 0.9),
                          k1: uniform(0, 0.12), kelvin: uniform(2700, 6500), whiteBalance: uniform(0.3, 0.8),
                          darkest: uniform(0.55, 0.85), brightest: uniform(1.0, 1.15), lightDirection: uniform(0, 360),
                          blur: blur, noise: uniform(2, 6), jpegQuality: Int(uniform(60, 95.99)),
                          handSide: uniform(0, 1) < 0.4 ? Int(uniform(0, 3.99)) : nil, handAlong: uniform(1, 7),
                          handReach: uniform(0.3, 1.2), tableColor: tables[Int(uniform(0, 4.99))])
    }

    /// The exact poses of a figure of the kind for this seed, inside the play area.
    static func figurePoses(_ figure: Figure, seed: UInt64) -> [Pose] {
        switch figure {
        case .shipped, .loose:
            // RandomLayout picks its family by seed modulo 3: figure (0), loose (1), clusters (2).
            let base = seed / 3 * 3
            return RandomLayout.poses(seed: figure == .shipped ? base : base + 1 + seed / 3 % 2)
        case .random:
            for attempt in 0..<50 as Range<UInt64> {
                let target = PoseSequence(seed: seed &* 31 &+ attempt, family: .random).target
                if let moved = intoPlayArea(target) { return moved.sorted { $0.piece < $1.piece } }
            }
            return RandomLayout.poses(seed: seed)
        }
    }

    /// The figure moved by whole quarters so that it lies inside the play area with a 0.25
    /// margin, roughly centred; nil when it is too large.
    static func intoPlayArea(_ poses: [Pose]) -> [Pose]? {
        let bounds = FigureGeometry.bounds(poses)
        let (w, h) = ((bounds.maxX - bounds.minX).doubleValue, (bounds.maxY - bounds.minY).doubleValue)
        guard w <= 7.5, h <= 7.5 else { return nil }
        let qx = Int(((4 - w / 2 - bounds.minX.doubleValue) * 4).rounded())
        let qy = Int(((4 - h / 2 - bounds.minY.doubleValue) * 4).rounded())
        let shift = Vector(Exact(quarters: qx), Exact(quarters: qy))
        let moved = poses.map { Pose(piece: $0.piece, position: $0.position + shift, rotation: $0.rotation, flipped: $0.flipped) }
        let vertices = moved.flatMap(\.vertices)
        guard vertices.allSatisfy({ $0.doubleX >= 0.24 && $0.doubleX <= 7.76 && $0.doubleY >= 0.24 && $0.doubleY <= 7.76 }) else { return nil }
        return moved
    }

    /// The conditions of the scene, one label per axis, for the rates table.
    public var conditions: [(axis: String, value: String)] {
        let blurLabel: String
        switch blur {
        case .gaussian(let s): blurLabel = s < 1.2 ? "gaussian σ<1.2" : "gaussian σ≥1.2"
        case .motion(let l, _): blurLabel = l < 4.5 ? "motion <4.5px" : "motion ≥4.5px"
        }
        return [("figure", figure.rawValue),
                ("tilt", tilt < 15 ? "0–15°" : tilt < 30 ? "15–30°" : "30–45°"),
                ("light", kelvin < 3500 ? "2700–3500 K" : kelvin < 5000 ? "3500–5000 K" : "5000–6500 K"),
                ("blur", blurLabel),
                ("jpeg", jpegQuality < 75 ? "q60–74" : "q75–95"),
                ("distortion", k1 < 0.06 ? "k1<0.06" : "k1≥0.06"),
                ("hand", handSide == nil ? "no hand" : "hand")]
    }
}

/// The rough colour of a black body at `kelvin`, relative to 6500 K (Tanner Helland's fit).
func blackBody(_ kelvin: Double) -> (Double, Double, Double) {
    func rgb(_ k: Double) -> (Double, Double, Double) {
        let t = k / 100
        let r = t <= 66 ? 255 : 329.698727446 * pow(t - 60, -0.1332047592)
        let g = t <= 66 ? 99.4708025861 * log(t) - 161.1195681661 : 288.1221695283 * pow(t - 60, -0.0755148492)
        let b = t >= 66 ? 255 : t <= 19 ? 0 : 138.5177312231 * log(t - 10) - 305.0447927307
        return (min(max(r, 0), 255), min(max(g, 0), 255), min(max(b, 0), 255))
    }
    let (r, g, b) = rgb(kelvin), (r0, g0, b0) = rgb(6500)
    return (r / r0, g / g0, b / b0)
}

extension PhotoScene {
    /// `piece` lies at least half a unit from every other piece of `poses` (bounding boxes): a
    /// piece a hand can carry without touching the others.
    public static func isApart(_ poses: [Pose], _ piece: TangramPiece) -> Bool {
        func box(_ pose: Pose) -> (Double, Double, Double, Double) {
            let xs = pose.vertices.map(\.doubleX), ys = pose.vertices.map(\.doubleY)
            return (xs.min()!, ys.min()!, xs.max()!, ys.max()!)
        }
        let mine = box(poses.first { $0.piece == piece }!)
        return poses.filter { $0.piece != piece }.allSatisfy { other in
            let b = box(other)
            return mine.2 + 0.5 <= b.0 || b.2 + 0.5 <= mine.0 || mine.3 + 0.5 <= b.1 || b.3 + 0.5 <= mine.1
        }
    }

    /// Every corner of `poses` lies a quarter unit or more inside the play area.
    public static func inPlayArea(_ poses: [Pose]) -> Bool {
        poses.flatMap(\.vertices).allSatisfy { $0.doubleX >= 0.25 && $0.doubleX <= 7.75 && $0.doubleY >= 0.25 && $0.doubleY <= 7.75 }
    }
}
