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
        var out = Output()
        writeLines(value, indent: 0, prefix: [], suffix: [], into: &out)
        return out.text
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
            var flat = Output()
            _ = appendFlat(element, to: &flat, budget: Int.max)
            width += flat.width + 2
            head.append(element)
        }
        if width <= lineWidth {
            sink(write(document.replacing(arrayAt: path.components[...], with: head)))
            return
        }
        // Elements are gathered into chunks of about `BufferedOutput`'s size before they go to
        // the sink: one String per chunk, not one per element.
        var chunk = Output()
        func drain() {
            guard !chunk.bytes.isEmpty else { return }
            sink(chunk.text)
            chunk.bytes.removeAll(keepingCapacity: true)
        }
        func drainIfFull() { if chunk.bytes.count >= 64 * 1024 { drain() } }
        func emit(_ bytes: [UInt8]) {
            chunk.bytes += bytes
            drainIfFull()
        }
        func streamArray(indent: Int) {
            var pending = head[0]
            func flush(_ suffix: [UInt8]) {
                writeLines(pending, indent: indent, prefix: [], suffix: suffix, into: &chunk)
                drainIfFull()
            }
            for element in head.dropFirst() {
                flush(comma)
                pending = element
            }
            while let element = iterator.next() {
                flush(comma)
                pending = element
            }
            flush([])
        }
        func writeOpen(_ value: JSONValue, rest: ArraySlice<JSONPath.Component>, indent: Int, prefix: [UInt8], suffix: [UInt8]) {
            let margin = [UInt8](repeating: space, count: indent)
            switch (value, rest.first) {
            case (.array, nil):
                emit(margin + prefix + Array("[\n".utf8))
                streamArray(indent: indent + 2)
                emit(margin + Array("]".utf8) + suffix + [newline])
            case (.array(let items), .index(let target)?):
                emit(margin + prefix + Array("[\n".utf8))
                for (i, item) in items.enumerated() {
                    let suffix = i < items.count - 1 ? comma : []
                    if i == target {
                        writeOpen(item, rest: rest.dropFirst(), indent: indent + 2, prefix: [], suffix: suffix)
                    } else {
                        writeLines(item, indent: indent + 2, prefix: [], suffix: suffix, into: &chunk)
                    }
                }
                emit(margin + Array("]".utf8) + suffix + [newline])
            case (.object(let members), .key(let target)?):
                emit(margin + prefix + Array("{\n".utf8))
                for (i, member) in members.enumerated() {
                    let suffix = i < members.count - 1 ? comma : []
                    if member.key == target {
                        writeOpen(member.value, rest: rest.dropFirst(), indent: indent + 2, prefix: keyPrefix(member.key), suffix: suffix)
                    } else {
                        writeLines(member.value, indent: indent + 2, prefix: keyPrefix(member.key), suffix: suffix, into: &chunk)
                    }
                }
                emit(margin + Array("}".utf8) + suffix + [newline])
            default:
                preconditionFailure("writeStreaming: \(path) does not lead to an array of the document")
            }
        }
        writeOpen(document, rest: path.components[...], indent: 0, prefix: [], suffix: [])
        drain()
    }

    /// The text being written, as UTF-8, and how many columns (Unicode scalars) it spans.
    struct Output {
        var bytes: [UInt8] = []
        /// Columns appended since the last reset, for the one-line test.
        var width = 0

        var text: String { String(decoding: bytes, as: UTF8.self) }

        /// Appends bytes of pure ASCII (punctuation, literals): one column per byte.
        mutating func ascii(_ text: [UInt8]) {
            bytes += text
            width += text.count
        }

        mutating func ascii(_ byte: UInt8) {
            bytes.append(byte)
            width += 1
        }
    }

    static let space = UInt8(ascii: " ")
    static let newline = UInt8(ascii: "\n")
    static let comma = [UInt8(ascii: ",")]

    /// `"key": `, as the prefix of a member's line.
    static func keyPrefix(_ key: String) -> [UInt8] {
        var out = Output()
        appendQuoted(key, to: &out)
        out.ascii([UInt8(ascii: ":"), space])
        return out.bytes
    }

    /// Columns in UTF-8 text: every byte but continuation bytes starts a scalar.
    static func columns(_ bytes: some Sequence<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Writes `prefix value suffix` at `indent`, as one line if it fits, and ends with a newline.
    private static func writeLines(_ value: JSONValue, indent: Int, prefix: [UInt8], suffix: [UInt8], into out: inout Output) {
        let budget = lineWidth - indent - columns(prefix) - columns(suffix)
        let start = out.bytes.count
        out.bytes.append(contentsOf: repeatElement(space, count: indent))
        out.bytes += prefix
        let valueStart = out.bytes.count
        out.width = 0
        if appendFlat(value, to: &out, budget: budget) || !value.isNonEmptyContainer {
            out.bytes += suffix
            out.bytes.append(newline)
            return
        }
        // Too wide: one element or member per line.
        out.bytes.removeSubrange(valueStart...)
        switch value {
        case .array(let elements):
            out.bytes += Array("[\n".utf8)
            for (i, element) in elements.enumerated() {
                writeLines(element, indent: indent + 2, prefix: [], suffix: i < elements.count - 1 ? comma : [], into: &out)
            }
            out.bytes.append(contentsOf: repeatElement(space, count: indent))
            out.bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            out.bytes += Array("{\n".utf8)
            for (i, member) in members.enumerated() {
                writeLines(member.value, indent: indent + 2, prefix: keyPrefix(member.key),
                           suffix: i < members.count - 1 ? comma : [], into: &out)
            }
            out.bytes.append(contentsOf: repeatElement(space, count: indent))
            out.bytes.append(UInt8(ascii: "}"))
        default:
            out.bytes.removeSubrange(start...)  // scalars always fit (handled above)
            return
        }
        out.bytes += suffix
        out.bytes.append(newline)
    }

    /// Appends the one-line form, counting its columns in `out.width`. Returns false, possibly
    /// leaving `out` partial, as soon as the width passes `budget` (scalars are appended whole).
    private static func appendFlat(_ value: JSONValue, to out: inout Output, budget: Int) -> Bool {
        switch value {
        case .null: out.ascii(Array("null".utf8))
        case .bool(let b): out.ascii(b ? Array("true".utf8) : Array("false".utf8))
        case .number(let literal):
            out.bytes += literal.utf8
            out.width += columns(literal.utf8)
        case .string(let s): appendQuoted(s, to: &out)
        case .array(let elements):
            out.ascii(UInt8(ascii: "["))
            guard out.width <= budget else { return false }
            for (i, element) in elements.enumerated() {
                if i > 0 {
                    out.ascii([UInt8(ascii: ","), space])
                    guard out.width <= budget else { return false }
                }
                guard appendFlat(element, to: &out, budget: budget) else { return false }
            }
            out.ascii(UInt8(ascii: "]"))
        case .object(let members):
            out.ascii(UInt8(ascii: "{"))
            guard out.width <= budget else { return false }
            for (i, member) in members.enumerated() {
                if i > 0 {
                    out.ascii([UInt8(ascii: ","), space])
                    guard out.width <= budget else { return false }
                }
                appendQuoted(member.key, to: &out)
                out.ascii([UInt8(ascii: ":"), space])
                guard out.width <= budget, appendFlat(member.value, to: &out, budget: budget) else { return false }
            }
            out.ascii(UInt8(ascii: "}"))
        }
        return out.width <= budget
    }

    /// A JSON string literal: `"`, `\` and control characters escaped (short forms
    /// where JSON has them, else `\u00xx`); `/` and non-ASCII left as they are.
    public static func quoted(_ text: String) -> String {
        var out = Output()
        appendQuoted(text, to: &out)
        return out.text
    }

    /// Appends `text` as a string literal. Escapes are all ASCII, so the UTF-8 is escaped byte
    /// by byte; most strings (paths, ids, rule names) need none and are copied whole.
    static func appendQuoted(_ text: String, to out: inout Output) {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        out.ascii(quote)
        var text = text
        text.withUTF8 { utf8 in
            // One branch-free pass: does anything need escaping, and how many continuation bytes.
            var escapes: UInt8 = 0
            var continuations = 0
            for byte in utf8 {
                escapes |= (byte < 0x20 ? 1 : 0) | (byte == quote ? 1 : 0) | (byte == backslash ? 1 : 0)
                continuations &+= (byte & 0xC0) == 0x80 ? 1 : 0
            }
            if escapes == 0 {
                out.bytes.append(contentsOf: utf8)
                out.width += utf8.count - continuations
                return
            }
            for byte in utf8 {
                switch byte {
                case quote: out.ascii([backslash, quote])
                case backslash: out.ascii([backslash, backslash])
                case 0x0A: out.ascii([backslash, UInt8(ascii: "n")])
                case 0x09: out.ascii([backslash, UInt8(ascii: "t")])
                case 0x0D: out.ascii([backslash, UInt8(ascii: "r")])
                case 0x08: out.ascii([backslash, UInt8(ascii: "b")])
                case 0x0C: out.ascii([backslash, UInt8(ascii: "f")])
                case ..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    out.ascii([backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                default:
                    out.bytes.append(byte)
                    if byte & 0xC0 != 0x80 { out.width += 1 }
                }
            }
        }
        out.ascii(quote)
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
