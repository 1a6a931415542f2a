import Dispatch
import Foundation
import GridEditTestSupport
import Synchronization
import Testing

/// `gridedit check --cache` through the real binary: on by default inside a git work tree, the
/// same reports as `--no-cache`, two checks at once on one cache, one warning for a damaged
/// cache, and a cache folder that is a link refused rather than written through.
@Suite("gridedit check --cache") struct CheckCacheCommandTests {
    /// Generated packs with a few broken files, in a folder that is a git work tree.
    static func repository(count: Int = 40) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.file(".git"), withIntermediateDirectories: true)
        try MixedPacks.write(count: count, seed: 1, packSize: 20, into: folder.url)
        try folder.write("{\"kind\": \"sudoku\", \"formatVersion\": 1", to: "puzzles/pack-00000/p-0000003.json")
        try folder.write("{}", to: "puzzles/pack-00001/zz-stray.json")
        return folder
    }

    /// JSON, and GitHub's annotations followed by the text report.
    static let formats: [[String]] = [["--format", "json"], ["--format", "github"]]

    /// Every output of one run: standard output in a format, and the JUnit and SARIF files.
    static func outputs(_ folder: TemporaryFolder, _ options: [String], tag: String) throws -> [String] {
        var result: [String] = []
        for format in formats {
            let junit = folder.file("junit-\(tag).xml").path, sarif = folder.file("sarif-\(tag).json").path
            let run = try GridEditBinary.run(["check", "puzzles", "--junit", junit, "--sarif", sarif] + format + options, in: folder.url)
            #expect(run.status == 1, "\(options) \(format): \(run.stderr)")
            #expect(!run.stderr.contains("warning:"), "\(options): \(run.stderr)")
            result += [run.stdout, try folder.read("junit-\(tag).xml"), try folder.read("sarif-\(tag).json")]
        }
        return result
    }

    @Test("on by default in a git work tree, git-ignored, and the reports equal --no-cache's")
    func defaultCache() throws {
        let folder = try Self.repository()
        let plain = try Self.outputs(folder, ["--no-cache"], tag: "plain")
        #expect(!FileManager.default.fileExists(atPath: folder.file(".gridedit-cache").path), "--no-cache writes no cache")
        let cold = try Self.outputs(folder, [], tag: "cold")
        #expect(try folder.read(".gridedit-cache/.gitignore").contains("*"))
        let warm = try Self.outputs(folder, [], tag: "warm")
        #expect(cold == plain)
        #expect(warm == plain)
        // Changed files are checked again: fix the broken one, break another.
        try folder.write(try folder.read("puzzles/pack-00000/p-0000004.json"), to: "puzzles/pack-00000/p-0000003.json")
        try folder.write("[1, 2", to: "puzzles/pack-00001/p-0000030.json")
        #expect(try Self.outputs(folder, [], tag: "changed") == Self.outputs(folder, ["--no-cache"], tag: "plain2"))
    }

    @Test("two checks at once on one cache both write the right report")
    func concurrentChecks() throws {
        let folder = try Self.repository(count: 60)
        let cache = folder.file("shared-cache").path
        for round in 0..<2 {
            let expected = try GridEditBinary.run(["check", "puzzles", "--format", "json", "--no-cache"], in: folder.url)
            let outputs = Mutex<[GridEditBinary.Output?]>([nil, nil, nil, nil])
            DispatchQueue.concurrentPerform(iterations: 4) { i in
                let run = try? GridEditBinary.run(["check", "puzzles", "--format", "json", "--cache-dir", cache, "--jobs", "1"], in: folder.url)
                outputs.withLock { $0[i] = run }
            }
            for output in outputs.withLock({ $0 }) {
                let output = try #require(output)
                #expect(output.status == expected.status)
                #expect(output.stdout == expected.stdout, "round \(round): a concurrent check wrote another report")
                #expect(output.stderr.isEmpty, "round \(round): \(output.stderr)")
            }
            // Change a fifth of one pack between rounds.
            for i in stride(from: round, to: 20, by: 5) {
                let name = "puzzles/pack-00001/p-\(String(format: "%07d", 20 + i)).json"
                try folder.write(try folder.read(name).replacingOccurrences(of: "\"Puzzle ", with: "\"Round \(round) "), to: name)
            }
        }
    }

    @Test("GRIDEDIT_CACHE_DIR moves the cache out of the tree; --cache-dir and --no-cache still win")
    func cacheFolderFromEnvironment() throws {
        let folder = try Self.repository(count: 20)
        let elsewhere = try TemporaryFolder()
        var environment = ProcessInfo.processInfo.environment
        environment["GRIDEDIT_CACHE_DIR"] = elsewhere.file("cache").path
        func check(_ options: [String]) throws -> GridEditBinary.Output {
            try GridEditBinary.runProgram(GridEditBinary.url, ["check", "puzzles"] + options, in: folder.url, environment: environment)
        }
        let moved = try check([])
        #expect(FileManager.default.fileExists(atPath: elsewhere.file("cache").path))
        #expect(!FileManager.default.fileExists(atPath: folder.file(".gridedit-cache").path))
        _ = try check(["--no-cache"])
        _ = try check(["--cache-dir", "here-cache"])
        #expect(FileManager.default.fileExists(atPath: folder.file("here-cache").path))
        #expect(!FileManager.default.fileExists(atPath: folder.file(".gridedit-cache").path))
        #expect(try check([]).stdout == moved.stdout)
    }

    @Test("a damaged cache: one warning, the files checked again, the same report")
    func damagedCache() throws {
        let folder = try Self.repository()
        let plain = try GridEditBinary.run(["check", "puzzles", "--no-cache"], in: folder.url)
        _ = try GridEditBinary.run(["check", "puzzles"], in: folder.url)
        let cacheFolder = folder.file(".gridedit-cache")
        let index = try #require(try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).first { $0.hasPrefix("index-") })
        let bytes = try Data(contentsOf: cacheFolder.appendingPathComponent(index))
        try bytes.prefix(bytes.count * 2 / 3).write(to: cacheFolder.appendingPathComponent(index))
        let damaged = try GridEditBinary.run(["check", "puzzles"], in: folder.url)
        #expect(damaged.stdout == plain.stdout)
        #expect(damaged.stderr.components(separatedBy: "warning:").count == 2, "exactly one warning: \(damaged.stderr)")
        #expect(damaged.stderr.contains("damaged"))
        // The run wrote a sound index again.
        let healed = try GridEditBinary.run(["check", "puzzles"], in: folder.url)
        #expect(healed.stdout == plain.stdout)
        #expect(healed.stderr.isEmpty)
    }

    @Test("a .gridedit-cache that is a link out of the tree or a file is refused, not written through")
    func linkRefused() throws {
        let folder = try Self.repository(count: 20)
        let outside = try TemporaryFolder()
        let plain = try GridEditBinary.run(["check", "puzzles", "--no-cache"], in: folder.url)
        try FileManager.default.createSymbolicLink(atPath: folder.file(".gridedit-cache").path, withDestinationPath: outside.path)
        let byDefault = try GridEditBinary.run(["check", "puzzles"], in: folder.url)
        #expect(byDefault.stdout == plain.stdout)
        #expect(byDefault.status == plain.status)
        #expect(byDefault.stderr.contains("is a symbolic link"))
        let asked = try GridEditBinary.run(["check", "puzzles", "--cache"], in: folder.url)
        #expect(asked.status == 2)
        #expect(asked.stderr.contains("is a symbolic link"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "nothing written through the link")

        try FileManager.default.removeItem(atPath: folder.file(".gridedit-cache").path)
        try folder.write("not a folder", to: ".gridedit-cache")
        let file = try GridEditBinary.run(["check", "puzzles", "--cache"], in: folder.url)
        #expect(file.status == 2)
        #expect(file.stderr.contains("not a folder"))
        #expect(try folder.read(".gridedit-cache") == "not a folder")
    }
}
