/// A written value read back as a tree, without going through text: lets the decoders that
/// read files also read values the program made itself (an edit's part values in the editor's
/// journal), so one decoder serves both. Locations are the start of the value; paths are real.
extension JSONNode {
    public init(_ value: JSONValue, path: JSONPath = .root) {
        let value: Value = switch value {
        case .null: .null
        case .bool(let b): .bool(b)
        case .number(let literal):
            .number(JSONNumber(literal: literal, doubleValue: Double(literal) ?? .nan, intValue: Int(literal)))
        case .string(let s): .string(s)
        case .array(let items):
            .array(items.enumerated().map { JSONNode($1, path: path.appending(index: $0)) })
        case .object(let members):
            .object(members.map { JSONMember(key: $0.key, keyLocation: .start, value: JSONNode($0.value, path: path.appending(key: $0.key))) })
        }
        self.init(value: value, location: .start, path: path)
    }
}

/// A parsed tree as a value to write again (numbers keep their literal).
extension JSONValue {
    public init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(n.literal)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .object(let members): self = .object(members.map { .init($0.key, JSONValue($0.value)) })
        }
    }
}
