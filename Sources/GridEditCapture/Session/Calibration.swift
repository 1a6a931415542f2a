import GridEditCore
import GridEditMat
import GridEditGeometry

/// `gridedit capture calibrate`: a colour profile measured from a frame in which each piece lies
/// on its dashed outline on the mat (``MatLayout/calibrationSlots``).
///
/// For each slot, the pixels well inside the outline (a margin keeps blur and a slightly
/// misplaced piece out) give the piece's colour: the median hue, saturation and value after the
/// white balance on the paper. The hue tolerance follows the spread of the hues, and is narrowed
/// where two pieces' colours are close, so that they stay apart. Two pieces whose hues are nearly
/// equal get one colour (the capture then tells them apart by shape or position).
public struct Calibration {
    public struct Measurement: Sendable {
        public var piece: TangramPiece
        public var hue: Double
        public var saturation: Double
        public var value: Double
        /// Half-width of the middle 80 % of the hues, degrees.
        public var hueSpread: Double
        /// The share of the slot's inner pixels that are coloured (not paper, not dark).
        public var coverage: Double
    }

    /// Hues closer than this are one colour.
    public static let sameColour = 8.0
    public static let inset = 0.15

    public var analyzer: FrameAnalyzer

    public init(analyzer: FrameAnalyzer) {
        self.analyzer = analyzer
    }

    /// Measures every slot of one frame.
    public func measure(_ frame: VisionImage) throws(CaptureError) -> [Measurement] {
        let top: TopView
        switch analyzer.topView(frame) {
        case .failure(let failure): throw CaptureError(.layout, failure.message)
        case .success(let found): top = found.1
        }
        var result: [Measurement] = []
        var empty: [TangramPiece] = []
        for slot in MatLayout.calibrationSlots {
            let polygon = slot.vertices.map { (x: $0.doubleX, y: $0.doubleY) }
            var hues: [Double] = [], saturations: [Double] = [], values: [Double] = [], total = 0
            for row in 0..<top.size {
                for column in 0..<top.size {
                    let p = TopView.units(column: column, row: row)
                    guard Polygon.convex(polygon, contains: p.x, p.y, inset: Self.inset) else { continue }
                    total += 1
                    let i = row * top.size + column
                    guard top.value[i] >= PixelLabels.darkValue, top.saturation[i] >= PixelLabels.paperSaturation else { continue }
                    hues.append(Double(top.hue[i])); saturations.append(Double(top.saturation[i])); values.append(Double(top.value[i]))
                }
            }
            let coverage = total == 0 ? 0 : Double(hues.count) / Double(total)
            guard coverage >= 0.6 else { empty.append(slot.piece); continue }
            let (hue, spread) = Self.circularMedian(hues)
            result.append(Measurement(piece: slot.piece, hue: hue, saturation: Self.median(saturations), value: Self.median(values),
                                      hueSpread: spread, coverage: coverage))
        }
        guard empty.isEmpty else {
            throw CaptureError(.layout, "no coloured piece on the outline of \(empty.map(\.rawValue).joined(separator: ", ")): "
                               + "put every piece on its dashed outline (gridedit mat prints them) and keep the light even")
        }
        return result
    }

