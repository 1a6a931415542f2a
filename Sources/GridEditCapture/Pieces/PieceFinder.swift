#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore
import GridEditMat
import GridEditLayout

/// Finds the pieces in a labelled top view and fits each one's ideal shape to its pixels.
///
/// 1. Pixels of each colour are split into connected regions; specks are dropped.
/// 2. A colour that belongs to one piece takes all its regions (a finger across a piece cuts it
///    in two); a colour shared by two pieces needs two separate regions, else they have merged.
/// 3. The fine angle comes from the directions of the region's edges: every tangram edge runs at
///    a multiple of 45° from the piece's own axes, so edge normals folded eightfold agree on it.
/// 4. Each of the eight 45° turns (and both sides of the parallelogram) is tried at the region's
///    centroid; the best is refined by hill climbing on position and angle. A candidate scores +1
///    for each of its pixels inside the outline, −1 for paper or another piece inside the outline
///    and −1 for its pixels outside it; unknown pixels (a hand) count for nothing.
public struct PieceFinder: Sendable {
    public enum Failure: Error, Sendable, Hashable {
        /// No (or too little of the) piece's colour: the piece is not on the mat, or the profile
        /// does not match the light.
        case missing([TangramPiece])
        /// One region of a colour is as large as two pieces: two pieces of that colour touch, or
        /// the set has two pieces of a colour the profile gives to one.
        case merged([TangramPiece])

        public var pieces: [TangramPiece] {
            switch self { case .missing(let p), .merged(let p): p }
        }
    }

    /// Below this share of its area, what shows of a piece is not trusted.
    public var minimumVisibleShare = 0.25

    public init() {}

