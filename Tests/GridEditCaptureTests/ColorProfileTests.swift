import Foundation
import GridEditCore
import GridEditMat
import GridEditTestSupport
import Testing

/// Colour profiles: which colour is which piece, for camera capture. Files load with every
/// problem located (file:line:col and JSON path), save canonically and atomically, and the
/// shipped template suits printing.
@Suite("Colour profiles")
struct ColorProfileTests {
    /// A valid profile, one member per line, so a test can name the line it breaks.
    static let valid = """
        {
          "$schema": "../schemas/colors.schema.json",
          "colorProfile": 1,
          "name": "test set",
          "minSaturation": 0.35,
          "pieces": {
            "large-1": {"color": "#D62735", "hueTolerance": 14},
            "large-2": {"color": "#2065C7", "hueTolerance": 14},
            "medium": {"color": "#E0C01F", "hueTolerance": 14},
            "small-1": {"color": "#42A832", "hueTolerance": 14},
            "small-2": {"color": "#C730B3", "hueTolerance": 14},
            "square": {"color": "#17A37E", "hueTolerance": 14},
            "parallelogram": {"color": "#7640C7", "hueTolerance": 14}
          }
        }

        """

    static func replacing(_ old: String, _ new: String, in text: String = valid) -> String {
        precondition(text.contains(old), "fixture changed: \(old)")
        return text.replacingOccurrences(of: old, with: new)
    }

    /// The findings a broken profile is refused with.
    static func findings(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Finding] {
        do {
            _ = try ColorProfile.decode(Array(text.utf8), path: "p.jsonc")
            Issue.record("the profile was accepted", sourceLocation: sourceLocation)
            return []
        } catch {
            guard case .invalid(let path, let findings) = error else {
                Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
                return []
            }
            #expect(path == "p.jsonc", sourceLocation: sourceLocation)
            return findings
        }
    }

