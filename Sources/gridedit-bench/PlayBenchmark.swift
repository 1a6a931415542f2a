import Foundation
import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditLayout

/// Issue 34's figures: how long play mode takes to judge one placement once the solutions are
/// known (the issue asks p95 < 5 ms), over the shipped figures and generated ones with many
/// solutions; how long starting play takes (the solver run once); and a placement through the
/// whole editor path (`place` typed into a play board: settling, landing on the figure, judging).
///
/// `GRIDEDIT_PLAY_FIGURES=N` generates N figures (default 200) of each family besides the shipped ones.
enum PlayBenchmark {
    static func run(repository: URL) throws {
        let count = ProcessInfo.processInfo.environment["GRIDEDIT_PLAY_FIGURES"].flatMap { Int($0) } ?? 200
        var figures: [(name: String, region: OctilinearRegion)] = []
        let pack = repository.appendingPathComponent("puzzles/tangram-starter")
        for name in try FileManager.default.contentsOfDirectory(atPath: pack.path).sorted() where name.hasSuffix(".json") && name != "pack.json" {
            let document = try PuzzleStore(root: "/").load(pack.appendingPathComponent(name).path).document
            if let tangram = document.puzzle as? TangramPuzzle, let region = TangramPlay.figure(of: tangram) { figures.append((name, region)) }
        }
        // Two families: pieces at any of the eight turns, and pieces aligned to the grid (right
        // angles only), whose figures have many more solutions.
        var generated: [TangramGenerator.Figure] = []
        for mixed in [true, false] {
            var options = TangramGenerator.Options()
            options.solutions = nil
            options.mixed = mixed
            options.holes = true
            options.cornerContacts = true
            options.nodeBudget = 4_000_000
            generated += TangramGenerator(options: options).generate(count: count, seed: mixed ? 34 : 35).figures
        }
        for (i, figure) in generated.enumerated() { figures.append(("generated-\(i)", figure.region)) }
        // A third family with far more solutions: octominoes (eight unit squares joined by edges),
        // grown at random; those the pieces fill are played.
        var grower = SplitMix64(seed: 36)
        var octominoes = 0
        for _ in 0..<count {
            let region = TangramGenerator.octomino(using: &grower)
            guard !TangramSolver.solve(region, limit: 1).solutions.isEmpty else { continue }
            figures.append(("octomino-\(octominoes)", region))
            octominoes += 1
        }
        print("play: \(figures.count) figures (13 shipped, \(generated.count) generated with any number of solutions, half of them "
              + "with pieces aligned to the grid, holes and corner contacts allowed, \(octominoes) octominoes the pieces fill)")

        var starts: [Double] = [], judges: [Double] = []
        var worst: (name: String, ms: Double, solutions: Int) = ("", 0, 0)
        var random = SplitMix64(seed: 34)
        var solutionCounts: [Int] = []
        for (name, region) in figures {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let start = TangramPlay(figure: region)
            starts.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            solutionCounts.append(start.solutions.count)
            guard !start.solutions.isEmpty else { continue }
            let xs = region.vertices.map(\.doubleX), ys = region.vertices.map(\.doubleY)
            for _ in 0..<60 {
                var play = start
                let solution = start.solutions[Int.random(in: 0..<start.solutions.count, using: &random)]
                for pose in solution.shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random)) { play.place(pose) }
                let free = TangramPiece.allCases.filter { play.placed[$0] == nil }
                let piece = free[Int.random(in: 0..<free.count, using: &random)]
                var pose = Pose(piece: piece, position: Point(Exact(quarters: Int.random(in: Int(xs.min()! * 4)...Int(xs.max()! * 4), using: &random)),
                                                              Exact(quarters: Int.random(in: Int(ys.min()! * 4)...Int(ys.max()! * 4), using: &random))),
                                rotation: Rotation(eighths: Int.random(in: 0..<8, using: &random)), flipped: Bool.random(using: &random))
                if Bool.random(using: &random), let place = start.solutions.randomElement(using: &random)!.first(where: { $0.piece.shape == piece.shape }) {
                    pose = place
                    pose.piece = piece
                }
                let t = DispatchTime.now().uptimeNanoseconds
                _ = play.judge(pose)
                _ = play.hint()
                let ms = Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6
                judges.append(ms)
                if ms > worst.ms { worst = (name, ms, start.solutions.count) }
            }
        }
        print("  solutions per figure: median \(percentile(solutionCounts.map(Double.init), 0.5).decimalText(places: 0)), "
              + "max \(solutionCounts.max() ?? 0)")
        print("  judging one placement and the next hint: p50 \(ms(percentile(judges, 0.5))), p95 \(ms(percentile(judges, 0.95))), "
              + "max \(ms(judges.max() ?? 0)) (\(worst.name), \(worst.solutions) solutions); \(judges.count) placements")
        print("  starting play (every solution found once): p50 \(ms(percentile(starts, 0.5))), p95 \(ms(percentile(starts, 0.95))), "
              + "max \(ms(starts.max() ?? 0))")

        // The whole editor path: a placement put on a play board of a shipped figure, as `place` does.
        let service = GridEditorService(environment: EditorEnvironment(templatesFolder: repository.appendingPathComponent("templates").path))
        var typed: [Double] = []
        for name in ["house.json", "cat.json", "square.json", "swan.json"] {
            let source = try service.open(pack.appendingPathComponent(name).path)
            let region = TangramPlay.figure(of: source.puzzle as! TangramPuzzle)!
            let solutions = TangramSolver.solve(region).solutions
            for round in 0..<10 {
                let board = try service.startPlay(of: source, recordFolder: NSTemporaryDirectory() + "gridedit-bench-play")
                for pose in solutions[round % solutions.count].shuffled(using: &random) {
                    let t = DispatchTime.now().uptimeNanoseconds
                    let proposal = try board.tangramEditor!.place(pose.piece, at: PositionInput(pose.position), rotation: .exact(pose.rotation),
                                                                  flipped: pose.flipped)
                    try service.perform(proposal, on: board)
                    typed.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
                }
                try service.close(board, discardingChanges: true)
            }
        }
        print("  a typed placement on a play board (settle, land, judge, record written): p50 \(ms(percentile(typed, 0.5))), "
              + "p95 \(ms(percentile(typed, 0.95))), max \(ms(typed.max() ?? 0)); \(typed.count) placements")
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    static func ms(_ value: Double) -> String { String(format: "%.3f ms", value) }
}

