import GridEditJSON

/// One problem found in a file: the unit every check, the editor and CI reports speak in.
///
/// Rules fill in `rule`, `severity`, `message` and usually `path`; the checker resolves the path
/// to a 1-based line and column in the file the puzzle came from.
public struct Finding: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case warning, error

        public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
    }

    /// Stable rule id such as `tangram.overlap`; documented in docs/format.md.
    public var rule: String
    public var severity: Severity
    /// Plain words: what is wrong and what to do about it.
    public var message: String
    /// Where in the JSON document, when the finding is about one value.
    public var path: JSONPath?
    /// 1-based line and column, when known.
    public var location: SourceLocation?

    public init(rule: String, severity: Severity = .error, message: String,
                path: JSONPath? = nil, location: SourceLocation? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.path = path
        self.location = location
    }
}

extension Finding {
    /// Findings sorted for display: by position in the file, then by rule id.
    public static func displayOrder(_ a: Finding, _ b: Finding) -> Bool {
        let la = a.location ?? SourceLocation(line: 0, column: 0, offset: 0)
        let lb = b.location ?? SourceLocation(line: 0, column: 0, offset: 0)
        if la != lb { return la < lb }
        if a.rule != b.rule { return a.rule < b.rule }
        return a.message < b.message
    }
}
