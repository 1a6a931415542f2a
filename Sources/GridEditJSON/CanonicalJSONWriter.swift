/// A JSON value to be written: the output side of the module.
///
/// Object members keep the order the encoder chose, and that order *is* the
/// stable key order of saved files; the writer never sorts.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// The literal to emit verbatim, e.g. `"1.25"`, so numbers round-trip exactly.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([Member])

    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONValue

        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }
}

/// Writes JSON in the one canonical layout, so that saving an unchanged puzzle
/// gives the same bytes and diffs in version control show only real changes.
///
/// Layout: 2-space indent; `"key": value`. A non-empty array or object goes on
/// one line (`[0, 0]`, `{"piece": "square", "x": 1}`) when that line, with its
/// indentation, key and trailing comma, fits in `lineWidth` columns; otherwise
/// it gets one element per line. Empty containers are `[]` and `{}`. Strings are
/// UTF-8 as is; only `"`, `\` and control characters are escaped. The output
/// ends with exactly one newline.
public enum CanonicalJSONWriter {
    public static let lineWidth = 100

    public static func write(_ value: JSONValue) -> String {
        var out = ""
        writeLines(value, indent: 0, prefix: "", suffix: "", into: &out)
        return out
    }

    /// Writes a document whose array at `path` may be too long to hold in memory: `document` has
    /// an empty array there, and `elements` are written into it one by one as they come. The
    /// bytes are exactly those of ``write(_:)`` on the document with the elements in place (the
    /// check report's JSON and SARIF writers depend on it: streamed and merged reports must equal
    /// the ones written whole).
    ///
    /// While the elements seen so far would fit on one line they are kept, since then the layout
    /// of the whole document may still be one-line; once they are wider than a line, every
    /// container on the way to the array is certainly written one member per line, and elements
    /// are written as they come (each held back until the next shows whether a comma follows).
    public static func writeStreaming<Elements: Sequence<JSONValue>>(_ document: JSONValue, arrayAt path: JSONPath,
                                                                    elements: Elements, to sink: (String) -> Void) {
        var iterator = elements.makeIterator()
        var head: [JSONValue] = []
        var width = 0
        while width <= lineWidth, let element = iterator.next() {
            var flat = ""
            var elementWidth = 0
            _ = appendFlat(element, to: &flat, width: &elementWidth, budget: Int.max)
            width += elementWidth + 2
            head.append(element)
        }
        if width <= lineWidth {
            sink(write(document.replacing(arrayAt: path.components[...], with: head)))
            return
        }
        func streamArray(indent: Int) {
            var pending = head[0]
            func flush(_ suffix: String) {
                var out = ""
                writeLines(pending, indent: indent, prefix: "", suffix: suffix, into: &out)
                sink(out)
            }
            for element in head.dropFirst() {
                flush(",")
                pending = element
            }
            while let element = iterator.next() {
                flush(",")
                pending = element
            }
            flush("")
        }
        func writeOpen(_ value: JSONValue, rest: ArraySlice<JSONPath.Component>, indent: Int, prefix: String, suffix: String) {
            let margin = String(repeating: " ", count: indent)
            switch (value, rest.first) {
            case (.array, nil):
                sink(margin + prefix + "[\n")
                streamArray(indent: indent + 2)
                sink(margin + "]" + suffix + "\n")
            case (.array(let items), .index(let target)?):
                sink(margin + prefix + "[\n")
                for (i, item) in items.enumerated() {
                    let comma = i < items.count - 1 ? "," : ""
                    if i == target {
                        writeOpen(item, rest: rest.dropFirst(), indent: indent + 2, prefix: "", suffix: comma)
                    } else {
                        var out = ""
                        writeLines(item, indent: indent + 2, prefix: "", suffix: comma, into: &out)
                        sink(out)
                    }
                }
                sink(margin + "]" + suffix + "\n")
            case (.object(let members), .key(let target)?):
                sink(margin + prefix + "{\n")
                for (i, member) in members.enumerated() {
                    let comma = i < members.count - 1 ? "," : ""
                    if member.key == target {
                        writeOpen(member.value, rest: rest.dropFirst(), indent: indent + 2, prefix: quoted(member.key) + ": ", suffix: comma)
                    } else {
                        var out = ""
                        writeLines(member.value, indent: indent + 2, prefix: quoted(member.key) + ": ", suffix: comma, into: &out)
                        sink(out)
                    }
                }
                sink(margin + "}" + suffix + "\n")
            default:
                preconditionFailure("writeStreaming: \(path) does not lead to an array of the document")
            }
        }
        writeOpen(document, rest: path.components[...], indent: 0, prefix: "", suffix: "")
    }

