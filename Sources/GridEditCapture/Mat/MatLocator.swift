import CVision
import GridEditCore
import GridEditMat

/// Where the mat is in one camera frame: the perspective that maps mat units onto pixels, found
/// from the ArUco markers printed around the play area.
public struct MatView: Sendable {
    /// Mat units (origin bottom-left of the play area, y up) → frame pixels of a straight-line
    /// (pinhole) picture: the frame's own pixels when `lens` is nil, else their straightened places.
    public var unitsToPixels: Homography
    /// The camera lens's radial distortion, when the markers showed enough of it to measure (see
    /// ``MatLocator/locate(in:)``); nil: the perspective alone maps the mat.
    public var lens: RadialLens?
    /// The ids of the mat's markers seen in the frame.
    public var visibleMarkers: [Int]
    /// The largest distance, in pixels, between a seen marker corner and where the perspective
    /// (and the lens) puts it: a measure of how well the frame fits a flat mat.
    public var worstCornerError: Double
    /// The same with the perspective alone (no lens), for comparison: equal to
    /// `worstCornerError` when `lens` is nil.
    public var plainWorstCornerError: Double
    /// Roughly how many pixels one unit spans in the frame (at the play area's centre).
    public var pixelsPerUnit: Double

    public init(unitsToPixels: Homography, lens: RadialLens? = nil, visibleMarkers: [Int], worstCornerError: Double,
                plainWorstCornerError: Double? = nil, pixelsPerUnit: Double) {
        self.unitsToPixels = unitsToPixels
        self.lens = lens
        self.visibleMarkers = visibleMarkers
        self.worstCornerError = worstCornerError
        self.plainWorstCornerError = plainWorstCornerError ?? worstCornerError
        self.pixelsPerUnit = pixelsPerUnit
    }

    /// Where the frame shows the mat's point (x, y), in the frame's own pixels.
    @inline(__always)
    public func pixel(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let p = unitsToPixels.apply(x, y)
        return lens?.seen(p.x, p.y) ?? p
    }
}

/// Finds the mat in a frame. Needs ``MatLayout/minimumVisibleMarkers`` markers, not all along one
/// side, because markers on one side alone leave the far side's perspective to guesswork.
public struct MatLocator: Sendable {
    public var layout: MatLayout

    public init(layout: MatLayout = .standard) {
        self.layout = layout
    }

    public enum Failure: Error, Sendable, Equatable {
        /// Too few of the mat's markers are visible (ids of those seen).
        case tooFewMarkers([Int])
        /// Enough markers, but all along one side.
        case oneSided([Int])
        /// The markers do not fit one flat mat (a second mat, a reflection, a bent sheet).
        case inconsistent([Int])

        public var message: String {
            let needed = MatLayout.minimumVisibleMarkers
            switch self {
            case .tooFewMarkers(let ids) where ids.isEmpty:
                return "the mat is not in view (none of its 8 markers found); point the camera at the whole mat"
            case .tooFewMarkers(let ids):
                return "only \(ids.count) of the mat's 8 markers \(ids.count == 1 ? "is" : "are") visible (\(Self.list(ids))); at least \(needed) must be: "
                    + "keep hands and objects off the black squares and show the whole mat"
            case .oneSided(let ids):
                return "the visible markers (\(Self.list(ids))) are all on one side of the mat; show the whole mat"
            case .inconsistent(let ids):
                return "the markers (\(Self.list(ids))) do not lie on one flat mat; flatten the sheet and show only one mat"
            }
        }

        static func list(_ ids: [Int]) -> String { (ids.count == 1 ? "id " : "ids ") + ids.map(String.init).joined(separator: ", ") }
    }

    public func locate(in frame: VisionImage) -> Result<MatView, Failure> {
        // Markers are searched for in the frame shrunk (``searchWidth(_:)``); when that leaves the
        // mat unfound, or seen by fewer than ``fullSearchBelow`` markers (small, far or blurred
        // ones can be lost when shrunk), the full frame is searched as well.
        let width = Self.searchWidth(frame.width)
        if width > 0 {
            let quick = locate(in: frame, searchWidth: width)
            if case .success(let view) = quick, view.visibleMarkers.count >= Self.fullSearchBelow { return quick }
        }
        return locate(in: frame, searchWidth: 0)
    }

    /// A mat seen by fewer markers in the shrunk frame is looked for in the full frame too.
    static let fullSearchBelow = 5

    /// The markers OpenCV finds in a frame (any id), searched at `searchWidth` (0: the full frame).
    public func markers(in frame: VisionImage, searchWidth: Int) -> [gev_marker] {
        var found = [gev_marker](repeating: gev_marker(), count: 32)
        let count = Int(gev_aruco_detect(frame.handle, Int32(GEV_DICT_4X4_50), &found, 32, Int32(searchWidth)))
        return Array(found.prefix(max(0, min(count, 32))))
    }

