import GridEditCore
import GridEditMat

/// Every top-view pixel sorted into paper, one of the profile's colours, or unknown (a hand, a
/// shadow, the dark marker border, anything of no piece's colour). Unknown pixels are neither
/// evidence for a piece nor against it, which is what lets a partly hidden piece still fit.
///
/// The colours adapt to the frame: the saturated pixels' hues form clusters (peaks of a hue
/// histogram), and the clusters are assigned to the profile's colours as a whole, by the least
/// total hue and saturation distance (``Assignment``). A pixel then belongs to the nearest
/// assigned cluster within the colour's tolerance. So a light that moves every hue a little, a
/// printer whose red is orange-ish, or a piece a few degrees off keeps its pixels, while the
/// profile still says which cluster is which piece (`calibrate` remains for sets far from it).
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
        /// The hue pixels are measured against: the frame's cluster assigned to this colour, or
        /// the profile's hue when no cluster was near enough.
        public var hue: Float
        public var saturation: Float
        public var hueTolerance: Float
        /// The profile's hue, and the pixels of the cluster assigned to it (0: none assigned).
        public var profileHue: Float
        public var clusterPixels = 0
    }

    /// A peak of the frame's hue histogram.
    struct Cluster {
        var hue: Float
        var saturation: Float
        var pixels: Int
    }

    /// Below this saturation a pixel is paper (or a grey grid line): white paper under a colour
    /// cast, after white balance, stays well below it.
    public static let paperSaturation: Float = 0.2
    /// Below this value a pixel is too dark to judge.
    public static let darkValue: Float = 0.1
    /// A cluster further than this (degrees of hue) from a profile colour is never assigned to it.
    static let maximumDrift: Float = 35
    /// Degrees of hue one unit of saturation difference costs in the assignment.
    static let saturationWeight: Float = 40
    /// The fewest pixels a cluster needs (an eighth of a small triangle).
    static let smallestCluster = Int(0.0625 * TopView.pixelsPerUnit * TopView.pixelsPerUnit)

    public init(view: TopView, profile: ColorProfile) {
        var colours = profile.colorClasses.map { pieces in
            let colour = profile.colors[pieces[0]]!
            return ColourClass(pieces: pieces, hue: Float(colour.hue), saturation: Float(colour.saturation),
                               hueTolerance: Float(colour.hueTolerance), profileHue: Float(colour.hue))
        }
        let minSaturation = max(Self.paperSaturation, Float(profile.minSaturation))
        let clusters = Self.clusters(view, minSaturation: minSaturation)
        let cost = colours.map { colour in
            clusters.map { cluster -> Double in
                let drift = Self.hueDistance(colour.hue, cluster.hue)
                guard drift <= Self.maximumDrift else { return .infinity }
                return Double(drift + Self.saturationWeight * abs(colour.saturation - cluster.saturation))
            }
        }
        for (k, match) in Assignment.minimumCost(cost, forbidden: 1e9).enumerated() {
            guard let match else { continue }
            let cluster = clusters[match]
            // Only the centre moves: the profile's tolerance and saturation still say how far a
            // pixel may be from it (a saturation floor lowered to the cluster's mean took in the
            // blurred rims where pieces meet the paper, and the fits shifted by hundredths).
            colours[k].hue = cluster.hue
            colours[k].clusterPixels = cluster.pixels
        }
        self.colours = colours
        size = view.size
        let hues = Hues(colours)
        // A colour pixel must be nearly as saturated as its piece: a pale skin tone of the
        // same hue as a piece stays unknown.
        let needed = colours.map { max(minSaturation, 0.5 * $0.saturation) }
        var labels = [UInt8](repeating: Self.unknown, count: view.size * view.size)
        view.withChannels { hue, saturation, value in
            labels.withUnsafeMutableBufferPointer { labels in
                for i in labels.indices {
                    let v = value[i], s = saturation[i]
                    if v < Self.darkValue { continue }
                    if s < Self.paperSaturation { labels[i] = Self.paper; continue }
                    labels[i] = hues.nearest(hue[i]) { s >= needed[$0] }
                }
            }
        }
        self.labels = labels
        takeInPaleParts(view)
    }

    /// A glossy highlight makes part of a piece paler than the piece: of its hue but under half
    /// its saturation, so unknown, where a rival pose (the piece turned 135°, say) lies for free.
    /// Such pale pixels join their colour where they are joined to it through pale pixels of that
    /// colour (hysteresis, as in edge detection: a weak pixel counts when a strong one vouches
    /// for it), except within ``paleRim`` pixels of the paper (the blurred rim where a piece meets
    /// the paper is pale too, and paler on the lit side: taking it in would pull fits towards the
    /// light) and where they are joined to the top view's edge through unknown pixels (a hand of
    /// a piece's hue reaching in: ``fromBeyond()``).
    mutating func takeInPaleParts(_ view: TopView) {
        let n = size, r = Self.paleRim
        let beyond = fromBeyond()
        func nearPaper(_ i: Int) -> Bool {
            let row = i / n, column = i % n
            for y in max(0, row - r)...min(n - 1, row + r) {
                for x in max(0, column - r)...min(n - 1, column + r) where labels[y * n + x] == Self.paper { return true }
            }
            return false
        }
        // Each unknown pixel that may join, with the colour of nearest hue within its tolerance.
        var pale = [UInt8](repeating: Self.unknown, count: n * n)
        var candidates: [Int] = []
        let hues = Hues(colours)
        for i in labels.indices where labels[i] == Self.unknown && !beyond[i]
            && view.value[i] >= Self.darkValue && view.saturation[i] >= Self.paperSaturation {
            let best = hues.nearest(view.hue[i]) { _ in true }
            if best != Self.unknown && !nearPaper(i) { pale[i] = best; candidates.append(i) }
        }
        // Those next to their colour join it, then those next to them, and so on.
        var stack: [Int] = []
        for i in candidates {
            var joined = false
            Self.forEachNeighbour(of: i, size: n) { j in if labels[j] == pale[i] { joined = true } }
            if joined { stack.append(i) }
        }
        for i in stack { labels[i] = pale[i]; pale[i] = Self.unknown }
        while let i = stack.popLast() {
            let colour = labels[i]
            // (The static form: the method would copy `self` for the call, and each label written
            // here would then copy all the labels.)
            Self.forEachNeighbour(of: i, size: n) { j in
                if pale[j] == colour {
                    labels[j] = colour
                    pale[j] = Self.unknown
                    stack.append(j)
                }
            }
        }
    }

    /// The colours' hues and tolerances, apart from the rest of each class (whose piece lists a
    /// loop over every pixel would otherwise retain and release).
    struct Hues {
        let hue: [Float], tolerance: [Float]

        init(_ colours: [ColourClass]) {
            hue = colours.map(\.hue)
            tolerance = colours.map(\.hueTolerance)
        }

        /// The index of the colour of hue nearest `hue` within its tolerance, among those
        /// `eligible` (saturated enough, say), or ``unknown``.
        @inline(__always)
        func nearest(_ hue: Float, eligible: (Int) -> Bool) -> UInt8 {
            var best = unknown, bestDistance = Float.infinity
            for k in self.hue.indices where eligible(k) {
                let d = hueDistance(hue, self.hue[k])
                if d <= tolerance[k] && d < bestDistance { best = UInt8(k); bestDistance = d }
            }
            return best
        }
    }

    /// Pixels this near the paper (or nearer) are never taken in: the rim where a piece meets it.
    static let paleRim = 3

    /// The unknown pixels joined to the top view's edge through unknown pixels: a hand or sleeve
    /// reaching in from beyond the play area, with parts of it the colour of a piece as islands
    /// in it or on its rim.
    public func fromBeyond() -> [Bool] {
        let n = size
        var reached = [Bool](repeating: false, count: n * n)
        let edge: [Int] = (0..<n).flatMap { (i: Int) -> [Int] in [i, (n - 1) * n + i, i * n, i * n + n - 1] }
        _ = flood(from: edge.filter { labels[$0] == Self.unknown }, label: Self.unknown, visited: &reached)
        return reached
    }

    /// The pixels of `label` 4-connected to `seeds` (which must have it), each marked in `visited`
    /// as it is reached: one region, or every one the seeds touch.
    func flood(from seeds: [Int], label: UInt8, visited: inout [Bool]) -> [Int32] {
        var stack: [Int] = []
        return labels.withUnsafeBufferPointer { labels in
            visited.withUnsafeMutableBufferPointer { visited in
                Self.flood(from: seeds, label: label, labels: labels, size: size, visited: visited, stack: &stack)
            }
        }
    }

    /// ``flood(from:label:visited:)`` on buffers, with a stack the caller may keep for the next
    /// flood (it is left empty): ``PieceFinder/regions(_:)`` floods every speck of a frame.
    @inline(__always)
    static func flood(from seeds: some Sequence<Int>, label: UInt8, labels: UnsafeBufferPointer<UInt8>, size n: Int,
                      visited: UnsafeMutableBufferPointer<Bool>, stack: inout [Int]) -> [Int32] {
        var region: [Int32] = []
        for seed in seeds where !visited[seed] {
            visited[seed] = true
            stack.append(seed)
        }
        @inline(__always) func reach(_ j: Int) {
            if !visited[j] && labels[j] == label {
                visited[j] = true
                stack.append(j)
            }
        }
        while let i = stack.popLast() {
            region.append(Int32(i))
            // The neighbours in ``forEachNeighbour(of:_:)``'s order.
            let row = i / n, column = i % n
            if column < n - 1 { reach(i + 1) }
            if column > 0 { reach(i - 1) }
            if row < n - 1 { reach(i + n) }
            if row > 0 { reach(i - n) }
        }
        return region
    }

    /// Calls `body` with each 4-neighbour of pixel `i` inside the top view.
    @inline(__always)
    func forEachNeighbour(of i: Int, _ body: (Int) -> Void) { Self.forEachNeighbour(of: i, size: size, body) }

    @inline(__always)
    static func forEachNeighbour(of i: Int, size n: Int, _ body: (Int) -> Void) {
        let row = i / n, column = i % n
        if column < n - 1 { body(i + 1) }
        if column > 0 { body(i - 1) }
        if row < n - 1 { body(i + n) }
        if row > 0 { body(i - n) }
    }

    @inline(__always)
    static func hueDistance(_ a: Float, _ b: Float) -> Float {
        let d = abs(a - b)
        return d > 180 ? 360 - d : d
    }

    /// The peaks of the hue histogram of the saturated pixels (smoothed over ±4°), each with the
    /// mean hue and saturation of the pixels within 12° of it.
    static func clusters(_ view: TopView, minSaturation: Float) -> [Cluster] {
        var count = [Int](repeating: 0, count: 360)
        var saturated: [Int32] = []  // the pixels counted, in order, for the second pass
        saturated.reserveCapacity(view.hue.count / 2)
        view.withChannels { hue, saturation, value in
            count.withUnsafeMutableBufferPointer { count in
                for i in hue.indices where value[i] >= darkValue && saturation[i] >= minSaturation {
                    count[min(359, Int(hue[i]))] += 1
                    saturated.append(Int32(i))
                }
            }
        }
        func at(_ k: Int) -> Int { count[((k % 360) + 360) % 360] }
        let smooth = (0..<360).map { k in (-4...4).reduce(0) { $0 + (5 - abs($1)) * at(k + $1) } }
        var result: [Cluster] = []
        for k in 0..<360 where smooth[k] > 0 {
            // A peak: the highest within ±8° (the first of equal neighbours).
            let isPeak = (1...8).allSatisfy { d in
                smooth[(k + d) % 360] < smooth[k] && smooth[(k - d + 360) % 360] <= smooth[k]
            }
            guard isPeak else { continue }
            var pixels = 0, sumOffset = 0.0
            for d in -12...12 {
                let c = at(k + d)
                pixels += c
                sumOffset += Double(c) * (Double(d) + 0.5)
            }
            guard pixels >= smallestCluster else { continue }
            let mean = sumOffset / Double(pixels)
            var hue = Float(Double(k) + mean).truncatingRemainder(dividingBy: 360)
            if hue < 0 { hue += 360 }
            result.append(Cluster(hue: hue, saturation: 0, pixels: pixels))
        }
        // Mean saturation of each cluster's pixels.
        var saturation = [Double](repeating: 0, count: result.count), members = [Int](repeating: 0, count: result.count)
        let hues = result.map(\.hue)
        for p in saturated {
            let i = Int(p)
            for c in hues.indices where hueDistance(view.hue[i], hues[c]) <= 12 {
                saturation[c] += Double(view.saturation[i]); members[c] += 1
            }
        }
        for c in result.indices { result[c].saturation = Float(saturation[c] / Double(max(1, members[c]))) }
        return result
    }
}
