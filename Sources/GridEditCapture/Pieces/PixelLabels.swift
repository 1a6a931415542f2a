import GridEditCore

/// Every top-view pixel sorted into paper, one of the profile's colours, or unknown (a hand, a
/// shadow, the dark marker border, anything of no piece's colour). Unknown pixels are neither
/// evidence for a piece nor against it, which is what lets a partly hidden piece still fit.
public struct PixelLabels: Sendable {
    public static let paper: UInt8 = 254
    public static let unknown: UInt8 = 255

    public let size: Int
    /// Per pixel: a colour index into `colours`, `paper` or `unknown`.
    public var labels: [UInt8]
    /// The profile's distinct colours, each with the pieces that have it.
    public let colours: [ColourClass]

    public struct ColourClass: Sendable {
        public var pieces: [TangramPiece]
        public var hue: Float
        public var saturation: Float
        public var hueTolerance: Float
    }

    /// Below this saturation a pixel is paper (or a grey grid line): white paper under a colour
    /// cast, after white balance, stays well below it.
    public static let paperSaturation: Float = 0.2
    /// Below this value a pixel is too dark to judge.
    public static let darkValue: Float = 0.1

    public init(view: TopView, profile: ColorProfile) {
        let colours = profile.colorClasses.map { pieces in
            let colour = profile.colors[pieces[0]]!
            return ColourClass(pieces: pieces, hue: Float(colour.hue), saturation: Float(colour.saturation),
                               hueTolerance: Float(colour.hueTolerance))
        }
        self.colours = colours
        size = view.size
        let minSaturation = max(Self.paperSaturation, Float(profile.minSaturation))
        var labels = [UInt8](repeating: Self.unknown, count: view.size * view.size)
        for i in labels.indices {
            let v = view.value[i], s = view.saturation[i]
            if v < Self.darkValue { continue }
            if s < Self.paperSaturation { labels[i] = Self.paper; continue }
            // A colour pixel must be nearly as saturated as its piece: a pale skin tone of the
            // same hue as a piece stays unknown.
            let h = view.hue[i]
            var best = Self.unknown, bestDistance = Float.infinity
            for (k, colour) in colours.enumerated() where s >= max(minSaturation, 0.5 * colour.saturation) {
                var d = abs(h - colour.hue)
                if d > 180 { d = 360 - d }
                if d <= colour.hueTolerance && d < bestDistance { best = UInt8(k); bestDistance = d }
            }
            labels[i] = best
        }
        self.labels = labels
    }
}
