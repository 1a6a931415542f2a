import GridEditGeometry

extension TangramGenerator {
    /// An octomino: eight unit squares joined edge to edge, grown at random from one (each new
    /// square beside one already there). The pieces fill many of them, often in dozens of ways:
    /// figures with far more solutions than random arrangements give, for tests and benchmarks
    /// of what depends on the number of solutions.
    public static func octomino(using random: inout SplitMix64) -> OctilinearRegion {
        var cells: Set<[Int]> = [[0, 0]]
        while cells.count < 8 {
            // Sorted, so the same seed grows the same figure in every process.
            let from = cells.sorted { $0.lexicographicallyPrecedes($1) }.randomElement(using: &random)!
            let step = [[1, 0], [-1, 0], [0, 1], [0, -1]].randomElement(using: &random)!
            cells.insert([from[0] + step[0], from[1] + step[1]])
        }
        let squares = cells.map { c in
            Polygon([Point(Exact(c[0]), Exact(c[1])), Point(Exact(c[0] + 1), Exact(c[1])),
                     Point(Exact(c[0] + 1), Exact(c[1] + 1)), Point(Exact(c[0]), Exact(c[1] + 1))])!
        }
        // Unit squares sharing whole edges always make a region.
        return try! OctilinearRegion(union: squares)
    }
}
