import Foundation
import GridEditTestSupport
import Testing

/// The CI flow of docs/ci.md (``ShardedCheckFlow``) at a smaller scale: every step asserted.
///
/// The normal suite generates 300 puzzles; `GRIDEDIT_SHARD_PUZZLES=20000` runs the issue's
/// 20,000 here, and `gridedit-bench check` runs that count with the same code (docs/testing.md).
@Suite("sharded check and report merge", .serialized) struct ShardMergeTests {
    static var puzzleCount: Int {
        ProcessInfo.processInfo.environment["GRIDEDIT_SHARD_PUZZLES"].flatMap(Int.init) ?? 300
    }

    @Test("the merged JSON, JUnit and SARIF reports of 4 shards equal the unsharded ones byte for byte")
    func mergedEqualsUnsharded() throws {
        let scratch = try TemporaryFolder()
        let outcome = try ShardedCheckFlow.run(puzzles: Self.puzzleCount, seed: 7, in: scratch)
        #expect(outcome.generateStatus == 0, "\(outcome.generateErrors)")
        #expect(outcome.generatedPuzzles == Self.puzzleCount)
        #expect(outcome.wholeStatus == 1, "\(outcome.wholeErrors)")
        #expect(outcome.missingRules.isEmpty, "not in the whole report: \(outcome.missingRules)")
        #expect(outcome.shardRuns.count == ShardedCheckFlow.shards)
        for (k, shard) in outcome.shardRuns.enumerated() { #expect([0, 1].contains(shard.status), "shard \(k + 1): \(shard.errors)") }
        for ext in ShardedCheckFlow.formats {
            let merge = try #require(outcome.merges[ext])
            #expect(merge.status == 0, "\(ext): \(merge.errors)")
            #expect(merge.identical, "merged.\(ext) differs from whole.\(ext)")
        }
    }

    @Test("make-big-pack.sh: the same seed gives the same bytes, another seed other puzzles")
    func reproducible() throws {
        let scratch = try TemporaryFolder()
        for (folder, seed) in [("a", 3), ("b", 3), ("c", 4)] {
            let made = try ShardedCheckFlow.makeBigPack(120, into: scratch.file(folder), seed: seed)
            #expect(made.status == 0, "\(made.stderr)")
        }
        let a = try ShardedCheckFlow.contents(of: scratch.file("a")), b = try ShardedCheckFlow.contents(of: scratch.file("b")), c = try ShardedCheckFlow.contents(of: scratch.file("c"))
        #expect(a.count > 120)
        #expect(a == b)
        #expect(Set(a.keys) == Set(c.keys))
        #expect(a != c)
        // Every pack lists its files: a clean tree, apart from nothing.
        let check = try GridEditBinary.run(["check", "c", "--format", "json"], in: scratch.url)
        #expect(check.status == 0, "\(check.stdout.prefix(2000))")
        // A non-empty folder is refused.
        let again = try ShardedCheckFlow.makeBigPack(10, into: scratch.file("a"), seed: 3)
        #expect(again.status == 2 && again.stderr.contains("is not empty"))
    }

    @Test("report merge: usage errors exit 64, refusals exit 2 naming the file, and OUT is not written")
    func commandLine() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.copyItem(at: GridEditBinary.repositoryRoot.appendingPathComponent("puzzles"), to: scratch.file("puzzles"))
        for k in 1...2 {
            let shard = try GridEditBinary.run(["check", "puzzles", "--shard", "\(k)/2", "--format", "json"], in: scratch.url)
            try scratch.write(shard.stdout, to: "s\(k).json")
        }
        let usage = try GridEditBinary.run(["report", "merge", "merged.txt", "s1.json"], in: scratch.url)
        #expect(usage.status == 64 && usage.stderr.contains("cannot tell the format from merged.txt"), "\(usage.stderr)")
        let noInputs = try GridEditBinary.run(["report", "merge", "merged.json"], in: scratch.url)
        #expect(noInputs.status == 64)
        let missing = try GridEditBinary.run(["report", "merge", "merged.json", "s1.json"], in: scratch.url)
        #expect(missing.status == 2 && missing.stderr == "shard 2/2 of this run is missing (1 of 2 given); pass the reports of all 2 shards\n",
                "\(missing.stderr)")
        let unreadable = try GridEditBinary.run(["report", "merge", "merged.json", "s1.json", "nope.json"], in: scratch.url)
        #expect(unreadable.status == 2 && unreadable.stderr.hasPrefix("nope.json: no such file"), "\(unreadable.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("merged.json").path))
        // --format wins over the name.
        let written = try GridEditBinary.run(["report", "merge", "merged.out", "s2.json", "s1.json", "--format", "json"], in: scratch.url)
        #expect(written.status == 0, "\(written.stderr)")
        let whole = try GridEditBinary.run(["check", "puzzles", "--format", "json"], in: scratch.url)
        #expect(try scratch.read("merged.out") == whole.stdout)
    }
}
