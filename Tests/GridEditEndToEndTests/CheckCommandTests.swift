import Foundation
import GridEditTestSupport
import Testing

/// A finding the report must contain: `<path>:<line>:<col>: <severity>: [<rule>] <jsonPath>: <message>`.
struct ExpectedFinding: Sendable {
    /// Where the finding is placed in the text, once the edits are made.
    enum Anchor: Sendable {
        /// Line 1, column 1.
        case start
        /// The start of the only occurrence of a piece of text, moved on by `plus` scalars.
        case text(String, plus: Int = 0)
        /// A number of Unicode scalars from the start of the file.
        case scalarOffset(Int)
    }

    var file: String
    var at: Anchor
    var severity = "error"
    var rule: String
    /// Printed after the rule; nil when the finding is about the whole document.
    var jsonPath: String?
    /// Words the message must contain.
    var message: String?

    init(_ file: String, at: Anchor, severity: String = "error", _ rule: String, _ jsonPath: String?, _ message: String? = nil) {
        self.file = file
        self.at = at
        self.severity = severity
        self.rule = rule
        self.jsonPath = jsonPath
        self.message = message
    }
}

/// One mistake planted in a copy of `puzzles/` and what `gridedit check` must say about it.
struct PlantedCase: Sendable, CustomTestStringConvertible {
    var name: String
    var edits: [Edit]
    var expected: [ExpectedFinding]
    /// Files that fail (warnings alone do not fail a file).
    var failed = 1

    var testDescription: String { name }
}

private let cat = "tangram-starter/cat.json"
private let mini = "sudoku-4x4/mini-01.json"
private let mini2 = "sudoku-4x4/mini-02.json"
private let pack4 = "sudoku-4x4/pack.json"
/// The `[` that opens a manifest's or a tangram's array.
private let puzzlesArray = ExpectedFinding.Anchor.text("\"puzzles\": [", plus: 11)
private let piecesArray = ExpectedFinding.Anchor.text("\"pieces\": [", plus: 10)

