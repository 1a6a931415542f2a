/// The one-line form other Sudoku tools exchange: cells row by row, 16, 36 or 81 characters,
/// `.` or `0` for an empty cell.
extension SudokuGrid {
    public enum LineFormatError: Error, Equatable, CustomStringConvertible {
        case length(Int)
        case character(Character, position: Int)

        public var description: String {
            switch self {
            case .length(let n):
                "a line must have 16, 36 or 81 cells (4×4, 6×6, 9×9); this one has \(n)"
            case .character(let c, let position):
                "character \(position + 1) is \"\(c)\": use a digit for the size or . or 0 for an empty cell"
            }
        }
    }

    /// Parses one line; surrounding white space is ignored.
    public init(line: some StringProtocol) throws(LineFormatError) {
        let chars = Array(line.trimmingWhitespace())
        guard let size = SudokuSize(cellCount: chars.count) else { throw .length(chars.count) }
        var cells: [UInt8] = []
        cells.reserveCapacity(chars.count)
        for (i, c) in chars.enumerated() {
            if c == "." || c == "0" { cells.append(0); continue }
            guard let d = c.wholeNumberValue, c.isASCII, (1...size.rawValue).contains(d) else {
                throw .character(c, position: i)
            }
            cells.append(UInt8(d))
        }
        self.size = size
        self.cells = cells
    }

    /// The grid as one line with `.` for empty cells.
    public var line: String { rowStrings.joined() }
}

extension StringProtocol {
    func trimmingWhitespace() -> Substring {
        let s = Substring(self)
        guard let start = s.firstIndex(where: { !$0.isWhitespace }),
              let end = s.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return s[start...end]
    }
}