    /// The sightings, one per piece of the profile, with the evidence for each (same order), or
    /// the failures (every missing piece and every merged colour, not just the first).
    public func find(in labels: PixelLabels) -> (sightings: [ApproximatePose], failures: [Failure], fits: [PieceFit]) {
        let n = labels.size
        let ppu = TopView.pixelsPerUnit
        // -1 paper, -2 unknown, ≥ 0 a slot (a plain loop over buffers, which the compiler makes
        // wide; `map` appended one element at a time).
        var owner = [Int16](unsafeUninitializedCapacity: labels.labels.count) { owner, count in
            labels.labels.withUnsafeBufferPointer { labels in
                for i in labels.indices { owner[i] = labels[i] == PixelLabels.paper ? -1 : -2 }
            }
            count = labels.labels.count
        }
        var slots: [Slot] = []
        var failures: [Failure] = []
        var splits: [(colour: Int, region: [Int32], pair: (TangramPiece, TangramPiece))] = []

        let (classes, absorbed) = Self.pieceClasses(labels, minimumVisibleShare: minimumVisibleShare)
        var labels = labels
        if !absorbed.isEmpty {
            for i in labels.labels.indices { if let k = absorbed[labels.labels[i]] { labels.labels[i] = k } }
        }
        let regionsByColour = Self.regions(labels)
        let reach = labels.fromBeyond()
        for (k, pieces) in classes.enumerated() where !pieces.isEmpty {
            let pieceArea = pieces.map { $0.shape.area.doubleValue }.min()! * ppu * ppu
            var regions = (regionsByColour[k] ?? []).filter { Double($0.count) >= 0.05 * pieceArea }
                .sorted { $0.count > $1.count }
            // A region that reaches in from beyond the play area (itself, or through the unknown
            // pixels of a hand it is an island in or on the rim of), when the colour's pieces
            // show inside it without that region, is no piece: a hand or sleeve of much a piece's
            // colour. (A piece lying partly off the play area, or partly under the hand, is then
            // the only region of its colour there: it stays, and validation says to move it inside.)
            let inside = regions.filter { !Self.reachesTheBorder($0, size: n) && !Self.touches(reach, $0, labels) }
            if inside.count < regions.count,
               inside.filter({ Double($0.count) >= minimumVisibleShare * pieceArea }).count >= pieces.count {
                regions = inside
            }
            if pieces.count == 1 {
                let expected = pieces[0].shape.area.doubleValue * ppu * ppu
                // A piece cut in parts (by a finger) lies within its own size: a region of its
                // colour farther from the largest than the piece is across is something else (a
                // seam where two other colours blur into this one, a glint), when the largest
                // part shows enough of the piece without it.
                if let largest = regions.first, Double(largest.count) >= minimumVisibleShare * expected {
                    let across = Self.diameter(pieces[0].shape) * ppu + 2
                    regions = [largest] + regions.dropFirst().filter { Self.farthest($0, from: largest, size: n) <= across }
                }
                let pixels = regions.flatMap { $0 }
                if Double(pixels.count) < minimumVisibleShare * expected { failures.append(.missing(pieces)); continue }
                if Double(pixels.count) > 1.6 * expected { failures.append(.merged(pieces)); continue }
                slots.append(Slot(colour: k, pieces: pieces, pixels: pixels))
            } else {
                let expected = pieces.map { $0.shape.area.doubleValue }.max()! * ppu * ppu
                let big = regions.filter { Double($0.count) >= minimumVisibleShare * pieceArea }
                // One region as large as two pieces (or, with a piece's region missing, as the
                // largest and most of the smallest): two of the colour's pieces touch, told apart
                // by shape once every other piece has its pixels.
                if let first = big.first, Double(first.count) > 1.5 * expected
                    || (big.count < pieces.count && Double(first.count) > expected + 0.6 * pieceArea) {
                    let pair = Self.pair(pieces, area: Double(first.count) / (ppu * ppu))
                    let others = pieces.filter { $0 != pair.0 && $0 != pair.1 }
                    let rest = big.dropFirst().prefix(others.count)
                    if rest.count < others.count { failures.append(.missing(Array(others.suffix(others.count - rest.count)))); continue }
                    splits.append((k, first, pair))
                    for region in rest { slots.append(Slot(colour: k, pieces: others, pixels: region)) }
                    continue
                }
                if big.count < pieces.count {
                    failures.append(.missing(Array(pieces.suffix(pieces.count - big.count)))); continue
                }
                for region in big.prefix(pieces.count) { slots.append(Slot(colour: k, pieces: pieces, pixels: region)) }
            }
        }
        owner.withUnsafeMutableBufferPointer { owner in
            for (s, slot) in slots.enumerated() { for p in slot.pixels { owner[Int(p)] = Int16(s) } }
        }
        for split in splits {
            guard let parts = self.split(split.region, into: split.pair, owner: owner, size: n) else {
                failures.append(.merged(classes[split.colour])); continue
            }
            for (piece, pixels) in [(split.pair.0, parts.first), (split.pair.1, parts.second)] {
                owner.withUnsafeMutableBufferPointer { owner in for p in pixels { owner[Int(p)] = Int16(slots.count) } }
                slots.append(Slot(colour: split.colour, pieces: [piece], pixels: pixels, splitLead: parts.lead))
            }
        }

        let map = OwnerMap(owner, size: n)
        var sightings: [ApproximatePose] = []
        var fits: [PieceFit] = []
        var taken: [Int: Int] = [:]  // colour → pieces already handed out
        for (s, slot) in slots.enumerated() {
            let colour = labels.colours[slot.colour]
            let index = taken[slot.colour, default: 0]
            taken[slot.colour] = index + 1
            // Same-colour pieces are told apart by the caller (a tracker); here each slot is tried
            // as every shape its colour may be, and the shape that fits best wins.
            var best: (ApproximatePose, PieceFit)?
            for piece in Self.distinctShapes(slot.pieces) {
                let fit = fitSlot(Int16(s), pixels: slot.pixels, piece: piece, map: map)
                if best == nil || fit.1.score > best!.1.score {
                    var sighting = fit.0
                    let candidates = slot.splitLead != nil ? [piece] + classes[slot.colour].filter { $0 != piece }
                        : Self.ordered(slot.pieces, preferring: piece, index: index)
                    sighting.piece = candidates[0]
                    sighting.alternatives = Array(candidates.dropFirst())
                    var evidence = fit.1
                    evidence.piece = candidates[0]
                    evidence.rivalPose?.piece = candidates[0]
                    evidence.colour = ColourNames.describe(colour)
                    evidence.edgeShared = slot.splitLead != nil
                    if let lead = slot.splitLead, lead < evidence.margin {
                        evidence.margin = lead
                        evidence.rival = "with the touching piece of its colour split another way"
                        evidence.rivalPose = nil
                        sighting.confidence = evidence.confidence
                    }
                    best = (sighting, evidence)
                }
            }
            sightings.append(best!.0)
            fits.append(best!.1)
        }
        return (sightings, failures, fits)
    }

