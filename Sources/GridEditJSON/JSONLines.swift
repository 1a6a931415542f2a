// JSON Lines: one compact JSON value per line, read back with the strict parser and a few typed
// accessors. The editor's journal and touch files (GridEditLayout) are written in it.

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
        case .string(let s): out += CanonicalJSONWriter.quoted(s)
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
                out += CanonicalJSONWriter.quoted(member.key) + ":"
                member.value.appendCompact(to: &out)
            }
            out += "}"
        }
    }

    /// `{"key": value, …}` from pairs, in order.
    public static func fields(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { JSONValue.Member($0.key, $0.value) })
    }

    public static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A finite double, written so that it reads back as the same value.
    public static func double(_ value: Double) -> JSONValue {
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
public struct LineObject {
    public let node: JSONNode
    public let line: Int

    public init(parsing text: Substring, line: Int) throws(JSONLineError) {
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

    public init(node: JSONNode, line: Int) {
        self.node = node
        self.line = line
    }

    public var keys: [String] {
        if case .object(let members) = node.value { return members.map(\.key) }
        return []
    }

    public func has(_ key: String) -> Bool { node[key] != nil }

    public func fail(_ message: String) -> JSONLineError { JSONLineError(line: line, message: message) }

    public func string(_ key: String) throws(JSONLineError) -> String {
        guard let value = node[key] else { throw fail("missing \"\(key)\"") }
        guard case .string(let s) = value.value else { throw fail("\"\(key)\" must be a string") }
        return s
    }

    public func optionalString(_ key: String) throws(JSONLineError) -> String? {
        guard let value = node[key], !Self.isNull(value) else { return nil }
        return try string(key)
    }

    public func double(_ key: String) throws(JSONLineError) -> Double {
        guard let value = node[key] else { throw fail("missing \"\(key)\"") }
        guard case .number(let n) = value.value, n.doubleValue.isFinite else { throw fail("\"\(key)\" must be a number") }
        return n.doubleValue
    }

    public func optionalDouble(_ key: String) throws(JSONLineError) -> Double? {
        guard node[key] != nil else { return nil }
        return try double(key)
    }

    public func int(_ key: String) throws(JSONLineError) -> Int {
        guard let value = node[key] else { throw fail("missing \"\(key)\"") }
        guard case .number(let n) = value.value, let i = n.intValue else { throw fail("\"\(key)\" must be a whole number") }
        return i
    }

    public func optionalInt(_ key: String) throws(JSONLineError) -> Int? {
        guard node[key] != nil else { return nil }
        return try int(key)
    }

    public func bool(_ key: String) throws(JSONLineError) -> Bool {
        guard let value = node[key] else { throw fail("missing \"\(key)\"") }
        guard case .bool(let b) = value.value else { throw fail("\"\(key)\" must be true or false") }
        return b
    }

    public func optionalBool(_ key: String) throws(JSONLineError) -> Bool? {
        guard node[key] != nil else { return nil }
        return try bool(key)
    }

    public func array(_ key: String) throws(JSONLineError) -> [JSONNode] {
        guard let value = node[key] else { throw fail("missing \"\(key)\"") }
        guard case .array(let items) = value.value else { throw fail("\"\(key)\" must be an array") }
        return items
    }

    public func object(_ key: String) throws(JSONLineError) -> LineObject {
        guard let value = node[key] else { throw fail("missing \"\(key)\"") }
        guard case .object = value.value else { throw fail("\"\(key)\" must be an object") }
        return LineObject(node: value, line: line)
    }

    public static func isNull(_ node: JSONNode) -> Bool {
        if case .null = node.value { return true }
        return false
    }
}

/// The lines of a text with their 1-based numbers, blank lines skipped.
public func numberedLines(_ text: String) -> [(number: Int, text: Substring)] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, raw in
        let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
        return line.allSatisfy(\.isWhitespace) ? nil : (i + 1, line)
    }
}
