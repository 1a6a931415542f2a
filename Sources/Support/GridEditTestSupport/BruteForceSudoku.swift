/// An independent Sudoku solution counter for tests: plain backtracking over the cell with the
/// fewest possible digits (row, column and box masks), written without any of gridedit's code,
/// so a test can check the product's solver, true candidates and redundant givens against
/// something else.
public struct BruteForceSudoku {
    public let n: Int
    let boxRows: Int, boxColumns: Int
    var cells: [Int]
    var rows: [Int], columns: [Int], boxes: [Int]
    /// Two equal digits share a unit in the input.
    public private(set) var hasConflict = false

    /// `line`: 16, 36 or 81 characters, a digit or `.`/`0` per cell.
    public init?(_ line: String) {
        self.init(digits: line.map { $0 == "." ? 0 : $0.wholeNumberValue ?? -1 })
    }

    /// `cells`: 16, 36 or 81 digits, 0 for an empty cell, row by row.
    public init?(cells: [UInt8]) {
        self.init(digits: cells.map(Int.init))
    }

    private init?(digits: [Int]) {
        guard !digits.contains(where: { $0 < 0 }) else { return nil }
        switch digits.count {
        case 16: (n, boxRows, boxColumns) = (4, 2, 2)
        case 36: (n, boxRows, boxColumns) = (6, 2, 3)
        case 81: (n, boxRows, boxColumns) = (9, 3, 3)
        default: return nil
        }
        cells = Array(repeating: 0, count: digits.count)
        rows = Array(repeating: 0, count: n)
        columns = rows
        boxes = rows
        for (i, d) in digits.enumerated() where d != 0 {
            guard d <= n, allowedMask(i) & (1 << d) != 0 else { hasConflict = true; continue }
            place(i, d)
        }
    }

    func box(_ i: Int) -> Int { (i / n) / boxRows * boxRows + (i % n) / boxColumns }

    func allowedMask(_ i: Int) -> Int {
        ~(rows[i / n] | columns[i % n] | boxes[box(i)]) & (((1 << n) - 1) << 1)
    }

    mutating func place(_ i: Int, _ d: Int) {
        cells[i] = d
        rows[i / n] |= 1 << d
        columns[i % n] |= 1 << d
        boxes[box(i)] |= 1 << d
    }

    mutating func take(_ i: Int) {
        let d = cells[i]
        cells[i] = 0
        rows[i / n] &= ~(1 << d)
        columns[i % n] &= ~(1 << d)
        boxes[box(i)] &= ~(1 << d)
    }

    /// Every solution up to `limit` (each as its digits, row-major); stops at the limit.
    public func solutions(limit: Int) -> [[Int]] {
        guard !hasConflict else { return [] }
        var copy = self
        var found: [[Int]] = []
        copy.search(limit: limit, into: &found)
        return found
    }

    private mutating func search(limit: Int, into found: inout [[Int]]) {
        var best = -1, bestMask = 0, bestCount = Int.max
        for i in cells.indices where cells[i] == 0 {
            let mask = allowedMask(i)
            let count = mask.nonzeroBitCount
            if count == 0 { return }
            if count < bestCount { (best, bestMask, bestCount) = (i, mask, count) }
            if count == 1 { break }
        }
        guard best >= 0 else {
            found.append(cells)
            return
        }
        for d in 1...n where bestMask & (1 << d) != 0 {
            place(best, d)
            search(limit: limit, into: &found)
            take(best)
            if found.count >= limit { return }
        }
    }

    /// The number of solutions, counted up to `limit`.
    public func count(limit: Int) -> Int { solutions(limit: limit).count }

    /// The solutions of `cells` (a grid of `size`), counted up to `limit`, and the first two.
    public static func count(size: Int, cells: [UInt8], limit: Int = 2) -> (count: Int, first: [Int]?, second: [Int]?) {
        guard let puzzle = BruteForceSudoku(cells: cells), puzzle.n == size else { return (0, nil, nil) }
        let found = puzzle.solutions(limit: limit)
        return (found.count, found.first, found.count > 1 ? found[1] : nil)
    }
}
