import GridEditJSON

/// What every rule owns, in the manner of swift-format: its stable id, a one-line summary and a
/// default severity. One rule per file; the id string appears in that file and nowhere else, so
/// renaming a rule or finding who reports it is one search for the type.
///
/// Most rules check a decoded value (``Rule``). The rest are reported while a file is read
/// (`schema.value`, `json.syntax`, `io.read`, …): they have no subject to check, so they are
/// caseless enums that only describe themselves, and decoding reports through them
/// (`context.report(SchemaValueRule.self, …)`). ``RuleCatalog`` lists them all.
public protocol DocumentedRule: Sendable {
    /// Stable id, e.g. `tangram.overlap`; documented in docs/format.md.
    static var id: String { get }
    /// One line about what the rule flags, for reports that describe their rules (SARIF).
    static var summary: String { get }
    static var severity: Finding.Severity { get }
    /// Whether checking runs a solver search (milliseconds to seconds rather than microseconds),
    /// so that live validation in the editor can leave the rule out.
    static var searches: Bool { get }
}

extension DocumentedRule {
    public static var severity: Finding.Severity { .error }
    public static var searches: Bool { false }

    /// A finding of this rule.
    public static func finding(_ message: String, at path: JSONPath? = nil,
                               location: SourceLocation? = nil) -> Finding {
        Finding(rule: id, severity: severity, message: message, path: path, location: location)
    }
}

/// A check over a decoded value (a puzzle, a pack), one rule per file, in the manner of
/// swift-format: the rule has a stable id and a default severity, and returns findings.
///
/// The same rules back `gridedit check` and the editor's live validation, so both speak the
/// same rule ids.
public protocol Rule<Subject>: DocumentedRule {
    associatedtype Subject
    func check(_ subject: Subject) -> [Finding]
}

extension Rule {
    /// A finding of this rule.
    public func finding(_ message: String, at path: JSONPath? = nil) -> Finding {
        Self.finding(message, at: path)
    }
}
