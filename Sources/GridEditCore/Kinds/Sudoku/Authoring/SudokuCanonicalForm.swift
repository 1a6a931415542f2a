/// The canonical form of a Sudoku up to the symmetries that keep it the same puzzle: digits
/// relabelled, rows swapped within a band, bands swapped, columns swapped within a stack,
/// stacks swapped and, when boxes are square (4×4, 9×9), the grid transposed. Two puzzles are
/// the same puzzle in disguise exactly when their canonical forms are equal.
///
/// The form is the smallest of all the equivalent grids, read row by row, where a given
/// counts as smaller than an empty cell and digits are renamed 1, 2, 3… in order of first
/// appearance. It is found row by row, keeping every transformation still tied for the
/// smallest rows so far, so the answer is exact.
public enum SudokuCanonicalForm {
    /// The canonical grid (digits renamed from 1 in reading order).
    ///
    /// Every check of a changed puzzle file works this out (the pack's duplicate rule), so the
    /// search is kept free of allocation: a candidate is a few integers, rows chosen are a bit
    /// set, digit names a `SIMD16`, and a row's keys are compared with the best row so far as
    /// they are made, giving up at the first key that is worse.
    public static func of(_ grid: SudokuGrid) -> SudokuGrid {
        let size = grid.size
        let n = size.rawValue
        let clues = grid.cells.filter { $0 != 0 }.count
        guard clues > 0 else { return grid }
        let empty = UInt8(n + 1)  // sorts after every digit

        struct Candidate {
            var source: Int          // 0: the grid, n * n: its transpose (an offset into `cells`)
            var columns: Int         // offset of the column order in `orders`
            var usedRows: Int = 0    // bit r: source row r chosen
            var lastRow = 0
            var labels = SIMD16<UInt8>()  // source digit → new digit (0: not yet named)
            var nextLabel: UInt8 = 1
            var cluesSoFar = 0
        }

        // The grid then its transpose, and every column order, flat.
        var cells = grid.cells
        let transposes = size.boxRows == size.boxColumns
        if transposes { for i in 0..<(n * n) { cells.append(grid.cells[(i % n) * n + i / n]) } }
        let orders = flatColumnOrders(size)
        let orderCount = orders.count / n
        let bandHeight = size.boxRows
        let bandMask = (1 << bandHeight) - 1

        var frontier: [Candidate] = []
        frontier.reserveCapacity((transposes ? 2 : 1) * orderCount)
        for source in transposes ? [0, n * n] : [0] {
            for order in 0..<orderCount { frontier.append(Candidate(source: source, columns: order * n)) }
        }
        var next: [Candidate] = []
        var result: [UInt8] = []
        result.reserveCapacity(n * n)
        var best = [UInt8](repeating: 0, count: n)
        var keys = [UInt8](repeating: 0, count: n)
        cells.withUnsafeBufferPointer { cells in
            orders.withUnsafeBufferPointer { orders in
                for target in 0..<n {
                    var hasBest = false
                    next.removeAll(keepingCapacity: true)
                    for candidate in frontier {
                        // Rows that may come next: at a band's start any row of an unused band;
                        // inside a band, the band's unused rows.
                        var allowed = 0
                        if target % bandHeight == 0 {
                            for band in 0..<(n / bandHeight) where (candidate.usedRows >> (band * bandHeight)) & bandMask == 0 {
                                allowed |= bandMask << (band * bandHeight)
                            }
                        } else {
                            let band = candidate.lastRow / bandHeight
                            allowed = (bandMask << (band * bandHeight)) & ~candidate.usedRows
                        }
                        while allowed != 0 {
                            let row = allowed.trailingZeroBitCount
                            allowed &= allowed - 1
                            var extended = candidate
                            var tied = hasBest  // still equal to the best row so far
                            var worse = false
                            let base = candidate.source + row * n
                            for j in 0..<n {
                                let v = Int(cells[base + orders[candidate.columns + j]])
                                var key = empty
                                if v != 0 {
                                    if extended.labels[v] == 0 {
                                        extended.labels[v] = extended.nextLabel
                                        extended.nextLabel += 1
                                    }
                                    key = extended.labels[v]
                                    extended.cluesSoFar += 1
                                }
                                if tied {
                                    if key > best[j] { worse = true; break }
                                    if key < best[j] { tied = false }
                                }
                                keys[j] = key
                            }
                            if worse { continue }
                            extended.usedRows |= 1 << row
                            extended.lastRow = row
                            if !tied {
                                // Strictly smaller than every row so far (or the first).
                                swap(&best, &keys)
                                hasBest = true
                                next.removeAll(keepingCapacity: true)
                            }
                            next.append(extended)
                        }
                    }
                    result += best
                    swap(&frontier, &next)
                    // Every clue placed: the remaining rows are empty whichever way they are ordered.
                    if frontier[0].cluesSoFar == clues {
                        result += repeatElement(empty, count: n * (n - target - 1))
                        break
                    }
                }
            }
        }
        return SudokuGrid(size: size, uncheckedCells: result.map { $0 == empty ? 0 : $0 })
    }

    /// The canonical form as a line, with the size: a key for finding duplicates.
    public static func key(_ grid: SudokuGrid) -> String { of(grid).line }

    static let flatFour = orders(count: 4, group: 2).flatMap { $0 }
    static let flatSix = orders(count: 6, group: 3).flatMap { $0 }
    static let flatNine = orders(count: 9, group: 3).flatMap { $0 }

    /// The column orders one after another, `size` source columns each.
    static func flatColumnOrders(_ size: SudokuSize) -> [Int] {
        switch size {
        case .four: flatFour
        case .six: flatSix
        case .nine: flatNine
        }
    }

    /// Every order of `count` columns that keeps groups of `group` together (stacks), each
    /// listing the source column for each target column.
    static func orders(count: Int, group: Int) -> [[Int]] {
        let groups = count / group
        var result: [[Int]] = []
        for groupOrder in permutations(Array(0..<groups)) {
            var partial: [[Int]] = [[]]
            for g in groupOrder {
                let inside = permutations(Array(g * group..<(g + 1) * group))
                partial = partial.flatMap { prefix in inside.map { prefix + $0 } }
            }
            result += partial
        }
        return result
    }

    static func permutations(_ items: [Int]) -> [[Int]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { i -> [[Int]] in
            var rest = items
            let first = rest.remove(at: i)
            return permutations(rest).map { [first] + $0 }
        }
    }
}
