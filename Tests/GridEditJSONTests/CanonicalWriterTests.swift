import Testing
@testable import GridEditJSON

@Suite struct CanonicalWriterTests {
    static let canonical = """
        {
          "format": "gridedit.tangram",
          "version": 1,
          "title": "Café ★ \\"quoted\\" \\\\ back",
          "pieces": [
            {"piece": "square", "x": 1, "y": 0, "rotation": 90, "flipped": false},
            {
              "piece": "parallelogram",
              "x": 2.50,
              "y": -1e-3,
              "rotation": 45,
              "flipped": true,
              "note": null
            },
            {"piece": "large-triangle", "position": [0, 0], "tags": [], "extra": {}}
          ],
          "grid": [
            [5, 3, 0, 0, 7, 0, 0, 0, 0],
            [6, 0, 0, 1, 9, 5, 0, 0, 0],
            [0, 9, 8, 0, 0, 0, 0, 6, 0],
            [8, 0, 0, 0, 6, 0, 0, 0, 3]
          ],
          "row": [[5, 3, 0, 0, 7, 0, 0, 0, 0], [6, 0, 0, 1, 9, 5, 0, 0, 0], [0, 9, 8, 0, 0, 0, 0, 6, 0]],
          "long": [
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
          ],
          "emoji": "😀\\n\\t\\u0001"
        }

        """

    @Test func canonicalFilesRoundTripByteForByte() throws {
        let node = try JSONParser.parse(Self.canonical)
        #expect(CanonicalJSONWriter.write(node.toJSONValue()) == Self.canonical)
    }

    @Test func writingIsIdempotent() throws {
        let messy = [
            #"{"b":1,"a":[1,2,{"c":"\u00e9\/"}],"d":{}}"#,
            "  [ 1.0 , -0 , 1E+2 , \"\\ud83d\\ude00\" ]  ",
            #"{"k": [[[[[]]]]], "s": "\u0007\b\f"}"#,
            "\"" + String(repeating: "x", count: 300) + "\"",
            "[" + (0..<60).map(String.init).joined(separator: ",") + "]",
            #"{"a": {"b": {"c": {"d": ["a long string to force wrapping", "another long string", "and a third one"]}}}}"#,
            "true", "null", "[]", "{}",
        ]
        for text in messy {
            let once = CanonicalJSONWriter.write(try JSONParser.parse(text).toJSONValue())
            let twice = CanonicalJSONWriter.write(try JSONParser.parse(once).toJSONValue())
            #expect(once == twice, "\(text)")
            #expect(once.hasSuffix("\n") && !once.hasSuffix("\n\n"))
        }
    }

    @Test func stringEscapes() throws {
        let text = "q\"b\\s/ é ★ 😀 \n\t\r\u{8}\u{C}\u{0}\u{1F}\u{7F}"
        let written = CanonicalJSONWriter.write(.string(text))
        #expect(written == #""q\"b\\s/ é ★ 😀 \n\t\r\b\f\u0000\u001f"# + "\u{7F}\"\n")
        #expect(stringValue(try JSONParser.parse(written)) == text)
    }

    @Test func scalarsAndEmptyContainers() {
        #expect(CanonicalJSONWriter.write(.null) == "null\n")
        #expect(CanonicalJSONWriter.write(.bool(true)) == "true\n")
        #expect(CanonicalJSONWriter.write(.number("2.50")) == "2.50\n")
        #expect(CanonicalJSONWriter.write(.array([])) == "[]\n")
        #expect(CanonicalJSONWriter.write(.object([])) == "{}\n")
        #expect(CanonicalJSONWriter.write(.object([.init("a", .array([])), .init("b", .object([]))])) == #"{"a": [], "b": {}}"# + "\n")
    }

    /// The one-line form is used exactly when it fits in 100 columns, counting
    /// indentation, the key and a trailing comma.
    @Test func lineWidthBoundary() {
        // At top level: `["xx…x"]` is 4 + n columns.
        let fits = JSONValue.array([.string(String(repeating: "x", count: 96))])
        #expect(CanonicalJSONWriter.write(fits) == "[\"" + String(repeating: "x", count: 96) + "\"]\n")
        let tooWide = JSONValue.array([.string(String(repeating: "x", count: 97))])
        #expect(CanonicalJSONWriter.write(tooWide) == "[\n  \"" + String(repeating: "x", count: 97) + "\"\n]\n")

        // Inside an object, with a trailing comma: 2 (indent) + 5 (`"k": `) + 4 + n + 1 (`,`) = 12 + n.
        func member(_ n: Int) -> String {
            CanonicalJSONWriter.write(.object([.init("k", .array([.string(String(repeating: "é", count: n))])), .init("z", .null)]))
        }
        #expect(member(88).split(separator: "\n").count == 4)  // 100 columns (é counts as one)
        #expect(member(89).split(separator: "\n").count == 6)  // 101 columns: the array opens up
        #expect(member(89).contains("\n  \"k\": [\n    \"é"))
    }

    @Test func numbersAreWrittenVerbatim() throws {
        let node = try JSONParser.parse("[2.50, 1E+2, -0.0, 100]")
        #expect(CanonicalJSONWriter.write(node.toJSONValue()) == "[2.50, 1E+2, -0.0, 100]\n")
    }

    @Test func keyOrderIsKept() {
        let value = JSONValue.object([.init("z", .number("1")), .init("a", .number("2"))])
        #expect(CanonicalJSONWriter.write(value) == #"{"z": 1, "a": 2}"# + "\n")
    }
}
