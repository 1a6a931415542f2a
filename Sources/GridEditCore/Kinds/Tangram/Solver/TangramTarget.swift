import GridEditGeometry

/// The figure a tangram puzzle asks for, as an exact region, when the puzzle's own rules let
/// one be read from it.
///
/// The solver rules run only on figures the other rules accept, so that one mistake gives one
/// finding: a silhouette with the wrong area or orientation is `tangram.silhouette-area`'s or
/// `tangram.silhouette-shape`'s, pieces that overlap or leave the play area are
/// `tangram.overlap`'s and `tangram.out-of-bounds`'s.
enum TangramTarget {
    /// The silhouette as a region: nil when there is none or when the silhouette rules already
    /// report it; a failure when its rings do not bound a region the pieces could fill
    /// (an edge off the eight directions, rings that overlap).
    static func silhouette(of puzzle: TangramPuzzle) -> Result<OctilinearRegion, OctilinearRegion.Error>? {
        guard let rings = puzzle.silhouette,
              SilhouetteShapeRule().check(puzzle).isEmpty,
              SilhouetteAreaRule().check(puzzle).isEmpty else { return nil }
        return Result(catching: { () throws(OctilinearRegion.Error) -> OctilinearRegion in try OctilinearRegion(rings: rings) })
    }

    /// The union of the solution's pieces: nil unless they are the seven pieces, each once,
    /// inside the play area and not overlapping.
    static func arrangement(of puzzle: TangramPuzzle) -> OctilinearRegion? {
        guard let poses = puzzle.pieces else { return nil }
        return arrangement(poses)
    }

    /// The same for any list of poses; `inPlayArea` false to accept pieces anywhere.
    static func arrangement(_ poses: [Pose], inPlayArea: Bool = true) -> OctilinearRegion? {
        guard poses.count == TangramPiece.allCases.count,
              Set(poses.map(\.piece)).count == poses.count else { return nil }
        let polygons = poses.map(\.polygon)
        if inPlayArea {
            guard polygons.allSatisfy({ PlayArea.contains($0) }) else { return nil }
        }
        let bounds = polygons.map { OctilinearBounds($0.vertices) }
        for j in bounds.indices {
            for i in 0..<j where bounds[i].interiorsMeet(bounds[j]) { return nil }
        }
        return try? OctilinearRegion(union: polygons)
    }

    /// What a child fills: the silhouette when it is usable, otherwise the arrangement's outline.
    static func figure(of puzzle: TangramPuzzle) -> OctilinearRegion? {
        if puzzle.silhouette != nil {
            guard case .success(let region)? = silhouette(of: puzzle) else { return nil }
            return region
        }
        return arrangement(of: puzzle)
    }
}
