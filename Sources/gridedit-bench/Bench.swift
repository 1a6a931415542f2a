import Foundation
import GridEditCore
import GridEditTestSupport

/// Benchmarks, run in a release build from the repository root:
/// `swift run -c release gridedit-bench [NAME...]` (no name: all of them).
/// Prints figures; never fails on speed (speed is read by people, not asserted by tests).
///
/// Also a few tools for a person: `gridedit-bench TOOL PATH` (see `tools`).
@main
enum Bench {
    /// One line per benchmark: its name and what runs it.
    static let benchmarks: [(name: String, run: @Sendable () throws -> Void)] = [
        ("check", {
            try CheckBenchmark.run(puzzles: repository.appendingPathComponent("puzzles"), count: 10_000)
            try CheckCacheBenchmark.run()
            try ShardFlowBenchmark.run()
        }),
        // The sharded CI flow alone, at 20,000 puzzles (issue 15).
        ("shard-flow", { try ShardFlowBenchmark.run() }),
        // The same cache and memory figures alone (issue 15).
        ("check-cache", { try CheckCacheBenchmark.run() }),
        // `--anchor LIB`: tdoku (or another solver with its C entry point) timed beside it;
        // `GRIDEDIT_SUDOKU_ONLY=top1465` times the files whose name holds that alone.
        ("sudoku", { try SudokuBenchmark.run(data: repository.deletingLastPathComponent().appendingPathComponent("shared/data/sudoku"),
                                             anchor: option("--anchor")) }),
        ("render", { try RenderBenchmark.run(repository: repository) }),
        ("tangram", { try TangramBenchmark.run(repository: repository) }),
        // The editor's figures include the settling engine's rate on noisy pose sequences (issue 11).
        ("editor", { try EditorBenchmark.run(repository: repository); try SettleBenchmark.run(repository: repository) }),
        // `gridedit check` of one file and the REPL, launch to exit or prompt (issue 38).
        ("startup", { try EditorBenchmark.startup(repository: repository) }),
        ("capture", { try CaptureBenchmark.run(); try CaptureBenchmark.stream(); try CaptureBenchmark.photoRates(); try CaptureBenchmark.sharedColourRates() }),
        // The per-frame speed alone (issue 38), `GRIDEDIT_CAPTURE_PASSES` passes over the frames (default 3);
        // `GRIDEDIT_CAPTURE_ONLY=photo-like-720` (or rendered-1080, …) times one kind and size alone.
        ("capture-speed", { try CaptureBenchmark.run() }),
        ("capture-stream", { try CaptureBenchmark.stream() }),
        // The photograph-like frames' rates alone (issue 13), without the speed figures.
        ("capture-photos", { try CaptureBenchmark.photoRates() }),
        ("capture-shared", { try CaptureBenchmark.sharedColourRates() }),
        // Not a speed: every figure the per-frame pipeline reads, to the last bit, to diff two builds.
        ("capture-digest", { try CaptureDigest.run() }),
        ("settle", { try SettleBenchmark.run(repository: repository) }),
        ("serve", { try ServeBenchmark.run(repository: repository) }),
        // 20 pages dragging for 10 minutes against the release server: latency and memory (issue 36).
        ("serve-load", { try ServeLoadBenchmark.run(repository: repository) }),
        // kill -9 of the release `gridedit serve` at seeded moments, recovered each time (issue 36).
        ("serve-faults", { try ServeFaultsBenchmark.run(repository: repository) }),
        // Play mode (issue 34): judging a placement against every solution, starting play, a placement end to end.
        ("play", { try PlayBenchmark.run(repository: repository) }),
        ("merge", { try MergeBenchmark.run(entries: 100_000) }),
    ]

    /// Tools: each takes one path, the folder to write into or the file to read.
    static let tools: [(name: String, argument: String, what: String, run: @Sendable (String) throws -> Void)] = [
        ("frames", "DIR", "writes six random synthetic camera frames into DIR", { try FrameTools.samples(into: $0) }),
        ("capture-frames", "DIR", "writes the frames the capture end-to-end tests read into DIR", { try FrameTools.captureFrames(into: $0) }),
        ("photo-frames", "DIR", "writes twelve photograph-like frames (Sources/Support/PhotoFrames) into DIR", { try FrameTools.photoFrames(into: $0) }),
        ("mixed-packs", "DIR", "writes check-cache's 10,000 mixed puzzles (seed 15) into DIR/puzzles, to profile `gridedit check` on them",
         { _ = try MixedPacks.write(count: 10_000, seed: 15, into: URL(fileURLWithPath: $0)) }),
        ("grader-scan", "FILE", "grades FILE's first puzzles and prints, per technique, puzzles that need it and that use it",
         { try GraderScan.run(file: $0) }),
    ]

    static let repository = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

    /// Options taking a value, set apart from the names.
    static let options = ["--anchor"]

    /// The value given after `name` on the command line, if any.
    static func option(_ name: String) -> String? {
        let arguments = CommandLine.arguments
        guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
        return arguments[i + 1]
    }

    static func main() throws {
        var names: [String] = []
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            if options.contains(argument) {
                guard arguments.popFirst() != nil else {
                    print("\(argument) needs a value (for example: gridedit-bench sudoku --anchor /path/to/libtdoku.so)")
                    exit(64)
                }
            } else {
                names.append(argument)
            }
        }
        if let name = names.first, let tool = tools.first(where: { $0.name == name }) {
            guard names.count == 2 else {
                print("usage: gridedit-bench \(name) \(tool.argument)   (\(tool.what))")
                exit(64)
            }
            try tool.run(names[1])
            return
        }
        for name in names where !benchmarks.contains(where: { $0.name == name }) {
            print("unknown benchmark \(name); choose from \(benchmarks.map(\.name).joined(separator: ", ")), "
                  + "or a tool: \(tools.map { "\($0.name) \($0.argument)" }.joined(separator: ", "))")
            exit(64)
        }
        for benchmark in benchmarks where names.isEmpty || names.contains(benchmark.name) {
            // A benchmark that cannot run says why and stops, rather than crashing.
            do {
                try benchmark.run()
            } catch {
                print("gridedit-bench \(benchmark.name): \(error)")
                exit(1)
            }
        }
    }
}

/// Time a block, best of `repeats` runs (the least disturbed by other work on the machine).
func measure(repeats: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
}

/// A benchmark that cannot run as set up: a fixture that is not what it should be, a system call
/// that failed. (Not the editor's `EditError`, which is a refused edit.)
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
