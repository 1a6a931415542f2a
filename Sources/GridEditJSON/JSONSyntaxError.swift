/// Why a file is not acceptable JSON, where, and what to do about it.
///
/// `kind` says which kind of problem it is, for tests and tools to match on; the rule ids
/// reports show (`json.syntax`, …) belong to the rules in GridEditCore, which map each kind to
/// its rule, so that this layer knows nothing of the product's rule catalogue.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// Malformed JSON (also: empty file, byte-order mark, comments, trailing commas,
        /// `NaN`/`Infinity`, `1.`, raw control characters in strings).
        case syntax
        /// The same key twice in one object.
        case duplicateKey
        /// Bad UTF-8, lone or UTF-8-encoded surrogates, or a `\u0000` in an object key (json-c
        /// cannot store such keys).
        case invalidUnicode
        /// More nested arrays/objects than the parser allows.
        case tooDeep
        /// A number that cannot be stored faithfully (an integer beyond 64 bits, or a decimal
        /// that overflows to infinity or underflows to zero).
        case numberRange
    }

    public var kind: Kind
    /// Plain words plus what to do, e.g. `trailing comma before ']': remove the comma`.
    public var message: String
    public var location: SourceLocation
    /// Where in the document the problem is, when known.
    public var path: JSONPath?

    public init(kind: Kind, message: String, location: SourceLocation, path: JSONPath? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.path = path
    }

    /// `line:column: message`, the shape editors can jump to.
    public var description: String { "\(location): \(message)" }
}
