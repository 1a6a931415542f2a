#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore
import GridEditMat

/// The play area seen from straight above: the camera frame warped through the mat's perspective
/// onto a square grid of `pixelsPerUnit`, covering the 8×8 area and a thin margin (which stops
/// short of the markers). Colour is kept as hue, saturation and value after a white balance on
/// the paper, because hue and saturation do not change when the light gets dimmer or brighter.
public struct TopView: Sendable {
    public static let pixelsPerUnit = 48.0
    /// Units shown beyond each side of the play area (the markers start 0.4 units out).
    public static let margin = 0.375
    public static let size = Int(((MatLayout.playSize + 2 * margin) * pixelsPerUnit).rounded())

    public let size: Int
    /// Per pixel, row by row from the top (the far side of the play area, y = 8.375).
    public var hue: [Float]
    public var saturation: [Float]
    public var value: [Float]

    /// Mat units → top-view pixel coordinates (pixel centres at integers).
    public static let unitsToTopView = Homography.affine(
        scaleX: pixelsPerUnit, scaleY: -pixelsPerUnit,
        translateX: margin * pixelsPerUnit - 0.5, translateY: (MatLayout.playSize + margin) * pixelsPerUnit - 0.5)

    /// The centre of pixel (column, row) in mat units.
    @inline(__always)
    public static func units(column: Int, row: Int) -> (x: Double, y: Double) {
        ((Double(column) + 0.5) / pixelsPerUnit - margin, MatLayout.playSize + margin - (Double(row) + 0.5) / pixelsPerUnit)
    }

    /// ``units(column:row:)``'s x of every column and y of every row, worked out once: the fits
    /// read them for every row of every placement they score.
    static let columnCentres: [Double] = (0..<size).map { units(column: $0, row: 0).x }
    static let rowCentres: [Double] = (0..<size).map { units(column: 0, row: $0).y }

    /// Warps `frame` through `view` and converts it, or nil when OpenCV refuses the warp.
    public init?(frame: VisionImage, view: MatView) {
        guard let warp = Warp(view: view) else { return nil }
        self.init(frame: frame, warp: warp)
    }

    /// Warps `frame` through a warp already worked out (a stream whose mat holds still keeps it).
    public init?(frame: VisionImage, warp: Warp) {
        guard let top = warp.apply(to: frame) else { return nil }
        self.init(bgr: top)
    }

    /// Where each top-view pixel is in the frame: one perspective warp, or with a lens, the
    /// frame's place of every top-view pixel (perspective, then the lens's bend) for a remap.
    public struct Warp: Sendable {
        let frameToTopView: Homography?
        let mapX: [Float], mapY: [Float]

