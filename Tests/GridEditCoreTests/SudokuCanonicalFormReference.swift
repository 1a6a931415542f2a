import GridEditCore

/// The canonical form as it was first written: the same row-by-row search as
/// ``SudokuCanonicalForm``, in plain arrays, with none of the fast one's bit sets and buffers.
/// Kept as the tests' oracle: the two must give the same grid for every puzzle.
/// (Original documentation:) The canonical form of a Sudoku up to the symmetries that keep it the same puzzle: digits
/// relabelled, rows swapped within a band, bands swapped, columns swapped within a stack,
/// stacks swapped and, when boxes are square (4×4, 9×9), the grid transposed. Two puzzles are
/// the same puzzle in disguise exactly when their canonical forms are equal.
///
/// The form is the smallest of all the equivalent grids, read row by row, where a given
/// counts as smaller than an empty cell and digits are renamed 1, 2, 3… in order of first
/// appearance. It is found row by row, keeping every transformation still tied for the
/// smallest rows so far, so the answer is exact.
enum ReferenceCanonicalForm {
    /// The canonical grid (digits renamed from 1 in reading order).
    static func of(_ grid: SudokuGrid) -> SudokuGrid {
        let size = grid.size
        let n = size.rawValue
        let clues = grid.cells.filter { $0 != 0 }.count
        guard clues > 0 else { return grid }
        let empty = n + 1  // sorts after every digit

        struct Candidate {
            var transposed: Bool
            var columns: Int        // index into the column orders
            var rows: [Int]         // source rows chosen so far
            var labels: [Int]       // source digit → new digit (0: not yet named)
            var nextLabel: Int
            var cluesSoFar: Int
        }

        let columnOrders = columnOrders(size)
        let transpositions = size.boxRows == size.boxColumns ? [false, true] : [false]
        let bandHeight = size.boxRows

        func value(_ c: Candidate, _ row: Int, _ column: Int) -> Int {
            Int(c.transposed ? grid[column, row] : grid[row, column])
        }

        /// The keys of `row` placed next for candidate `c`, and the candidate extended; nil as
        /// soon as the row is worse than `best`.
        func extend(_ c: Candidate, with row: Int, against best: [Int]?) -> ([Int], Candidate)? {
            var next = c
            var keys: [Int] = []
            keys.reserveCapacity(n)
            var stillTied = best != nil
            for j in 0..<n {
                let v = value(c, row, columnOrders[c.columns][j])
                var key = empty
                if v != 0 {
                    if next.labels[v] == 0 {
                        next.labels[v] = next.nextLabel
                        next.nextLabel += 1
                    }
                    key = next.labels[v]
                    next.cluesSoFar += 1
                }
                if stillTied, let best {
                    if key > best[j] { return nil }
                    if key < best[j] { stillTied = false }
                }
                keys.append(key)
            }
            next.rows.append(row)
            return (keys, next)
        }

        var frontier: [Candidate] = []
        for transposed in transpositions {
            for columns in columnOrders.indices {
                frontier.append(Candidate(transposed: transposed, columns: columns, rows: [],
                                          labels: Array(repeating: 0, count: n + 1), nextLabel: 1, cluesSoFar: 0))
            }
        }
        var result: [Int] = []
        for target in 0..<n {
            var best: [Int]?
            var next: [Candidate] = []
            for candidate in frontier {
                for row in choices(for: target, after: candidate.rows, n: n, bandHeight: bandHeight) {
                    guard let (keys, extended) = extend(candidate, with: row, against: best) else { continue }
                    if best == nil || keys.lexicographicallyPrecedes(best!) {
                        best = keys
                        next = [extended]
                    } else {
                        next.append(extended)
                    }
                }
            }
            result += best!
            frontier = next
            // Every clue placed: the remaining rows are empty whichever way they are ordered.
            if frontier[0].cluesSoFar == clues {
                result += Array(repeating: empty, count: n * (n - target - 1))
                break
            }
        }
        return SudokuGrid(size: size, cells: result.map { $0 == empty ? 0 : UInt8($0) })!
    }

    /// Source rows that may come at position `target`, given the rows chosen before it: a new
    /// band starts with any row of an unused band; inside a band, any unused row of it.
    static func choices(for target: Int, after chosen: [Int], n: Int, bandHeight: Int) -> [Int] {
        if target % bandHeight == 0 {
            let usedBands = Set(chosen.map { $0 / bandHeight })
            return (0..<n).filter { !usedBands.contains($0 / bandHeight) }
        }
        let band = chosen.last! / bandHeight
        return (band * bandHeight..<(band + 1) * bandHeight).filter { !chosen.contains($0) }
    }

    static let ordersBySize = Dictionary(uniqueKeysWithValues: SudokuSize.allCases.map { size in
        (size, orders(count: size.rawValue, group: size.boxColumns))
    })

    static func columnOrders(_ size: SudokuSize) -> [[Int]] { ordersBySize[size]! }

    /// Every order of `count` columns that keeps groups of `group` together (stacks), each
    /// listing the source column for each target column: built column by column as the rows
    /// are chosen (a stack starts with any column of an unused stack, then that stack's unused
    /// columns), not as the product builds them.
    static func orders(count: Int, group: Int) -> [[Int]] {
        (0..<count).reduce([[Int]]([[]])) { orders, target in
            orders.flatMap { prefix in
                choices(for: target, after: prefix, n: count, bandHeight: group).map { prefix + [$0] }
            }
        }
    }
}
