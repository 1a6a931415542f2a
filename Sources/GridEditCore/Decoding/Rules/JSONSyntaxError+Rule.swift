import GridEditJSON

extension JSONSyntaxError {
    /// The rule a JSON error is reported under. The JSON layer only says what kind of problem
    /// it met; the ids belong to the rules here, like every other id.
    public var ruleType: any DocumentedRule.Type {
        switch kind {
        case .syntax: JSONSyntaxRule.self
        case .duplicateKey: JSONDuplicateKeyRule.self
        case .invalidUnicode: JSONInvalidUnicodeRule.self
        case .tooDeep: JSONTooDeepRule.self
        case .numberRange: JSONNumberRangeRule.self
        }
    }

    /// The id of ``ruleType``, such as `json.syntax`.
    public var rule: String { ruleType.id }
}