    /// `rule line:column path` of each finding, for compact expectations.
    static func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.rule) \($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.path?.description ?? "-")" }
    }

    // MARK: Loading and saving

    @Test("a valid profile loads with its colours, HSV and classes")
    func loads() throws {
        let profile = try ColorProfile.decode(Array(Self.valid.utf8), path: "p.jsonc")
        #expect(profile.name == "test set")
        #expect(profile.description == nil)
        #expect(profile.minSaturation == 0.35)
        #expect(profile.colors.count == 7)
        let red = try #require(profile.colors[.large1])
        #expect((red.red, red.green, red.blue) == (0xD6, 0x27, 0x35))
        #expect(red.hex == "#D62735")
        #expect(abs(red.hue - 355.2) < 0.1)
        #expect(abs(red.saturation - 0.818) < 0.001)
        #expect(abs(red.value - 0.839) < 0.001)
        #expect(profile.colorClasses == TangramPiece.allCases.map { [$0] })
    }

    @Test("HSV of primaries, greys and the wrap at red")
    func hsv() {
        #expect(PieceColor(red: 255, green: 0, blue: 0, hueTolerance: 14).hue == 0)
        #expect(PieceColor(red: 0, green: 255, blue: 0, hueTolerance: 14).hue == 120)
        #expect(PieceColor(red: 0, green: 0, blue: 255, hueTolerance: 14).hue == 240)
        #expect(PieceColor(red: 255, green: 0, blue: 1, hueTolerance: 14).hue > 359)
        let grey = PieceColor(red: 128, green: 128, blue: 128, hueTolerance: 14)
        #expect(grey.saturation == 0 && grey.hue == 0 && abs(grey.value - 128.0 / 255) < 1e-12)
        #expect(PieceColor.hueDistance(350, 10) == 20)
        #expect(PieceColor.hueDistance(10, 350) == 20)
        #expect(PieceColor.hueDistance(90, 270) == 180)
        #expect(PieceColor(hex: "#d62735", hueTolerance: 1)?.hex == "#D62735")
        #expect(PieceColor(hex: "D62735", hueTolerance: 1) == nil)
        #expect(PieceColor(hex: "#D6273", hueTolerance: 1) == nil)
        #expect(PieceColor(hex: "#D6273G", hueTolerance: 1) == nil)
    }

    @Test("pieces of one colour form one class, in piece order")
    func colorClasses() throws {
        let text = Self.replacing("\"large-2\": {\"color\": \"#2065C7\"", "\"large-2\": {\"color\": \"#d62735\"")
        let shared = Self.replacing("\"small-2\": {\"color\": \"#C730B3\"", "\"small-2\": {\"color\": \"#42A832\"", in: text)
        let profile = try ColorProfile.decode(Array(shared.utf8), path: "p.jsonc")
        #expect(profile.colorClasses == [[.large1, .large2], [.medium], [.small1, .small2], [.square], [.parallelogram]])
    }

    @Test("canonical text round-trips: same profile, same bytes")
    func roundTrip() throws {
        let messy = """
            // A designer's notes survive loading (but not saving).
            {"pieces": {
              "parallelogram": {"hueTolerance": 20.0, "color": "#7640c7"},
              "square": {"color": "#17A37E", "hueTolerance": 14}, "small-2": {"color": "#C730B3", "hueTolerance": 14},
              "small-1": {"color": "#42A832", "hueTolerance": 14}, /* inline */ "medium": {"color": "#E0C01F", "hueTolerance": 2.5},
              "large-2": {"color": "#2065C7", "hueTolerance": 14}, "large-1": {"color": "#D62735", "hueTolerance": 60}},
             "minSaturation": 0.4, "name": "Café ★", "description": "tabs\\tand \\"quotes\\"", "colorProfile": 1}
            """
        let profile = try ColorProfile.decode(Array(messy.utf8), path: "p.jsonc")
        #expect(profile.schemaReference == nil)
        #expect(profile.colors[.parallelogram]?.hueTolerance == 20)
        #expect(profile.colors[.medium]?.hueTolerance == 2.5)
        let text = profile.canonicalText()
        #expect(text == """
            {
              "colorProfile": 1,
              "name": "Café ★",
              "description": "tabs\\tand \\"quotes\\"",
              "minSaturation": 0.4,
              "pieces": {
                "large-1": {"color": "#D62735", "hueTolerance": 60},
                "large-2": {"color": "#2065C7", "hueTolerance": 14},
                "medium": {"color": "#E0C01F", "hueTolerance": 2.5},
                "small-1": {"color": "#42A832", "hueTolerance": 14},
                "small-2": {"color": "#C730B3", "hueTolerance": 14},
                "square": {"color": "#17A37E", "hueTolerance": 14},
                "parallelogram": {"color": "#7640C7", "hueTolerance": 20}
              }
            }

            """)
        let again = try ColorProfile.decode(Array(text.utf8), path: "p.jsonc")
        #expect(again == profile)
        #expect(again.canonicalText() == text)
        #expect(try ColorProfile.decode(Array(Self.valid.utf8), path: "p").canonicalText() == Self.valid)
    }

    @Test("save writes the canonical text atomically and load reads it back")
    func saveAndLoad() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("mine.jsonc").path
        var profile = try ColorProfile.decode(Array(Self.valid.utf8), path: "p")
        profile.name = "my wooden set"
        profile.description = "measured in the kitchen"
        try profile.save(to: path)
        #expect(try folder.read("mine.jsonc") == profile.canonicalText())
        #expect(try ColorProfile.load(path: path) == profile)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["mine.jsonc"], "no temporary file is left behind")
    }

    @Test("save refuses a profile that would not load, and a folder it cannot write to")
    func saveRefuses() throws {
        let folder = try TemporaryFolder()
        var profile = try ColorProfile.decode(Array(Self.valid.utf8), path: "p")
        profile.colors[.square] = PieceColor(red: 200, green: 200, blue: 190, hueTolerance: 14)
        let path = folder.file("grey.jsonc").path
        #expect(throws: ColorProfileError.self) { try profile.save(to: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
        do {
            try profile.save(to: path)
        } catch {
            #expect(error.exitCode == 1)
            #expect(error.description.contains("grey.jsonc: error: [schema.value] pieces.square.color: #C8C8BE has saturation 0.05"))
        }
        profile.colors[.square] = PieceColor(red: 0x17, green: 0xA3, blue: 0x7E, hueTolerance: 14)
        do {
            try profile.save(to: folder.file("no/such/folder/p.jsonc").path)
            Issue.record("saved into a missing folder")
        } catch {
            guard case .writeFailed = error else { Issue.record("\(error)"); return }
            #expect(error.exitCode == 2)
            #expect(error.description.contains("no/such/folder/p.jsonc: cannot save the colour profile"))
        }
    }

    @Test("an unreadable file names the file and exits 2")
    func unreadable() {
        do {
            _ = try ColorProfile.load(path: "/no/such/profile.jsonc")
            Issue.record("loaded a missing file")
        } catch {
            #expect(error == .unreadable(path: "/no/such/profile.jsonc", reason: "no such file; check the path"))
            #expect(error.exitCode == 2)
            #expect(error.description == "/no/such/profile.jsonc: cannot read the colour profile: no such file; check the path")
        }
    }

    // MARK: Refusals, each where it is

    @Test("a missing piece is reported at the pieces object, naming the piece")
    func missingPiece() {
        let text = Self.replacing("    \"square\": {\"color\": \"#17A37E\", \"hueTolerance\": 14},\n", "")
        let found = Self.findings(text)
        #expect(Self.summary(found) == ["schema.required 6:13 pieces"])
        #expect(found.first?.message.contains("missing piece \"square\"") == true)
    }

    @Test("an unknown piece id is reported at its key with a suggestion")
    func unknownPiece() {
        let text = Self.replacing("\"small-2\": {", "\"smal-2\": {")
        let found = Self.findings(text)
        // The unknown key, then (structure first) nothing else: the missing small-2 follows once the typo is fixed.
        #expect(Self.summary(found) == ["schema.unknown-key 11:5 pieces[\"smal-2\"]"])
        #expect(found.first?.message == "unknown key \"smal-2\"; did you mean \"small-2\"?")
    }

    @Test("a colour too grey for minSaturation is refused at its value")
    func greyPiece() {
        let text = Self.replacing("\"#17A37E\"", "\"#8A8F8C\"")
        let found = Self.findings(text)
        #expect(Self.summary(found) == ["schema.value 12:25 pieces.square.color"])
        #expect(found.first?.message.contains("#8A8F8C has saturation 0.03, below minSaturation 0.35") == true)
        #expect(found.first?.message.contains("cannot be told from the paper") == true)
    }

    @Test("hueTolerance outside 2…60 is refused at its value", arguments: ["1.5", "61", "-14", "0"])
    func hueToleranceOutOfRange(_ value: String) {
        let text = Self.replacing("\"#E0C01F\", \"hueTolerance\": 14}", "\"#E0C01F\", \"hueTolerance\": \(value)}")
        let found = Self.findings(text)
        #expect(Self.summary(found) == ["schema.value 9:52 pieces.medium.hueTolerance"])
        #expect(found.first?.message.contains("use 2 to 60 degrees") == true)
    }

    @Test("unknown keys are refused at the key, at the top and in a piece")
    func unknownKeys() {
        let top = Self.replacing("  \"name\": \"test set\",", "  \"name\": \"test set\",\n  \"minSaturaton\": 0.4,")
        let found = Self.findings(top)
        #expect(Self.summary(found) == ["schema.unknown-key 5:3 minSaturaton"])
        #expect(found.first?.message == "unknown key \"minSaturaton\"; did you mean \"minSaturation\"?")

        let inPiece = Self.replacing("\"#2065C7\", \"hueTolerance\": 14}", "\"#2065C7\", \"hueTolerance\": 14, \"shade\": 2}")
        #expect(Self.summary(Self.findings(inPiece)) == ["schema.unknown-key 8:57 pieces[\"large-2\"].shade"])
    }

    @Test("other mistakes: wrong types, bad colours, versions, syntax; all reported at once")
    func otherMistakes() {
        let several = Self.replacing("\"minSaturation\": 0.35", "\"minSaturation\": \"0.35\"",
                                     in: Self.replacing("\"#42A832\"", "\"green\""))
        #expect(Self.summary(Self.findings(several)) == ["schema.type 5:20 minSaturation", "schema.value 10:26 pieces[\"small-1\"].color"])

        let newer = Self.replacing("\"colorProfile\": 1", "\"colorProfile\": 2")
        #expect(Self.summary(Self.findings(newer)) == ["format.unsupported-version 3:19 colorProfile"])

        let noVersion = Self.replacing("  \"colorProfile\": 1,\n", "")
        #expect(Self.summary(Self.findings(noVersion)) == ["schema.required 1:1 $"])

        let range = Self.replacing("\"minSaturation\": 0.35", "\"minSaturation\": 1.5")
        #expect(Self.summary(Self.findings(range)).first == "schema.value 5:20 minSaturation")

        let syntax = Self.replacing("\"name\": \"test set\",", "\"name\": \"test set\",,")
        #expect(Self.findings(syntax).first?.rule == "json.syntax")
        #expect(Self.findings(syntax).first?.location?.line == 4)
    }

    @Test("comments are allowed and keep every finding's line and column")
    func comments() {
        let commented = "// my set\n/* measured\n   today */\n" + Self.replacing("\"#17A37E\"", "\"#8A8F8C\" /* grey! */")
        #expect(Self.summary(Self.findings(commented)) == ["schema.value 15:25 pieces.square.color"])
    }

    @Test("the error text is one line per finding in `gridedit check` form")
    func errorText() {
        let text = Self.replacing("\"#17A37E\"", "\"#8A8F8C\"")
        do {
            _ = try ColorProfile.decode(Array(text.utf8), path: "colors/mine.jsonc")
        } catch {
            let lines = error.description.split(separator: "\n").map(String.init)
            #expect(lines.count == 2)
            #expect(lines[0].hasPrefix("colors/mine.jsonc: the colour profile has 1 problem(s)"))
            #expect(lines[1].hasPrefix("colors/mine.jsonc:12:25: error: [schema.value] pieces.square.color: #8A8F8C has saturation"))
            #expect(error.exitCode == 1)
        }
    }

    // MARK: The shipped template

    static var templatePath: String {
        GridEditBinary.repositoryRoot.appendingPathComponent(ColorProfile.defaultRelativePath).path
    }

    @Test("the template loads, is canonical, and suits printed pieces")
    func template() throws {
        let profile = try ColorProfile.load(path: Self.templatePath)
        #expect(try String(contentsOfFile: Self.templatePath, encoding: .utf8) == profile.canonicalText())
        #expect(profile.schemaReference == ColorProfile.defaultSchemaReference)
        #expect(profile.colorClasses.count == 7, "seven distinct colours")
        for (piece, color) in profile.colors {
            #expect(color.saturation >= 0.6, "\(piece.rawValue) \(color.hex)")
            #expect((0.55...0.9).contains(color.value), "\(piece.rawValue) \(color.hex)")
            let skin = (5...40).contains(color.hue) && color.saturation < 0.6
            #expect(!skin, "\(piece.rawValue) \(color.hex) looks like skin")
        }
        let pieces = TangramPiece.allCases
        for (i, a) in pieces.enumerated() {
            for b in pieces[(i + 1)...] {
                let distance = PieceColor.hueDistance(profile.colors[a]!.hue, profile.colors[b]!.hue)
                #expect(distance >= 35, "\(a.rawValue) and \(b.rawValue) are \(distance)° apart")
            }
        }
    }

    @Test("the default profile is found from a subfolder of the repository")
    func findDefault() {
        let root = GridEditBinary.repositoryRoot.path
        #expect(ColorProfile.findDefault(from: root + "/puzzles/tangram-starter") == root + "/" + ColorProfile.defaultRelativePath)
        #expect(ColorProfile.findDefault(from: "/") == nil)
        #expect(ColorProfile.findDefault(from: "/", executable: root + "/.build/debug/gridedit-capture")
                == root + "/" + ColorProfile.defaultRelativePath)
    }

    @Test("the published schema accepts the template and refuses what the loader refuses")
    func schemaAgrees() throws {
        let script = #"""
            import json, sys, pathlib, jsonschema
            schema = json.loads((pathlib.Path(sys.argv[1]) / "schemas" / "colors.schema.json").read_text())
            jsonschema.Draft202012Validator.check_schema(schema)
            v = jsonschema.Draft202012Validator(schema)
            for line in sys.stdin:
                errors = list(v.iter_errors(json.loads(line)))
                print("valid" if not errors else "invalid")
            """#
        let template = try String(contentsOfFile: Self.templatePath, encoding: .utf8)
        let documents = [
            template,
            Self.replacing("    \"square\": {\"color\": \"#17A37E\", \"hueTolerance\": 14},\n", ""),
            Self.replacing("\"small-2\": {", "\"smal-2\": {"),
            Self.replacing("\"hueTolerance\": 14}", "\"hueTolerance\": 61}"),
            Self.replacing("\"#42A832\"", "\"green\""),
            Self.replacing("\"colorProfile\": 1", "\"colorProfile\": 2"),
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, GridEditBinary.repositoryRoot.path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let lines = documents.map { $0.replacingOccurrences(of: "\n", with: " ") + "\n" }.joined()
        input.fileHandleForWriting.write(Data(lines.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 with jsonschema is needed: run scripts/test.sh, which installs it")
        #expect(String(decoding: data, as: UTF8.self).split(separator: "\n") == ["valid", "invalid", "invalid", "invalid", "invalid", "invalid"])
    }
}