/// Moves the parallelogram of cat.json onto large-1: same corner, same rotation.
@Sendable private func parallelogramOntoLargeTriangle(_ text: String) throws -> String {
    let large = try text.line(containing: "\"piece\": \"large-1\"")
    let afterID = try #require(large.range(of: "\"large-1\"")).upperBound
    let close = try #require(large.lastIndex(of: "}"))
    let pose = large[afterID..<close]  // , "x": …, "y": …, "rotation": …
    let old = try text.line(containing: "\"piece\": \"parallelogram\"")
    let indent = old.prefix { $0 == " " }
    let ending = old[try #require(old.lastIndex(of: "}"))...]  // "}" or "},"
    return try text.replacingLine(containing: "\"piece\": \"parallelogram\"",
                                  with: indent + "{\"piece\": \"parallelogram\"" + pose + ending)
}

/// Swaps the digits 1 and 2 in mini-01's stored solution: still a valid grid, but no longer
/// the one the givens lead to.
@Sendable private func swapOnesAndTwosInSolution(_ text: String) throws -> String {
    let line = try text.line(containing: "\"solution\"")
    let swapped = String(line.map { $0 == "1" ? "2" : $0 == "2" ? "1" : $0 })
    return try text.replacingLine(containing: "\"solution\"", with: swapped)
}

extension PlantedCase {
    static let all: [PlantedCase] = [
        // Strict JSON
        PlantedCase(name: "trailing comma",
                    edits: [.replace(cat, "\"rotation\": 135}\n  ]", "\"rotation\": 135},\n  ]")],
                    expected: [.init(cat, at: .text("},\n  ]", plus: 1), "json.syntax", "pieces", "trailing comma before ']'")]),
        PlantedCase(name: "comment",
                    edits: [.replace(cat, "\"tags\":", "// the tags follow\n  \"tags\":")],
                    expected: [.init(cat, at: .text("// the tags"), "json.syntax", nil, "comments are not allowed")]),
        PlantedCase(name: "duplicate key",
                    edits: [.replace(cat, "\"author\":", "\"name\": \"Second name\",\n  \"author\":")],
                    expected: [.init(cat, at: .text("\"name\": \"Second name\""), "json.duplicate-key", "name",
                                     "duplicate key \"name\" (first at 6:3)")]),
        PlantedCase(name: "NaN",
                    edits: [.replace(cat, "\"y\": 1.5,", "\"y\": NaN,")],
                    expected: [.init(cat, at: .text("NaN"), "json.syntax", "pieces[2].y", "NaN")]),
        PlantedCase(name: "lone surrogate in the name",
                    edits: [.replace(cat, "\"name\": \"Cat\"", "\"name\": \"Cat \\ud800\"")],
                    expected: [.init(cat, at: .text("\\ud800"), "json.invalid-unicode", "name", "surrogate")]),
        PlantedCase(name: "empty file",
                    edits: [.write(cat, [])],
                    expected: [.init(cat, at: .start, "json.syntax", nil, "file is empty")]),
        PlantedCase(name: "300 bytes of binary garbage",
                    // A gzip header, then noise: a compressed file saved under a .json name.
                    edits: [.write(cat, [0x1F, 0x8B] + pseudoRandomBytes(count: 298, seed: 2026))],
                    expected: [.init(cat, at: .start, "json.syntax", nil, "control character U+001F")]),
        PlantedCase(name: "100,000 nested arrays",
                    edits: [.write(cat, Array(repeating: UInt8(ascii: "["), count: 100_000))],
                    expected: [.init(cat, at: .scalarOffset(64), "json.too-deep",
                                     "$" + String(repeating: "[0]", count: 64), "deeper than 64 levels")]),
        PlantedCase(name: "CRLF line endings keep line numbers",
                    edits: [.replace(cat, "\"y\": 1.5, \"rotation\": 135}", "\"y\": 1.5, \"rotation\": 30}"),
                            .transform(cat) { $0.replacingOccurrences(of: "\n", with: "\r\n") }],
                    expected: [.init(cat, at: .text("30}"), "schema.value", "pieces[6].rotation")]),

        // Schema
        PlantedCase(name: "wrong type",
                    edits: [.replace(cat, "\"name\": \"Cat\"", "\"name\": 5")],
                    expected: [.init(cat, at: .text("\"name\": 5", plus: 8), "schema.type", "name",
                                     "expected a string, found number")]),
        PlantedCase(name: "missing required key",
                    edits: [.replace(cat, "  \"difficulty\": \"medium\",\n", "")],
                    expected: [.init(cat, at: .start, "schema.required", nil, "missing required key \"difficulty\"")]),
        PlantedCase(name: "unknown key with a typo",
                    edits: [.replace(cat, "\"name\":", "\"nmae\":")],
                    expected: [.init(cat, at: .start, "schema.required", nil, "missing required key \"name\""),
                               .init(cat, at: .text("\"nmae\""), "schema.unknown-key", "nmae",
                                     "unknown key \"nmae\"; did you mean \"name\"?")]),
        PlantedCase(name: "columns count characters, not bytes",
                    edits: [.replace(cat, "\"name\": \"Cat\"", "\"name\": \"Café ★\", \"colour\": \"grey\"")],
                    expected: [.init(cat, at: .text("\"colour\""), "schema.unknown-key", "colour", "unknown key \"colour\"")]),
        PlantedCase(name: "formatVersion 99",
                    edits: [.replace(cat, "\"formatVersion\": 1", "\"formatVersion\": 99")],
                    expected: [.init(cat, at: .text("\"formatVersion\": 99", plus: 17), "format.unsupported-version",
                                     "formatVersion", "formatVersion 99 is newer")]),
        PlantedCase(name: "coordinate 0.1",
                    edits: [.replace(cat, "\"x\": 3, \"y\": 1.5", "\"x\": 0.1, \"y\": 1.5")],
                    expected: [.init(cat, at: .text("0.1"), "schema.exact-number", "pieces[6].x", "0.1 is not an exact coordinate")]),
        PlantedCase(name: "rotation 30",
                    edits: [.replace(cat, "\"y\": 1.5, \"rotation\": 135}", "\"y\": 1.5, \"rotation\": 30}")],
                    expected: [.init(cat, at: .text("30}"), "schema.value", "pieces[6].rotation",
                                     "rotation must be one of 0, 45, 90")]),
        PlantedCase(name: "not a puzzle",
                    edits: [.write("sudoku-4x4/notes.json", Array("{\"todo\": \"more 4x4 grids\"}\n".utf8))],
                    expected: [.init("sudoku-4x4/notes.json", at: .start, "schema.unknown-document", nil, "not a gridedit puzzle"),
                               .init(pack4, at: puzzlesArray, severity: "warning", "pack.unlisted-file", "puzzles",
                                     "notes.json is in the pack folder but not in \"puzzles\"")]),

        // Tangram
        PlantedCase(name: "piece moved onto another",
                    edits: [.transform(cat, parallelogramOntoLargeTriangle)],
                    expected: [.init(cat, at: .text("{\"piece\": \"parallelogram\""), "tangram.overlap", "pieces[6]",
                                     "parallelogram overlaps large-1 (pieces[0])")]),
        PlantedCase(name: "piece moved to x 20",
                    edits: [.replace(cat, "\"x\": 3, \"y\": 1.5", "\"x\": 20, \"y\": 1.5")],
                    expected: [.init(cat, at: .text("{\"piece\": \"parallelogram\""), severity: "warning",
                                     "tangram.disconnected", "pieces[6]"),
                               .init(cat, at: .text("{\"piece\": \"parallelogram\""), "tangram.out-of-bounds", "pieces[6]",
                                     "its corner (20, 1.5) is outside")]),
        PlantedCase(name: "piece id repeated",
                    edits: [.replace(cat, "\"piece\": \"parallelogram\"", "\"piece\": \"square\"")],
                    expected: [.init(cat, at: piecesArray, "tangram.piece-set", "pieces", "missing: parallelogram"),
                               .init(cat, at: .text("{\"piece\": \"square\", \"x\": 3,"), "tangram.piece-set", "pieces[6]",
                                     "square appears twice (first at pieces[5])")]),

        // Sudoku
        PlantedCase(name: "given duplicated in a row",
                    edits: [.replace(mini, "\"givens\": [\"..23\"", "\"givens\": [\"2.23\"")],
                    expected: [.init(mini, at: .text("\"2.23\""), "sudoku.given-conflict", "givens[0]",
                                     "2 is given twice in row 1: r1c1 and r1c3"),
                               // The stored solution has 1 there, so it now disagrees with the givens too.
                               .init(mini, at: .text("\"1423\""), "sudoku.solution-invalid", "solution[0]",
                                     "the solution has 1 in r1c1 but the given there is 2")]),
        PlantedCase(name: "digit 7 in a 4x4",
                    edits: [.replace(mini, "\"3.4.\"", "\"3.47\"")],
                    expected: [.init(mini, at: .text("\"3.47\"", plus: 4), "sudoku.value-out-of-range", "givens[1]",
                                     "\"7\" in r2c4 is not allowed")]),
        PlantedCase(name: "row too short",
                    edits: [.replace(mini, "\"3.4.\"", "\"3.4\"")],
                    expected: [.init(mini, at: .text("\"3.4\""), "sudoku.size", "givens[1]", "row has 3 cells; a 4×4 row has 4")]),
        PlantedCase(name: "stored solution repeats a digit",
                    edits: [.replace(mini, "\"solution\": [\"1423\"", "\"solution\": [\"1432\"")],
                    expected: [.init(mini, at: .text("\"2134\""), "sudoku.solution-invalid", "solution[2]",
                                     "repeats a digit in column 3: r1c3 and r3c3")]),
        PlantedCase(name: "stored solution disagrees with a given",
                    edits: [.transform(mini, swapOnesAndTwosInSolution)],
                    expected: [.init(mini, at: .text("\"2413\""), "sudoku.solution-invalid", "solution[0]",
                                     "the solution has 1 in r1c3 but the given there is 2")]),

        // Packs
        PlantedCase(name: "pack lists a missing file",
                    edits: [.replace(pack4, "\"mini-06.json\"\n  ]", "\"mini-06.json\",\n    \"mini-07.json\"\n  ]")],
                    expected: [.init(pack4, at: .text("\"mini-07.json\""), "pack.missing-file", "puzzles[6]",
                                     "\"mini-07.json\" is listed but there is no such file")]),
        PlantedCase(name: "pack lists ../x.json",
                    edits: [.replace(pack4, "\"mini-06.json\"\n  ]", "\"mini-06.json\",\n    \"../x.json\"\n  ]")],
                    expected: [.init(pack4, at: .text("\"../x.json\""), "pack.path-escape", "puzzles[6]",
                                     "\"../x.json\" leaves the pack folder")]),
        // The shipped curriculum plays mini-06, and would rightly report it missing from the
        // pack (curriculum.unknown-puzzle, see CurriculumCommandTests): here only the pack is looked at.
        PlantedCase(name: "puzzle file not listed",
                    edits: [.replace(pack4, ",\n    \"mini-06.json\"", ""), .remove("curricula")],
                    expected: [.init(pack4, at: puzzlesArray, severity: "warning", "pack.unlisted-file", "puzzles",
                                     "mini-06.json is in the pack folder but not in \"puzzles\"")],
                    failed: 0),
        PlantedCase(name: "two puzzles with the same id",
                    edits: [.replace(mini2, "\"id\": \"mini-02\"", "\"id\": \"mini-01\"")],
                    expected: [.init(pack4, at: .text("\"mini-02.json\""), "pack.duplicate-id", "puzzles[1]",
                                     "puzzle id \"mini-01\" is used by mini-01.json and mini-02.json")]),
        PlantedCase(name: "missing $schema",
                    edits: [.replace(mini, "  \"$schema\": \"../../schemas/puzzle.schema.json\",\n", "")],
                    expected: [.init(mini, at: .start, severity: "warning", "format.schema-reference", nil, "no \"$schema\"")],
                    failed: 0),
    ]
}

@Suite("gridedit check")
struct CheckCommandTests {
    // MARK: The shipped content

    @Test("the shipped folders pass", arguments: ["puzzles", "templates"])
    func shippedFoldersPass(folder: String) throws {
        let count = jsonFiles(under: Repository.root.appendingPathComponent(folder)).count
        #expect(count > 0)
        let output = try GridEditBinary.run(["check", folder + "/"])
        #expect(output.status == 0)
        #expect(output.lines.last == "\(count) passed, 0 failed")
        #expect(output.lines.filter { $0.contains(": error: ") } == [])
        #expect(output.stderr == "")
    }

    @Test("files are reported in walk order, each once")
    func reportsEveryFileOnce() throws {
        // A folder given twice, and a file inside it, still count once each.
        let count = jsonFiles(under: Repository.puzzles).count
        let output = try GridEditBinary.run(["check", "puzzles", "puzzles", "puzzles/sudoku-4x4/mini-01.json"])
        #expect(output.status == 0)
        #expect(output.lines.last == "\(count) passed, 0 failed")
    }

    // MARK: Planted mistakes

    @Test("a planted mistake is reported where it is", arguments: PlantedCase.all)
    func plantedMistake(_ planted: PlantedCase) throws {
        let copy = try PlantedPuzzles(planted.edits)
        let started = ContinuousClock.now
        let output = try copy.check()
        #expect(ContinuousClock.now - started < .seconds(10), "check must finish quickly")

        #expect(output.status == (planted.failed > 0 ? 1 : 0))
        #expect(output.stderr == "")
        #expect(output.lines.last == "\(copy.fileCount - planted.failed) passed, \(planted.failed) failed")
        let findings = Array(output.lines.dropLast())
        #expect(findings.count == planted.expected.count, "report:\n\(output.stdout)")
        for (line, expected) in zip(findings, planted.expected) {
            let text = try copy.text(expected.file)
            let position: TextPosition? = switch expected.at {
            case .start: .start
            case .text(let needle, let plus): TextPosition.ofOnly(needle, plus: plus, in: text)
            case .scalarOffset(let offset): TextPosition(scalarOffset: offset, in: text)
            }
            let location = try #require(position)
            var prefix = "\(copy.path(expected.file)):\(location): \(expected.severity): [\(expected.rule)] "
            if let jsonPath = expected.jsonPath { prefix += "\(jsonPath): " }
            #expect(String(line.prefix(prefix.count)) == prefix)
            if let message = expected.message {
                #expect(line.contains(message), "\(line)")
            }
        }
    }

    @Test("a file listed twice is one mistake, reported once")
    func fileListedTwice() throws {
        let copy = try PlantedPuzzles([
            .replace(pack4, "\"mini-06.json\"\n  ]", "\"mini-06.json\",\n    \"mini-01.json\"\n  ]"),
        ])
        let output = try copy.check()
        let text = try copy.text(pack4)
        let location = try #require(TextPosition.ofOnly("\"mini-01.json\"\n", in: text))
        #expect(output.status == 1)
        #expect(output.lines.last == "\(copy.fileCount - 1) passed, 1 failed")
        let findings = Array(output.lines.dropLast())
        #expect(findings.first == "\(copy.path(pack4)):\(location): error: [pack.duplicate-entry] puzzles[6]: "
                    + "\"mini-01.json\" is listed twice (first at puzzles[0]); remove one")
        #expect(findings.count == 1, "report:\n\(output.stdout)")
    }

    // MARK: Pack folders

    @Test("a folder of puzzles under puzzles/ without pack.json is a warning")
    func missingManifest() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.copyItem(at: Repository.puzzles, to: scratch.file("puzzles"))
        try FileManager.default.removeItem(at: scratch.file("puzzles/sudoku-6x6/pack.json"))
        // Without its pack the shipped curriculum would rightly report its 6×6 puzzles missing.
        try FileManager.default.removeItem(at: scratch.file("puzzles/curricula"))
        let output = try GridEditBinary.run(["check", "puzzles"], in: scratch.url)
        #expect(output.status == 0)
        #expect(output.lines.filter { !$0.hasSuffix(" failed") } == [
            "puzzles/sudoku-6x6/six-01.json: warning: [pack.missing-manifest] puzzles/sudoku-6x6 holds puzzles "
                + "but no pack.json; add a manifest so the app can show it as a pack",
        ])
        #expect(output.lines.last?.hasSuffix(" passed, 0 failed") == true)
    }

    @Test("`gridedit check PATH…` with no option (not parsed: a request with the defaults) answers as the parsed command")
    func unparsedPathsAnswerAsParsed() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.copyItem(at: Repository.puzzles, to: scratch.file("puzzles"))
        try scratch.write("{\"kind\": \"sudoku\", \"size\": 5}", to: "puzzles/sudoku-4x4/broken.json")
        for paths in [["puzzles"], ["puzzles/sudoku-4x4", "no-such-file.json"], ["puzzles/sudoku-4x4/mini-01.json"]] {
            let unparsed = try GridEditBinary.run(["check"] + paths, in: scratch.url)
            let parsed = try GridEditBinary.run(["check", "--format", "text"] + paths, in: scratch.url)
            #expect(unparsed.status == parsed.status, "\(paths)")
            #expect(unparsed.stdout == parsed.stdout, "\(paths)")
            #expect(unparsed.stderr == parsed.stderr, "\(paths)")
            #expect(!unparsed.stdout.isEmpty)
        }
        // A path that looks like an option still goes to the parser, and is refused as one.
        let option = try GridEditBinary.run(["check", "-x", "puzzles"], in: scratch.url)
        #expect(option.status == 64)
    }

    @Test("checking one puzzle of a pack does not claim its pack.json is missing")
    func singleFileInPack() throws {
        let output = try GridEditBinary.run(["check", "puzzles/sudoku-4x4/mini-01.json"])
        #expect(output.status == 0)
        #expect(output.lines == ["1 passed, 0 failed"])
    }

    @Test("a bad cell after an escape is reported at its own column")
    func cellAfterEscape() throws {
        // "3.\u0034a": the cell 'a' is the 4th cell but the 9th character of the string.
        let copy = try PlantedPuzzles([.replace(mini, "\"3.4.\"", "\"3.\\u0034a\"")])
        let output = try copy.check()
        let location = try #require(TextPosition.ofOnly("\"3.\\u0034a\"", plus: 9, in: try copy.text(mini)))
        #expect(output.status == 1)
        #expect(output.lines.count == 2)
        #expect(output.lines.first?.hasPrefix(
            "\(copy.path(mini)):\(location): error: [sudoku.value-out-of-range] givens[1]: ") == true)
    }

    // MARK: Exit status and report formats

    @Test("a missing path is an I/O error: exit 2")
    func missingPath() throws {
        let output = try GridEditBinary.run(["check", "no-such-folder"])
        #expect(output.status == 2)
        #expect(output.lines == [
            "no-such-folder: error: [io.read] no such file or folder; check the path",
            "0 passed, 1 failed",
        ])
    }

    @Test("an I/O error wins over findings: exit 2")
    func missingPathBesideFindings() throws {
        let copy = try PlantedPuzzles([.replace(cat, "\"name\": \"Cat\"", "\"name\": 5")])
        let output = try GridEditBinary.run(["check", "no-such-file.json", copy.folder.path])
        #expect(output.status == 2)
        #expect(output.lines.first?.hasPrefix("no-such-file.json: error: [io.read] ") == true)
        #expect(output.lines.contains { $0.hasPrefix(copy.path(cat) + ":") && $0.contains("[schema.type]") })
        #expect(output.lines.last == "\(copy.fileCount - 1) passed, 2 failed")
    }

    @Test("bad usage: exit 64, the error on standard error", arguments: [
        ["check", "--format", "xml", "puzzles"],
        ["check"],
        ["check", "--no-such-option", "puzzles"],
        ["no-such-command"],
    ])
    func usage(arguments: [String]) throws {
        let output = try GridEditBinary.run(arguments)
        #expect(output.status == 64)
        #expect(output.stdout == "")
        #expect(output.stderr.hasPrefix("Error: "))
        #expect(output.stderr.contains("Usage: "))
    }

    @Test("--format xml names the accepted values")
    func unknownReportFormat() throws {
        let output = try GridEditBinary.run(["check", "--format", "xml", "puzzles"])
        #expect(output.status == 64)
        #expect(output.errorLines.first == "Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'text', 'json' or 'github'.")
    }

    @Test("--format json has the documented shape and values")
    func jsonReport() throws {
        let copy = try PlantedPuzzles([.replace(cat, "\"y\": 1.5, \"rotation\": 135}", "\"y\": 1.5, \"rotation\": 30}")])
        let output = try copy.check(["--format", "json"])
        #expect(output.status == 1)
        #expect(output.stderr == "")

        let root = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(Set(root.keys) == ["files", "summary"])
        let summary = try #require(root["summary"] as? [String: Any])
        #expect(Set(summary.keys) == ["passed", "failed"])
        #expect(summary["passed"] as? Int == copy.fileCount - 1)
        #expect(summary["failed"] as? Int == 1)

        let files = try #require(root["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == jsonFiles(under: copy.folder.url).map { copy.path($0) })
        for file in files {
            #expect(Set(file.keys) == ["path", "kind", "findings"])
            let path = try #require(file["path"] as? String)
            let expectedKind = path.hasSuffix("/pack.json") ? "pack" : path.contains("/curricula/") ? "curriculum"
                : path.contains("/tangram-") ? "tangram" : "sudoku"
            #expect(file["kind"] as? String == expectedKind, "\(path)")
            let findings = try #require(file["findings"] as? [[String: Any]])
            #expect(findings.count == (path == copy.path(cat) ? 1 : 0), "\(path)")
        }

        let catEntry = try #require(files.first { $0["path"] as? String == copy.path(cat) })
        let finding = try #require((catEntry["findings"] as? [[String: Any]])?.first)
        #expect(Set(finding.keys) == ["rule", "severity", "line", "column", "jsonPath", "message"])
        let location = try #require(TextPosition.ofOnly("30}", in: try copy.text(cat)))
        #expect(finding["rule"] as? String == "schema.value")
        #expect(finding["severity"] as? String == "error")
        #expect(finding["line"] as? Int == location.line)
        #expect(finding["column"] as? Int == location.column)
        #expect(finding["jsonPath"] as? String == "pieces[6].rotation")
        #expect(finding["message"] as? String
                    == "rotation must be one of 0, 45, 90, 135, 180, 225, 270, 315 (degrees, counter-clockwise)")
    }

    @Test("--format json writes null for an unknown place")
    func jsonReportNulls() throws {
        let output = try GridEditBinary.run(["check", "--format", "json", "no-such-folder"])
        #expect(output.status == 2)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let file = try #require((root["files"] as? [[String: Any]])?.first)
        #expect(file["path"] as? String == "no-such-folder")
        #expect(file["kind"] as? String == "unknown")
        let finding = try #require((file["findings"] as? [[String: Any]])?.first)
        #expect(finding["rule"] as? String == "io.read")
        #expect(finding["line"] is NSNull)
        #expect(finding["column"] is NSNull)
        #expect(finding["jsonPath"] is NSNull)
        #expect((root["summary"] as? [String: Any])?["failed"] as? Int == 1)
    }
}