    /// Pixels that go to the pieces of one colour class: all of them for a colour of one piece,
    /// one region each for a shared colour, or a part of a region two touching pieces share.
    struct Slot {
        var colour: Int
        /// The pieces the pixels may be (the slot is fitted as each shape among them).
        var pieces: [TangramPiece]
        var pixels: [Int32]
        /// For a part of a split region: the split's lead (``SharedColourSplit``).
        var splitLead: Double?
    }

    /// The pieces each colour class stands for in this frame, and the colours taken into another.
    /// A colour with no cluster of its own in this frame (or a speck of one), within ``closeHue``
    /// of a colour whose cluster holds most of both pieces' area, fell into that cluster (two
    /// close colours that this light makes one): its pixels are that colour's, and the two pieces
    /// share it and are told apart by shape, as a set with two pieces of one colour is.
    static func pieceClasses(_ labels: PixelLabels, minimumVisibleShare: Double) -> (classes: [[TangramPiece]], absorbed: [UInt8: UInt8]) {
        let ppu = TopView.pixelsPerUnit
        let colours = labels.colours
        var classes = colours.map(\.pieces)
        var absorbed: [UInt8: UInt8] = [:]
        func area(_ k: Int) -> Double { colours[k].pieces.map { $0.shape.area.doubleValue }.reduce(0, +) * ppu * ppu }
        func apart(_ k: Int, _ j: Int) -> Double { PieceColor.hueDistance(Double(colours[k].hue), Double(colours[j].profileHue)) }
        for j in colours.indices where Double(colours[j].clusterPixels) < minimumVisibleShare * area(j) {
            let host = colours.indices
                .filter { k in k != j && colours[k].clusterPixels > 0 && !classes[k].isEmpty && apart(k, j) <= closeHue
                    && Double(colours[k].clusterPixels) > area(k) + 0.6 * area(j) }
                .min { apart($0, j) < apart($1, j) }
            if let k = host { classes[k] += classes[j]; classes[j] = []; absorbed[UInt8(j)] = UInt8(k) }
        }
        return (classes, absorbed)
    }

    /// Two colours whose hues lie this close (degrees) can fall into one cluster.
    static let closeHue = 40.0

    /// The two pieces whose areas add up nearest to `area` (square units).
    static func pair(_ pieces: [TangramPiece], area: Double) -> (TangramPiece, TangramPiece) {
        var best = (pieces[0], pieces[1]), error = Double.infinity
        for i in pieces.indices { for j in pieces.indices where j > i {
            let e = abs(pieces[i].shape.area.doubleValue + pieces[j].shape.area.doubleValue - area)
            // The larger piece first: its pose is the one searched for inside the region.
            if e < error { (best, error) = (pieces[i].shape.area.doubleValue >= pieces[j].shape.area.doubleValue ? (pieces[i], pieces[j]) : (pieces[j], pieces[i]), e) }
        } }
        return best
    }

    static func distinctShapes(_ pieces: [TangramPiece]) -> [TangramPiece] {
        var seen: Set<TangramPiece.Shape> = [], result: [TangramPiece] = []
        for p in pieces where seen.insert(p.shape).inserted { result.append(p) }
        return result
    }

