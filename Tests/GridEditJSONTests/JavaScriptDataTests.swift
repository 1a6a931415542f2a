import Testing
@testable import GridEditJSON

/// Data shipped as JavaScript (GCompris' `dataset.js`, Sugarizer's `dataSet.js`) read as JSON,
/// with the original lines and columns kept for messages.
@Suite struct JavaScriptDataTests {
    @Test("An assignment with comments, single quotes, bare keys and trailing commas reads as its value")
    func literal() throws {
        let script = """
            .pragma library
            /* levels: [not the value] */
            var dataset = [
                {'name': 'it\\'s "one"', // a comment, with a [bracket]
                 pieces: [{'x': 0.5, 'flipping': false,},],
                },
            ];
            """
        let root = try JSONParser.parse(JavaScriptData.json(script))
        let level = try #require(root.arrayElements.first)
        guard case .string(let name)? = level["name"]?.value else { Issue.record("no name"); return }
        #expect(name == "it's \"one\"")
        #expect(level.location.line == 4 && level.location.column == 5, "the level keeps its line and column: \(level.location)")
        let piece = try #require(level["pieces"]?.arrayElements.first)
        guard case .number(let x)? = piece["x"]?.value, case .bool(false)? = piece["flipping"]?.value else { Issue.record("piece \(piece)"); return }
        #expect(x.doubleValue == 0.5)
        #expect(root.arrayElements.count == 1)
    }

    @Test("Plain JSON is unchanged; a mistake is reported on the line the designer sees")
    func locations() throws {
        let json = "{\"a\": [1, 2], \"b\": \"x'y\"}"
        #expect(JavaScriptData.json(json) == json)
        let broken = "var dataset = [\n  {'name': 'a'},\n  {'name' 'b'}\n]"
        #expect {
            try JSONParser.parse(JavaScriptData.json(broken))
        } throws: { error in
            (error as? JSONSyntaxError)?.location.line == 3
        }
    }
}
