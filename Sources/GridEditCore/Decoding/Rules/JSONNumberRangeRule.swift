/// A number that cannot be stored faithfully: an integer beyond 64 bits, or a decimal that
/// overflows to infinity or underflows to zero. Reading it would silently change the value.
public enum JSONNumberRangeRule: DocumentedRule {
    public static let id = "json.number-range"
    public static let summary = "A number that cannot be represented."
}
