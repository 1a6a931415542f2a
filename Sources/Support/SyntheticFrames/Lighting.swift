import GridEditCore
import CVision
import Foundation

/// Uneven light as a phone sees it: brightness falling off across the frame (a window on one
/// side, a lamp on the other) and a slight colour cast from warm or cool light that white
/// balance did not remove. Applied as a per-pixel factor on the BGR values.
public struct Lighting: Sendable, Hashable {
    /// The factor at the darkest and the brightest corner of the frame.
    public var darkest: Double
    public var brightest: Double
    /// The direction the light grows in, in degrees in the image (0 = to the right, 90 = down).
    public var direction: Double
    /// Per-channel factors (red, green, blue) of the cast; (1, 1, 1) for none.
    public var cast: SIMD3<Double>

    public init(darkest: Double, brightest: Double, direction: Double, cast: SIMD3<Double> = SIMD3(1, 1, 1)) {
        self.darkest = darkest
        self.brightest = brightest
        self.direction = direction
        self.cast = cast
    }

    /// The same light everywhere, no cast.
    public static let even = Lighting(darkest: 1, brightest: 1, direction: 0)

    /// A gradient from 0.55–0.8 up to 0.95–1.05 along a random direction; a warm or cool cast of
    /// 2–5 % two times in three.
    public static func random(seed: UInt64) -> Lighting {
        var rng = SplitMix64.stream(seed, 3)
        let darkest = rng.double(0.55, 0.8), brightest = rng.double(0.95, 1.05), direction = rng.double(0, 360)
        let strength = rng.double(0.02, 0.05)
        let cast: SIMD3<Double>
        switch rng.below(3) {
        case 0: cast = SIMD3(1 + strength, 1, 1 - strength)  // warm (tungsten)
        case 1: cast = SIMD3(1 - strength, 1, 1 + strength)  // cool (shade, daylight)
        default: cast = SIMD3(1, 1, 1)
        }
        return Lighting(darkest: darkest, brightest: brightest, direction: direction, cast: cast)
    }

    /// Scales a BGR frame (a `gev_image *`) in place; false when OpenCV failed. The per-pixel
    /// work is in C (`gev_apply_lighting`: this loop in a debug build of Swift took 0.18 s of a
    /// 1080p frame's 0.8 s), with the same fixed-point arithmetic the Swift loop had.
    func apply(to image: OpaquePointer) -> Bool {
        if self == .even { return true }
        return gev_apply_lighting(image, darkest, brightest, direction, cast.x, cast.y, cast.z) == 0
    }
}
