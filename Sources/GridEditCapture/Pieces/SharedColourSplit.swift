import GridEditCore
import GridEditLayout

/// Two pieces of one colour that touch show as one region of that colour: capture tells them
/// apart by their shapes.
///
/// A set whose two large triangles are both red, or a light under which two close colours fall
/// into one cluster, leaves one region where two pieces lie. Every way the first piece can lie
/// inside the region (each 45° turn, both sides, positions an eighth of a unit apart) leaves a
/// remainder; the second piece is fitted to it, and the pair of poses that explains the region
/// best wins. Its lead over the best pair that puts the pieces elsewhere caps both pieces' lead
/// (the *distinct* measure of ``PieceFit``), so a region that two splits explain equally well
/// (two large triangles making a square, cut along either diagonal) is refused, never guessed.
struct SharedColourSplit {
    /// The region's pixels that belong to each piece (the first piece's, then the second's).
    var first: [Int32]
    var second: [Int32]
    /// How far the split beats the best one that lies another way, over the larger piece's area,
    /// as a piece's lead over its rival is over its own area (1 when no other split explains the
    /// region at all).
    var lead: Double

    /// A split explains at least this share of the region's pixels, or the region is not two
    /// pieces of this colour (a hand, a third piece, a piece and a shadow).
    static let minimumExplained = 0.6
    /// The two fitted outlines together cover at least this share of the region's pixels (its
    /// blurred rim is most of the rest).
    static let minimumCovered = 0.9
    /// The first piece's candidate poses are tried this far apart (units).
    static let step = 0.125
    /// The most candidate poses of the first piece that get a fitted partner.
    static let candidates = 48
    /// Units within which two fitted corners count as one (the fit's error is a few hundredths).
    static let sameCorner = 0.15
}

extension PieceFinder {
    /// Splits `region` into the pixels of `pair.0` and of `pair.1`, or nil when no two poses of
    /// those shapes explain it. `owner` has every other piece's pixels in their own slots.
    func split(_ region: [Int32], into pair: (TangramPiece, TangramPiece), owner base: [Int16], size n: Int) -> SharedColourSplit? {
        let ppu = TopView.pixelsPerUnit
        let (slotA, slotB) = (Int16.max - 1, Int16.max)
        var owner = base
        for p in region { owner[Int(p)] = slotA }
        let shapeA = pair.0.shape, shapeB = pair.1.shape
        let areaA = shapeA.area.doubleValue * ppu * ppu, areaB = shapeB.area.doubleValue * ppu * ppu
        let fine = Self.edgeAngle(slotA, pixels: region, owner: owner, size: n)

        var xs = (low: Double.infinity, high: -Double.infinity), ys = xs
        for p in region {
            let u = TopView.units(column: Int(p) % n, row: Int(p) / n)
            xs = (min(xs.low, u.x), max(xs.high, u.x))
            ys = (min(ys.low, u.y), max(ys.high, u.y))
        }
        // Poses of the first piece lying (nearly) within the region: scored with no slot size, a
        // pose scores twice its pixels of the region less the paper and other pieces inside it.
        var poses: [Fit] = []
        let map = OwnerMap(owner, size: n)
        let counts = SlotCounts(map, slot: slotA, pixels: region)
        for flipped in shapeA.isChiral ? [false, true] : [false] {
            let template = ShapeTemplate(shape: shapeA, flipped: flipped)
            for k in 0..<8 {
                var y = ys.low
                while y <= ys.high {
                    var x = xs.low
                    while x <= xs.high {
                        let placement = Placement(cx: x, cy: y, degrees: fine + Double(45 * k))
                        let score = Self.score(template, placement, slotCount: 0, counts: counts)
                        if Double(score) >= 1.4 * areaA { poses.append(Fit(template: template, placement: placement, score: score)) }
                        x += SharedColourSplit.step
                    }
                    y += SharedColourSplit.step
                }
            }
        }
        // Best first; among poses as good (many lie wholly inside), those that leave the second
        // piece's area first.
        let leftOver = { (pose: Fit) in abs(Double(region.count) - Double(pose.score) / 2 - areaB) }
        poses.sort { $0.score != $1.score ? $0.score > $1.score : leftOver($0) < leftOver($1) }
        var kept: [Fit] = []
        for pose in poses where !kept.contains(where: { Self.sameWay($0, pose, shape: shapeA) && Self.distance($0.placement, pose.placement) < 0.2 }) {
            kept.append(pose)
            if kept.count == SharedColourSplit.candidates { break }
        }

        // Each kept pose with the second piece fitted to what it leaves.
        struct Candidate { var a: Fit; var b: Placement; var bFlipped: Bool; var total: Int }
        var tried: [Candidate] = []
        for a in kept {
            let (partA, partB) = Self.partition(region, inside: a, size: n)
            guard Double(partB.count) >= minimumVisibleShare * areaB else { continue }
            let parts = map.relabelled(partB, as: slotB)
            let (sighting, fitB) = fitSlot(slotB, pixels: partB, piece: pair.1, map: parts)
            let scoreA = Self.score(a.template, a.placement, slotCount: partA.count, counts: SlotCounts(parts, slot: slotA, pixels: partA))
            let b = Self.placement(of: sighting)
            tried.append(Candidate(a: a, b: b, bFlipped: sighting.flipped, total: scoreA + fitB.score))
        }
        guard let best = tried.max(by: { $0.total < $1.total }),
              Double(best.total) >= SharedColourSplit.minimumExplained * Double(region.count) else { return nil }
        // A rival puts the first piece another way or elsewhere; with two pieces of one shape,
        // the first piece where the best split has the second is the same split.
        let bestB = Fit(template: ShapeTemplate(shape: shapeB, flipped: best.bFlipped), placement: best.b, score: 0)
        let rival = tried.filter { c in
            if Self.sameWay(c.a, best.a, shape: shapeA) && Self.distance(c.a.placement, best.a.placement) <= 0.25 { return false }
            if shapeA == shapeB && Self.sameWay(c.a, bestB, shape: shapeA) && Self.distance(c.a.placement, best.b) <= 0.25 { return false }
            return true
        }.max { $0.total < $1.total }
        let lead = rival.map { Double(best.total - $0.total) / areaA } ?? 1

        // The seam: the second piece's fitted outline takes its pixels, the first fits the rest,
        // and its fitted outline draws the final line.
        let (_, restA) = Self.partition(region, inside: bestB, size: n)
        guard Double(restA.count) >= minimumVisibleShare * areaA else { return nil }
        let parts = map.relabelled(region, as: slotB).relabelled(restA, as: slotA)
        let (sightingA, _) = fitSlot(slotA, pixels: restA, piece: pair.0, map: parts)
        let fittedA = Fit(template: ShapeTemplate(shape: shapeA, flipped: sightingA.flipped), placement: Self.placement(of: sightingA), score: 0)
        let (first, second) = Self.partition(region, inside: fittedA, size: n)
        guard Double(second.count) >= minimumVisibleShare * areaB, Double(first.count) >= minimumVisibleShare * areaA else { return nil }
        // The two outlines together must explain the region, not just each its own part (a part
        // is cut by an outline, which explains it by construction).
        let covered = region.count - Self.partition(second, inside: bestB, size: n).outside.count
        guard Double(covered) >= SharedColourSplit.minimumCovered * Double(region.count) else { return nil }
        // Two equal triangles that share their long side make a square, which the other diagonal
        // cuts into the same two triangles: one colour cannot tell the cuts apart.
        let squareCut = shapeA == shapeB && Self.formSquare(fittedA, bestB)
        return SharedColourSplit(first: first, second: second, lead: squareCut ? 0 : lead)
    }