        public init?(view: MatView) {
            guard view.lens != nil else {
                guard let toFrame = view.unitsToPixels.inverse else { return nil }
                frameToTopView = unitsToTopView.after(toFrame)
                (mapX, mapY) = ([], [])
                return
            }
            // `view.pixel` for every pixel: the perspective, then the lens. The seen point is the
            // straight one scaled about the lens's centre by the ratio t that solves
            // t (1 + u t²) = 1, u = k s² / R² (``RadialLens/ratio(u:from:)``), a smooth function
            // of u alone. Eight columns a time, one per lane: t by Newton's method once, at the
            // middle of the eight's u, and for each lane from there by t's Taylor polynomial in u
            // to the second order (u changes by a few thousandths across eight pixels): the
            // points within a millionth of a pixel of Newton's method at every pixel, give or
            // take a Float's last bit (`TopViewTests`; capture-digest unchanged), 0.49 → 0.34 ms
            // a 720p frame. Where the lens sees no point, or nearly (a strong pincushion's far
            // corners), each lane is worked out on its own.
            var mapX = [Float](unsafeUninitializedCapacity: size * size) { _, count in count = size * size }
            var mapY = [Float](unsafeUninitializedCapacity: size * size) { _, count in count = size * size }
            let e = view.unitsToPixels.entries, lens = view.lens!
            let (e0, e1, e2, e3, e4, e5, e6, e7, e8) = (e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8])
            let (cx, cy) = (lens.centreX, lens.centreY), perRadius = lens.k / (lens.radius * lens.radius)
            let chunks = size / 8, lanes = 8 * chunks, groups = (chunks + 7) / 8
            // Per row: each eight's offsets from the lens's centre and u, then the middles' ratios
            // by Newton's method eight eights at a time, each started from the ratio of the eight
            // above (a row's Newton steps in one chain would wait on each other's divisions).
            let offsets = UnsafeMutablePointer<SIMD8<Double>>.allocate(capacity: 3 * chunks)
            let scratch = UnsafeMutableRawPointer.allocate(byteCount: 3 * 64 * groups, alignment: 64)
            defer { offsets.deallocate(); scratch.deallocate() }
            // Three runs of 8 · groups: the middles' u, their ratios, and the ratios carried down.
            let middles = scratch.initializeMemory(as: Double.self, repeating: 1, count: 24 * groups)
            let ratios = middles + 8 * groups, carried = middles + 16 * groups
            var ratio = 1.0  // the last columns', carried along the row
            mapX.withUnsafeMutableBufferPointer { mapX in
                mapY.withUnsafeMutableBufferPointer { mapY in
                    columnCentres.withUnsafeBufferPointer { centres in
                        let xs = UnsafeRawPointer(centres.baseAddress!)
                        let outX = UnsafeMutableRawPointer(mapX.baseAddress!), outY = UnsafeMutableRawPointer(mapY.baseAddress!)
                        for row in 0..<size {
                            let y = rowCentres[row]
                            for j in 0..<chunks {
                                let x = xs.loadUnaligned(fromByteOffset: j * 64, as: SIMD8<Double>.self)
                                let w = 1 / (e6 * x + e7 * y + e8)
                                let ox = (e0 * x + e1 * y + e2) * w - cx, oy = (e3 * x + e4 * y + e5) * w - cy
                                let u = (ox * ox + oy * oy) * perRadius
                                (offsets[3 * j], offsets[3 * j + 1], offsets[3 * j + 2]) = (ox, oy, u)
                                middles[j] = (u[0] + u[7]) / 2  // u changes little and smoothly across the eight
                            }
                            for g in 0..<groups {
                                let u = UnsafeRawPointer(middles + 8 * g).loadUnaligned(as: SIMD8<Double>.self)
                                var start = UnsafeRawPointer(carried + 8 * g).loadUnaligned(as: SIMD8<Double>.self)
                                let t = RadialLens.ratios(u: u, from: &start)
                                UnsafeMutableRawPointer(ratios + 8 * g).storeBytes(of: t, as: SIMD8<Double>.self)
                                UnsafeMutableRawPointer(carried + 8 * g).storeBytes(of: start, as: SIMD8<Double>.self)
                            }
                            for j in 0..<chunks {
                                let (ox, oy, u) = (offsets[3 * j], offsets[3 * j + 1], offsets[3 * j + 2])
                                let (middle, t0) = (middles[j], ratios[j])
                                let slope = 1 + 3 * middle * t0 * t0
                                var p: (x: SIMD8<Double>, y: SIMD8<Double>)
                                if !t0.isNaN && slope > 0.8 {
                                    // F(t, u) = t + u t³ − 1 = 0: t' = −F_u / F_t, t'' = −(F_tt t'² + 2 F_tu t') / F_t.
                                    let d1 = -t0 * t0 * t0 / slope
                                    let d2 = -(6 * middle * t0 * d1 * d1 + 6 * t0 * t0 * d1) / slope
                                    let du = u - middle
                                    let t = t0 + du * (d1 + du * (d2 / 2))
                                    p = (cx + ox * t, cy + oy * t)
                                } else {
                                    var start = SIMD8<Double>(repeating: 1)
                                    p = lens.seenForMap(cx + ox, cy + oy, ratio: &start)
                                }
                                outX.storeBytes(of: SIMD8<Float>(p.x), toByteOffset: (row * size + 8 * j) * 4, as: SIMD8<Float>.self)
                                outY.storeBytes(of: SIMD8<Float>(p.y), toByteOffset: (row * size + 8 * j) * 4, as: SIMD8<Float>.self)
                            }
                            for column in lanes..<size {
                                let x = columnCentres[column]
                                let w = 1 / (e6 * x + e7 * y + e8)
                                let p = lens.seenForMap((e0 * x + e1 * y + e2) * w, (e3 * x + e4 * y + e5) * w, ratio: &ratio)
                                mapX[row * size + column] = Float(p.x)
                                mapY[row * size + column] = Float(p.y)
                            }
                        }
                    }
                }
            }
            frameToTopView = nil
            (self.mapX, self.mapY) = (mapX, mapY)
        }

