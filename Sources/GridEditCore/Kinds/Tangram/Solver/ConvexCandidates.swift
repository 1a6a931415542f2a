import GridEditGeometry

/// The convex shapes a tangram might make, enumerated rather than listed.
///
/// Wang and Hsiung (1942) cut the seven pieces into 16 congruent half-squares (the small
/// triangle) and showed that a convex figure of all seven pieces lies on the grid of those
/// half-squares: its vertices on a square lattice of unit 1 (or the same lattice turned 45°, which
/// gives congruent shapes), its edges along the lattice's axes and diagonals. The candidates are
/// therefore the convex polygons of area 8 with vertices on ℤ² and edges in the eight directions
/// (axis edges of whole length, diagonal ones whole multiples of √2, the lengths piece edges
/// add up to), up to congruence. There are 20 of them; the solver fills 13.
///
/// Every such polygon is its bounding box W×H with the four corners cut off by 45° triangles of
/// legs c₁…c₄ (possibly 0), so the enumeration runs over W, H and the cuts with area
/// W·H − Σcᵢ²/2 = 8. W ≤ 9 (and H ≤ 9): the shape's height over x is concave and a whole number
/// at whole x, so at least 1 inside the box; each inner unit column holds area ≥ 1 and the two
/// end columns ≥ ½ each, so 8 ≥ (W − 2) + 1.
public enum TangramConvexCandidates {
    /// The candidates, one per congruence class, fewest vertices first.
    public static func all() -> [OctilinearRegion] {
        var byKey: [OctilinearRegion.ShapeKey: OctilinearRegion] = [:]
        for width in 1...9 {
            for height in 1...9 {
                let cut = 0...min(width, height)
                for sw in cut { for se in cut { for ne in cut { for nw in cut {
                    guard sw + se <= width, nw + ne <= width, sw + nw <= height, se + ne <= height,
                          2 * width * height - (sw * sw + se * se + ne * ne + nw * nw) == 16 else { continue }
                    let corners = [(sw, 0), (width - se, 0), (width, se), (width, height - ne),
                                   (width - ne, height), (nw, height), (0, height - nw), (0, sw)]
                    var ring: [Point] = []
                    for (x, y) in corners {
                        let p = Point(Exact(x), Exact(y))
                        if ring.last != p && ring.first != p { ring.append(p) }
                    }
                    guard let polygon = Polygon(ring), let region = try? OctilinearRegion(rings: [polygon]) else { continue }
                    let key = region.congruenceKey
                    if byKey[key] == nil { byKey[key] = region }
                }}}}
            }
        }
        return byKey.sorted { ($0.value.edges.count, $0.key) < ($1.value.edges.count, $1.key) }.map(\.value)
    }
}
