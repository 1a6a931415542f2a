import Foundation
import GridEditCore
import GridEditGeometry

/// The tangram solver, single thread, best of several runs:
/// - the 20 convex candidates (Wang and Hsiung) decided, with every solution counted;
/// - the first solution of typical figures: the shipped ones, and figures of random
///   arrangements with pieces turned 45° against each other;
/// - the whole analysis `gridedit check` runs per tangram puzzle (all solutions, symmetry,
///   difficulty estimate).
enum TangramBenchmark {
    static func run(repository: URL) throws {
        let candidates = TangramConvexCandidates.all()
        if let loops = ProcessInfo.processInfo.environment["TANGRAM_PROFILE"].flatMap(Int.init) {
            // Development aid: a steady load for a profiler.
            for _ in 0..<loops { for region in candidates { _ = TangramSolver.solve(region) } }
            return
        }
        print("tangram: exact solver, 1 thread, best of 5 runs")
        var outcomes: [TangramSolver.Outcome] = []
        let all = measure(repeats: 5) { outcomes = candidates.map { TangramSolver.solve($0) } }
        print("  the 20 convex candidates, every solution counted:")
        print("     #  outline (edge lengths, counter-clockwise)       solutions  (up to symmetry)   nodes        ms")
        for (index, (region, outcome)) in zip(candidates, outcomes).enumerated() {
            let seconds = measure(repeats: 5) { _ = TangramSolver.solve(region) }
            let classes = outcome.isSolvable ? "(\(TangramAnalysis(region: region).solutionsUpToSymmetry))" : "none"
            print(String(format: "    %2d  ", index + 1) + describe(region).padding(toLength: 46, withPad: " ", startingAt: 0)
                  + String(format: " %9d  ", outcome.solutions.count) + classes.padding(toLength: 16, withPad: " ", startingAt: 0)
                  + String(format: " %7d  %8.3f", outcome.nodes, seconds * 1000))
        }
        let solvable = outcomes.filter(\.isSolvable).count
        print(String(format: "  all %d decided and counted: %.1f ms in total; %d are tangrams", candidates.count, all * 1000, solvable))

        // Typical figures: the shipped ones, then random arrangements mixing 45° turns.
        print("  first solution of typical figures:")
        let store = PuzzleStore(root: repository.appendingPathComponent("puzzles").path)
        var shipped: [(String, OctilinearRegion)] = []
        for pack in store.listPacks() {
            for path in (try? store.puzzlePaths(in: pack)) ?? [] {
                guard let puzzle = (try? store.load(path))?.document.puzzle as? TangramPuzzle else { continue }
                // The silhouette, or the outline of the arrangement.
                if let rings = puzzle.silhouette, let region = try? OctilinearRegion(rings: rings) {
                    shipped.append((puzzle.id, region))
                } else if let region = try? OctilinearRegion(union: (puzzle.pieces ?? []).map(\.polygon)) {
                    shipped.append((puzzle.id, region))
                }
            }
        }
        var slowestFirst = 0.0
        for (id, region) in shipped {
            var outcome: TangramSolver.Outcome?
            let seconds = measure(repeats: 5) { outcome = TangramSolver.solve(region, limit: 1) }
            slowestFirst = max(slowestFirst, seconds)
            print("    " + id.padding(toLength: 14, withPad: " ", startingAt: 0)
                  + String(format: " %8.3f ms  (%d nodes)", seconds * 1000, outcome?.nodes ?? 0))
        }
        print(String(format: "    slowest shipped figure: %.3f ms", slowestFirst * 1000))
        var randomTimes: [Double] = []
        for seed in 0..<200 {
            let poses = TangramRandomArrangement.make(seed: UInt64(seed), mixed: true)
            guard let region = try? OctilinearRegion(union: poses.map(\.polygon)) else { continue }
            randomTimes.append(measure(repeats: 3) { _ = TangramSolver.solve(region, limit: 1) })
        }
        randomTimes.sort()
        print(String(format: "    %d random figures mixing 45° turns: median %.3f ms, 90th percentile %.3f ms, slowest %.3f ms",
                     randomTimes.count, randomTimes[randomTimes.count / 2] * 1000,
                     randomTimes[randomTimes.count * 9 / 10] * 1000, randomTimes.last! * 1000))

        // What check does per tangram puzzle: every rule, the solver's included.
        var puzzles: [TangramPuzzle] = []
        for pack in store.listPacks() {
            for path in (try? store.puzzlePaths(in: pack)) ?? [] {
                if let puzzle = (try? store.load(path))?.document.puzzle as? TangramPuzzle { puzzles.append(puzzle) }
            }
        }
        var total = 0.0, slowest = (id: "", seconds: 0.0)
        for puzzle in puzzles {
            let seconds = measure(repeats: 3) { _ = TangramKind.validate(puzzle) }
            total += seconds
            if seconds > slowest.seconds { slowest = (puzzle.id, seconds) }
        }
        print(String(format: "  every tangram rule, as gridedit check runs them, on the %d shipped puzzles: %.2f ms per puzzle on average, slowest %@ %.2f ms",
                     puzzles.count, total / Double(max(puzzles.count, 1)) * 1000, slowest.id as NSString, slowest.seconds * 1000))

        generation()
    }

    /// `gridedit tangram generate`'s engine on one core: unique-solution figures a minute (target
    /// at least 100), with the default filters and with holes and corner contacts allowed, and the
    /// slowest single kept figure. GRIDEDIT_GENERATE_COUNT sets how many (default 100 each).
    static func generation() {
        let count = ProcessInfo.processInfo.environment["GRIDEDIT_GENERATE_COUNT"].flatMap(Int.init) ?? 100
        print("  tangram generate, \(count) unique-solution figures each, 1 thread:")
        var loose = TangramGenerator.Options()
        loose.holes = true
        loose.cornerContacts = true
        var aligned = TangramGenerator.Options()
        aligned.mixed = false
        var hard = TangramGenerator.Options()
        hard.minimumHiddenOutlines = 4
        for (label, options) in [("default (45° mixes, no holes)", TangramGenerator.Options()), ("holes and corner contacts", loose),
                                 ("aligned (90° only)", aligned), ("4+ hidden outlines", hard)] {
            var slowest = 0.0, last = DispatchTime.now().uptimeNanoseconds
            let start = last
            let (figures, tally) = TangramGenerator(options: options).generate(count: count, seed: 2026) { _ in
                let now = DispatchTime.now().uptimeNanoseconds
                slowest = max(slowest, Double(now - last) / 1e9)
                last = now
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            print(String(format: "    %@: %d figures in %.2f s = %.0f a minute; %d candidates (%.0f %% kept); slowest figure %.0f ms",
                         label.padding(toLength: 30, withPad: " ", startingAt: 0) as NSString, figures.count, seconds,
                         Double(figures.count) / seconds * 60, tally.candidates, Double(tally.kept) / Double(max(tally.candidates, 1)) * 100,
                         slowest * 1000))
        }
    }

    /// The outline as edge lengths, counter-clockwise from the lowest vertex.
    static func describe(_ region: OctilinearRegion) -> String {
        guard let ring = region.rings.first else { return "empty" }
        return ring.edges.map { edge in
            let (d, steps) = Octilinear.direction(of: edge.end - edge.start)!
            return Octilinear.length(steps: steps, direction: d).description
        }.joined(separator: " ")
    }
}
