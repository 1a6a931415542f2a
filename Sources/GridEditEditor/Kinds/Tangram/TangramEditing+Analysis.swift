import GridEditCore
import GridEditGeometry

/// The verifier on the board: the figure the puzzle asks for (its silhouette, or the outline of
/// its seven solution pieces, exactly as `gridedit tangram solve` reads the saved file) solved
/// completely, with the same numbers and words as `tangram solve`.
extension TangramEditing {
    public static func analysisJob(of document: EditorDocument) -> AnalysisJob? {
        guard let puzzle = document.puzzle as? TangramPuzzle else { return nil }
        switch TangramFigureFile.figure(of: puzzle) {
        case .failure:
            let placed = puzzle.pieces?.count ?? 0
            let status = "no figure to solve yet: \(placed) of 7 pieces placed in the solution"
            return AnalysisJob(key: "tangram incomplete \(placed)") { _ in KindAnalysis(status: status) }
        case .success(let figure):
            let key = "tangram " + figure.source + " " + figure.rings.map { $0.vertices.map(\.description).joined(separator: " ") }
                .joined(separator: " | ")
            return AnalysisJob(key: key) { isCancelled in analyse(figure, isCancelled: isCancelled) }
        }
    }

    static func analyse(_ figure: TangramFigureFile.Figure, isCancelled: @escaping @Sendable () -> Bool) -> KindAnalysis? {
        let region: OctilinearRegion
        switch figure.region {
        case .failure(let problem):
            let why = figure.source == "arrangement" ? "the solution's pieces overlap" : "\(problem)"
            return KindAnalysis(status: "not a figure the pieces could fill: \(why)", numbers: [.init("solvable", "Solvable", "no")])
        case .success(let r): region = r
        }
        guard let analysis = TangramAnalysis(region: region, isCancelled: isCancelled) else { return nil }
        let report = TangramSolveReport(analysis)
        guard analysis.isSolvable else {
            return KindAnalysis(status: "not solvable: \(report.reason ?? "no solution")",
                                numbers: [.init("solvable", "Solvable", "no"), .init("solutions", "Solutions", "0"),
                                          .init("distinct-solutions", "Up to symmetry", "0")])
        }
        var numbers: [KindAnalysis.Number] = [
            .init("solvable", "Solvable", "yes"),
            .init("solutions", "Solutions", String(analysis.solutions.count)),
            .init("distinct-solutions", "Up to symmetry", String(analysis.solutionsUpToSymmetry)),
        ]
        var status = "solvable: \(analysis.solutions.count) solution\(analysis.solutions.count == 1 ? "" : "s"), "
            + "\(analysis.solutionsUpToSymmetry) up to symmetry"
        var notes: [String] = []
        if let difficulty = TangramDifficulty(analysis) {
            numbers.append(.init("difficulty", "Difficulty", difficulty.level.rawValue))
            numbers.append(.init("difficulty-points", "Points", String(difficulty.points)))
            status += "; difficulty estimate: \(difficulty.level.rawValue)"
            notes.append("difficulty estimate: \(difficulty.level.rawValue) (\(difficulty.explanation))")
        }
        let ambiguities = analysis.ambiguities()
        notes += ambiguities.map { "can be filled more than one way: " + TangramSolveReport.describe($0) }
        // One solution per symmetry class, the first met.
        var seen = Set<Int>()
        var alternatives: [[KindAnalysis.Part]] = []
        for (index, solution) in analysis.solutions.enumerated() where seen.insert(analysis.symmetryClass[index]).inserted {
            alternatives.append(solution.map { pose in
                KindAnalysis.Part(name: pose.piece.rawValue, outline: pose.vertices.map { ($0.x.doubleValue, $0.y.doubleValue) })
            })
        }
        return KindAnalysis(status: status, numbers: numbers, notes: notes,
                            regions: ambiguities.map { $0.region.rings.map { ring in ring.vertices.map { ($0.x.doubleValue, $0.y.doubleValue) } } },
                            alternatives: alternatives)
    }
}
