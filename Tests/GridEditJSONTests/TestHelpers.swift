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
    #expect(words.isEmpty || error.message.contains(words), "message was: \(error.message)", sourceLocation: sourceLocation)
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

