import Foundation
import GridEditCore

/// Benchmarks, run in a release build: `swift run -c release gridedit-bench [check]`.
/// Prints figures; never fails on speed (speed is read by people, not asserted by tests).
@main
enum Bench {
    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let which = arguments.first ?? "all"
        let repository = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if which == "check" || which == "all" {
            try CheckBenchmark.run(puzzles: repository.appendingPathComponent("puzzles"), count: 10_000)
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
