import Foundation
import GridEditTestSupport
import ServeTestClient

/// Issue 36's faults: `kill -9` of the real `gridedit serve` (the release build beside this
/// benchmark) hundreds of times, at seeded moments of a page's work: between edits (some with an
/// edit's reply not back), mid-drag and mid-save, each followed by the recovery a designer runs
/// (`serve FILE --recover`, or the REPL's `open --recover`). The run is `ServeKillRun`
/// (Sources/Support/ServeTestClient), the same code `ServeFaultTests` runs a short share of; it prints the
/// kills survived, the saves and drags interrupted, the edits recovered and what must stay zero:
/// edits lost, torn files and temporaries left after the next open.
/// `GRIDEDIT_KILL_COUNT` (default 300) and `GRIDEDIT_KILL_SEED` (default 36) change the run.
enum ServeFaultsBenchmark {
    static func run(repository: URL) throws {
        guard let binary = GridEditBinary.besideRunningProgram else {
            print("serve-faults: no gridedit binary beside gridedit-bench; build it: swift build -c release --product gridedit")
            return
        }
        let environment = ProcessInfo.processInfo.environment
        let count = environment["GRIDEDIT_KILL_COUNT"].flatMap(Int.init) ?? 300
        let seed = environment["GRIDEDIT_KILL_SEED"].flatMap(UInt64.init) ?? 36
        print("serve-faults: kill -9 of \(binary.path) serve, \(count) times (seed \(seed)), each session recovered by the next")
        let run = ServeKillRun(binary: binary, seed: seed, count: count, repository: repository)
        let counts = try ServeBenchmark.turnMainRunLoop(until: Double(count) * 10 + 60) {
            try await run.run { counts in
                if counts.kills > 0, counts.kills % 50 == 0, counts.kills < count {
                    print("  … \(counts.kills) kills, \(String(format: "%.0f", counts.seconds)) s, lost \(counts.lost), problems \(counts.problems.count)")
                    fflush(nil)  // every stream: the progress shows when piped too
                }
            }
        }
        for line in counts.lines { print("  " + line) }
        if !counts.problems.isEmpty || counts.lost > 0 || counts.tornFiles > 0 || counts.staleTemporariesRemaining > 0 {
            throw BenchmarkError("\(counts.problems.count) problems after \(counts.kills) kills (see above)")
        }
    }
}
