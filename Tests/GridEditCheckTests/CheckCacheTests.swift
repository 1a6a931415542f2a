import Foundation
import GridEditCheck
import GridEditCore
import GridEditJSON
import GridEditTestSupport
import Testing

/// The check cache never changes a report: over generated packs with mutated puzzles (the
/// corruptions of `PuzzleMutants`, truncations, duplicates, missing and unlisted files), the
/// reports in every format are the same bytes with no cache, a cold cache and a warm one, also
/// after the tree changes between runs; a damaged index costs one warning and nothing else; a
/// cache folder that is a link or a file is refused.
@Suite struct CheckCacheTests {
    static let settings = CheckCache.settings(version: "test", strict: false, policy: FileAccessPolicy(), timeoutPerFile: nil)

    /// 40 generated puzzles in two packs, with mutated shipped puzzles planted among them.
    static func mutatedTree(seed: UInt64) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try MixedPacks.write(count: 40, seed: 1, packSize: 20, into: folder.url)
        try mutate(folder, seed: seed, count: 16)
        return folder
    }

    /// Overwrites `count` puzzle files (listed ones) with corrupted shipped puzzles, adds a few
    /// unlisted ones, copies one file over another (a duplicate), and removes one listed file.
    static func mutate(_ folder: TemporaryFolder, seed: UInt64, count: Int) throws {
        var random = SplitMix64(seed: seed)
        var mutants: [String] = []
        for file in ShippedContent.puzzleFiles.filter({ $0.path.contains("/puzzles/") }) {
            let text = String(decoding: ShippedContent.bytes(file), as: UTF8.self)
            let original = try JSONParser.parse(ShippedContent.bytes(file)).toJSONValue()
            mutants += PuzzleMutants.tree(of: original).map(\.text)
            mutants.append(String(text.prefix(text.count / 2)))
            mutants.append(text)
        }
        let packs = ["pack-00000", "pack-00001"].map { folder.file("puzzles/\($0)") }
        for i in 0..<count {
            let pack = packs[random.below(packs.count)]
            let names = try FileManager.default.contentsOfDirectory(atPath: pack.path).filter { $0 != "pack.json" && $0.hasSuffix(".json") }.sorted()
            let text = mutants[random.below(mutants.count)]
            let name = i % 8 == 0 ? "zz-unlisted-\(seed)-\(i).json" : names[random.below(names.count)]
            try Data(text.utf8).write(to: pack.appendingPathComponent(name))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: packs[0].path).filter { $0.hasPrefix("p-") }.sorted()
        if names.count > 3 {
            try FileManager.default.removeItem(at: packs[0].appendingPathComponent(names[1]))
            try? FileManager.default.removeItem(at: packs[0].appendingPathComponent(names[3]))
            try FileManager.default.copyItem(at: packs[0].appendingPathComponent(names[2]), to: packs[0].appendingPathComponent(names[3]))
        }
    }

    /// The reports of one check, in every format.
    static func reports(_ folder: TemporaryFolder, cache: CheckCache?, strict: Bool = false) -> [String] {
        let report = Checker(options: .init(jobs: 2, strict: strict, cache: cache)).check([folder.file("puzzles").path])
        return CheckReport.Format.allCases.map { report.text($0, toolVersion: "test") }
    }

    @Test("reports are the same bytes with no cache, a cold one and a warm one, as the tree changes", arguments: [1] as [UInt64])
    func cacheNeverChangesTheReport(seed: UInt64) throws {
        let tree = try Self.mutatedTree(seed: seed)
        let cacheFolder = tree.file("cache").path
        for round in 0..<2 {
            for strict in round == 0 ? [false, true] : [false] {
                let settings = CheckCache.settings(version: "test", strict: strict, policy: FileAccessPolicy(), timeoutPerFile: nil)
                let plain = Self.reports(tree, cache: nil, strict: strict)
                #expect(plain[0].contains("failed"))
                let cold = try CheckCache(folder: cacheFolder, settings: settings)
                #expect(Self.reports(tree, cache: cold, strict: strict) == plain, "round \(round), strict \(strict): cold cache")
                try cold.save()
                let warm = try CheckCache(folder: cacheFolder, settings: settings)
                #expect(Self.reports(tree, cache: warm, strict: strict) == plain, "round \(round), strict \(strict): warm cache")
                #expect(warm.warning == nil)
                #expect(warm.counts.added == 0, "a warm check of an unchanged tree adds nothing")
                #expect(warm.counts.used > 20)
            }
            try Self.mutate(tree, seed: seed * 100 + UInt64(round), count: 8)
        }
    }

    @Test("a damaged, truncated or foreign index is ignored with one warning")
    func damagedIndex() throws {
        let tree = try Self.mutatedTree(seed: 3)
        let cacheFolder = tree.file("cache").path
        let plain = Self.reports(tree, cache: nil)
        let filling = try CheckCache(folder: cacheFolder, settings: Self.settings)
        _ = Self.reports(tree, cache: filling)
        try filling.save()
        let index = try #require(try FileManager.default.contentsOfDirectory(atPath: cacheFolder).first { $0.hasPrefix("index-") })
        let path = FileSystem.join(cacheFolder, index)
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // Another settings' index under this name (foreign), then damage of every kind.
        let other = try CheckCache(folder: tree.file("other").path, settings: Self.settings + "\nstrict-ish")
        _ = Self.reports(tree, cache: other)
        try other.save()
        let otherIndex = try #require(try FileManager.default.contentsOfDirectory(atPath: tree.file("other").path).first { $0.hasPrefix("index-") })
        let foreign = try [UInt8](Data(contentsOf: tree.file("other/\(otherIndex)")))
        var flipped = good
        flipped[good.count / 2] ^= 0x40
        let damages: [(String, [UInt8])] = [
            ("truncated", Array(good.prefix(good.count / 2))), ("a byte flipped", flipped), ("empty", []),
            ("garbage", Array("not a cache at all\n".utf8)), ("foreign", foreign), ("cut before the checksum", Array(good.dropLast(1))),
        ]
        for (label, bytes) in damages {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let cache = try CheckCache(folder: cacheFolder, settings: Self.settings)
            #expect(cache.warning != nil, "\(label): no warning")
            #expect(cache.counts.stored == 0, "\(label)")
            #expect(Self.reports(tree, cache: cache) == plain, "\(label): the report changed")
        }
        // A folder where the index should be: a warning, then the check goes on uncached.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let blocked = try CheckCache(folder: cacheFolder, settings: Self.settings)
        #expect(blocked.warning != nil)
        #expect(Self.reports(tree, cache: blocked) == plain)
    }

    @Test("a cache folder that is a symbolic link or a file is refused, nothing written through it")
    func linkOrFileRefused() throws {
        let tree = try TemporaryFolder()
        let outside = try TemporaryFolder()
        let link = tree.file(".gridedit-cache").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside.path)
        #expect(throws: CheckCache.Refusal.self) { try CheckCache(folder: link, settings: Self.settings) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        let file = tree.file("cache-file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: CheckCache.Refusal.self) { try CheckCache(folder: file, settings: Self.settings) }
        let made = try CheckCache(folder: tree.file("fresh").path, settings: Self.settings)
        #expect(made.warning == nil)
        #expect(try tree.read("fresh/.gitignore").contains("*"))
    }

    @Test("the settings change with everything that can change findings")
    func settingsKey() {
        let base = CheckCache.settings(version: "1", strict: false, policy: FileAccessPolicy(), timeoutPerFile: nil)
        let variants = [
            CheckCache.settings(version: "2", strict: false, policy: FileAccessPolicy(), timeoutPerFile: nil),
            CheckCache.settings(version: "1", strict: true, policy: FileAccessPolicy(), timeoutPerFile: nil),
            CheckCache.settings(version: "1", strict: false, policy: FileAccessPolicy(maxFindingsPerFile: 5), timeoutPerFile: nil),
            CheckCache.settings(version: "1", strict: false, policy: FileAccessPolicy(maxFileSize: 10), timeoutPerFile: nil),
            CheckCache.settings(version: "1", strict: false, policy: FileAccessPolicy(), timeoutPerFile: 2),
        ]
        for variant in variants { #expect(variant != base) }
        #expect(base.contains("rule tangram.overlap error"))
        #expect(base.contains("executable "))
    }

    @Test("indexes of other settings beyond the newest few are removed; nothing else in the folder is")
    func otherIndexesArePruned() throws {
        let tree = try Self.mutatedTree(seed: 5)
        let cacheFolder = tree.file("cache").path
        let kept = CheckCache.otherIndexesKept
        var paths: [String] = []
        for version in 0..<(kept + 3) {
            let cache = try CheckCache(folder: cacheFolder, settings: "version \(version)")
            _ = Self.reports(tree, cache: cache)
            try cache.save()
            paths.append(cache.indexPath)
            // Each index older than the next, whatever the file system's time resolution.
            var times = [timespec(tv_sec: 1_000_000 + version, tv_nsec: 0), timespec(tv_sec: 1_000_000 + version, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, cache.indexPath, &times, 0) == 0)
        }
        try tree.write("not ours", to: "cache/index-notes.txt.bak/keep")
        for (i, path) in paths.enumerated() {
            #expect(FileManager.default.fileExists(atPath: path) == (i >= paths.count - kept - 1), "index \(i)")
        }
        #expect(FileManager.default.fileExists(atPath: tree.file("cache/index-notes.txt.bak/keep").path), "a folder is never removed")
        #expect(FileManager.default.fileExists(atPath: tree.file("cache/.gitignore").path))
    }

    @Test("the report spool gives back every file report as it was appended")
    func spoolRoundTrip() throws {
        let tree = try Self.mutatedTree(seed: 4)
        let report = Checker(options: .init(jobs: 2)).check([tree.file("puzzles").path])
        let spool = try ReportSpool()
        for file in report.files { try spool.append(file) }
        #expect(Array(spool) == report.files)
        #expect(Array(spool) == report.files, "a second pass gives the same")
        for format in CheckReport.Format.allCases {
            var streamed = ""
            CheckReport.write(format, files: spool, summary: report.summary, toolVersion: "t") { streamed += $0 }
            #expect(streamed == report.text(format, toolVersion: "t"))
        }
    }
}