    /// The profile for the measurements, and notes for the designer (shared colours, tight
    /// tolerances).
    public static func profile(from measurements: [Measurement], name: String) -> (ColorProfile, [String]) {
        var notes: [String] = []
        var hues = Dictionary(uniqueKeysWithValues: measurements.map { ($0.piece, $0.hue) })
        var tolerance = Dictionary(uniqueKeysWithValues: measurements.map { ($0.piece, min(30, max(8, 2.5 * $0.hueSpread))) })
        let byPiece = Dictionary(uniqueKeysWithValues: measurements.map { ($0.piece, $0) })
        let pieces = measurements.map(\.piece)
        // Nearly equal hues: one colour shared by both pieces.
        for (i, a) in pieces.enumerated() {
            for b in pieces[(i + 1)...] where PieceColor.hueDistance(hues[a]!, hues[b]!) < sameColour && hues[a] != hues[b] {
                hues[b] = hues[a]
                tolerance[b] = tolerance[a]
                notes.append("\(a.rawValue) and \(b.rawValue) have the same colour: capture tells them apart by shape")
            }
        }
        // Close hues: narrow both tolerances to meet half-way.
        for (i, a) in pieces.enumerated() {
            for b in pieces[(i + 1)...] where hues[a] != hues[b] {
                let d = PieceColor.hueDistance(hues[a]!, hues[b]!)
                if tolerance[a]! + tolerance[b]! > d - 2 {
                    let each = max(2, (d - 2) / 2)
                    tolerance[a] = min(tolerance[a]!, each)
                    tolerance[b] = min(tolerance[b]!, each)
                    if each < 6 { notes.append("\(a.rawValue) and \(b.rawValue) differ by only \(Int(d))° of hue: expect trouble in uneven light") }
                }
            }
        }
        var colors: [TangramPiece: PieceColor] = [:]
        for piece in pieces {
            let m = byPiece[piece]!
            let sharedWith = pieces.first { hues[$0] == hues[piece] }!
            let source = byPiece[sharedWith]!
            let (r, g, b) = rgb(hue: hues[piece]!, saturation: source.saturation, value: max(m.value, source.value))
            colors[piece] = PieceColor(red: r, green: g, blue: b, hueTolerance: (tolerance[piece]! * 10).rounded() / 10)
        }
        let lowest = measurements.map(\.saturation).min() ?? 0.5
        let profile = ColorProfile(name: name, description: "Measured by gridedit capture calibrate.",
                                   minSaturation: (max(0.2, min(0.5, lowest * 0.6)) * 100).rounded() / 100, colors: colors)
        return (profile, notes)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// The median of hues around their circular mean, and the half-width of their middle 80 %.
    static func circularMedian(_ hues: [Double]) -> (Double, Double) {
        var c = 0.0, s = 0.0
        for h in hues { c += cos(h * .pi / 180); s += sin(h * .pi / 180) }
        let mean = atan2(s, c) * 180 / .pi
        let offsets = hues.map { h -> Double in
            var d = (h - mean).truncatingRemainder(dividingBy: 360)
            if d > 180 { d -= 360 }
            if d < -180 { d += 360 }
            return d
        }.sorted()
        let median = offsets[offsets.count / 2]
        let low = offsets[offsets.count / 10], high = offsets[(offsets.count * 9) / 10]
        var hue = (mean + median).truncatingRemainder(dividingBy: 360)
        if hue < 0 { hue += 360 }
        return (hue, (high - low) / 2)
    }

    static func rgb(hue: Double, saturation: Double, value: Double) -> (UInt8, UInt8, UInt8) {
        let c = value * saturation, h = hue / 60, x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)), m = value - c
        let (r, g, b): (Double, Double, Double)
        switch h {
        case ..<1: (r, g, b) = (c, x, 0)
        case ..<2: (r, g, b) = (x, c, 0)
        case ..<3: (r, g, b) = (0, c, x)
        case ..<4: (r, g, b) = (0, x, c)
        case ..<5: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, ((v + m) * 255).rounded()))) }
        return (byte(r), byte(g), byte(b))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Calibration {
    /// Per piece, the medians over several frames' measurements (the widest spread).
    public static func merge(_ samples: [[Measurement]]) -> [Measurement] {
        guard let first = samples.first else { return [] }
        return first.map { m in
            let all = samples.compactMap { $0.first { $0.piece == m.piece } }
            let (hue, _) = circularMedian(all.map(\.hue))
            return Measurement(piece: m.piece, hue: hue, saturation: median(all.map(\.saturation)),
                               value: median(all.map(\.value)), hueSpread: all.map(\.hueSpread).max()!,
                               coverage: median(all.map(\.coverage)))
        }
    }
}
