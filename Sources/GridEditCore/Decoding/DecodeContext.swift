import GridEditGeometry
import GridEditJSON

/// Collects schema findings while a JSON tree is turned into model values.
///
/// Decoding does not stop at the first problem: a designer fixing a file wants every typo at
/// once. Each accessor returns nil after recording a finding that names the JSON path and the
/// value's line and column, so callers simply skip what could not be read.
public final class DecodeContext {
    public private(set) var findings: [Finding] = []
    /// The file's bytes, to place findings inside a string value exactly.
    let source: [UInt8]

    public init(source: [UInt8] = []) { self.source = source }

    /// The location of the `scalarIndex`-th Unicode scalar of a string value, counting escapes
    /// such as `\u0034` as the characters they occupy in the file.
    public func location(ofScalar scalarIndex: Int, inString node: JSONNode) -> SourceLocation {
        var offset = node.location.offset + 1  // after the opening quote
        var column = node.location.column + 1
        var remaining = scalarIndex
        while remaining > 0, offset < source.count, source[offset] != UInt8(ascii: "\"") {
            let byte = source[offset]
            var width: Int  // bytes
            var columns: Int
            if byte == UInt8(ascii: "\\") {
                let isUnicode = offset + 1 < source.count && source[offset + 1] == UInt8(ascii: "u")
                width = isUnicode ? 6 : 2
                // A surrogate pair (\uD83D\uDE00) is one scalar in twelve characters.
                if isUnicode, offset + 11 < source.count, source[offset + 2] | 0x20 == UInt8(ascii: "d"),
                   (UInt8(ascii: "8")...UInt8(ascii: "b")).contains(source[offset + 3] | 0x20) {
                    width = 12
                }
                columns = width
            } else {
                width = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                columns = 1
            }
            offset += width
            column += columns
            remaining -= 1
        }
        return SourceLocation(line: node.location.line, column: column, offset: offset)
    }

    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// Records a finding of `rule` about `node`, located at the value.
    public func report(_ rule: any DocumentedRule.Type, _ message: String, at node: JSONNode) {
        findings.append(rule.finding(message, at: node.path, location: node.location))
    }

    public func report(_ finding: Finding) { findings.append(finding) }

    // MARK: Typed access

    /// An object whose keys must all be in `allowedKeys` (unknown keys are usually typos).
    public func object(_ node: JSONNode, allowedKeys: [String]) -> ObjectReader? {
        guard case .object(let members) = node.value else {
            typeMismatch(node, expected: "an object")
            return nil
        }
        var unknown = 0
        for member in members where !allowedKeys.contains(member.key) {
            // "Did you mean" is worked out for the first few unknown keys only (and short ones):
            // a file of 90,000 unknown keys shows its first 100 findings anyway.
            unknown += 1
            let hint = (unknown <= FileAccessPolicy.defaultMaxFindingsPerFile && member.key.unicodeScalars.count <= 64
                        ? Self.closest(to: member.key, in: allowedKeys) : nil).map { "; did you mean \"\($0)\"?" } ?? "; remove it"
            findings.append(SchemaUnknownKeyRule.finding("unknown key \(Excerpt.quoted(member.key))\(hint)",
                                                         at: node.path.appending(key: member.key),
                                                         location: member.keyLocation))
        }
        return ObjectReader(node: node, context: self)
    }

    public func array(_ node: JSONNode) -> [JSONNode]? {
        guard case .array(let items) = node.value else {
            typeMismatch(node, expected: "an array")
            return nil
        }
        return items
    }

    /// An array of at most `limit` items. A longer one is reported once, at the array
    /// (`schema.too-many-items`, with `allowed` saying what the format allows), and none of its
    /// items is read: no rule then compares thousands of entries pair by pair.
    public func array(_ node: JSONNode, atMost limit: Int, allowed: String) -> [JSONNode]? {
        guard let items = array(node) else { return nil }
        guard items.count <= limit else {
            report(SchemaTooManyItemsRule.self, "this list has \(items.count) entries, but \(allowed); remove the extra ones", at: node)
            return nil
        }
        return items
    }

    public func string(_ node: JSONNode) -> String? {
        guard case .string(let s) = node.value else {
            typeMismatch(node, expected: "a string")
            return nil
        }
        return s
    }

    public func bool(_ node: JSONNode) -> Bool? {
        guard case .bool(let b) = node.value else {
            typeMismatch(node, expected: "true or false")
            return nil
        }
        return b
    }

    /// A whole number in `range`.
    public func int(_ node: JSONNode, in range: ClosedRange<Int>) -> Int? {
        guard case .number(let n) = node.value else {
            typeMismatch(node, expected: "a whole number")
            return nil
        }
        guard let value = n.intValue else {
            report(SchemaValueRule.self, "\(n.literal) is not a whole number; use one from \(range.lowerBound) to \(range.upperBound)", at: node)
            return nil
        }
        guard range.contains(value) else {
            report(SchemaValueRule.self, "\(value) is out of range; use one from \(range.lowerBound) to \(range.upperBound)", at: node)
            return nil
        }
        return value
    }

