/// Why a file is not acceptable JSON, where, and what to do about it.
///
/// `rule` is a stable identifier that tests and tools can match on:
/// - `json.syntax`: malformed JSON (also: empty file, byte-order mark, comments,
///   trailing commas, `NaN`/`Infinity`, `1.`, raw control characters in strings)
/// - `json.duplicate-key`: the same key twice in one object
/// - `json.invalid-unicode`: bad UTF-8, lone or UTF-8-encoded surrogates, or a
///   `\u0000` in an object key (json-c cannot store such keys)
/// - `json.too-deep`: more nested arrays/objects than the parser allows
/// - `json.number-range`: a number that cannot be stored faithfully (an integer
///   beyond 64 bits, or a decimal that overflows to infinity or underflows to zero)
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var rule: String
    /// Plain words plus what to do, e.g. `trailing comma before ']': remove the comma`.
    public var message: String
    public var location: SourceLocation
    /// Where in the document the problem is, when known.
    public var path: JSONPath?

    public init(rule: String, message: String, location: SourceLocation, path: JSONPath? = nil) {
        self.rule = rule
        self.message = message
        self.location = location
        self.path = path
    }

    /// `line:column: message`, the shape editors can jump to.
    public var description: String { "\(location): \(message)" }
}
