import Foundation
import GridEditCheck
import GridEditCore
import GridEditJSON
import GridEditTestSupport

/// Load+check throughput on a generated pack of `count` puzzles: copies of the bundled
/// Tangram and Sudoku puzzles under fresh ids, with a manifest listing them all.
enum CheckBenchmark {
    static func run(puzzles: URL, count: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gridedit-bench-\(getpid())/big-pack")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }

        let store = PuzzleStore(root: puzzles.path)
        let sources = store.listPacks().flatMap { pack in
            ((try? store.puzzlePaths(in: pack)) ?? []).compactMap { try? store.load($0).document }
        }
        guard !sources.isEmpty else {
            print("check benchmark: no bundled puzzles found under \(puzzles.path); run from the repository root")
            return
        }
        var names: [String] = []
        var kinds: [String: Int] = [:]
        for i in 0..<count {
            var document = sources[i % sources.count]
            document.puzzle.metadata.id = String(format: "p-%05d", i)
            let name = "p-\(String(format: "%05d", i)).json"
            try Data(document.canonicalText().utf8).write(to: folder.appendingPathComponent(name))
            names.append(name)
            kinds[document.kindName, default: 0] += 1
        }
        let manifest = PackManifest(id: "big-pack", title: "Benchmark", description: "generated",
                                    ageRange: 4...10, puzzles: names)
        try store.save(manifest, folder: folder.path)

        // In-memory phases first, so file-system time is separated from parsing and rules.
        let contents = try names.map { [UInt8](try Data(contentsOf: folder.appendingPathComponent($0))) }
        let parse = measure(repeats: 3) { for bytes in contents { _ = try? JSONParser.parse(bytes) } }
        let load = measure(repeats: 3) { for bytes in contents { _ = DocumentLoader.load(bytes, isManifest: false) } }

        let mix = kinds.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        print("check: \(count) puzzles (\(mix)) + manifest")
        print(String(format: "  parse only (json-c + strict pass, in memory, 1 thread)  %.3f s   %.0f puzzles/s", parse, Double(count) / parse))
        print(String(format: "  parse+decode+rules (in memory, 1 thread)              %.3f s   %.0f puzzles/s", load, Double(count) / load))
        for jobs in [1, 2] {
            var report = CheckReport()
            let checker = Checker(options: .init(jobs: jobs))
            let seconds = measure(repeats: 3) { report = checker.check([folder.path]) }
            print(String(format: "  load+check from disk, --jobs %d                       %.3f s   %.0f puzzles/s   (%d passed, %d failed)",
                         jobs, seconds, Double(count) / seconds, report.passed, report.failed))
        }
        try grownFiles(in: folder.deletingLastPathComponent())
    }

    /// The least CPU time of three runs of `body` (this thread's clock).
    static func cpuSeconds(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            var start = timespec(), end = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
            body()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
            best = min(best, Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
        }
        return best
    }

    /// Issue 18's bound: no file under the size limit takes more than a second to check or
    /// format. Each file grown by repetition up to the limit (GrownFiles, shared with the tests).
    static func grownFiles(in scratch: URL) throws {
        print("check: files grown to the size limit (\(FileAccessPolicy.defaultMaxFileSize) bytes), best of 3, 1 thread")
        for file in GrownFiles.all() {
            let folder = scratch.appendingPathComponent("grown-\(file.fileName.dropLast(5))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let path = folder.appendingPathComponent(file.fileName).path
            try Data(file.text.utf8).write(to: URL(fileURLWithPath: path))
            var report = CheckReport()
            // CPU time beside wall time: on a shared machine the wall clock also counts waiting.
            let checkCPU = cpuSeconds { report = Checker().check([path]) }
            let check = measure(repeats: 3) { report = Checker().check([path]) }
            let formatCPU = cpuSeconds { _ = CanonicalFormatter.format([path], write: false) }
            let format = measure(repeats: 3) { _ = CanonicalFormatter.format([path], write: false) }
            let findings = report.files.reduce(0) { $0 + $1.findings.count }
            let name = file.name.padding(toLength: 20, withPad: " ", startingAt: 0)
            print(String(format: "  %@ %8d bytes   check %.3f s (cpu %.3f)   format --check %.3f s (cpu %.3f)   %d findings listed",
                         name, file.text.utf8.count, check, checkCPU, format, formatCPU, findings))
        }
    }
}
