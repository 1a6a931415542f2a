import Foundation
import GridEditCore

/// Benchmarks, run in a release build from the repository root:
/// `swift run -c release gridedit-bench [NAME...]` (no name: all of them).
/// Prints figures; never fails on speed (speed is read by people, not asserted by tests).
@main
enum Bench {
    /// One line per benchmark: its name and what runs it.
    static let benchmarks: [(name: String, run: @Sendable () throws -> Void)] = [
        ("check", { try CheckBenchmark.run(puzzles: repository.appendingPathComponent("puzzles"), count: 10_000) }),
        ("sudoku", { try SudokuBenchmark.run(data: repository.deletingLastPathComponent().appendingPathComponent("shared/data/sudoku")) }),
        ("render", { try RenderBenchmark.run(repository: repository) }),
        ("tangram", { try TangramBenchmark.run(repository: repository) }),
        ("editor", { try EditorBenchmark.run(repository: repository) }),
        ("capture", { try CaptureBenchmark.run() }),
    ]

    static let repository = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

    static func main() throws {
        let names = Array(CommandLine.arguments.dropFirst())
        for name in names where !benchmarks.contains(where: { $0.name == name }) {
            print("unknown benchmark \(name); choose from \(benchmarks.map(\.name).joined(separator: ", "))")
            exit(64)
        }
        for benchmark in benchmarks where names.isEmpty || names.contains(benchmark.name) {
            try benchmark.run()
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
