import Foundation
@testable import GridEditCore
import GridEditJSON
import GridEditTestSupport
import Testing

/// SudokuPad and f-puzzles links (issue 14): real links decode to the exact grid, every shipped
/// Sudoku round-trips, non-classic content and broken links are refused by name, never a crash.
@Suite struct SudokuLinkTests {
    /// From michel-kraemer/sudocle issue #233 (comment of 2022-09-07): the link f-puzzles' "Export →
    /// Open With Link" gave for a puzzle made there. Decoded by hand-check (see `realFpuzzlesLink`).
    static let sudocle233 = "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x0kANwEMAbAK5x4ARlRoI3GADsEAFwzCmK1tQ5tVmug216VGrRR4DhCAEwSpshUphGdnfWrWGXzqm49MTQkQGYraTl4RWU6WiIgA=="

    /// From michel-kraemer/sudocle issue #245 (2022-09-15): an f-puzzles puzzle (with killer
    /// cages) as a percent-encoded `?puzzleid=fpuzzles…` id; the host is put back to sudokupad.app.
    static let sudocle245 = "https://sudokupad.app/?puzzleid=fpuzzlesN4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54%2Bx1p7rjtn%2FnQaCR3PgIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCAJhCpHTgMwg1AN0MtAFdTEAB2EAoLKy0bM3tnABZ3excnZP9AkIRwyNJo61tPAFYUuzTSzODQhwA2PNBLQvjPeo9nCKrs%2BBAHCKim2KLnAA4y50RfVADqnLGBmLi8VKcxjzTJrtDkhebl8qc2lc7prJqABgaCoZa0nw8vbymQGe7en12b%2FbS3B9dn141fr5QZLBJOBxlNKQv4w%2ByJCEAs45Bw7EGLIqPZIeBEZU6zHpoxoYlqPUp%2FI52BHk%2BGHJEE95XUGY1ZlBFjLYo4HEvb2R6THFOTb4t4ONyfMFU%2F6Cnycnr1CVFYqIjy1RFy3oK9G8uzK372ZX3A3pelvebar7Gmm6ukavpMkn7ZURDzKjkimqQxUtZUC%2Bxqv12MJC02hSbe%2FZq%2FVBlX2YNuDUuS4R%2F1PDzBo12EZPRPii2StXY1OVD1zB06tWU4OU7M1pwnF7Inp1cuWuxql2p92NhlE66S4OdmPdwE5LU8tvZuFZ6X2RDq0s9c0TyXz6Pz2WLkDL%2FtFYNFmd4nui8e7lrB63ZkvHsOt1cmjzz6%2Bj5t5ldFeeU%2BcNl8gU%2FMlpszWOdWTtN8z32bNA3nYUby5O8WSHBEfybXpSiIWgiCAA%3D"

    /// From SakanaAI's Sudoku-Bench dataset card ("Encoded puzzle"): the SCL link of the puzzle
    /// "parity fish", a variant with drawn clues, in SudokuPad's zipped SCL form.
    static var parityFish: String {
        get throws {
            try String(contentsOf: GridEditBinary.repositoryRoot.appendingPathComponent("Tests/Fixtures/links/parity-fish-scl.txt"),
                       encoding: .utf8)
        }
    }

    /// Why `input` was refused, or nil when it decoded.
    static func refusal(_ input: String) -> String? {
        do throws(SudokuLinkError) {
            _ = try SudokuLinks.decode(input)
            return nil
        } catch {
            return error.message
        }
    }

    static func sudokus() throws -> [SudokuPuzzle] {
        try ShippedContent.puzzleFiles.filter { $0.path.contains("/puzzles/sudoku-") }.map { url in
            guard case .puzzle(let document)? = DocumentLoader.load(ShippedContent.bytes(url), isManifest: false).document,
                  let sudoku = document.puzzle as? SudokuPuzzle else {
                throw SudokuLinkError("\(url.path) does not load")
            }
            return sudoku
        }
    }