    /// Candidates with the fitted shape first; among equal shapes, the index-th one first, so two
    /// regions of one colour in one frame stand for different pieces.
    static func ordered(_ pieces: [TangramPiece], preferring piece: TangramPiece, index: Int) -> [TangramPiece] {
        let same = pieces.filter { $0.shape == piece.shape }
        let pick = same[min(index, same.count - 1)]
        return [pick] + pieces.filter { $0 != pick }
    }

    // MARK: Regions

    /// The greatest distance between two of the shape's corners (units).
    static func diameter(_ shape: TangramPiece.Shape) -> Double {
        let corners = ShapeTemplate(shape: shape, flipped: false).centred
        var most = 0.0
        for a in corners { for b in corners { most = max(most, hypot(a.x - b.x, a.y - b.y)) } }
        return most
    }

    /// The greatest distance (pixels) from a pixel of `region` to one of `other`. The farthest
    /// pair lies on the two regions' convex hulls, whose corners are rim pixels, so only rim
    /// pixels are compared (a few hundred a region, not thousands).
    static func farthest(_ region: [Int32], from other: [Int32], size n: Int) -> Double {
        var most = 0.0
        let others = rim(other, size: n)
        for p in rim(region, size: n) {
            let (pr, pc) = (Double(Int(p) / n), Double(Int(p) % n))
            for q in others {
                let (qr, qc) = (Double(Int(q) / n), Double(Int(q) % n))
                most = max(most, (pr - qr) * (pr - qr) + (pc - qc) * (pc - qc))
            }
        }
        return most.squareRoot()
    }

    /// The region's pixels with a 4-neighbour outside it (or on the top view's edge).
    static func rim(_ region: [Int32], size n: Int) -> [Int32] {
        let members = Set(region)
        return region.filter { p in
            let i = Int(p), row = i / n, column = i % n
            return row == 0 || column == 0 || row == n - 1 || column == n - 1
                || !members.contains(p - 1) || !members.contains(p + 1) || !members.contains(p - Int32(n)) || !members.contains(p + Int32(n))
        }
    }

    /// Whether a region lies next to a pixel of `reach`.
    static func touches(_ reach: [Bool], _ region: [Int32], _ labels: PixelLabels) -> Bool {
        region.contains { p in
            var next = false
            labels.forEachNeighbour(of: Int(p)) { if reach[$0] { next = true } }
            return next
        }
    }

    /// Whether a region touches the top view's edge: it reaches in from beyond the play area and
    /// its margin (`TopView.margin`), where no piece lies.
    static func reachesTheBorder(_ region: [Int32], size n: Int) -> Bool {
        region.contains { p in
            let i = Int(p), row = i / n, column = i % n
            return row == 0 || column == 0 || row == n - 1 || column == n - 1
        }
    }

    /// 4-connected regions of each colour, as pixel index lists.
    /// Each region is ``PixelLabels/flood(from:label:visited:)`` from its first pixel, with one
    /// stack for them all: noise leaves hundreds of specks a frame, each a region.
    static func regions(_ labels: PixelLabels) -> [Int: [[Int32]]] {
        let n = labels.size
        var visited = [Bool](repeating: false, count: n * n)
        var result: [Int: [[Int32]]] = [:]
        var stack: [Int] = []
        stack.reserveCapacity(4096)
        labels.labels.withUnsafeBufferPointer { buffer in
            visited.withUnsafeMutableBufferPointer { visited in
                for start in 0..<(n * n) where !visited[start] {
                    let label = buffer[start]
                    guard label < PixelLabels.paper else { continue }
                    result[Int(label), default: []].append(
                        PixelLabels.flood(from: CollectionOfOne(start), label: label, labels: buffer, size: n, visited: visited, stack: &stack))
                }
            }
        }
        return result
    }

    // MARK: Fitting

    struct Placement { var cx: Double; var cy: Double; var degrees: Double }

