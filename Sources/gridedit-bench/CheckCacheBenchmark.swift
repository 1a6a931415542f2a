import Foundation
import GridEditCore
import GridEditTestSupport

/// `gridedit check` at the scale of a pack repository, through the real binary (issue 15):
/// generated mixed packs (``MixedPacks``, seeded), checked cold, warm from the content cache,
/// after changing 1% of the files, and the peak memory of a check of 100,000 puzzles
/// (1,000,000 with `GRIDEDIT_BENCH_LONG=1`): the child's `VmHWM` from `/proc/PID/status`,
/// read every 5 ms while it runs. (Not `ru_maxrss` from `wait4`: `posix_spawn` runs the child
/// in this process's address space until `exec`, and Linux carries that high-water mark over,
/// so it would report the benchmark's own memory.)
enum CheckCacheBenchmark {
    static func run() throws {
        guard let binary = GridEditBinary.besideRunningProgram?.path else {
            print("check cache: no gridedit binary beside gridedit-bench; build it: swift build -c release --product gridedit")
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gridedit-bench-cache-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }

        let tree = scratch.appendingPathComponent("ten-thousand")
        var files: [URL] = []
        let generated = try measure(repeats: 1) { files = try MixedPacks.write(count: 10_000, seed: 15, into: tree) }
        let puzzles = tree.appendingPathComponent("puzzles").path
        let cache = scratch.appendingPathComponent("cache").path
        print(String(format: "check cache: 10,000 mixed puzzles in %d packs (generated in %.1f s), %d cores, gridedit at %@",
                     10_000 / MixedPacks.packSize, generated, ProcessInfo.processInfo.activeProcessorCount, binary))

        let uncached = try run(binary, [puzzles, "--no-cache", "--format", "json"])
        print(String(format: "  cold, --no-cache                       %7.3f s   %5.0f MiB max RSS", uncached.seconds, uncached.maxRSSMiB))
        let cold = try run(binary, [puzzles, "--cache-dir", cache, "--format", "json"])
        print(String(format: "  cold, filling the cache                %7.3f s   %5.0f MiB max RSS", cold.seconds, cold.maxRSSMiB))
        var warm = try run(binary, [puzzles, "--cache-dir", cache, "--format", "json"])
        for _ in 0..<2 {
            let again = try run(binary, [puzzles, "--cache-dir", cache, "--format", "json"])
            if again.seconds < warm.seconds { warm = again }
        }
        print(String(format: "  warm, unchanged (best of 3)            %7.3f s   %5.0f MiB max RSS   (goal < 0.3 s)", warm.seconds, warm.maxRSSMiB))

        // 1%: every hundredth file gets a new name (new bytes, the same findings).
        for file in stride(from: 0, to: files.count, by: 100).map({ files[$0] }) {
            let text = try String(contentsOf: file, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "\"name\": \"Puzzle ", with: "\"name\": \"Changed puzzle ").utf8).write(to: file)
        }
        let changed = try run(binary, [puzzles, "--cache-dir", cache, "--format", "json"])
        print(String(format: "  1%% of files changed                    %7.3f s   %5.0f MiB max RSS   (goal < 0.5 s)", changed.seconds, changed.maxRSSMiB))
        let uncachedAfter = try run(binary, [puzzles, "--no-cache", "--format", "json"])
        let same = uncached.output == cold.output && cold.output == warm.output && changed.output == uncachedAfter.output
        print("  reports with and without the cache identical: \(same ? "yes" : "NO")   (\(uncached.output.count) bytes of JSON, exit \(uncached.status))")
        try? FileManager.default.removeItem(at: tree)

        var counts = [100_000]
        if ProcessInfo.processInfo.environment["GRIDEDIT_BENCH_LONG"] == "1" { counts.append(1_000_000) }
        for count in counts {
            let big = scratch.appendingPathComponent("big-\(count)")
            let seconds = try measure(repeats: 1) { try MixedPacks.write(count: count, seed: 15, into: big) }
            let path = big.appendingPathComponent("puzzles").path
            let reports = ["--format", "json", "--junit", scratch.appendingPathComponent("junit.xml").path,
                           "--sarif", scratch.appendingPathComponent("check.sarif").path]
            // The million-puzzle run skips the uncached pass: filling the cache checks every
            // file just the same (and writes the same three reports), and it halves the hour.
            if count < 1_000_000 {
                let plain = try run(binary, [path, "--no-cache"] + reports, keepOutput: false)
                print(String(format: "  %d puzzles (written in %.0f s), --no-cache, json + junit + sarif: %.1f s, %.0f MiB max RSS",
                             count, seconds, plain.seconds, plain.maxRSSMiB))
            }
            let bigCache = scratch.appendingPathComponent("cache-\(count)").path
            let filling = try run(binary, [path, "--cache-dir", bigCache] + reports, keepOutput: false)
            print(String(format: "  %d puzzles (written in %.0f s), filling the cache, json + junit + sarif: %.1f s, %.0f MiB max RSS",
                         count, seconds, filling.seconds, filling.maxRSSMiB))
            let warmBig = try run(binary, [path, "--cache-dir", bigCache] + reports, keepOutput: false)
            print(String(format: "  %d puzzles, warm, json + junit + sarif: %.1f s, %.0f MiB max RSS", count, warmBig.seconds, warmBig.maxRSSMiB))
            try? FileManager.default.removeItem(at: big)
            try? FileManager.default.removeItem(atPath: bigCache)
        }
    }

    struct Run {
        var seconds: Double
        var maxRSSMiB: Double
        var status: Int32
        var output: [UInt8]
    }

    /// Runs `gridedit check ARGUMENTS`, its standard output to a file, and measures its wall
    /// time and peak memory (the largest `VmHWM` seen while it runs).
    static func run(_ binary: String, _ arguments: [String], keepOutput: Bool = true) throws -> Run {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("gridedit-bench-out-\(getpid())").path
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([binary, "check"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else { throw BenchmarkError("cannot start \(binary)") }
        var status: Int32 = 0
        var peakKiB = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            guard reaped == 0 || errno == EINTR else { throw BenchmarkError("waitpid failed") }
            if let kib = MemorySampler.field("VmHWM", of: pid) { peakKiB = max(peakKiB, kib) }
            usleep(5_000)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        guard exit <= 1 else { throw BenchmarkError("gridedit check \(arguments.joined(separator: " ")) exited with \(exit)") }
        let bytes = keepOutput ? (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))) ?? [] : []
        return Run(seconds: seconds, maxRSSMiB: Double(peakKiB) / 1024, status: exit, output: bytes)
    }
}
