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
