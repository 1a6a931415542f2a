#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore
import GridEditLayout

/// How clearly the 0.25 grid decides where each group of touching pieces lies, measured on the
/// whole group.
///
/// Settling anchors touching pieces to each other and puts the group on the grid by one of its
/// vertices. For a group of 45° pieces the placements that put *some* vertex on a grid point lie
/// a few hundredths of a unit apart, and a per-piece measure cannot tell which one the camera
/// saw: each piece moved only a little. The group's pieces together can: the mean of their
/// fitted middles minus their settled middles, less the same mean over the rest of the layout
/// (the camera's error is much the same across the mat), is how far the group lies from its
/// settled place against the rest; every other placement on the grid is another shift. A group
/// whose next placement is about as near as the chosen one (or nearer) is not sure of its place:
/// margin (units) = the least, over the other placements, of twice the offset's distance from the
/// line half-way between that placement and the chosen one (on the line joining them, the
/// difference of the two distances), negative when the other is nearer. A layout that is one
/// group needs none of this: its place on the grid moves the whole figure, which leaves the
/// puzzle as it is.
///
/// How large a margin is clear depends on how well the group's pieces were seen
/// (``clarity(margin:seenWhole:)``): the fits of pieces in full view err half as much as those
/// of pieces partly under a hand.
///
/// The same offsets also show a wrong contact inside a group. Settling moves a group as one
/// body, so every piece of it moves alike and their offsets agree up to the fits' error; a piece
/// anchored corner to corner where it really lies a little along its neighbour's edge moves
/// differently from the rest, and its offset stands out from theirs (``Judgement/apart``).
enum GroupPlacement {
    /// What the offsets say about a settled layout.
    struct Judgement {
        /// The margin of every piece in a group of two or more pieces, when the layout has more
        /// than one group (pieces not listed are judged by themselves, `CameraLayout.gridMargin`).
        var margins: [TangramPiece: Double] = [:]
        /// Whether the layout is one body (every piece anchored to the others), whose place on
        /// the grid only moves the whole figure.
        var oneBody = false
        /// The pieces anchored to no other.
        var loose: Set<TangramPiece> = []
        /// The pieces of groups with a piece not seen whole (partly hidden, or sharing an edge
        /// with a piece of its colour).
        var notSeenWhole: Set<TangramPiece> = []
        /// For each piece of a group of two or more: how far (units) its offset lies from the
        /// middle (the median, along x and along y) of the other pieces' offsets: how far the
        /// fit puts it from where the pieces it is anchored with put it.
        var apart: [TangramPiece: Double] = [:]
        /// The pieces anchored together with each piece (itself included).
        var group: [TangramPiece: [TangramPiece]] = [:]
        /// How clearly the grid places each piece (``GridMeasure``): the one measure the one-shot
        /// capture (`PieceFit.gridClear`) and the REPL's stream both apply.
        var grid: [TangramPiece: GridMeasure] = [:]
    }

    /// How clearly the grid places one piece: the margin (units) by which its placement beats the
    /// next, measured on the piece itself or on its group, and whether every piece the margin
    /// rests on was seen whole (then a smaller margin is clear, ``clarity(margin:seenWhole:)``).
    struct GridMeasure: Equatable {
        var margin = 1.0
        var byGroup = false
        var seenWhole = false
        var clarity: Double { GroupPlacement.clarity(margin: margin, seenWhole: seenWhole) }
    }

