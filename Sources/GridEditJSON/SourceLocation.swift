/// A position in a JSON file, so every error can point at the exact spot.
///
/// `line` and `column` are 1-based and what an editor shows: the column counts
/// Unicode scalars, not bytes, so in `"Café ★": 1` the `1` is at column 11.
/// `offset` is the 0-based byte offset, handy for slicing the original bytes.
/// Locations order by `offset`.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The start of a file.
    public static let start = SourceLocation(line: 1, column: 1, offset: 0)

    /// `line:column`, the form editors and compilers use.
    public var description: String { "\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool { a.offset < b.offset }
}