    /// An `ageRange` object of packs and curricula: `{"min", "max"}`, whole years from 2 to 18, min ≤ max.
    public func ageRange(_ node: JSONNode) -> ClosedRange<Int>? {
        guard let range = object(node, allowedKeys: ["min", "max"]) else { return nil }
        let low = range.required("min").flatMap { int($0, in: 2...18) }
        let high = range.required("max").flatMap { int($0, in: 2...18) }
        guard let low, let high else { return nil }
        guard low <= high else {
            report(SchemaValueRule.self, "ageRange min \(low) is above max \(high)", at: node)
            return nil
        }
        return low...high
    }

    /// A string from a fixed set, such as a difficulty or a piece id.
    public func choice<T: RawRepresentable & CaseIterable>(_ node: JSONNode, of type: T.Type,
                                                          what: String) -> T? where T.RawValue == String {
        guard let raw = string(node) else { return nil }
        if let value = T(rawValue: raw) { return value }
        let names = T.allCases.map(\.rawValue)
        if let guess = Self.closest(to: raw, in: names) {
            report(SchemaValueRule.self, "\(Excerpt.quoted(raw)) is not a \(what); did you mean \"\(guess)\"?", at: node)
        } else {
            let options = names.map { "\"\($0)\"" }.joined(separator: ", ")
            report(SchemaValueRule.self, "\(Excerpt.quoted(raw)) is not a \(what); use one of \(options)", at: node)
        }
        return nil
    }

    /// An exact coordinate: a JSON number on the 0.25 grid, or a string `a+b√2`.
    public func exact(_ node: JSONNode) -> Exact? {
        switch node.value {
        case .number(let n):
            if let value = Exact(decimalLiteral: n.literal) { return value }
            report(SchemaExactNumberRule.self,
                   "\(n.literal) is not an exact coordinate: use a multiple of 0.25 between -1024 and 1024, or a string like \"1+0.5√2\"",
                   at: node)
        case .string(let s):
            if let value = Exact(parsing: s) { return value }
            report(SchemaExactNumberRule.self,
                   "\(Excerpt.quoted(s)) is not an exact coordinate: write a + b√2 with a and b multiples of 0.25, like \"1+0.5√2\" or \"-√2\"",
                   at: node)
        default:
            typeMismatch(node, expected: "a number or a string like \"1+0.5√2\"")
        }
        return nil
    }

    /// A puzzle or pack id: lower-case letters and digits joined by single dashes.
    public func identifier(_ node: JSONNode, what: String) -> String? {
        guard let id = string(node) else { return nil }
        guard PuzzleMetadata.isValidID(id) else {
            report(SchemaValueRule.self,
                   "\(what) \(Excerpt.quoted(id)) must be lower-case letters and digits joined by single dashes, like \"classic-square\"",
                   at: node)
            return nil
        }
        return id
    }

    /// Reports a `formatVersion` newer than this build reads; true when the version is usable.
    public func supportedVersion(_ version: Int, at node: JSONNode) -> Bool {
        guard version > PuzzleDocument.formatVersion else { return true }
        report(FormatUnsupportedVersionRule.self,
               "formatVersion \(version) is newer than this gridedit understands (\(PuzzleDocument.formatVersion)); update gridedit",
               at: node)
        return false
    }

    /// A point written `[x, y]`.
    public func point(_ node: JSONNode) -> Point? {
        guard let items = array(node) else { return nil }
        guard items.count == 2 else {
            report(SchemaTypeRule.self, "a point is [x, y]; this array has \(items.count) values", at: node)
            return nil
        }
        guard let x = exact(items[0]), let y = exact(items[1]) else { return nil }
        return Point(x, y)
    }

    func typeMismatch(_ node: JSONNode, expected: String) {
        report(SchemaTypeRule.self, "expected \(expected), found \(node.typeName)", at: node)
    }

    /// The allowed key a typo most likely meant (edit distance at most 2).
    static func closest(to key: String, in candidates: [String]) -> String? {
        let best = candidates.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
            .min { $0.1 < $1.1 }
        guard let (candidate, distance) = best, distance <= 2 else { return nil }
        return candidate
    }
}

/// Reads the members of one JSON object, reporting missing required keys.
public struct ObjectReader {
    public let node: JSONNode
    let context: DecodeContext

    public func required(_ key: String) -> JSONNode? {
        if let value = node[key] { return value }
        context.report(SchemaRequiredRule.self, "missing required key \"\(key)\"", at: node)
        return nil
    }

    public func optional(_ key: String) -> JSONNode? { node[key] }
}
