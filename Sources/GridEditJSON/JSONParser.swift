/// Reads a puzzle file into `JSONNode`s, strictly, with a location on everything.
///
/// Two passes over the same bytes:
/// 1. `StrictScanner` checks the file against RFC 8259 (rejecting what json-c
///    would tolerate) and records where every value and key starts;
/// 2. json-c, the product's JSON parser, builds the values, and
///    `JSONCTreeConverter` copies them into Swift while attaching those locations.
/// A failure in either pass becomes a `JSONSyntaxError` with `line:column`.
public enum JSONParser {
    public static let defaultMaxDepth = 64

    /// The most nesting any caller can ask for. Converting and freeing the tree
    /// recurses once per level, so this keeps the stack safe on small threads.
    static let depthCeiling = 512

    /// Parses UTF-8 bytes. `maxDepth` counts nested arrays and objects (`[[1]]` is 2);
    /// values above `depthCeiling` (512) are treated as 512.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw JSONSyntaxError(kind: .syntax, message: "file starts with a byte-order mark; save as UTF-8 without BOM",
                                  location: .start, path: nil)
        }
        guard bytes.count < Int(Int32.max) else {
            // json-c takes the length as a C int.
            throw JSONSyntaxError(kind: .syntax, message: "file is larger than 2 GB: split it",
                                  location: .start, path: nil)
        }
        let depth = min(max(maxDepth, 0), depthCeiling)
        let scan = try StrictScanner.scan(bytes, maxDepth: depth)
        return try JSONCTreeConverter.parse(bytes, maxDepth: depth, locations: scan)
    }

    /// Parses a string (as its UTF-8 bytes).
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONNode {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }
}
