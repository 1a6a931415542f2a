import Testing
@testable import GridEditJSON

/// Values, keys and their locations, including non-ASCII columns and line endings.
@Suite struct LocationTests {
    static let puzzle = """
        {
          "pieces": [
            {"piece": "square", "x": 1},
            {"piece": "Café ★", "rotation": 90}
          ]
        }
        """

    @Test func nestedValuesAndKeys() throws {
        let root = try #require(parsed(Self.puzzle))
        #expect(root.location == SourceLocation(line: 1, column: 1, offset: 0))
        #expect(root.path == .root)
        guard case .object(let members) = root.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["pieces"])
        #expect(members[0].keyLocation == SourceLocation(line: 2, column: 3, offset: 4))

        let pieces = try #require(root["pieces"])
        #expect(pieces.location.line == 2 && pieces.location.column == 13)
        #expect(pieces.typeName == "array")

        let first = pieces.arrayElements[0]
        #expect(first.location.line == 3 && first.location.column == 5)
        guard case .object(let firstMembers) = first.value else { Issue.record("not an object"); return }
        #expect(firstMembers[1].key == "x")
        #expect(firstMembers[1].keyLocation.line == 3 && firstMembers[1].keyLocation.column == 25)
        #expect(firstMembers[1].value.location.column == 30)
        #expect(firstMembers[1].value.path.description == "pieces[0].x")
    }

    // Columns count Unicode scalars: "é" and "★" are one column each, though 2 and 3 bytes.
    @Test func nonASCIIColumns() throws {
        let root = try #require(parsed(Self.puzzle))
        let second = try #require(root["pieces"]).arrayElements[1]
        #expect(stringValue(try #require(second["piece"])) == "Café ★")
        let rotation = try #require(second["rotation"])
        #expect(rotation.location.line == 4 && rotation.location.column == 37)
        let lineStart = Array(Self.puzzle.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .prefix(3).reduce(0) { $0 + $1.count + 1 }
        #expect(rotation.location.offset == lineStart + 36 + 1 + 2)  // "é" +1 byte, "★" +2 bytes
        #expect(rotation.path.description == "pieces[1].rotation")
        #expect(intValue(rotation) == 90)
    }

    @Test func lineEndings() throws {
        let crlf = try #require(parsed("{\r\n  \"a\": 1,\r\n  \"b\": 2\r\n}"))
        #expect(crlf["b"]?.location == SourceLocation(line: 3, column: 8, offset: 21))
        let cr = try #require(parsed("[\r1,\r2]"))
        #expect(cr.arrayElements[1].location.line == 3 && cr.arrayElements[1].location.column == 1)
    }

    @Test func scalarsAndTypes() throws {
        let root = try #require(parsed(#"[null, true, false, 2.50, -0, 1e2, "s", [], {}]"#))
        let e = root.arrayElements
        #expect(e.map(\.typeName) == ["null", "boolean", "boolean", "number", "number", "number", "string", "array", "object"])
        #expect(e.map(\.location.column) == [2, 8, 14, 21, 27, 31, 36, 41, 45])
        #expect(e.map(\.path.description) == (0..<9).map { "$[\($0)]" })
        if case .bool(let b) = e[1].value { #expect(b) } else { Issue.record("not a bool") }
        if case .number(let n) = e[3].value {
            #expect(n == JSONNumber(literal: "2.50", doubleValue: 2.5, intValue: nil))
        } else { Issue.record("not a number") }
        if case .number(let n) = e[4].value { #expect(n.literal == "-0" && n.intValue == 0) }
        if case .number(let n) = e[5].value { #expect(n.literal == "1e2" && n.doubleValue == 100 && n.intValue == nil) }
        #expect(root["x"] == nil)  // not an object
    }

    @Test func stringsAreDecoded() throws {
        let root = try #require(parsed(#"{"s": "q\"b\\s\/n\n t\t u\u00e9 \uD83D\uDE00 ★", "\u0041": 1}"#))
        #expect(stringValue(try #require(root["s"])) == "q\"b\\s/n\n t\t u\u{e9} \u{1F600} ★")
        #expect(root["A"] != nil)  // keys are decoded too
    }

    @Test func keyOrderIsFileOrder() throws {
        let root = try #require(parsed(#"{"z": 1, "a": 2, "m": 3}"#))
        guard case .object(let members) = root.value else { return }
        #expect(members.map(\.key) == ["z", "a", "m"])
        #expect(members.map(\.keyLocation.column) == [2, 10, 18])
    }

    @Test func deepestAllowedNestingKeepsLocations() throws {
        let text = String(repeating: #"{"a": ["#, count: 32) + "7" + String(repeating: "]}", count: 32)
        var node = try JSONParser.parse(text)
        for _ in 0..<32 { node = try #require(node["a"]).arrayElements[0] }
        #expect(intValue(node) == 7)
        #expect(node.location.column == 32 * 7 + 1)
        #expect(node.path.components.count == 64)
    }
}

@Suite struct JSONPathTests {
    @Test func descriptions() {
        #expect(JSONPath.root.description == "$")
        #expect(JSONPath.root.appending(key: "pieces").appending(index: 3).appending(key: "rotation").description == "pieces[3].rotation")
        #expect(JSONPath.root.appending(key: "meta").appending(key: "odd key").description == #"meta["odd key"]"#)
        #expect(JSONPath.root.appending(index: 0).appending(key: "x").description == "$[0].x")
        #expect(JSONPath.root.appending(key: "odd key").appending(key: "x").description == #"$["odd key"].x"#)
        #expect(JSONPath([.key("a"), .key("say \"hi\"")]).description == #"a["say \"hi\""]"#)
        #expect(JSONPath([.key("_x1"), .key("1x"), .key(""), .key("é")]).description == #"_x1["1x"][""]["é"]"#)
    }

    @Test func appendingAndEquality() {
        let path = JSONPath.root.appending(.key("a")).appending(.index(2))
        #expect(path.components == [.key("a"), .index(2)])
        #expect(path == JSONPath.root.appending(key: "a").appending(index: 2))
        #expect(JSONPath.root.components.isEmpty)
    }
}
