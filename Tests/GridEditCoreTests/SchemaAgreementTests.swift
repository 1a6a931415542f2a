import Foundation
import GridEditTestSupport
import Testing

/// The published JSON Schemas (what editors validate against while a designer types) accept
/// every shipped file and refuse the same structural mistakes the checker refuses. Uses the
/// reference `jsonschema` validator for Python, installed by scripts/deps.sh.
@Suite struct SchemaAgreementTests {
    static let script = #"""
    import json, sys, pathlib, jsonschema
    root = pathlib.Path(sys.argv[1])
    def validator(name):
        schema = json.loads((root / "schemas" / name).read_text())
        return jsonschema.Draft202012Validator(schema)
    puzzle, pack = validator("puzzle.schema.json"), validator("pack.schema.json")
    curriculum = validator("curriculum.schema.json")
    for line in sys.stdin:
        name, text = line.rstrip("\n").split("\t", 1)
        doc = json.loads(text)
        v = pack if name == "pack.json" else curriculum if isinstance(doc, dict) and doc.get("kind") == "curriculum" else puzzle
        errors = sorted(e.message for e in v.iter_errors(doc))
        print("valid" if not errors else "invalid: " + errors[0][:120])
    """#

    /// Runs the reference validator over (file name, JSON text) pairs.
    static func validate(_ documents: [(String, String)]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, GridEditBinary.repositoryRoot.path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let lines = documents.map { "\($0.0)\t\($0.1.replacingOccurrences(of: "\n", with: " "))\n" }.joined()
        input.fileHandleForWriting.write(Data(lines.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 with jsonschema is needed: run scripts/test.sh, which installs it")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func shippedFilesValidateAgainstThePublishedSchemas() throws {
        let files = ShippedContent.puzzleFiles + ShippedContent.manifests + ShippedContent.curricula
        #expect(!ShippedContent.curricula.isEmpty, "puzzles/curricula/ holds the sample curriculum")
        let verdicts = try Self.validate(files.map { ($0.lastPathComponent, String(decoding: ShippedContent.bytes($0), as: UTF8.self)) })
        #expect(verdicts.count == files.count)
        for (file, verdict) in zip(files, verdicts) {
            #expect(verdict == "valid", "\(file.path): \(verdict)")
        }
    }

    @Test func schemaRefusesWhatTheCheckerRefuses() throws {
        let base = String(decoding: ShippedContent.bytes(GridEditBinary.repositoryRoot
            .appendingPathComponent("puzzles/tangram-starter/square.json")), as: UTF8.self)
        let sudoku = String(decoding: ShippedContent.bytes(GridEditBinary.repositoryRoot
            .appendingPathComponent("puzzles/sudoku-4x4/mini-01.json")), as: UTF8.self)
        let curriculum = String(decoding: ShippedContent.bytes(GridEditBinary.repositoryRoot
            .appendingPathComponent("puzzles/curricula/first-hundred-days.json")), as: UTF8.self)
        func replacing(_ text: String, _ old: String, _ new: String) -> String {
            precondition(text.contains(old), "fixture changed: \(old)")
            return text.replacingOccurrences(of: old, with: new)
        }
        let broken: [(String, String)] = [
            ("x.json", replacing(base, "\"kind\": \"tangram\"", "\"kind\": \"crossword\"")),
            ("x.json", replacing(base, "\"difficulty\": \"hard\"", "\"difficulty\": \"impossible\"")),
            ("x.json", replacing(base, "\"id\": \"square\"", "\"id\": \"Square Two\"")),
            ("x.json", replacing(base, "\"formatVersion\": 1", "\"formatVersion\": 2")),
            ("x.json", replacing(base, "\"rotation\": 135", "\"rotation\": 30")),
            ("x.json", replacing(base, "\"name\"", "\"nmae\"")),
            ("x.json", replacing(base, "\"piece\": \"square\"", "\"piece\": \"circle\"")),
            ("x.json", replacing(base, "\"createdAt\": \"2026-11-22T09:00:00Z\"", "\"createdAt\": \"yesterday\"")),
            ("x.json", replacing(base, "\"createdAt\": \"2026-11-22T09:00:00Z\"", "\"createdAt\": \"2026-13-45T25:61:61Z\"")),
            ("x.json", replacing(sudoku, "\"size\": 4", "\"size\": 5")),
            ("x.json", replacing(sudoku, "\"givens\": [\"", "\"givens\": [\"x")),
            ("x.json", replacing(curriculum, "\"type\": \"practice\"", "\"type\": \"quiz\"")),
            ("x.json", replacing(curriculum, "\"durationMinutes\"", "\"duration\"")),
            ("x.json", replacing(curriculum, "{\"pack\": \"tangram-starter\", ", "{")),
            ("x.json", replacing(curriculum, "\"ageRange\": {\"min\": 7", "\"ageRange\": {\"min\": 1")),
            ("pack.json", "{\"formatVersion\": 1, \"id\": \"p\", \"title\": \"P\", \"description\": \"\", \"ageRange\": {\"min\": 4, \"max\": 8}, \"puzzles\": [\"/etc/passwd.json\"]}"),
        ]
        let verdicts = try Self.validate(broken)
        for (index, verdict) in verdicts.enumerated() {
            #expect(verdict.hasPrefix("invalid"), "case \(index) accepted by the schema")
        }
        #expect(verdicts.count == broken.count)
    }
}