    func locate(in frame: VisionImage, searchWidth: Int) -> Result<MatView, Failure> {
        let byID = Dictionary(layout.markers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        // A marker id seen twice is a second mat or a stray print: keep neither.
        var seen: [Int: gev_marker] = [:], repeated: Set<Int> = []
        for marker in markers(in: frame, searchWidth: searchWidth) where byID[Int(marker.id)] != nil {
            if seen.updateValue(marker, forKey: Int(marker.id)) != nil { repeated.insert(Int(marker.id)) }
        }
        for id in repeated { seen[id] = nil }
        var ids = seen.keys.sorted()
        // Fit, then drop markers that disagree with the others (a misread, a marker half under a
        // finger) and fit again without them. Once the markers agree, measure the lens from them
        // and check them again through it.
        var lens: RadialLens? = nil, plain: MatView? = nil
        for _ in 0..<4 {
            guard ids.count >= MatLayout.minimumVisibleMarkers else { return .failure(.tooFewMarkers(ids)) }
            let printed = ids.map { byID[$0]! }
            guard Set(printed.map(\.centerX)).count > 1, Set(printed.map(\.centerY)).count > 1 else {
                return .failure(.oneSided(ids))
            }
            var units: [(x: Double, y: Double)] = [], pixels: [(x: Double, y: Double)] = []
            for id in ids {
                for (k, corner) in byID[id]!.corners.enumerated() {
                    units.append(corner)
                    pixels.append(Self.corner(k, of: seen[id]!))
                }
            }
            let straight = lens.map { lens in pixels.map { lens.straightened($0.x, $0.y) } } ?? pixels
            guard let h = Homography.fitting(units, straight, threshold: 3) else { return .failure(.inconsistent(ids)) }
            let scale = Self.pixelsPerUnit(h)
            // A corner more than a fifth of a unit (and 3 px) from where the others put it.
            let limit = max(3, 0.2 * scale)
            var errors: [Int: Double] = [:]
            for id in ids {
                errors[id] = byID[id]!.corners.enumerated().map { k, corner in
                    let p = h.apply(corner.x, corner.y)
                    return Self.distance(lens?.seen(p.x, p.y) ?? p, Self.corner(k, of: seen[id]!))
                }.max()!
            }
            let kept = ids.filter { errors[$0]! <= limit }
            // Markers that agreed on a plain perspective but not through the lens: the lens is
            // not to be trusted, and the plain perspective stands.
            if lens != nil, kept.count < ids.count, let plain { return .success(plain) }
            if kept.count == ids.count {
                let worst = errors.values.max()!
                guard let plain else {
                    let view = MatView(unitsToPixels: h, visibleMarkers: ids, worstCornerError: worst, pixelsPerUnit: scale)
                    plain = view
                    if let measured = measureLens(units: units, pixels: pixels, ids: ids, frame: frame) {
                        lens = measured
                        continue
                    }
                    return .success(view)
                }
                return .success(MatView(unitsToPixels: h, lens: lens, visibleMarkers: ids, worstCornerError: worst,
                                        plainWorstCornerError: plain.worstCornerError, pixelsPerUnit: scale))
            }
            guard kept.count >= MatLayout.minimumVisibleMarkers else { return .failure(.inconsistent(ids)) }
            ids = kept
        }
        if let plain { return .success(plain) }
        return .failure(.inconsistent(ids))
    }

    /// The lens, when the seen markers determine it: two sides of the mat (of four) with all three
    /// of their markers in view, whose straightness on paper is what fixes the bend (markers
    /// scattered over the mat leave the lens and the perspective to trade against each other); a
    /// coefficient inside the searched range (one at its edge means the search found no minimum);
    /// and a real gain, the corners' residual down by a quarter at least (one more parameter
    /// always fits noise a little better: a frame without a visible bend keeps the plain
    /// perspective it had). Otherwise nil: the perspective alone, as without a lens model.
    func measureLens(units: [(x: Double, y: Double)], pixels: [(x: Double, y: Double)], ids: [Int],
                     frame: VisionImage) -> RadialLens? {
        let visible = layout.markers.filter { ids.contains($0.id) }
        let xs = layout.markers.map(\.centerX), ys = layout.markers.map(\.centerY)
        let sides = [visible.filter { $0.centerX == xs.min()! }, visible.filter { $0.centerX == xs.max()! },
                     visible.filter { $0.centerY == ys.min()! }, visible.filter { $0.centerY == ys.max()! }]
        guard sides.filter({ $0.count >= 3 }).count >= 2 else { return nil }
        guard let estimate = RadialLens.estimate(units: units, pixels: pixels, width: frame.width, height: frame.height),
              abs(estimate.lens.k) < 0.95 * RadialLens.searchRange, estimate.rms <= 0.75 * estimate.plainRMS else { return nil }
        return estimate.lens
    }

    /// The width a frame is shrunk to for the marker search (their corners are then refined in
    /// the full frame), or 0 for none: frames 1280 pixels and wider are searched at half their
    /// width, and frames 1920 and wider at a third. A mat that fills a 1920×1080 frame then shows
    /// its markers in a search 640 pixels wide at the size a 1280×720 frame shows them at half;
    /// a larger frame shows them larger. `gridedit-bench capture-speed` for the time it saves,
    /// `capture-photos` (with `GRIDEDIT_PHOTO_FRAMES_SIZE=1920x1080` for a third) for what it
    /// costs: the same frames right and refused, the same fit error.
    public static func searchWidth(_ frameWidth: Int) -> Int {
        frameWidth >= 1920 ? frameWidth / 3 : frameWidth >= 1280 ? frameWidth / 2 : 0
    }

    static func corner(_ k: Int, of marker: gev_marker) -> (x: Double, y: Double) {
        withUnsafeBytes(of: marker.corners) { raw in
            let c = raw.bindMemory(to: Float.self)
            return (Double(c[2 * k]), Double(c[2 * k + 1]))
        }
    }

    /// Pixels per unit at the play area's centre, along x and y on average.
    static func pixelsPerUnit(_ h: Homography) -> Double {
        let middle = MatLayout.playSize / 2
        let centre = h.apply(middle, middle), right = h.apply(middle + 1, middle), up = h.apply(middle, middle + 1)
        return (distance(centre, right) + distance(centre, up)) / 2
    }

    static func distance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
