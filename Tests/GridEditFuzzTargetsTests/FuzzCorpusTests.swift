import Foundation
import GridEditCore
import GridEditFuzzTargets
import GridEditTestSupport
import Testing

/// The fuzz targets in every test run: each target's seed corpus (Tests/Fixtures/fuzz/TARGET,
/// with every input libFuzzer ever found a crash with), then seeded mutations of it. This is
/// the suite's short run; the coverage-guided one is scripts/fuzz.sh. A target that traps or
/// breaks its round trip stops the test process, which fails the run.
@Suite
struct FuzzCorpusTests {
    static let corpusFolder = GridEditBinary.repositoryRoot.appendingPathComponent("Tests/Fixtures/fuzz")

    static func corpus(of target: FuzzTarget) throws -> [(name: String, bytes: [UInt8])] {
        let folder = corpusFolder.appendingPathComponent(target.rawValue)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        return try names.map { ($0, Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }

    @Test("Every target has a seed corpus, and runs every file of it", arguments: FuzzTarget.allCases)
    func replay(_ target: FuzzTarget) throws {
        let corpus = try Self.corpus(of: target)
        #expect(corpus.count >= 2, "Tests/Fixtures/fuzz/\(target.rawValue) holds the target's seed inputs")
        for input in corpus { target.run(input.bytes) }
    }

    /// Seeded mutations of the corpus (libFuzzer's kinds: bytes flipped, inserted, erased,
    /// repeated, spliced with another input, JSON's own punctuation and extreme numbers put in).
    /// Each input is written to `$TMPDIR/gridedit-fuzz-last-TARGET` before it runs: after a
    /// crash, that file is the input (`gridedit-fuzz TARGET FILE` reproduces it; add it to the
    /// corpus once fixed).
    @Test("Mutations of the corpus neither trap nor break a round trip", arguments: FuzzTarget.allCases)
    func mutations(_ target: FuzzTarget) throws {
        let corpus = try Self.corpus(of: target).map(\.bytes)
        let count = Int(ProcessInfo.processInfo.environment["GRIDEDIT_FUZZ_MUTATIONS"] ?? "") ?? 1_500
        var random = SplitMix64(seed: 36 &+ FNV1a.hash(target.rawValue.utf8))
        let last = FileManager.default.temporaryDirectory.appendingPathComponent("gridedit-fuzz-last-\(target.rawValue)")
        for _ in 0..<count {
            var bytes = corpus[Int(random.next() % UInt64(corpus.count))]
            for _ in 0...Int(random.next() % 4) {
                Mutator.mutate(&bytes, splicing: corpus, using: &random)
            }
            try Data(bytes).write(to: last)
            target.run(bytes)
        }
    }

    @Test("The JSON target's round trip holds on values the scanner accepts at its edges")
    func jsonEdges() {
        for text in [#"[1E400,-0,0.1e-320,1.5e+308]"#, #"{"a":"\u0000\ud83d\ude00\"\\\/"}"#, String(repeating: "[", count: 64) + String(repeating: "]", count: 64),
                     #"{"a":1,"a":2}"#, "\t\n [ ] \r\n"] {
            FuzzTarget.json.run(Array(text.utf8))
        }
    }
}

/// Byte-level mutations in the manner of libFuzzer's mutators.
enum Mutator {
    static let tokens: [[UInt8]] = ["{", "}", "[", "]", "\"", "\\", ",", ":", "-", "0", "1e999", "-1e-999", "null", "true",
                                     "\\u0000", "\\ud800", "√2", "+√2", "\n", "\r\n", "NaN", "9223372036854775808", "<", "/>",
                                     "<svg>", "p 0 0 ", "e+", ".", "\u{FEFF}"].map { Array($0.utf8) }
    static let punctuation = Array("0123456789.-+e\"{}[],: ".utf8)

    static func mutate(_ bytes: inout [UInt8], splicing corpus: [[UInt8]], using random: inout SplitMix64) {
        func index(_ limit: Int) -> Int { limit <= 0 ? 0 : Int(random.next() % UInt64(limit)) }
        switch random.next() % 7 {
        case 0 where !bytes.isEmpty:  // flip a bit
            bytes[index(bytes.count)] ^= UInt8(1 << (random.next() % 8))
        case 1:  // insert a random byte
            bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: index(bytes.count + 1))
        case 2 where !bytes.isEmpty:  // erase a run
            let start = index(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + index(16)))
        case 3 where !bytes.isEmpty:  // repeat a run
            let start = index(bytes.count)
            let run = bytes[start..<min(bytes.count, start + 1 + index(32))]
            bytes.insert(contentsOf: Array(repeating: Array(run), count: 1 + index(8)).joined(), at: index(bytes.count + 1))
        case 4:  // a token
            bytes.insert(contentsOf: tokens[index(tokens.count)], at: index(bytes.count + 1))
        case 5:  // splice with another input
            let other = corpus[index(corpus.count)]
            let cut = index(bytes.count + 1)
            bytes = Array(bytes[..<cut]) + other[index(other.count + 1)...]
        default:  // overwrite a byte with a digit or punctuation
            if !bytes.isEmpty { bytes[index(bytes.count)] = punctuation[index(punctuation.count)] }
        }
        if bytes.count > 65_536 { bytes.removeLast(bytes.count - 65_536) }
    }
}