    /// An outline at a placement, with its score.
    struct Fit {
        var template: ShapeTemplate
        var placement: Placement
        var score: Int
    }

    func fitSlot(_ slot: Int16, pixels: [Int32], piece: TangramPiece, map: OwnerMap) -> (ApproximatePose, PieceFit) {
        let owner = map.owner, n = map.size
        let shape = piece.shape
        let ppu = TopView.pixelsPerUnit
        var sx = 0.0, sy = 0.0
        for p in pixels {
            let u = TopView.units(column: Int(p) % n, row: Int(p) / n)
            sx += u.x; sy += u.y
        }
        let centre = (x: sx / Double(pixels.count), y: sy / Double(pixels.count))
        let fine = Self.edgeAngle(slot, pixels: pixels, owner: owner, size: n)
        let counts = SlotCounts(map, slot: slot, pixels: pixels)
        let memo = FitMemo()

        // Starting points: the centroid for every turn and side. A partly hidden piece's visible
        // centroid is off its true centre, so then the outline also starts shifted towards the
        // hidden part by up to half its size, and the best few starts are refined.
        let expectedPixels = shape.area.doubleValue * ppu * ppu
        let hidden = Double(pixels.count) < 0.9 * expectedPixels
        let reach = hidden ? 0.5 * shape.area.doubleValue.squareRoot() : 0
        let offsets: [(Double, Double)] = hidden
            ? [(0, 0)] + (0..<8).map { k in (reach * cos(Double(k) * .pi / 4), reach * sin(Double(k) * .pi / 4)) }
            : [(0, 0)]
        var starts: [Fit] = []
        for flipped in shape.isChiral ? [false, true] : [false] {
            let template = ShapeTemplate(shape: shape, flipped: flipped)
            for k in 0..<8 {
                // Each turn at the edge angle and, when that is more than a degree off, on the
                // 45° step itself: where blur bends a piece's edges the edge angle can be 13° off,
                // a start of the true way at that angle scores low, and the way is never refined
                // (held-out seed 3411: a parallelogram was written flipped and turned 45°).
                for angle in abs(fine) > 1 ? [fine, 0] : [fine] {
                    for offset in offsets {
                        let placement = Placement(cx: centre.x + offset.0, cy: centre.y + offset.1, degrees: angle + Double(45 * k))
                        starts.append(Fit(template: template, placement: placement,
                                          score: memo.score(template, placement, slotCount: pixels.count, counts: counts)))
                    }
                }
            }
        }
        starts.sort { $0.score > $1.score }
        // The best start is refined (and for a hidden piece the next few too); so is the best start
        // that lies another way (another turn or side), so that the fit knows its nearest rival.
        var climbed = [climb(starts[0], pixelCount: pixels.count, counts: counts, coarse: hidden, memo: memo)]
        for start in starts.dropFirst().prefix(hidden ? 3 : 0) {
            climbed.append(climb(start, pixelCount: pixels.count, counts: counts, coarse: hidden, memo: memo))
        }
        let first = climbed.max { $0.score < $1.score }!
        if let rival = starts.first(where: { !Self.sameWay($0, first, shape: shape) }) {
            climbed.append(climb(rival, pixelCount: pixels.count, counts: counts, coarse: hidden, memo: memo))
        }
        let best = climbed.max { $0.score < $1.score }!
        // The rival: the best refined fit that puts the piece elsewhere (another turn or side, or
        // its middle more than a quarter unit away), which a wrong pose would be.
        let rival = climbed.filter { !Self.sameWay($0, best, shape: shape) || Self.distance($0.placement, best.placement) > 0.25 }
            .max { $0.score < $1.score }
        let refined = refineSubpixel(best, pixelCount: pixels.count, counts: counts, memo: memo)
        let (template, placement, score) = (refined.template, refined.placement, refined.score)
        let expected = template.area * ppu * ppu
        let hiddenInside = Self.unknownInside(template, placement, owner: owner, size: n)
        let unknownInOutline = Self.unknownInside(template, placement, owner: owner, size: n, inset: 0)
        let fit = PieceFit(piece: piece, colour: "", fit: max(0, min(1, Double(score) / expected)),
                           explained: max(0, min(1, Double(score) / max(expected - Double(unknownInOutline), 0.25 * expected))),
                           margin: rival.map { Double(score - $0.score) / expected } ?? 1,
                           rival: rival.map { Self.describeRival($0, best, shape: shape) },
                           rivalPose: rival.map { Self.pose(of: $0, piece: piece) }, settleShift: 0,
                           hiddenShare: Double(hiddenInside) / expected, score: score)
        var sighting = Self.pose(of: refined, piece: piece)
        sighting.confidence = fit.confidence
        sighting.occluded = fit.hiddenShare > PieceFit.partlyHiddenShare
        return (sighting, fit)
    }

