import Foundation
import GridEditTestSupport

/// The sharded CI flow of docs/ci.md at the issue's 20,000 puzzles (issue 15): the code
/// `ShardMergeTests` runs on 300 in the suite (``ShardedCheckFlow``), with the time of each step
/// and whether each merged report equals the unsharded one byte for byte.
enum ShardFlowBenchmark {
    static func run(puzzles: Int = 20_000) throws {
        guard GridEditBinary.besideRunningProgram != nil else {
            print("shard flow: no gridedit binary beside gridedit-bench; build it: swift build -c release --product gridedit")
            return
        }
        let scratch = try TemporaryFolder()
        let outcome = try ShardedCheckFlow.run(puzzles: puzzles, seed: 7, in: scratch)
        guard outcome.generateStatus == 0 else {
            print("shard flow: make-big-pack.sh failed: \(outcome.generateErrors)")
            return
        }
        print(String(format: "shard flow: %d puzzles by scripts/make-big-pack.sh in %.1f s; whole check (json + junit + sarif) %.1f s, exit %d",
                     outcome.generatedPuzzles, outcome.seconds.generate, outcome.seconds.whole, outcome.wholeStatus))
        let shards = outcome.shardRuns.map { String($0.status) }.joined(separator: ",")
        print(String(format: "  %d shards: %@ s (exits %@); merging the 3 formats %.2f s",
                     ShardedCheckFlow.shards, outcome.seconds.shards.map { String(format: "%.1f", $0) }.joined(separator: " + "),
                     shards, outcome.seconds.merge))
        for ext in ShardedCheckFlow.formats {
            let merge = outcome.merges[ext]
            print("  merged \(ext): exit \(merge.map { String($0.status) } ?? "-"), equal to the unsharded report byte for byte: \(merge?.identical == true ? "yes" : "NO")")
        }
        if !outcome.missingRules.isEmpty { print("  planted findings missing from the whole report: \(outcome.missingRules)") }
    }
}
