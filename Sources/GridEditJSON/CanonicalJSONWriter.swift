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
