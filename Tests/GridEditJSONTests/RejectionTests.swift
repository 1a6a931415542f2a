import Testing
@testable import GridEditJSON

/// Every case json-c rejects or tolerates, with the kind of error and the exact line:column.
/// Columns are counted by hand; see the comment on each case.
@Suite struct RejectionTests {
    // Trailing commas point at the comma itself: that is the character to delete,
    // even when the closing bracket is on a later line.
    @Test func trailingCommas() {
        expectRejected("[1,2,]", kind: .syntax, 1, 5, "trailing comma before ']': remove the comma")
        expectRejected(#"{"a":1,}"#, kind: .syntax, 1, 7, "trailing comma before '}'")
        expectRejected("{\n  \"a\": 1,\n}", kind: .syntax, 2, 9, "trailing comma")
        expectRejected("[\n  1,\n  2,\n]", kind: .syntax, 3, 4, "trailing comma")
    }

    @Test func comments() {
        expectRejected("[1, // two\n2]", kind: .syntax, 1, 5, "comments are not allowed")
        expectRejected("/* header */ {}", kind: .syntax, 1, 1, "comments are not allowed")
        expectRejected("{} // done", kind: .syntax, 1, 4, "comments are not allowed")
        expectRejected(#"{"a": 1 /* x */}"#, kind: .syntax, 1, 9, "comments are not allowed")
    }

    @Test func singleQuotes() {
        expectRejected("{'a': 1}", kind: .syntax, 1, 2, "double quotes")
        expectRejected(#"{"a": 'b'}"#, kind: .syntax, 1, 7, "double quotes")
    }

    @Test func malformedNumbers() {
        expectRejected(".5", kind: .syntax, 1, 1, "write 0.5")
        expectRejected("[0, .25]", kind: .syntax, 1, 5, "write 0.25")
        expectRejected("01", kind: .syntax, 1, 1, "leading zero")
        expectRejected("[-007]", kind: .syntax, 1, 2, "leading zero")
        expectRejected("1.", kind: .syntax, 1, 1, "write 1.0 or 1")
        expectRejected(#"{"x": 12.}"#, kind: .syntax, 1, 7, "write 12.0 or 12")
        expectRejected("[1.e5]", kind: .syntax, 1, 2, "decimal point")
        expectRejected("1e", kind: .syntax, 1, 1, "exponent")
        expectRejected("[2E+]", kind: .syntax, 1, 2, "exponent")
        expectRejected("-", kind: .syntax, 1, 1, "digit after '-'")
        expectRejected("+1", kind: .syntax, 1, 1, "no '+' sign")
        expectRejected("[1.5.3]", kind: .syntax, 1, 5, "expected ',' or ']', found '.'")
    }

    @Test func nanAndInfinity() {
        expectRejected("NaN", kind: .syntax, 1, 1, "NaN is not a JSON number")
        expectRejected("[1, NaN]", kind: .syntax, 1, 5, "not a JSON number")
        expectRejected("Infinity", kind: .syntax, 1, 1, "Infinity is not a JSON number")
        expectRejected("[1, -Infinity]", kind: .syntax, 1, 5, "-Infinity is not a JSON number")
        expectRejected(#"{"x": -inf}"#, kind: .syntax, 1, 7, "not a JSON number")
    }

    @Test func trailingGarbage() {
        expectRejected("[1] [2]", kind: .syntax, 1, 5, "extra text after the JSON value")
        expectRejected("{}\n}", kind: .syntax, 2, 1, "extra text")
        expectRejected("1 2", kind: .syntax, 1, 3, "extra text")
    }

    @Test func missingPunctuation() {
        expectRejected(#"{"a" 1}"#, kind: .syntax, 1, 6, #"missing ':' after key "a""#)
        expectRejected("[1 2]", kind: .syntax, 1, 4, "missing ',' between array elements")
        expectRejected("[\"a\"\n \"b\"]", kind: .syntax, 2, 2, "missing ','")
        expectRejected(#"{"a": 1 "b": 2}"#, kind: .syntax, 1, 9, "missing ',' between object members")
        expectRejected(#"{"a": 1 2}"#, kind: .syntax, 1, 9, "expected ',' or '}', found '2'")
        expectRejected("[1}", kind: .syntax, 1, 3, "'}' does not match the '[' at 1:1: close it with ']'")
        expectRejected(#"{"a": 1]"#, kind: .syntax, 1, 8, "does not match the '{' at 1:1")
        expectRejected("[1,,2]", kind: .syntax, 1, 4, "expected a value, found ','")
        expectRejected(#"{"a": }"#, kind: .syntax, 1, 7, "expected a value, found '}'")
        expectRejected("]", kind: .syntax, 1, 1, "expected a value")
    }

    @Test func unquotedWords() {
        expectRejected(#"{"piece": square}"#, kind: .syntax, 1, 11, #"like "square""#)
        expectRejected("{piece: 1}", kind: .syntax, 1, 2, #"keys must be in double quotes: write "piece""#)
        expectRejected("True", kind: .syntax, 1, 1, "write true in lower case")
        expectRejected("[nul]", kind: .syntax, 1, 2, "unexpected word nul")
        expectRejected("[truex]", kind: .syntax, 1, 2, "unexpected word truex")
    }

    // Strings that are never closed point at the opening quote; a file that ends
    // inside a container points at the end and names the opener.
    @Test func unexpectedEnd() {
        expectRejected(#"["abc"#, kind: .syntax, 1, 2, "string is never closed")
        expectRejected(#"["abc\"#, kind: .syntax, 1, 2, "string is never closed")
        expectRejected(#"{"a": [1, 2"#, kind: .syntax, 1, 12, "inside the array opened at 1:7")
        expectRejected("{\n  \"a\":", kind: .syntax, 2, 7, "inside the object opened at 1:1")
        expectRejected("[", kind: .syntax, 1, 2, "close it with ']'")
        expectRejected(#"{"a""#, kind: .syntax, 1, 5, "unexpected end of file")
    }

    @Test func emptyFile() {
        expectRejected("", kind: .syntax, 1, 1, "file is empty")
        expectRejected("  \n ", kind: .syntax, 2, 2, "file is empty")
    }

    @Test func byteOrderMark() {
        let error = parseError([0xEF, 0xBB, 0xBF] + Array("{}".utf8))
        #expect(error == JSONSyntaxError(kind: .syntax, message: "file starts with a byte-order mark; save as UTF-8 without BOM",
                                         location: SourceLocation(line: 1, column: 1, offset: 0), path: nil))
    }

    @Test func duplicateKeys() throws {
        let error = try #require(parseError("{\n  \"x\": 1,\n  \"x\": 2\n}"))
        #expect(error.kind == .duplicateKey)
        #expect(error.message == #"duplicate key "x" (first at 2:3): keep one"#)
        #expect(error.location == SourceLocation(line: 3, column: 3, offset: 14))
        #expect(error.path?.description == "x")
        // Escapes are decoded before comparing: "\u0061" is "a".
        expectRejected(#"{"a": 1, "\u0061": 2}"#, kind: .duplicateKey, 1, 10, #"duplicate key "a" (first at 1:2)"#)
        // Nested: the path names the object.
        let nested = try #require(parseError(#"{"pieces": [{"x": 1, "x": 2}]}"#))
        #expect(nested.path?.description == "pieces[0].x")
        // Same key in sibling objects is fine.
        #expect(parseError(#"[{"x": 1}, {"x": 2}]"#) == nil)
    }

    @Test func invalidUnicode() {
        expectRejected([UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "a"), 0xFF, UInt8(ascii: "\""), UInt8(ascii: "]")],
                       kind: .invalidUnicode, 1, 4, "invalid UTF-8 byte 0xFF")
        expectRejected([UInt8(ascii: "["), 0xFF, UInt8(ascii: "]")], kind: .invalidUnicode, 1, 2, "0xFF")
        // Overlong encoding of '/' and a truncated sequence.
        expectRejected([UInt8(ascii: "\""), 0xC0, 0xAF, UInt8(ascii: "\"")], kind: .invalidUnicode, 1, 2, "0xC0")
        expectRejected([UInt8(ascii: "\""), 0xE2, 0x98, UInt8(ascii: "\"")], kind: .invalidUnicode, 1, 2, "0xE2")
        // After a valid "é" (2 bytes, 1 column) the bad byte is at column 3.
        expectRejected([UInt8(ascii: "\""), 0xC3, 0xA9, 0xFE, UInt8(ascii: "\"")], kind: .invalidUnicode, 1, 3, "0xFE")
        // UTF-8-encoded surrogate U+D800.
        expectRejected([UInt8(ascii: "\""), 0xED, 0xA0, 0x80, UInt8(ascii: "\"")], kind: .invalidUnicode, 1, 2, "surrogate")
    }

    @Test func loneSurrogateEscapes() {
        expectRejected(#"["\ud800"]"#, kind: .invalidUnicode, 1, 3, "surrogate pair")
        expectRejected(#""\udc00""#, kind: .invalidUnicode, 1, 2, "surrogate")
        expectRejected(#""ab\uD800\u0041""#, kind: .invalidUnicode, 1, 4, "\\uD800")
        expectRejected(#""\uD800"#, kind: .invalidUnicode, 1, 2, "surrogate")
        // A proper pair is fine.
        #expect(parseError(#""\uD83D\uDE00""#) == nil)
    }

    @Test func badEscapes() {
        expectRejected(#""a\qb""#, kind: .syntax, 1, 3, "invalid escape \\q in string")
        expectRejected(#""\u12G4""#, kind: .syntax, 1, 2, "four hex digits")
        expectRejected(#""\u12""#, kind: .syntax, 1, 2, "four hex digits")
    }

    @Test func rawControlCharactersInStrings() {
        expectRejected("[\"a\tb\"]", kind: .syntax, 1, 4, "tab character inside a string: write it as \\t")
        expectRejected("[\"ab\ncd\"]", kind: .syntax, 1, 5, "line break inside a string")
        expectRejected("\"\u{1}\"", kind: .syntax, 1, 2, "U+0001 inside a string: write it as \\u0001")
        expectRejected([UInt8(ascii: "\""), 0, UInt8(ascii: "\"")], kind: .syntax, 1, 2, "U+0000")
    }

    @Test func numberRange() throws {
        expectRejected("1e999", kind: .numberRange, 1, 1, "too large")
        expectRejected("[0, -1e999]", kind: .numberRange, 1, 5, "too large")
        expectRejected("1e-999", kind: .numberRange, 1, 1, "too small")
        expectRejected("9223372036854775808", kind: .numberRange, 1, 1, "does not fit in 64 bits")
        expectRejected("-9223372036854775809", kind: .numberRange, 1, 1, "does not fit in 64 bits")
        expectRejected("[18446744073709551616]", kind: .numberRange, 1, 2, "64 bits")
        let error = try #require(parseError(#"{"pieces": [{"x": 1e400}]}"#))
        #expect(error.path?.description == "pieces[0].x")
        // The limits themselves are fine.
        #expect(parsed("9223372036854775807").map(intValue) == Int.max)
        #expect(parsed("-9223372036854775808").map(intValue) == Int.min)
        // Underflow to zero is only an error for non-zero literals.
        #expect(parseError("0e-999") == nil)
        #expect(parseError("0.000e5") == nil)
    }

    @Test func tooDeep() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(parseError(ok) == nil)
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        expectRejected(deep, kind: .tooDeep, 1, 65, "deeper than 64 levels")
        expectRejected(#"{"a": {"b": [1]}}"#, kind: .tooDeep, 1, 13, "deeper than 2", maxDepth: 2)
        let error = try #require(parseError(#"{"a": {"b": [1]}}"#, maxDepth: 2))
        #expect(error.path?.description == "a.b")
        expectRejected("[]", kind: .tooDeep, 1, 1, maxDepth: 0)
        #expect(parseError("7", maxDepth: 0) == nil)
    }

    @Test func nulKeysAreRejected() {
        // json-c stores keys as C strings, so "a\u0000b" would become "a".
        expectRejected(#"{"a\u0000b": 1}"#, kind: .invalidUnicode, 1, 4, "\\u0000")
        // In string values it is fine and survives.
        #expect(parsed(#"["a\u0000b"]"#).map { stringValue($0.arrayElements[0]) } == "a\u{0}b")
    }

    /// Errors inside or instead of a value name that value; errors between values name the container.
    @Test func errorPaths() {
        let cases: [(String, String)] = [
            (#"{"a": }"#, "a"),
            ("[1, ★]", "$[1]"),
            (#"{"pieces": [{"x": NaN}]}"#, "pieces[0].x"),
            (#"{"pieces": [{"x": "a\qb"}]}"#, "pieces[0].x"),
            (#"{"pieces": [1 2]}"#, "pieces"),
            (#"{"pieces": [1,]}"#, "pieces"),
            (#"{"odd key": {"b" 1}}"#, #"$["odd key"]"#),
            ("[1] 2", "$"),
        ]
        for (text, path) in cases {
            #expect(parseError(text)?.path?.description == path, "\(text)")
        }
    }

    @Test func strayCharacters() {
        expectRejected("[1, ★]", kind: .syntax, 1, 5, "'★' (U+2605)")
        expectRejected("[\u{A0}1]", kind: .syntax, 1, 2, "U+00A0")
        expectRejected("[1,\u{7}2]", kind: .syntax, 1, 4, "control character U+0007")
    }
}

func intValue(_ node: JSONNode) -> Int? {
    if case .number(let n) = node.value { return n.intValue }
    return nil
}

func stringValue(_ node: JSONNode) -> String? {
    if case .string(let s) = node.value { return s }
    return nil
}

extension JSONNode {
    var arrayElements: [JSONNode] {
        if case .array(let elements) = value { return elements }
        return []
    }
}
