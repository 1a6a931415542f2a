import Testing
@testable import GridEditJSON

/// The error `text` is rejected with, or nil if it parses.
func parseError(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONSyntaxError? {
    parseError(Array(text.utf8), maxDepth: maxDepth)
}

func parseError(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONSyntaxError? {
    do {
        _ = try JSONParser.parse(bytes, maxDepth: maxDepth)
        return nil
    } catch {
        return error
    }
}

/// Asserts that `bytes` is rejected as `kind` at `line:column`, with a message containing `words`.
func expectRejected(_ bytes: [UInt8], kind: JSONSyntaxError.Kind, _ line: Int, _ column: Int, _ words: String = "",
                    maxDepth: Int = JSONParser.defaultMaxDepth,
                    sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    guard let error = parseError(bytes, maxDepth: maxDepth) else {
        Issue.record("expected a \(kind) error, but the input parsed", sourceLocation: sourceLocation)
        return
    }
    #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
    #expect(error.location.line == line && error.location.column == column, "\(error)", sourceLocation: sourceLocation)
    #expect(error.message.contains(words), "message was: \(error.message)", sourceLocation: sourceLocation)
    #expect(!error.message.contains("internal error"), sourceLocation: sourceLocation)
}

func expectRejected(_ text: String, kind: JSONSyntaxError.Kind, _ line: Int, _ column: Int, _ words: String = "",
                    maxDepth: Int = JSONParser.defaultMaxDepth,
                    sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    expectRejected(Array(text.utf8), kind: kind, line, column, words, maxDepth: maxDepth, sourceLocation: sourceLocation)
}

/// Parses text that must be valid.
func parsed(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> JSONNode? {
    do {
        return try JSONParser.parse(text)
    } catch {
        Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A small deterministic random generator, so fuzz tests are reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