    /// Writes `prefix value suffix` at `indent`, as one line if it fits, and ends with a newline.
    private static func writeLines(_ value: JSONValue, indent: Int, prefix: String, suffix: String, into out: inout String) {
        let margin = String(repeating: " ", count: indent)
        let budget = lineWidth - indent - prefix.unicodeScalars.count - suffix.unicodeScalars.count
        var flat = ""
        var width = 0
        if appendFlat(value, to: &flat, width: &width, budget: budget) || !value.isNonEmptyContainer {
            out += margin + prefix + flat + suffix + "\n"
            return
        }
        switch value {
        case .array(let elements):
            out += margin + prefix + "[\n"
            for (i, element) in elements.enumerated() {
                writeLines(element, indent: indent + 2, prefix: "", suffix: i < elements.count - 1 ? "," : "", into: &out)
            }
            out += margin + "]" + suffix + "\n"
        case .object(let members):
            out += margin + prefix + "{\n"
            for (i, member) in members.enumerated() {
                writeLines(member.value, indent: indent + 2, prefix: quoted(member.key) + ": ",
                           suffix: i < members.count - 1 ? "," : "", into: &out)
            }
            out += margin + "}" + suffix + "\n"
        default:
            break  // scalars always fit (handled above)
        }
    }

    /// Appends the one-line form. Returns false, possibly leaving `out` partial,
    /// as soon as the width passes `budget` (scalars are always appended whole).
    private static func appendFlat(_ value: JSONValue, to out: inout String, width: inout Int, budget: Int) -> Bool {
        func append(_ text: String) -> Bool {
            out += text
            width += text.unicodeScalars.count
            return width <= budget
        }
        switch value {
        case .null: return append("null")
        case .bool(let b): return append(b ? "true" : "false")
        case .number(let literal): return append(literal)
        case .string(let s): return append(quoted(s))
        case .array(let elements):
            guard append("[") else { return false }
            for (i, element) in elements.enumerated() {
                guard (i == 0 || append(", ")), appendFlat(element, to: &out, width: &width, budget: budget) else { return false }
            }
            return append("]")
        case .object(let members):
            guard append("{") else { return false }
            for (i, member) in members.enumerated() {
                guard (i == 0 || append(", ")), append(quoted(member.key) + ": "),
                      appendFlat(member.value, to: &out, width: &width, budget: budget) else { return false }
            }
            return append("}")
        }
    }

    /// A JSON string literal: `"`, `\` and control characters escaped (short forms
    /// where JSON has them, else `\u00xx`); `/` and non-ASCII left as they are.
    public static func quoted(_ text: String) -> String {
        // Most strings (paths, ids, rule names) need no escape: copied whole, not scalar by scalar.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u00" + (hex.count < 2 ? "0" : "") + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension JSONValue {
    /// The document with the array at `path` replaced by `elements`.
    fileprivate func replacing(arrayAt path: ArraySlice<JSONPath.Component>, with elements: [JSONValue]) -> JSONValue {
        switch (self, path.first) {
        case (.array, nil): return .array(elements)
        case (.array(var items), .index(let i)?):
            items[i] = items[i].replacing(arrayAt: path.dropFirst(), with: elements)
            return .array(items)
        case (.object(var members), .key(let key)?):
            for i in members.indices where members[i].key == key {
                members[i].value = members[i].value.replacing(arrayAt: path.dropFirst(), with: elements)
            }
            return .object(members)
        default:
            preconditionFailure("writeStreaming: the path does not lead to an array of the document")
        }
    }

    fileprivate var isNonEmptyContainer: Bool {
        switch self {
        case .array(let elements): !elements.isEmpty
        case .object(let members): !members.isEmpty
        default: false
        }
    }
}

extension JSONNode {
    /// The value as a `JSONValue` for writing; numbers keep their literal, members their order.
    public func toJSONValue() -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let b): .bool(b)
        case .number(let n): .number(n.literal)
        case .string(let s): .string(s)
        case .array(let elements): .array(elements.map { $0.toJSONValue() })
        case .object(let members): .object(members.map { JSONValue.Member($0.key, $0.value.toJSONValue()) })
        }
    }
}