    /// A fit as a pose: vertex 0 and the canonical turn (``canonicalTurn(_:shape:)``).
    static func pose(of fit: Fit, piece: TangramPiece) -> ApproximatePose {
        let degrees = canonicalTurn(fit.placement.degrees, shape: piece.shape)
        let origin = fit.template.vertexZero(cx: fit.placement.cx, cy: fit.placement.cy, degrees: degrees)
        return ApproximatePose(piece: piece, x: origin.x, y: origin.y, degrees: degrees, flipped: fit.template.flipped)
    }

    /// Whether two fits lie the same way: the same side up and the same 45° turn, up to the
    /// shape's symmetry.
    static func sameWay(_ a: Fit, _ b: Fit, shape: TangramPiece.Shape) -> Bool {
        guard a.template.flipped == b.template.flipped else { return false }
        let step = { (fit: Fit) in Int((canonicalTurn(fit.placement.degrees, shape: shape) / 45).rounded()) % 8 }
        return step(a) == step(b)
    }

    static func distance(_ a: Placement, _ b: Placement) -> Double {
        ((a.cx - b.cx) * (a.cx - b.cx) + (a.cy - b.cy) * (a.cy - b.cy)).squareRoot()
    }

    /// The rival in words, for --verbose: `turned 90°`, `flipped`, `moved 0.62`.
    static func describeRival(_ rival: Fit, _ best: Fit, shape: TangramPiece.Shape) -> String {
        var parts: [String] = []
        if rival.template.flipped != best.template.flipped { parts.append("flipped") }
        var turn = (canonicalTurn(rival.placement.degrees, shape: shape) - canonicalTurn(best.placement.degrees, shape: shape))
            .truncatingRemainder(dividingBy: 360)
        if turn > 180 { turn -= 360 } else if turn < -180 { turn += 360 }
        if abs(turn) >= 22.5 { parts.append("turned \(Int((turn / 45).rounded()) * 45)°") }
        let d = distance(rival.placement, best.placement)
        if d > 0.25 { parts.append("moved \(PieceFit.hundredths(d))") }
        return parts.isEmpty ? "another pose" : parts.joined(separator: ", ")
    }

    /// Hill climbing on position and angle from a start: coarse steps first when a hidden part
    /// lets the outline slide into the unknown.
    func climb(_ start: Fit, pixelCount: Int, counts: SlotCounts, coarse: Bool, memo: FitMemo = FitMemo()) -> Fit {
        let ppu = TopView.pixelsPerUnit
        var fit = start
        let step45 = 45 * (start.placement.degrees / 45).rounded()
        let steps: [Double] = coarse ? [8, 4, 2, 1, 0.5] : [2, 1, 0.5]
        for step in steps {
            let d = step / ppu, turn = step / 2
            var improved = true, rounds = 0
            while improved && rounds < 12 {
                improved = false
                rounds += 1
                for m in 0..<6 {
                    let move = Self.move(m, d, turn)
                    let p = fit.placement
                    let trial = Placement(cx: p.cx + move.0, cy: p.cy + move.1, degrees: p.degrees + move.2)
                    // A start stands for one way of lying: climbing never turns it into another,
                    // so it stays within 22.5° of its 45° step (else a rival could climb into the
                    // best's way, and with no rival left the lead would look clear).
                    guard abs(trial.degrees - step45) < 22.5 else { continue }
                    let score = memo.score(fit.template, trial, slotCount: pixelCount, counts: counts)
                    if score > fit.score { (fit.placement, fit.score, improved) = (trial, score, true) }
                }
            }
        }
        return fit
    }

