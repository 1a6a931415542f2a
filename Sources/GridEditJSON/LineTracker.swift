/// Turns byte offsets into `line:column` while the scanner moves forward.
///
/// Columns count Unicode scalars (UTF-8 lead bytes), which is what editors show.
/// The scanner reports each line break as it skips whitespace (the only place a
/// raw line break may appear in valid JSON) and asks for locations at mostly
/// increasing offsets, so a small cache keeps this linear even for a 10 MB file
/// written on one line.
struct LineTracker {
    private let bytes: [UInt8]
    private var line = 1
    private var lineStart = 0
    private var cachedOffset = 0
    private var cachedColumn = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Call after consuming a line break; `offset` is the first byte of the new line.
    mutating func newLine(startingAt offset: Int) {
        line += 1
        lineStart = offset
        cachedOffset = offset
        cachedColumn = 1
    }

    /// The location of `offset`, which must lie on the current line.
    mutating func location(at offset: Int) -> SourceLocation {
        if offset < cachedOffset {
            cachedOffset = lineStart
            cachedColumn = 1
        }
        var column = cachedColumn
        for i in cachedOffset..<offset where bytes[i] & 0xC0 != 0x80 {
            column += 1
        }
        cachedOffset = offset
        cachedColumn = column
        return SourceLocation(line: line, column: column, offset: offset)
    }

    /// The location of any offset, found by counting from the start of the file.
    /// Only for the rare errors reported outside the scanner's forward walk.
    static func locate(_ offset: Int, in bytes: [UInt8]) -> SourceLocation {
        var tracker = LineTracker(bytes)
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            if bytes[i] == UInt8(ascii: "\n") || (bytes[i] == UInt8(ascii: "\r") && (i + 1 >= bytes.count || bytes[i + 1] != UInt8(ascii: "\n"))) {
                tracker.newLine(startingAt: i + 1)
            }
            i += 1
        }
        return tracker.location(at: end)
    }
}
