import GridEditJSON

// JSON Lines support shared by the journal and touch files: one compact JSON value per line,
// read back with the strict parser and a few typed accessors.

extension JSONValue {
    /// The value on one line, no spaces: `{"a":1,"b":[true,null]}`.
    public var compactText: String {
        var out = ""
        appendCompact(to: &out)
        return out
    }

    private func appendCompact(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let literal): out += literal
        case .string(let s): out += Self.quote(s)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.appendCompact(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                out += Self.quote(member.key) + ":"
                member.value.appendCompact(to: &out)
            }
            out += "}"
        }
    }

    /// The same string literal the canonical writer produces.
    static func quote(_ text: String) -> String { CanonicalJSONWriter.quoted(text) }

    /// `{"key": value, …}` from pairs, in order.
    static func fields(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { JSONValue.Member($0.key, $0.value) })
    }

    static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A finite double, written so that it reads back as the same value.
    static func double(_ value: Double) -> JSONValue {
        value == value.rounded() && abs(value) < 1e15 ? .number(String(Int(value))) : .number("\(value)")
    }
}

/// Why a line of a JSON Lines file was refused.
public struct JSONLineError: Error, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}

/// Typed access to the members of one parsed object, with messages that name the key.
struct LineObject {
    let node: JSONNode
    let line: Int

    init(parsing text: Substring, line: Int) throws(JSONLineError) {
        let node: JSONNode
        do { node = try JSONParser.parse(String(text)) } catch {
            throw JSONLineError(line: line, message: error.message)
        }
        guard case .object = node.value else {
            throw JSONLineError(line: line, message: "each line holds one JSON object; found \(node.typeName)")
        }
        self.node = node
        self.line = line
    }

    init(node: JSONNode, line: Int) {
        self.node = node
        self.line = line
    }

    var keys: [String] {
        if case .object(let members) = node.value { return members.map(\.key) }
        return []
    }

    func has(_ key: String) -> Bool { node[key] != nil }

    func fail(_ message: String) -> JSONLineError { JSONLineError(line: line, message: message) }

    func string(_ key: String) throws(JSONLineError) -> String {
        guard let value = node[key] else { throw fail("missing \"\(key)\"") }
        guard case .string(let s) = value.value else { throw fail("\"\(key)\" must be a string") }
        return s
    }

    func optionalString(_ key: String) throws(JSONLineError) -> String? {
        guard let value = node[key], !Self.isNull(value) else { return nil }
        return try string(key)
    }

    func double(_ key: String) throws(JSONLineError) -> Double {
        guard let value = node[key] else { throw fail("missing \"\(key)\"") }
        guard case .number(let n) = value.value, n.doubleValue.isFinite else { throw fail("\"\(key)\" must be a number") }
        return n.doubleValue
    }

    func optionalDouble(_ key: String) throws(JSONLineError) -> Double? {
        guard node[key] != nil else { return nil }
        return try double(key)
    }

    func int(_ key: String) throws(JSONLineError) -> Int {
        guard let value = node[key] else { throw fail("missing \"\(key)\"") }
        guard case .number(let n) = value.value, let i = n.intValue else { throw fail("\"\(key)\" must be a whole number") }
        return i
    }

    func optionalInt(_ key: String) throws(JSONLineError) -> Int? {
        guard node[key] != nil else { return nil }
        return try int(key)
    }

    func bool(_ key: String) throws(JSONLineError) -> Bool {
        guard let value = node[key] else { throw fail("missing \"\(key)\"") }
        guard case .bool(let b) = value.value else { throw fail("\"\(key)\" must be true or false") }
        return b
    }

    func optionalBool(_ key: String) throws(JSONLineError) -> Bool? {
        guard node[key] != nil else { return nil }
        return try bool(key)
    }

    func array(_ key: String) throws(JSONLineError) -> [JSONNode] {
        guard let value = node[key] else { throw fail("missing \"\(key)\"") }
        guard case .array(let items) = value.value else { throw fail("\"\(key)\" must be an array") }
        return items
    }

    func object(_ key: String) throws(JSONLineError) -> LineObject {
        guard let value = node[key] else { throw fail("missing \"\(key)\"") }
        guard case .object = value.value else { throw fail("\"\(key)\" must be an object") }
        return LineObject(node: value, line: line)
    }

    static func isNull(_ node: JSONNode) -> Bool {
        if case .null = node.value { return true }
        return false
    }
}

/// The lines of a text with their 1-based numbers, blank lines skipped.
func numberedLines(_ text: String) -> [(number: Int, text: Substring)] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, raw in
        let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
        return line.allSatisfy(\.isWhitespace) ? nil : (i + 1, line)
    }
}