    @Test("a real f-puzzles link decodes to the exact grid")
    func realFpuzzlesLink() throws {
        // The decompressed JSON, read by hand: `{"size":9,"grid":[…]}` with nine rows of nine cells,
        // all `{}` except `{"value":1,"given":true}` at r3c2, 2 at r6c5 and 3 at r9c8; no title,
        // author, solution or constraint keys.
        let json = try SudokuLinks.decompress(String(Self.sudocle233.split(separator: "=", maxSplits: 1)[1]), what: "test")
        #expect(json.hasPrefix("{\"size\":9,"))
        let content = try SudokuLinks.decode(Self.sudocle233)
        var expected = SudokuGrid(size: .nine)
        expected[2, 1] = 1
        expected[5, 4] = 2
        expected[8, 7] = 3
        #expect(content.givens == expected)
        #expect(content.title == nil && content.author == nil && content.solution == nil)
        // The same payload wrapped for SudokuPad, and the JSON alone, read the same.
        let payload = String(Self.sudocle233.split(separator: "=", maxSplits: 1)[1])
        #expect(try SudokuLinks.decode("https://sudokupad.app/fpuzzles" + payload) == content)
        #expect(try SudokuLinks.decode("https://sudokupad.app/?puzzleid=fpuzzles" + payload) == content)
        #expect(try SudokuLinks.decode(json) == content)
    }

    @Test("real links with constraints are refused, naming them")
    func realVariantLinksAreRefused() throws {
        let cages = Self.refusal(Self.sudocle245)
        #expect(cages?.contains("killercage") == true, "\(cages ?? "accepted")")
        let fish = Self.refusal(try Self.parityFish)
        #expect(fish?.contains("overlays") == true && fish?.contains("beyond classic Sudoku") == true, "\(fish ?? "accepted")")
    }

    @Test("the real SCL link's grid and metadata, once its drawn clues are taken out")
    func realSCLMetadata() throws {
        // Unzipped by hand-check: `{"id":"sxsm_MartySears_…","metadata":{"source":"Sudoku Maker …",
        // "author":"Marty Sears","rules":"…","solution":"854369172…","t":"Parity Fish",…},"ce":[nine
        // rows of nine {}],"re":[the nine 3×3 boxes],"o":[dots and lines as overlays],…}`.
        let payload = String(try Self.parityFish.trimmingWhitespace().dropFirst("https://sudokupad.app/scl".count))
        let root = try JSONParser.parse(SCLReader.unzip(try SudokuLinks.decompress(payload, what: "test")))
        guard case .object(let members) = JSONValue(root) else { Issue.record("not an object"); return }
        let kept = members.filter { ["id", "metadata", "ce", "re"].contains($0.key) }
        let withImage = JSONValue.object(kept).compactText
        #expect(Self.refusal(withImage)?.contains("background image") == true)
        let classic = JSONValue.object(kept.map { member in
            guard member.key == "metadata", case .object(let entries) = member.value else { return member }
            return .init("metadata", .object(entries.filter { !$0.key.hasPrefix("bgimage") }))
        })
        let content = try SudokuLinks.decode(classic.compactText)
        #expect(content.title == "Parity Fish" && content.author == "Marty Sears")
        #expect(content.givens == SudokuGrid(size: .nine))
        #expect(content.solution?.line == "854369172976251834123478956419582367568937421237146598785694213691823745342715689")
    }

    @Test("every shipped Sudoku round-trips through both links and the JSON")
    func shippedSudokusRoundTrip() throws {
        let puzzles = try Self.sudokus()
        #expect(puzzles.count >= 20)
        #expect(Set(puzzles.map(\.size)) == [.four, .six, .nine])
        for puzzle in puzzles {
            let content = SudokuLinkContent(puzzle)
            for format in SudokuLinkFormat.allCases {
                let link = SudokuLinks.link(for: content, format: format)
                #expect(link.hasPrefix(format == .sudokupad ? "https://sudokupad.app/fpuzzles" : "https://www.f-puzzles.com/?load="))
                let back = try SudokuLinks.decode(link)
                #expect(back == content, "\(puzzle.metadata.id) via \(format)")
                #expect(back.title == puzzle.metadata.name && back.author == puzzle.metadata.author)
            }
            #expect(try SudokuLinks.decode(SudokuLinks.fpuzzlesJSON(for: content)) == content)
        }
    }

    @Test("titles and authors beyond ASCII survive both links (lz-string works on UTF-16 code units)")
    func unicodeMetadata() throws {
        let grid = try SudokuGrid(line: "1.3...2..1...4..")
        let content = SudokuLinkContent(givens: grid, title: "Café ★ \"Kätzchen\" 🐱", author: "Zoë\\Ω")
        for format in SudokuLinkFormat.allCases {
            #expect(try SudokuLinks.decode(SudokuLinks.link(for: content, format: format)) == content)
        }
    }