        func apply(to frame: VisionImage) -> VisionImage? {
            if let frameToTopView { return frame.warped(by: frameToTopView, width: size, height: size, fill: 0) }
            return frame.remapped(x: mapX, y: mapY, width: size, height: size, fill: 0)
        }
    }

    init(bgr top: VisionImage) {
        let n = top.width
        size = n
        // Every element is written below, so the arrays are not zeroed first (Float is trivial).
        var hue = [Float](unsafeUninitializedCapacity: n * n) { _, count in count = n * n }
        var saturation = [Float](unsafeUninitializedCapacity: n * n) { _, count in count = n * n }
        var value = [Float](unsafeUninitializedCapacity: n * n) { _, count in count = n * n }
        top.withBytes { bytes, stride in
            let gains = Self.whiteBalance(bytes, stride: stride, size: n)
            hue.withUnsafeMutableBufferPointer { hue in
                saturation.withUnsafeMutableBufferPointer { saturation in
                    value.withUnsafeMutableBufferPointer { value in
                        // A row's channels, white-balanced, then eight pixels at a time through the
                        // lane form of `hsv` (the same arithmetic lane by lane), the rest one by one.
                        let rowRGB = UnsafeMutablePointer<Float>.allocate(capacity: 3 * n)
                        defer { rowRGB.deallocate() }
                        let rs = rowRGB, gs = rowRGB + n, bs = rowRGB + 2 * n
                        for row in 0..<n {
                            let line = bytes + row * stride
                            for column in 0..<n {
                                bs[column] = Float(line[3 * column]) * gains.b
                                gs[column] = Float(line[3 * column + 1]) * gains.g
                                rs[column] = Float(line[3 * column + 2]) * gains.r
                            }
                            let out = row * n
                            var column = 0
                            while column + 8 <= n {
                                let r = UnsafeRawPointer(rs + column).loadUnaligned(as: SIMD8<Float>.self)
                                let g = UnsafeRawPointer(gs + column).loadUnaligned(as: SIMD8<Float>.self)
                                let b = UnsafeRawPointer(bs + column).loadUnaligned(as: SIMD8<Float>.self)
                                let (h, s, v) = Self.hsv(r, g, b)
                                UnsafeMutableRawPointer(hue.baseAddress! + out + column).storeBytes(of: h, as: SIMD8<Float>.self)
                                UnsafeMutableRawPointer(saturation.baseAddress! + out + column).storeBytes(of: s, as: SIMD8<Float>.self)
                                UnsafeMutableRawPointer(value.baseAddress! + out + column).storeBytes(of: v, as: SIMD8<Float>.self)
                                column += 8
                            }
                            for column in column..<n {
                                let (h, s, v) = Self.hsv(rs[column], gs[column], bs[column])
                                hue[out + column] = h
                                saturation[out + column] = s
                                value[out + column] = v
                            }
                        }
                    }
                }
            }
        }
        self.hue = hue
        self.saturation = saturation
        self.value = value
    }

    /// Calls `body` with the hue, saturation and value of every pixel, as buffers (for loops over
    /// all of them without an array's checks).
    @inline(__always)
    public func withChannels<R>(_ body: (UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>) throws -> R) rethrows -> R {
        try hue.withUnsafeBufferPointer { hue in
            try saturation.withUnsafeBufferPointer { saturation in
                try value.withUnsafeBufferPointer { value in try body(hue, saturation, value) }
            }
        }
    }

    /// The white balance's chromaticity bin of a pixel's (red or blue, green) pair: index
    /// `first * 256 + green`, the bin of log(first / green), −1 outside the histogram. Worked out
    /// once for every pair (the same expression as before, so the same bins), instead of two
    /// logarithms for every pixel of every frame.
    static let chromaticityBins: [Int16] = {
        let bins = whiteBalanceBins, step = whiteBalanceStep, lowest = whiteBalanceLowest
        return (0..<(256 * 256)).map { i in
            let first = i / 256, green = i % 256
            let a = Int(((logf(Float(first + 1) / Float(green + 1)) - lowest) / step).rounded(.down))
            return a >= 0 && a < bins ? Int16(a) : -1
        }
    }()
    static let whiteBalanceBins = 100
    static let whiteBalanceStep: Float = 0.04
    static let whiteBalanceLowest: Float = -2

    /// Channel gains that make the paper grey. Paper covers most of the play area, so its
    /// colour is the commonest chromaticity among the pixels bright enough to judge, whatever the
    /// light: a histogram of log(r/g) and log(b/g) in steps of 0.04 finds that mode, and the mean
    /// colour of the pixels in and next to its bin is scaled to equal channels. (Picking "nearly
    /// grey" pixels instead fails in warm light, where the paper itself is far from grey.)
    static func whiteBalance(_ bytes: UnsafePointer<UInt8>, stride: Int, size n: Int) -> (r: Float, g: Float, b: Float) {
        let bins = whiteBalanceBins, cells = bins * bins
        // Every other pixel of every other row; each one's bin (a · bins + c, or −1: too dark or
        // outside the histogram) is kept for the second pass. Four histograms taken in turn, added
        // up after: most samples are paper in one bin, and one histogram's count would wait on its
        // own last increment every time.
        let side = (n + 1) / 2
        var histograms = [Int32](repeating: 0, count: 4 * cells)
        let sampled = [Int32](unsafeUninitializedCapacity: side * side) { sampled, count in
            chromaticityBins.withUnsafeBufferPointer { table in
                histograms.withUnsafeMutableBufferPointer { histograms in
                    var k = 0
                    for row in Swift.stride(from: 0, to: n, by: 2) {
                        let line = bytes + row * stride
                        for column in Swift.stride(from: 0, to: n, by: 2) {
                            let b = Int(line[3 * column]), g = Int(line[3 * column + 1]), r = Int(line[3 * column + 2])
                            var bin: Int32 = -1
                            if max(r, g, b) >= 60 {  // else too dark to judge
                                let a = Int(table[r &* 256 &+ g]), c = Int(table[b &* 256 &+ g])
                                if a >= 0, c >= 0 {
                                    bin = Int32(truncatingIfNeeded: a &* bins &+ c)
                                    histograms[(k & 3) &* cells &+ Int(bin)] &+= 1
                                }
                            }
                            sampled[k] = bin
                            k += 1
                        }
                    }
                    count = k
                }
            }
        }
        var histogram = [Int](repeating: 0, count: cells)
        for i in 0..<cells {
            histogram[i] = Int(histograms[i]) + Int(histograms[cells + i]) + Int(histograms[2 * cells + i]) + Int(histograms[3 * cells + i])
        }
        // The mode of the histogram smoothed over 3×3 bins: the sums of three bins across, then of
        // three of those down (integers, so the same sums in any order), the first greatest in
        // row order.
        var across = [Int](repeating: 0, count: cells)
        for a in 0..<bins {
            for c in 1..<(bins - 1) {
                let i = a * bins + c
                across[i] = histogram[i - 1] + histogram[i] + histogram[i + 1]
            }
        }
        var mode = (a: 0, c: 0), modeCount = 0
        for a in 1..<(bins - 1) {
            for c in 1..<(bins - 1) {
                let i = a * bins + c
                let sum = across[i - bins] + across[i] + across[i + bins]
                if sum > modeCount { (mode, modeCount) = ((a, c), sum) }
            }
        }
        guard modeCount > 0 else { return (1, 1, 1) }
        // The bins in and next to the mode's.
        var near = [Bool](repeating: false, count: cells)
        for a in (mode.a - 1)...(mode.a + 1) { for c in (mode.c - 1)...(mode.c + 1) { near[a * bins + c] = true } }
        // The channel sums are whole numbers far below 2⁵³: added as integers, they are the same
        // doubles as added one by one.
        var total = (r: 0, g: 0, b: 0)
        sampled.withUnsafeBufferPointer { sampled in
            near.withUnsafeBufferPointer { near in
                var k = 0
                for row in Swift.stride(from: 0, to: n, by: 2) {
                    let line = bytes + row * stride
                    for column in Swift.stride(from: 0, to: n, by: 2) {
                        let bin = Int(sampled[k])
                        k += 1
                        guard bin >= 0, near[bin] else { continue }
                        total.b &+= Int(line[3 * column]); total.g &+= Int(line[3 * column + 1]); total.r &+= Int(line[3 * column + 2])
                    }
                }
            }
        }
        let sum = (r: Double(total.r), g: Double(total.g), b: Double(total.b))
        guard sum.r > 0, sum.g > 0, sum.b > 0 else { return (1, 1, 1) }
        let grey = (sum.r + sum.g + sum.b) / 3
        return (Float(grey / sum.r), Float(grey / sum.g), Float(grey / sum.b))
    }

    /// ``hsv(_:_:_:)`` of eight pixels: every branch worked out and the scalar one's result picked
    /// lane by lane, so each lane gets the same value to the bit (`TopViewTests`).
    @inline(__always)
    static func hsv(_ r: SIMD8<Float>, _ g: SIMD8<Float>, _ b: SIMD8<Float>) -> (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) {
        // max(r, g, b) and min(r, g, b) as Swift's max and min pick them.
        let rg = r.replacing(with: g, where: g .>= r), high = rg.replacing(with: b, where: b .>= rg)
        let rgLow = r.replacing(with: g, where: g .< r), low = rgLow.replacing(with: b, where: b .< rgLow)
        let dark = high .<= 0
        let delta = high - low
        let s = (delta / high).replacing(with: 0, where: dark)
        var h = 60 * ((r - g) / delta + 4)
        h.replace(with: 60 * ((b - r) / delta + 2), where: high .== g)
        h.replace(with: 60 * ((g - b) / delta), where: high .== r)
        h.replace(with: h + 360, where: h .< 0)
        h.replace(with: 0, where: .!(delta .> 0) .| dark)
        let scaled = high / 255
        let v = SIMD8<Float>(repeating: 1).replacing(with: scaled, where: scaled .< 1).replacing(with: 0, where: dark)
        return (h, s, v)
    }

    /// Hue in degrees [0, 360), saturation and value in [0, 1], from channels in 0…255 (gains may
    /// push a channel past 255; value is clamped, the ratios are not affected).
    @inline(__always)
    static func hsv(_ r: Float, _ g: Float, _ b: Float) -> (Float, Float, Float) {
        let high = max(r, g, b), low = min(r, g, b)
        guard high > 0 else { return (0, 0, 0) }
        let delta = high - low
        let s = delta / high
        var h: Float = 0
        if delta > 0 {
            if high == r { h = 60 * ((g - b) / delta) }
            else if high == g { h = 60 * ((b - r) / delta + 2) }
            else { h = 60 * ((r - g) / delta + 4) }
            if h < 0 { h += 360 }
        }
        return (h, s, min(1, high / 255))
    }
}
