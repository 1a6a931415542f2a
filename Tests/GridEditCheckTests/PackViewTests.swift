import Foundation
@testable import GridEditCheck
import GridEditCore
import GridEditTestSupport
import Testing

/// The pack rules see every listed puzzle the same way wherever the walk met it: before the
/// manifest in the same batch (its check's facts are reused), in an earlier batch (read again),
/// or after the manifest (checked ahead), from a cold cache and a warm one.
@Suite struct PackViewTests {
    @Test("a pack larger than a batch gets the same pack findings as one built from every file")
    func packAcrossBatches() throws {
        let folder = try TemporaryFolder()
        let count = Checker.batchSize + 40
        let files = try MixedPacks.write(count: count, seed: 3, packSize: count, into: folder.url)
        let pack = folder.file("puzzles/pack-00000")
        // A few files named after the manifest (`q-…` sorts after `pack.json`), listed in it.
        let manifestURL = pack.appendingPathComponent("pack.json")
        var manifestText = try String(contentsOf: manifestURL, encoding: .utf8)
        for (i, file) in files.prefix(6).enumerated() {
            let name = "q-\(i).json"
            try FileManager.default.copyItem(at: file, to: pack.appendingPathComponent(name))
            manifestText = manifestText.replacingOccurrences(of: "\"\(file.lastPathComponent)\"", with: "\"\(file.lastPathComponent)\", \"\(name)\"")
        }
        try Data(manifestText.utf8).write(to: manifestURL)

        // The oracle: the pack's rules over facts read straight from every listed file.
        let manifestBytes = [UInt8](try Data(contentsOf: manifestURL))
        guard case .pack(let manifest)? = DocumentLoader.load(manifestBytes, isManifest: true).document else {
            Issue.record("the generated manifest does not load")
            return
        }
        var facts: [Int: PuzzleFacts] = [:]
        for (entry, name) in manifest.puzzles.enumerated() {
            let bytes = [UInt8](try Data(contentsOf: pack.appendingPathComponent(name)))
            facts[entry] = Checker.facts(of: bytes, cache: nil)
        }
        #expect(facts.count == count + 6)
        let names = try FileManager.default.contentsOfDirectory(atPath: pack.path).filter { $0.hasSuffix(".json") && $0 != "pack.json" }.sorted()
        let expected = Pack(folder: pack.path, manifest: manifest, files: names, puzzles: facts).validate().map(\.message).sorted()
        #expect(expected.contains { $0.hasPrefix("q-") }, "the files after the manifest are duplicates the rules must see")
        #expect(expected.count > 6)

        // Every finding listed (no cap), through a cache that is first filled, then used.
        let policy = FileAccessPolicy(maxFindingsPerFile: 100_000)
        let settings = CheckCache.settings(version: "test", strict: false, policy: policy, timeoutPerFile: nil)
        let cacheFolder = folder.file("cache").path
        for round in ["cold cache", "warm cache"] {
            let cache = try CheckCache(folder: cacheFolder, settings: settings)
            let report = Checker(options: .init(jobs: 2, policy: policy, cache: cache)).check([folder.file("puzzles").path])
            try cache.save()
            let manifestReport = try #require(report.files.first { $0.path.hasSuffix("/pack.json") })
            // The generated manifest itself is sound: every finding on it is a pack rule's.
            let found = manifestReport.findings.map(\.message).sorted()
            #expect(found == expected, "\(round)")
        }
    }
}
