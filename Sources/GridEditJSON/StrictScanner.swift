/// What the scanner hands back for a valid document: the start of every value
/// and every object key, in document order.
struct ScanResult {
    var values: [SourceLocation] = []
    var keys: [(name: String, location: SourceLocation)] = []
}

/// A strict RFC 8259 recognizer that runs over the bytes before json-c builds values.
///
/// Why it exists: json-c accepts things a puzzle file must not contain (`NaN`,
/// `Infinity`, `1.`, duplicate keys, lone surrogates, raw tabs in strings,
/// integers beyond 64 bits) and reports its own errors as a bare byte offset.
/// Recording where each value starts means following the whole grammar anyway,
/// so the scanner also reports the *first* problem in the file, with words that
/// fit the context ("trailing comma before ']'"). It builds no values.
///
/// On success, `values` lists value starts in document order, which is the order
/// of a pre-order walk of json-c's tree (json-c keeps object members in insertion
/// order, and duplicate keys never get that far). That is how locations are
/// attached to json-c's values.
///
/// It never recurses: open containers live on an explicit stack that may not grow
/// past `maxDepth`, so 10 MB of `[` fails fast with `json.too-deep`.
struct StrictScanner {
    let bytes: [UInt8]
    let maxDepth: Int
    var pos = 0
    var lines: LineTracker
    var stack: [Frame] = []
    var result = ScanResult()

    /// An open array or object.
    struct Frame {
        var isArray: Bool
        var opener: SourceLocation
        var path: JSONPath
        /// Elements (or members) started so far; the next array index.
        var count = 0
        /// Keys seen so far in this object, to catch duplicates.
        var keys: [String: SourceLocation] = [:]

        var closer: UInt8 { isArray ? UInt8(ascii: "]") : UInt8(ascii: "}") }
    }

    static func scan(_ bytes: [UInt8], maxDepth: Int) throws(JSONSyntaxError) -> ScanResult {
        var scanner = StrictScanner(bytes: bytes, maxDepth: maxDepth, lines: LineTracker(bytes))
        try scanner.document()
        return scanner.result
    }

    /// document = ws value ws, and nothing else.
    private mutating func document() throws(JSONSyntaxError) {
        skipWhitespace()
        if pos == bytes.count {
            throw fail("file is empty: expected a JSON value such as {} or []", at: location(at: pos), path: .root)
        }
        try value(path: .root)
        while !stack.isEmpty {
            try continueContainer()
        }
        skipWhitespace()
        if pos < bytes.count {
            throw commonMistake() ?? fail(
                "extra text after the JSON value: a file holds exactly one value; remove it or wrap everything in one array",
                at: location(at: pos), path: .root)
        }
    }

    /// One step inside the innermost open container: its end, or its next element.
    private mutating func continueContainer() throws(JSONSyntaxError) {
        skipWhitespace()
        guard pos < bytes.count else { throw unexpectedEnd() }
        let top = stack.count - 1
        let isArray = stack[top].isArray
        let closer = stack[top].closer
        let count = stack[top].count
        let path = stack[top].path

        if bytes[pos] == closer {
            pos += 1
            stack.removeLast()
            return
        }
        if count > 0 {
            guard bytes[pos] == UInt8(ascii: ",") else { throw missingSeparator(in: stack[top]) }
            let comma = location(at: pos)
            pos += 1
            skipWhitespace()
            if pos < bytes.count && bytes[pos] == closer {
                throw fail("trailing comma before '\(Character(Unicode.Scalar(closer)))': remove the comma", at: comma, path: path)
            }
        }
        stack[top].count += 1
        if isArray {
            try value(path: path.appending(index: count))
        } else {
            try member(of: path)
        }
    }

    /// member = string ws ':' ws value
    private mutating func member(of path: JSONPath) throws(JSONSyntaxError) {
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else {
            throw unexpected("a key in double quotes", keyPosition: true)
        }
        let keyLocation = location(at: pos)
        let key = try string(path: path, isKey: true)
        let top = stack.count - 1
        if let first = stack[top].keys[key] {
            throw fail("duplicate key \(CanonicalJSONWriter.quoted(key)) (first at \(first)): keep one",
                       kind: .duplicateKey, at: keyLocation, path: path.appending(key: key))
        }
        stack[top].keys[key] = keyLocation
        result.keys.append((key, keyLocation))

        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else {
            throw commonMistake() ?? fail("missing ':' after key \(CanonicalJSONWriter.quoted(key)): add a colon", at: location(at: pos), path: path)
        }
        pos += 1
        skipWhitespace()
        try value(path: path.appending(key: key))
    }

    /// A value starts here. Containers are only opened (pushed); their contents
    /// are read by `continueContainer`, which is what keeps this non-recursive.
    private mutating func value(path: JSONPath) throws(JSONSyntaxError) {
        guard pos < bytes.count else { throw unexpectedEnd() }
        let start = location(at: pos)
        switch bytes[pos] {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard stack.count < maxDepth else {
                throw fail("nesting is deeper than \(maxDepth) levels: flatten the data", kind: .tooDeep, at: start, path: path)
            }
            result.values.append(start)
            stack.append(Frame(isArray: bytes[pos] == UInt8(ascii: "["), opener: start, path: path))
            pos += 1
        case UInt8(ascii: "\""):
            result.values.append(start)
            _ = try string(path: path, isKey: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            result.values.append(start)
            try number(path: path)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            result.values.append(start)
            try literalWord(path: path)
        default:
            throw badValueStart(path: path)
        }
    }

    /// JSON whitespace is exactly space, tab, LF and CR. CRLF and a lone CR
    /// each count as one line break, as in editors.
    mutating func skipWhitespace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                pos += 1
            case UInt8(ascii: "\n"):
                pos += 1
                lines.newLine(startingAt: pos)
            case UInt8(ascii: "\r"):
                pos += 1
                if pos < bytes.count && bytes[pos] == UInt8(ascii: "\n") { pos += 1 }
                lines.newLine(startingAt: pos)
            default:
                return
            }
        }
    }

    mutating func location(at offset: Int) -> SourceLocation {
        lines.location(at: offset)
    }

    /// The path of the innermost open container, for errors between values.
    var currentPath: JSONPath { stack.last?.path ?? .root }

    func fail(_ message: String, kind: JSONSyntaxError.Kind = .syntax, at location: SourceLocation, path: JSONPath?) -> JSONSyntaxError {
        JSONSyntaxError(kind: kind, message: message, location: location, path: path)
    }
}
