/// Symmetries of the pattern of givens (where the givens are, not which digits), as designers
/// use them: a puzzle "has rot180 symmetry" when turning the grid half a turn maps every given
/// cell onto a given cell.
///
/// For the editor's sticky symmetry mode: `orbit(of:size:)` lists the cells that must be given
/// (or emptied) together so the pattern keeps the symmetry.
public enum SudokuSymmetry: String, Sendable, Hashable, CaseIterable {
    case none
    /// Half a turn about the centre.
    case rot180
    /// Quarter turns about the centre (implies rot180).
    case rot90
    /// Mirror image across the vertical centre line (left ↔ right).
    case leftRight = "left-right"
    /// Mirror image across the horizontal centre line (top ↔ bottom).
    case topBottom = "top-bottom"
    /// Mirror image across the main diagonal (r1c1 to r9c9).
    case diagonal
    /// Mirror image across the other diagonal (r1c9 to r9c1).
    case antiDiagonal = "anti-diagonal"
    /// All eight turns and mirror images at once.
    case dihedral

    /// The maps that generate the symmetry's group, as functions of (row, column) on an n×n grid.
    func generators(_ n: Int) -> [(Int, Int) -> (Int, Int)] {
        let m = n - 1
        let rot90: (Int, Int) -> (Int, Int) = { r, c in (c, m - r) }
        let rot180: (Int, Int) -> (Int, Int) = { r, c in (m - r, m - c) }
        let leftRight: (Int, Int) -> (Int, Int) = { r, c in (r, m - c) }
        let topBottom: (Int, Int) -> (Int, Int) = { r, c in (m - r, c) }
        let diagonal: (Int, Int) -> (Int, Int) = { r, c in (c, r) }
        let antiDiagonal: (Int, Int) -> (Int, Int) = { r, c in (m - c, m - r) }
        switch self {
        case .none: return []
        case .rot180: return [rot180]
        case .rot90: return [rot90]
        case .leftRight: return [leftRight]
        case .topBottom: return [topBottom]
        case .diagonal: return [diagonal]
        case .antiDiagonal: return [antiDiagonal]
        case .dihedral: return [rot90, leftRight]
        }
    }

    /// The cells that go together with `cell` under this symmetry (the cell itself included),
    /// sorted row by row.
    public func orbit(of cell: SudokuCell, size: SudokuSize) -> [SudokuCell] {
        let maps = generators(size.rawValue)
        var seen: Set<SudokuCell> = [cell]
        var queue = [cell]
        while let current = queue.popLast() {
            for map in maps {
                let (r, c) = map(current.row, current.column)
                let image = SudokuCell(row: r, column: c)
                if seen.insert(image).inserted { queue.append(image) }
            }
        }
        return seen.sorted()
    }

    /// Every orbit of the grid, each once, in row-major order of their first cells.
    public func orbits(size: SudokuSize) -> [[SudokuCell]] {
        let n = size.rawValue
        var covered = Set<SudokuCell>()
        var result: [[SudokuCell]] = []
        for r in 0..<n {
            for c in 0..<n where !covered.contains(SudokuCell(row: r, column: c)) {
                let orbit = orbit(of: SudokuCell(row: r, column: c), size: size)
                covered.formUnion(orbit)
                result.append(orbit)
            }
        }
        return result
    }

    /// Whether the pattern of givens of `grid` has this symmetry.
    public func holds(for grid: SudokuGrid) -> Bool {
        let n = grid.size.rawValue
        for map in generators(n) {
            for r in 0..<n {
                for c in 0..<n {
                    let (r2, c2) = map(r, c)
                    if (grid[r, c] == 0) != (grid[r2, c2] == 0) { return false }
                }
            }
        }
        return true
    }

    /// The symmetries the pattern of givens has, from `dihedral` down; `[.none]` when it has none.
    /// An empty or full grid has them all.
    public static func detect(_ grid: SudokuGrid) -> [SudokuSymmetry] {
        let found = [SudokuSymmetry.dihedral, .rot90, .rot180, .leftRight, .topBottom, .diagonal, .antiDiagonal]
            .filter { $0.holds(for: grid) }
        return found.isEmpty ? [.none] : found
    }
}