    /// One turn for each way a piece can lie: the square looks the same every 90° and the
    /// parallelogram every 180°, so their turns are folded into one period, starting 22.5° before
    /// a 45° step. Frame after frame the same corner is then vertex 0, and a piece lying still
    /// never seems to jump to another corner. Degrees in [0, 360).
    static func canonicalTurn(_ degrees: Double, shape: TangramPiece.Shape) -> Double {
        let period: Double = shape == .square ? 90 : shape == .parallelogram ? 180 : 360
        var folded = (degrees + 22.5).truncatingRemainder(dividingBy: period)
        if folded < 0 { folded += period }
        var result = (folded - 22.5).truncatingRemainder(dividingBy: 360)
        if result < 0 { result += 360 }
        return result
    }

    /// The piece's turn modulo 45°, in (−22.5°, 22.5°], from the slot's edge normals.
    static func edgeAngle(_ slot: Int16, pixels: [Int32], owner: [Int16], size n: Int) -> Double {
        var c = 0.0, s = 0.0
        var pixelsToWeigh: [Int32] = []
        @inline(__always) func inside(_ r: Int, _ col: Int) -> Double {
            guard r >= 0, r < n, col >= 0, col < n else { return 0 }
            return owner[r * n + col] == slot ? 1 : 0
        }
        owner.withUnsafeBufferPointer { o in
            for p in pixels {
                // Most of a slot's pixels lie inside it, all eight neighbours its own: no boundary.
                let i = Int(p)
                if i > n, i < n * (n - 1) - 1, i % n != 0, i % n != n - 1,
                   o[i - n - 1] == slot, o[i - n] == slot, o[i - n + 1] == slot, o[i - 1] == slot,
                   o[i + 1] == slot, o[i + n - 1] == slot, o[i + n] == slot, o[i + n + 1] == slot { continue }
                pixelsToWeigh.append(p)
            }
        }
        for p in pixelsToWeigh {
            let i = Int(p), row = i / n, column = i % n
            // Only boundary pixels, and not where the boundary is a hidden part.
            var boundary = false, nearUnknown = false
            for dr in -1...1 { for dc in -1...1 {
                let r = row + dr, col = column + dc
                guard r >= 0, r < n, col >= 0, col < n else { boundary = true; continue }
                let o = owner[r * n + col]
                if o != slot { boundary = true }
                if o == -2 { nearUnknown = true }
            } }
            guard boundary, !nearUnknown else { continue }
            // Sobel, with y pointing up.
            let gx = (inside(row - 1, column + 1) + 2 * inside(row, column + 1) + inside(row + 1, column + 1))
                - (inside(row - 1, column - 1) + 2 * inside(row, column - 1) + inside(row + 1, column - 1))
            let gy = (inside(row - 1, column - 1) + 2 * inside(row - 1, column) + inside(row - 1, column + 1))
                - (inside(row + 1, column - 1) + 2 * inside(row + 1, column) + inside(row + 1, column + 1))
            let weight = (gx * gx + gy * gy).squareRoot()
            guard weight > 0 else { continue }
            let phi = atan2(gy, gx) * 8
            c += weight * cos(phi)
            s += weight * sin(phi)
        }
        guard c != 0 || s != 0 else { return 0 }
        return atan2(s, c) / 8 * 180 / .pi
    }

