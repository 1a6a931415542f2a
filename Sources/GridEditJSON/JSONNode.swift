/// A parsed JSON value that remembers where it came from.
///
/// Semantic checks walk this tree; because every node carries its `location`
/// and `path`, any complaint can say "pieces[3].rotation at 12:19" without the
/// checker tracking positions itself.
public struct JSONNode: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([JSONNode])
        /// Members in file order (duplicate keys are rejected by the parser).
        case object([JSONMember])
    }

    public var value: Value
    /// Where the value starts (its first character).
    public var location: SourceLocation
    /// Where the value sits in the document.
    public var path: JSONPath

    public init(value: Value, location: SourceLocation, path: JSONPath) {
        self.value = value
        self.location = location
        self.path = path
    }

    /// The member named `key`; nil if this is not an object or has no such key.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The JSON type in plain words, for messages such as "expected a number, found a string".
    public var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// One `"key": value` pair of an object. The key has its own location so that
/// "unknown key" messages can point at the key rather than its value.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: JSONNode

    public init(key: String, keyLocation: SourceLocation, value: JSONNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}

/// A number as written and as read.
///
/// The literal is kept so that `2.50` is written back as `2.50` (byte-identical
/// round trips) and so that checks can tell `1` from `1.0` if they care.
public struct JSONNumber: Hashable, Sendable {
    /// Exactly as written in the file, e.g. `"2.50"`.
    public var literal: String
    public var doubleValue: Double
    /// Set when the literal is an integer (no fraction or exponent) that fits `Int`.
    public var intValue: Int?

    public init(literal: String, doubleValue: Double, intValue: Int?) {
        self.literal = literal
        self.doubleValue = doubleValue
        self.intValue = intValue
    }
}
