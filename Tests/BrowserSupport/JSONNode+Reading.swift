import GridEditJSON

/// Typed reads of WebDriver answers and script results, which arrive as GridEditJSON trees.
extension JSONNode {
    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    public var double: Double? {
        if case .number(let number) = value { return number.doubleValue }
        return nil
    }

    public var int: Int? {
        if case .number(let number) = value { return number.intValue ?? Int(exactly: number.doubleValue) }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    public var array: [JSONNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// The value as compact JSON text, for messages.
    public var compactText: String { JSONValue(self).compactText }
}