    /// Unknown pixels inside a placed outline, `inset` or more from its edges. By default two
    /// pixels, where blur makes every piece's rim neither its colour nor paper: then they are a
    /// hand or shadow over the piece. With no inset, the rim counts too: what ``PieceFit/explained``
    /// leaves out, as the score does.
    static func unknownInside(_ template: ShapeTemplate, _ placement: Placement, owner: [Int16], size n: Int, inset: Double = 2 / TopView.pixelsPerUnit) -> Int {
        let polygon = template.outline(cx: placement.cx, cy: placement.cy, degrees: placement.degrees)
        let edges = outlineEdges(template, polygon)
        let ppu = TopView.pixelsPerUnit, margin = TopView.margin, top = MatLayout.playSize + margin
        let b = polygon.bounds
        let rows = max(0, Int((top - b.maxY) * ppu)) ... min(n - 1, Int((top - b.minY) * ppu))
        let columns = max(0, Int((b.minX + margin) * ppu)) ... min(n - 1, Int((b.maxX + margin) * ppu))
        guard !rows.isEmpty, !columns.isEmpty else { return 0 }
        var count = 0
        for row in rows {
            for column in columns where owner[row * n + column] == -2 {
                let p = TopView.units(column: column, row: row)
                if edges.inside(p.x, p.y) >= inset { count += 1 }
            }
        }
        return count
    }

    /// The score of one placement (see the type's comment): over the pixels whose centres lie
    /// inside the outline, row by row.
    static func score(_ template: ShapeTemplate, _ placement: Placement, slotCount: Int, counts: SlotCounts) -> Int {
        let n = counts.size
        let ppu = TopView.pixelsPerUnit, margin = TopView.margin, top = MatLayout.playSize + margin
        let polygon = template.outline(cx: placement.cx, cy: placement.cy, degrees: placement.degrees)
        let b = polygon.bounds
        // Rows whose centre lies within the polygon's y range.
        let firstRow = max(0, Int(((top - b.maxY) * ppu - 0.5).rounded(.up)))
        let lastRow = min(n - 1, Int(((top - b.minY) * ppu - 0.5).rounded(.down)))
        guard firstRow <= lastRow else { return -slotCount }
        var plus = 0, minus = 0
        // Four rows a time, one per lane (the last four may repeat the last row, whose lanes are
        // left out). Each lane does the one-row arithmetic in the same order, so every row's
        // span is what it would be alone, to the last bit; the rows' divisions run side by side.
        TopView.rowCentres.withUnsafeBufferPointer { centres in
            var row = firstRow
            while row <= lastRow {
                let y = SIMD4<Double>(centres[row], centres[min(row + 1, lastRow)], centres[min(row + 2, lastRow)],
                                      centres[min(row + 3, lastRow)])
                var low = SIMD4<Double>(repeating: .infinity), high = SIMD4<Double>(repeating: -.infinity)
                for k in 0..<polygon.count {
                    let j = polygon.next(k)
                    let p = (x: polygon.x[k], y: polygon.y[k]), q = (x: polygon.x[j], y: polygon.y[j])
                    guard p.y != q.y else { continue }
                    let crosses = (p.y - y) * (q.y - y) .<= 0
                    let x = p.x + (y - p.y) * (q.x - p.x) / (q.y - p.y)
                    // min(low, x) and max(high, x), where the edge crosses the row.
                    low.replace(with: x, where: crosses .& (x .< low))
                    high.replace(with: x, where: crosses .& (x .>= high))
                }
                let firsts = ((low + margin) * ppu - 0.5).rounded(.up), lasts = ((high + margin) * ppu - 0.5).rounded(.down)
                for lane in 0..<min(4, lastRow - row + 1) where low[lane] <= high[lane] {
                    let first = max(0, Int(firsts[lane])), last = min(n - 1, Int(lasts[lane]))
                    guard first <= last else { continue }
                    // Unknown pixels (a hand) count for nothing.
                    let span = counts.span(row: row + lane, first, last)
                    plus += span.slot
                    minus += span.other
                }
                row += 4
            }
        }
        return plus - minus - (slotCount - plus)
    }
}