    /// The judgement of a settled layout; `notSeenWhole` lists the pieces not seen whole (by
    /// default those whose sighting is `occluded`).
    static func judge(sightings: [ApproximatePose], poses: [Pose], reports: [LayoutSnapper.PieceReport],
                      notSeenWhole: Set<TangramPiece>? = nil) -> Judgement {
        let notSeenWhole = notSeenWhole ?? Set(sightings.filter(\.occluded).map(\.piece))
        let pieces = poses.map(\.piece)
        let index = Dictionary(pieces.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var sets = UnionFind(count: pieces.count)
        for report in reports {
            let other: TangramPiece
            switch report.method {
            case .corner(let o), .edge(let o): other = o
            case .grid: continue
            }
            guard let a = index[report.piece], let b = index[other] else { continue }
            sets.join(a, b)
        }
        let groups = sets.groups().map { $0.map { pieces[$0] } }
        let seen = Dictionary(sightings.map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })
        let exact = Dictionary(poses.map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })
        var judgement = Judgement(oneBody: groups.count == 1)
        for group in groups { for piece in group { judgement.group[piece] = group } }
        // Each piece's offset: its fitted middle minus its settled middle.
        var offset: [TangramPiece: (Double, Double)] = [:]
        for piece in pieces {
            guard let s = seen[piece], let e = exact[piece] else { return judgement }
            let f = s.middle, m = e.approximateMiddle
            offset[piece] = (f.x - m.x, f.y - m.y)
        }
        for group in groups where group.count > 1 {
            for piece in group {
                let others = group.filter { $0 != piece }
                let dx = offset[piece]!.0 - median(others.map { offset[$0]!.0 })
                let dy = offset[piece]!.1 - median(others.map { offset[$0]!.1 })
                judgement.apart[piece] = hypot(dx, dy)
            }
        }
        guard groups.count > 1 else { return judgement }
        func mean(_ group: [TangramPiece]) -> (Double, Double) {
            let n = Double(group.count)
            return (group.map { offset[$0]!.0 }.reduce(0, +) / n, group.map { offset[$0]!.1 }.reduce(0, +) / n)
        }
        for group in groups {
            if group.contains(where: notSeenWhole.contains) { judgement.notSeenWhole.formUnion(group) }
            // The group's offset against the rest of the layout: the camera's error, much the
            // same across the mat, cancels; only how the groups lie to each other counts.
            let own = mean(group), rest = mean(pieces.filter { !group.contains($0) })
            let dx = own.0 - rest.0, dy = own.1 - rest.1
            // Every shift that puts one of the group's vertices on a grid point, near the group.
            var shifts: [(Double, Double)] = []
            for piece in group {
                for v in exact[piece]!.vertices {
                    let x = v.doubleX, y = v.doubleY
                    for gx in -1...1 { for gy in -1...1 {
                        let sx = ((x * 4).rounded() + Double(gx)) / 4 - x, sy = ((y * 4).rounded() + Double(gy)) / 4 - y
                        guard hypot(sx, sy) < 0.45 else { continue }
                        if !shifts.contains(where: { hypot($0.0 - sx, $0.1 - sy) < 0.005 }) { shifts.append((sx, sy)) }
                    } }
                }
            }
            // Against each other placement, only the offset's part along the line between the two
            // tells them apart: twice its distance from the line half-way between them, on the
            // chosen one's side ((r² − c²) / d for distances c and r from the offset to the chosen
            // and the other placement, d apart). On that line it is r − c; off it, the part across
            // the line (evidence for neither) no longer counts against the chosen one.
            // A placement within ``indistinct`` of the chosen one is a rival only when it puts as
            // many of the group's vertices on grid points: else the snapper's own rule, not the
            // camera, chose between the two.
            let corners = group.flatMap { exact[$0]!.vertices.map { ($0.doubleX, $0.doubleY) } }
            func onGrid(_ shift: (Double, Double)) -> Int {
                func quarter(_ x: Double) -> Bool { abs(x * 4 - (x * 4).rounded()) < 1e-6 }
                return corners.filter { quarter($0.0 + shift.0) && quarter($0.1 + shift.1) }.count
            }
            let chosenOnGrid = onGrid((0, 0))
            let rivals = shifts.filter { shift in
                let d = hypot(shift.0, shift.1)
                return d >= 0.005 && (d > indistinct || onGrid(shift) >= chosenOnGrid)
            }
            let chosen = dx * dx + dy * dy
            let margin = rivals.map { (shift: (Double, Double)) -> Double in
                let (ox, oy) = (dx - shift.0, dy - shift.1)
                let other: Double = ox * ox + oy * oy
                return (other - chosen) / hypot(shift.0, shift.1)
            }.min() ?? .infinity
            for piece in group { judgement.margins[piece] = margin }
        }
        judgement.loose = Set(groups.filter { $0.count == 1 }.map { $0[0] })
        judgement.grid = gridMeasures(judgement, seen: seen, poses: poses, reports: reports, notSeenWhole: notSeenWhole)
        return judgement
    }

    /// Each piece's ``GridMeasure``. A piece the grid alone placed is first judged by itself
    /// (`CameraLayout.gridMargin`); a loose piece by its offset against the rest of the layout
    /// instead (the camera's error cancels), and a piece of a group by its group's margin when that
    /// is the less clear. A layout that is one body is not judged by the grid at all: its place on
    /// the grid only moves the whole figure, which changes nothing of the puzzle.
    private static func gridMeasures(_ judgement: Judgement, seen: [TangramPiece: ApproximatePose], poses: [Pose],
                                     reports: [LayoutSnapper.PieceReport], notSeenWhole: Set<TangramPiece>) -> [TangramPiece: GridMeasure] {
        let reports = Dictionary(reports.map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })
        var measures: [TangramPiece: GridMeasure] = [:]
        for pose in poses {
            let piece = pose.piece
            var measure = GridMeasure()
            defer { measures[piece] = measure }
            guard let report = reports[piece], !judgement.oneBody else { continue }
            if let sighting = seen[piece] {
                measure.margin = CameraLayout.gridMargin(sighting, snapped: pose, method: report.method)
                measure.seenWhole = !notSeenWhole.contains(piece)
            }
            guard let margin = judgement.margins[piece] else { continue }
            if judgement.loose.contains(piece) {
                if case .grid(_?) = report.method { measure.margin = margin }
            } else {
                let group = GridMeasure(margin: margin, byGroup: true, seenWhole: !judgement.notSeenWhole.contains(piece))
                if group.clarity < measure.clarity { measure = group }
            }
        }
        return measures
    }

    /// The middle value (the mean of the two middle ones for an even count).
    static func median(_ values: [Double]) -> Double {
        let v = values.sorted(), k = v.count / 2
        return v.count % 2 == 1 ? v[k] : (v[k - 1] + v[k]) / 2
    }

    /// How well a piece agrees with the rest of its group, 0…1, from ``Judgement/apart``: 1 up
    /// to ``apartSlack``, 0 at ``apartLimit``, both half as much again for a piece partly hidden
    /// (its fit errs more, as for ``clarity(margin:seenWhole:)``). On seeds 0–1499 the pieces of
    /// every group lay at most 0.059 units apart in this sense (median 0.011 in full view, 0.017
    /// partly hidden), on held-out seeds 3500–6999 two partly hidden parallelograms 0.075 and
    /// 0.076; the one contact measured wrong (held-out seed 6688: the square anchored to a corner
    /// of large-1, and both large triangles, in full view, written 0.08 units from their true
    /// place against the rest) put the two triangles 0.17 and 0.18 units apart.
    static func agreement(apart: Double, seenWhole: Bool) -> Double {
        let scale = seenWhole ? 1 : 1.5
        return max(0, min(1, 1 - (apart - scale * apartSlack) / (scale * (apartLimit - apartSlack))))
    }
    static let apartSlack = 0.05
    static let apartLimit = 0.11

    /// How clearly a margin (units) places a group, 0…1: the margin over the scale for how the
    /// group was seen. A piece partly hidden (more than 2 % of its outline unknown: a hand, a
    /// glare) is fitted on part of its edges and errs about twice as much: on seeds 0–1499, the
    /// offset of a loose piece against the rest of the layout, along x, y and the diagonals,
    /// has a root mean square of 0.0059 units in full view and 0.0136 partly hidden, a
    /// 99.9th percentile of 0.026 in full view. So a group of pieces all in full view is clear
    /// at ``wholeViewScale``, and one with a partly hidden piece at the stricter
    /// ``partlyHiddenScale``. At the threshold 0.6 a group in full view needs 0.021
    /// units: for a loose 45° piece, whose next placement lies 0.061 units away along a
    /// diagonal, the wrong one would need an error of 0.041 along that diagonal, beyond every one
    /// measured (docs/measurements.md, "Session 13").
    static func clarity(margin: Double, seenWhole: Bool) -> Double {
        max(0, min(1, margin / (seenWhole ? wholeViewScale : partlyHiddenScale)))
    }

    /// The margin scale for groups whose pieces are all in full view.
    static let wholeViewScale = 0.035
    /// The margin scale for groups with a piece partly hidden (the scale every margin had before
    /// session 13).
    static let partlyHiddenScale = 0.05

    /// Units within which two placements of a group are one to any camera (3√2 is within 0.0074
    /// of 4.25; `CameraLayout.gridMargin` takes placements of a piece this near as one). Between
    /// two such placements the snapper chooses by its own rule, the most vertices on grid points,
    /// as the truth of a layout is where the snapper puts it (`RandomLayout.isSettled`); so the
    /// nearer of the two is evidence against the chosen one only when it puts as many vertices
    /// on grid points, and the camera's nearness decided.
    static let indistinct = 0.01
}
