import Foundation
import GridEditCore
import GridEditRender
import GridEditTestSupport
import Testing

@Suite("The style file")
struct StyleTests {
    static let shippedPath = GridEditBinary.repositoryRoot.appendingPathComponent("templates/style.jsonc").path

    func text(_ path: String) throws -> String { String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) }

    /// The fixture style with one line replaced.
    func variant(_ old: String, _ new: String) throws -> [UInt8] {
        let original = try text(Fixtures.path("style.jsonc"))
        let range = try #require(original.range(of: old), "the fixture style has no \(old)")
        return Array(original.replacingCharacters(in: range, with: new).utf8)
    }

    func findings(_ bytes: [UInt8]) -> [Finding] {
        do {
            _ = try Style.decode(bytes, path: "style.jsonc")
            return []
        } catch {
            if case .styleInvalid(_, let findings) = error { return findings }
            Issue.record("unexpected error \(error)")
            return []
        }
    }

    @Test("the shipped templates/style.jsonc loads, and its fonts load")
    func shipped() throws {
        let style = try Style.load(Self.shippedPath)
        _ = try Renderer(style: style)
        #expect(style.tangram.pieces.count == TangramPiece.Shape.allCases.count)
        #expect(style.text.difficulty.count == Difficulty.allCases.count)
    }

    @Test("a bad colour is reported at its line and column with the notation to use")
    func badColour() throws {
        let bytes = try variant("\"ink\": \"#2E3250\"", "\"ink\": \"navy\"")
        let found = findings(bytes)
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.rule == "schema.value")
        #expect(finding.message.contains("#RRGGBB"))
        let line = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n").firstIndex { $0.contains("\"navy\"") }! + 1
        #expect(finding.location?.line == line)
        let rendered = RenderError.styleInvalid(path: "templates/style.jsonc", findings: found).description
        #expect(rendered.contains("templates/style.jsonc:\(line):"))
        #expect(rendered.contains("error: [schema.value] colors.ink: \"navy\" is not a colour"))
    }

    @Test("comments are allowed and do not move the line and column of a finding")
    func comments() throws {
        let bytes = try variant("\"ink\": \"#2E3250\",", "/* café ★ */ \"ink\": \"navy\", // \"quoted\" /* not a comment start")
        let finding = try #require(findings(bytes).first)
        let line = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n").first { $0.contains("\"navy\"") }!
        let column = line.unicodeScalars.distance(from: line.unicodeScalars.startIndex,
                                                  to: line.range(of: "\"navy\"")!.lowerBound.samePosition(in: line.unicodeScalars)!) + 1
        #expect(finding.location?.column == column)
        // A "//" inside a string is text, not a comment.
        let url = try variant("\"sudokuSize\": \"{size}×{size}\"", "\"sudokuSize\": \"{size}//{size}\"")
        #expect(try Style.decode(url, path: "style.jsonc").text.sudokuSize == "{size}//{size}")
    }

    @Test("a misspelt key is named with a suggestion; a missing key is required")
    func keys() throws {
        let typo = findings(try variant("\"cornerRadius\": 4,", "\"cornerRadios\": 4,"))
        #expect(typo.contains { $0.rule == "schema.unknown-key" && $0.message.contains("did you mean \"cornerRadius\"") })
        #expect(typo.contains { $0.rule == "schema.required" && $0.message.contains("cornerRadius") })
    }

    @Test("numbers out of range and malformed JSON are refused")
    func values() throws {
        #expect(findings(try variant("\"digitSize\": 0.6", "\"digitSize\": 6")).contains { $0.message.contains("out of range") })
        #expect(findings(try variant("\"pixelWidth\": 504", "\"pixelWidth\": 0")).contains { $0.rule == "schema.value" })
        #expect(findings(try variant("\"fonts\": {", "\"fonts\": {,")).first?.rule == "json.syntax")
    }

    @Test("a relative font path is relative to the style file's folder")
    func relativeFonts() throws {
        let folder = try TemporaryFolder()
        let fonts = folder.file("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.style.fonts.regular, toPath: fonts.appendingPathComponent("R.ttf").path)
        try FileManager.default.copyItem(atPath: Fixtures.style.fonts.bold, toPath: fonts.appendingPathComponent("B.ttf").path)
        var text = try text(Fixtures.path("style.jsonc"))
        text = text.replacingOccurrences(of: Fixtures.style.fonts.regular, with: "fonts/R.ttf")
            .replacingOccurrences(of: Fixtures.style.fonts.bold, with: "fonts/B.ttf")
        try folder.write(text, to: "style.jsonc")
        let style = try Style.load(folder.file("style.jsonc").path)
        #expect(style.fonts.regular == fonts.appendingPathComponent("R.ttf").path)
        _ = try Renderer(style: style)
    }

    @Test("a missing font, or a file that is no font, is refused naming the file")
    func missingFont() throws {
        var style = Fixtures.style
        style.fonts.bold = "/nonexistent/Nope-Bold.ttf"
        #expect(throws: RenderError.fontUnavailable(path: "/nonexistent/Nope-Bold.ttf", reason: "no such file")) {
            try Renderer(style: style)
        }
        style.fonts.bold = Fixtures.path("style.jsonc")
        do {
            _ = try Renderer(style: style)
            Issue.record("a JSON file loaded as a font")
        } catch {
            guard case .fontUnavailable(let path, let reason) = error else { throw error }
            #expect(path == Fixtures.path("style.jsonc"))
            #expect(reason.contains("not a font"))
            #expect(error.exitCode == 2)
            #expect(error.description.contains("cannot load the font"))
        }
    }

    @Test("the default style is found from any folder of the repository")
    func findDefault() {
        let root = GridEditBinary.repositoryRoot.path
        #expect(Style.findDefault(from: root + "/puzzles/sudoku-4x4") == root + "/templates/style.jsonc")
        #expect(Style.findDefault(from: "/") == nil || FileManager.default.fileExists(atPath: "/templates/style.jsonc"))
        // From elsewhere, beside the executable's repository.
        #expect(Style.findDefault(from: "/", executable: root + "/.build/x86_64-unknown-linux-gnu/release/gridedit")
                == root + "/templates/style.jsonc")
    }
}
