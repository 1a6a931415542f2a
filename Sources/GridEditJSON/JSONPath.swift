/// Where a value sits in a document, e.g. `pieces[3].rotation`.
///
/// Semantic checks use it to name the value they complain about, in a form a
/// puzzle author can read. The root is written `$`. A leading identifier key is
/// written bare (`pieces[3]`, not `$.pieces[3]`); a path that starts with an
/// index or a non-identifier key keeps the `$` (`$[0]`, `$["odd key"]`).
/// Keys that are not identifiers are quoted with JSON escapes: `meta["odd key"]`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    public static let root = JSONPath()

    public func appending(_ c: Component) -> JSONPath {
        JSONPath(components + [c])
    }

    public func appending(key: String) -> JSONPath { appending(.key(key)) }

    public func appending(index: Int) -> JSONPath { appending(.index(index)) }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let i):
                text += "[\(i)]"
            case .key(let k) where Self.isIdentifier(k):
                text += text.isEmpty ? k : "." + k
            case .key(let k):
                text += "[" + CanonicalJSONWriter.quoted(k) + "]"
            }
        }
        if text.isEmpty || text.hasPrefix("[") { text = "$" + text }
        return text
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`: keys that read unambiguously after a dot.
    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return key.utf8.allSatisfy { b in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_")
        }
    }
}

extension JSONPath {
    /// Reads a path back from its ``description`` (`pieces[3].rotation`, `$[0]`,
    /// `meta["odd key"]`), for reports that are read again (`gridedit report merge`). Nil when
    /// the text is not exactly what ``description`` writes for some path.
    public init?(description text: String) {
        var rest = Substring(text)
        if rest.hasPrefix("$") { rest = rest.dropFirst() }
        var components: [Component] = []
        while !rest.isEmpty {
            if rest.hasPrefix("[\"") {
                // A quoted key: a JSON string up to its unescaped closing quote.
                var end = rest.index(rest.startIndex, offsetBy: 2)
                var escaped = false
                while end < rest.endIndex, escaped || rest[end] != "\"" {
                    escaped = !escaped && rest[end] == "\\"
                    end = rest.index(after: end)
                }
                guard end < rest.endIndex,
                      let node = try? JSONParser.parse(String(rest[rest.index(after: rest.startIndex)...end])),
                      case .string(let key) = node.value else { return nil }
                rest = rest[rest.index(after: end)...]
                guard rest.hasPrefix("]") else { return nil }
                rest = rest.dropFirst()
                components.append(.key(key))
            } else if rest.hasPrefix("[") {
                let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
                guard let index = Int(digits), rest.dropFirst(1 + digits.count).hasPrefix("]") else { return nil }
                rest = rest.dropFirst(2 + digits.count)
                components.append(.index(index))
            } else {
                if rest.hasPrefix(".") {
                    guard !components.isEmpty else { return nil }
                    rest = rest.dropFirst()
                }
                let key = rest.prefix { $0 != "." && $0 != "[" }
                guard Self.isIdentifier(String(key)) else { return nil }
                rest = rest.dropFirst(key.count)
                components.append(.key(String(key)))
            }
        }
        let path = JSONPath(components)
        guard path.description == text else { return nil }
        self = path
    }
}
