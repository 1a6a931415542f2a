import GridEditJSON

/// A check over a decoded value (a puzzle, a pack), one rule per file, in the manner of
/// swift-format: the rule has a stable id and a default severity, and returns findings.
///
/// The same rules back `gridedit check` and the editor's live validation, so both speak the
/// same rule ids.
public protocol Rule<Subject>: Sendable {
    associatedtype Subject
    /// Stable id, e.g. `tangram.overlap`.
    static var id: String { get }
    static var severity: Finding.Severity { get }
    func check(_ subject: Subject) -> [Finding]
}

extension Rule {
    public static var severity: Finding.Severity { .error }

    /// A finding of this rule.
    public func finding(_ message: String, at path: JSONPath? = nil) -> Finding {
        Finding(rule: Self.id, severity: Self.severity, message: message, path: path)
    }
}