    @Test("6×6 boxes are 2 rows × 3 columns in the exported regions' numbering")
    func sixBySixBoxes() throws {
        // A region number f-puzzles writes for the standard box is accepted; another is a jigsaw.
        let grid = #"[[{"region":0},{"region":0},{"region":0},{"region":1},{},{}],[{},{},{},{},{},{}],[{"region":2},{},{},{"region":3},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{"region":5}]]"#
        #expect(Self.refusal(#"{"size":6,"grid":\#(grid)}"#) == nil)
        let jigsaw = grid.replacingOccurrences(of: #"{"region":2}"#, with: #"{"region":0}"#)
        let message = Self.refusal(#"{"size":6,"grid":\#(jigsaw)}"#) ?? "accepted"
        #expect(message.contains("r3c1") && message.contains("irregular"), "\(message)")
    }

    @Test("SudokuPad's SCL, zipped or not, with metadata cages")
    func sclLinks() throws {
        let zipped = "{id:'tiny',ce:[[{v:1},,,],[,,{v:2},],[,{v:3},,],[,,,{v:4}]],re:[[[0,0],[0,1],[1,0],[1,1]],"
            + "[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],"
            + "ca:[{v:'title: Tiny\\'s grid'},{v:'author: Ada'},{v:'rules: Normal sudoku rules apply.'}]}"
        let content = try SudokuLinks.decode("https://sudokupad.app/scl" + LZString.compressToBase64(zipped))
        #expect(content.givens.line == "1.....2..3.....4")
        #expect(content.title == "Tiny's grid" && content.author == "Ada")
        // The same puzzle as plain JSON behind `ctc`, and the bare JSON.
        let plain = #"{"cells":[[{"value":1},{},{},{}],[{},{},{"value":"2"},{}],[{},{"value":3},{},{}],[{},{},{},{"value":4}]],"regions":[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],"metadata":{"title":"Tiny's grid","author":"Ada"}}"#
        #expect(try SudokuLinks.decode("https://sudokupad.app/ctc" + LZString.compressToBase64(plain)) == content)
        #expect(try SudokuLinks.decode(plain) == content)
        #expect(try SudokuLinks.decode(zipped) == content, "zipped SCL pasted as it is")
        // A killer cage with cells is a constraint.
        let caged = zipped.replacingOccurrences(of: "{v:'author: Ada'}", with: "{ce:[[0,0],[0,1]],v:'5'}")
        let message = Self.refusal("https://sudokupad.app/scl" + LZString.compressToBase64(caged)) ?? "accepted"
        #expect(message.contains("cages"), "\(message)")
    }

    @Test("a link whose // was folded into / is repaired, as SudokuPad does")
    func foldedSlashes() throws {
        // Find, among the shipped puzzles and seeded variations of them, a payload holding "//".
        var generator = SplitMix64(seed: 7)
        var found: (SudokuLinkContent, String)?
        for puzzle in try Self.sudokus() where found == nil {
            for _ in 0..<200 where found == nil {
                var content = SudokuLinkContent(puzzle)
                content.title = "\(puzzle.metadata.name) \(generator.next() % 100_000)"
                let link = SudokuLinks.link(for: content, format: .sudokupad)
                if link.dropFirst("https://".count).contains("//") { found = (content, link) }
            }
        }
        let (content, link) = try #require(found)
        let folded = "https://" + link.dropFirst("https://".count).replacingOccurrences(of: "//", with: "/")
        #expect(folded != link)
        #expect(try SudokuLinks.decode(folded) == content)
    }

    @Test("f-puzzles cages that only hold metadata are read as metadata; a cage with cells is a constraint")
    func fpuzzlesMetadataCages() throws {
        let grid = #""grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":4,"given":true}]]"#
        let content = try SudokuLinks.decode(#"{"size":4,\#(grid),"cage":[{"value":"title: Corner"},{"cells":[],"value":"author: Bo"}]}"#)
        #expect(content.title == "Corner" && content.author == "Bo" && content.givens.line == "...............4")
        let caged = Self.refusal(#"{"size":4,\#(grid),"cage":[{"cells":["R1C1","R1C2"],"value":"3"}]}"#)
        #expect(caged?.contains("(cage)") == true, "\(caged ?? "accepted")")
    }

    @Test("plain digit links")
    func digitLinks() throws {
        let line = "4.3...2.1..3..2."
        #expect(try SudokuLinks.decode("https://sudokupad.app/" + line.replacingOccurrences(of: ".", with: "0")).givens.line == line)
        #expect(try SudokuLinks.decode("https://sudokupad.app/sudoku/" + line).givens.line == line)
    }

    @Test("bad links say what is wrong and what to do", arguments: [
        ("https://example.com/?load=abc", "host is \"example.com\""),
        ("ftp://sudokupad.app/abc", "not a link or JSON"),
        ("https://f-puzzles.com/?id=abc123", "short id"),
        ("https://f-puzzles.com/", "no ?load="),
        ("https://sudokupad.app/", "names no puzzle"),
        ("https://sudokupad.app/kf8k3m2", "short id stored on SudokuPad's server"),
        ("https://sudokupad.app/scfABCD", "\"scf\""),
        ("https://sudokupad.app/1234", "has 4 digits"),
        ("https://sudokupad.app/fpuzzles", "is empty"),
        ("https://sudokupad.app/fpuzzlesN4Ig{z}", "character 5"),
        ("https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54", "truncated or corrupt"),
        ("{\"size\":9,", "not valid JSON"),
        ("{\"size\":8,\"grid\":[]}", "8×8"),
        ("[1,2]", "not a link or JSON"),
        ("{\"size\":4,\"grid\":[[{}]]}", "4 rows of 4 cells"),
        ("{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{\"value\":7,\"given\":true},{},{}]]}", "r4c2"),
        ("{\"size\":4,\"grid\":[[{\"c\":\"#ff0000\"},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}", "a colour"),
        ("{\"size\":4,\"thermometer\":[{\"lines\":[[\"R1C1\"]]}],\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}", "thermometer"),
        ("{\"size\":4,\"solution\":[1,2,0,0],\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}", "has 4 digits"),
    ])
    func badLinks(_ input: String, _ expected: String) {
        let message = Self.refusal(input) ?? "accepted"
        #expect(message.contains(expected), "\(message)")
    }

    @Test("a solution that disagrees with the givens is refused before anything is written")
    func wrongSolution() {
        let json = #"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"solution":[2,1,4,3,4,3,2,1,1,2,3,4,3,4,1,2]}"#
        let entries = SudokuLines.parseEntries(json)
        guard case .failure(let error)? = entries.first else { Issue.record("accepted"); return }
        #expect(error.message.contains("disagrees with the given at r1c1"))
    }

    /// Thousands of random and mutated links: each decodes or is refused with a message.
    @Test("fuzzed links never crash and never hang")
    func fuzz() throws {
        var generator = SplitMix64(seed: 1414)
        let seeds = [Self.sudocle233, Self.sudocle245, try Self.parityFish]
            + (try Self.sudokus()).prefix(6).flatMap { puzzle in
                SudokuLinkFormat.allCases.map { SudokuLinks.link(for: SudokuLinkContent(puzzle), format: $0) }
            }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=%{}[]\":,é ")
        var decoded = 0, refused = 0
        for round in 0..<3000 {
            var chars = Array(seeds[Int(generator.next() % UInt64(seeds.count))])
            switch round % 4 {
            case 0: // flip characters of the payload
                for _ in 0..<(1 + generator.next() % 4) {
                    let i = 30 + Int(generator.next() % UInt64(chars.count - 30))
                    chars[i] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                }
            case 1: // cut it short
                chars = Array(chars.prefix(20 + Int(generator.next() % UInt64(chars.count - 20))))
            case 2: // drop or repeat a stretch
                let i = 30 + Int(generator.next() % UInt64(chars.count - 30))
                let n = min(chars.count - i, 1 + Int(generator.next() % 12))
                if generator.next() % 2 == 0 { chars.removeSubrange(i..<(i + n)) } else { chars.insert(contentsOf: chars[i..<(i + n)], at: i) }
            default: // random payload behind a real prefix
                let prefix = ["https://sudokupad.app/fpuzzles", "https://sudokupad.app/scl", "https://www.f-puzzles.com/?load=", ""]
                chars = Array(prefix[Int(generator.next() % 4)])
                    + (0..<Int(generator.next() % 300)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            }
            if let message = Self.refusal(String(chars)) {
                #expect(!message.isEmpty)
                refused += 1
            } else {
                decoded += 1
            }
        }
        #expect(decoded + refused == 3000)
        #expect(refused > 1000, "mutations should mostly break the links: \(decoded) decoded")
    }
}