    /// Whether two fitted triangles of one shape share their longest side, the shape's diameter
    /// (both its ends within ``SharedColourSplit/sameCorner``), so that together they make a square.
    static func formSquare(_ a: Fit, _ b: Fit) -> Bool {
        guard a.template.centred.count == 3 else { return false }
        let va = a.template.vertices(cx: a.placement.cx, cy: a.placement.cy, degrees: a.placement.degrees)
        let vb = b.template.vertices(cx: b.placement.cx, cy: b.placement.cy, degrees: b.placement.degrees)
        func apart(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double)) -> Double { hypot(p.x - q.x, p.y - q.y) }
        let shared = va.filter { p in vb.contains { apart(p, $0) <= SharedColourSplit.sameCorner } }
        guard shared.count == 2 else { return false }
        return abs(apart(shared[0], shared[1]) - diameter(a.template.shape)) <= SharedColourSplit.sameCorner
    }

    /// The region's pixels whose centres lie inside the fitted outline, and the rest.
    static func partition(_ region: [Int32], inside fit: Fit, size n: Int) -> (inside: [Int32], outside: [Int32]) {
        let edges = inwardEdges(fit.template, fit.placement)
        var inside: [Int32] = [], outside: [Int32] = []
        for p in region {
            let u = TopView.units(column: Int(p) % n, row: Int(p) / n)
            if edges.allSatisfy({ $0.nx * (u.x - $0.x) + $0.ny * (u.y - $0.y) >= 0 }) { inside.append(p) } else { outside.append(p) }
        }
        return (inside, outside)
    }

    /// The centroid placement of a fitted sighting (whose position is its vertex 0).
    static func placement(of sighting: ApproximatePose) -> Placement {
        let template = ShapeTemplate(shape: sighting.piece.shape, flipped: sighting.flipped)
        let a = sighting.degrees * .pi / 180, c = cos(a), s = sin(a)
        let g = template.centroid
        return Placement(cx: sighting.x + c * g.x - s * g.y, cy: sighting.y + s * g.x + c * g.y, degrees: sighting.degrees)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
