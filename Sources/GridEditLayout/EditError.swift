/// Why an edit or an editor operation was refused, in words for the designer. It lives here, in
/// the layout layer, because snapping is where most refusals start (a coordinate out of range, an
/// angle that is no 45° step with rotation snapping off) and the editor passes them on unchanged.
public struct EditError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// A rule id when the refusal is a rule (`sudoku.value-out-of-range`).
    public var rule: String?

    public init(_ message: String, rule: String? = nil) {
        self.message = message
        self.rule = rule
    }

    public var description: String { rule.map { "[\($0)] \(message)" } ?? message }
}
