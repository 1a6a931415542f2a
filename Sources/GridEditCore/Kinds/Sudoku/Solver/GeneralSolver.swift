/// A plain candidate-mask solver for any box shape (4×4, 6×6, 9×9): naked and hidden singles,
/// then a branch on a cell with the fewest candidates. The 4×4 and 6×6 grids are small enough
/// that this is fast; 9×9 normally goes to `BitboardSolver9`. It also fills empty grids in a
/// random order for the generator.
struct GeneralSolver {
    let geometry: SudokuGeometry
    var limit = 2
    var keep = 2
    private(set) var count = 0
    private(set) var solutions: [[UInt8]] = []
    /// When set, branches try digits in a random order (for the generator).
    var random: SplitMix64?

    init(size: SudokuSize) { geometry = SudokuGeometry.of(size) }

    /// Counts solutions up to `limit`, keeping the first `keep`.
    mutating func solve(_ cells: [UInt8], limit: Int = 2, keep: Int = 2) -> Int {
        self.limit = max(1, limit)
        self.keep = keep
        count = 0
        solutions = []
        let n = geometry.n
        var masks = [UInt16](repeating: geometry.allDigits, count: geometry.cellCount)
        for (cell, value) in cells.enumerated() where value != 0 {
            guard Int(value) <= n else { return 0 }
            let bit = UInt16(1) << (value - 1)
            guard masks[cell] & bit != 0 else { return 0 }
            guard place(&masks, cell, bit) else { return 0 }
        }
        search(masks)
        return count
    }

    /// Sets `cell` to the single digit `bit` and removes it from the peers.
    private func place(_ masks: inout [UInt16], _ cell: Int, _ bit: UInt16) -> Bool {
        masks[cell] = bit
        for peer in geometry.peers[cell] where masks[peer] & bit != 0 {
            masks[peer] &= ~bit
            if masks[peer] == 0 { return false }
        }
        return true
    }

    /// Naked and hidden singles until nothing changes; false on a contradiction.
    private func propagate(_ masks: inout [UInt16], _ settled: inout [Bool]) -> Bool {
        var changed = true
        while changed {
            changed = false
            for cell in 0..<geometry.cellCount where !settled[cell] {
                let m = masks[cell]
                if m == 0 { return false }
                if m & (m - 1) == 0 {
                    settled[cell] = true
                    guard place(&masks, cell, m) else { return false }
                    changed = true
                }
            }
            for unit in geometry.units {
                var seen: UInt16 = 0, twice: UInt16 = 0
                for cell in unit {
                    twice |= seen & masks[cell]
                    seen |= masks[cell]
                }
                if seen != geometry.allDigits { return false }
                var once = seen & ~twice
                while once != 0 {
                    let bit = once & (0 &- once)
                    once ^= bit
                    for cell in unit where masks[cell] & bit != 0 {
                        if masks[cell] != bit {
                            masks[cell] = bit
                            changed = true
                        }
                        break
                    }
                }
            }
        }
        return true
    }

    private mutating func search(_ start: [UInt16]) {
        var masks = start
        // Cells already placed are placed again, harmlessly: the grids are small.
        var settled = [Bool](repeating: false, count: geometry.cellCount)
        guard propagate(&masks, &settled) else { return }
        var best = -1
        var bestCount = Int.max
        for cell in 0..<geometry.cellCount {
            let n = masks[cell].nonzeroBitCount
            if n > 1 && n < bestCount {
                best = cell
                bestCount = n
                if n == 2 { break }
            }
        }
        if best < 0 {
            if solutions.count < keep {
                solutions.append(masks.map { UInt8($0.trailingZeroBitCount + 1) })
            }
            count += 1
            return
        }
        var digits: [UInt16] = []
        var m = masks[best]
        while m != 0 {
            let bit = m & (0 &- m)
            m ^= bit
            digits.append(bit)
        }
        if var rng = random {
            rng.shuffle(&digits)
            random = rng
        }
        for bit in digits {
            var next = masks
            if place(&next, best, bit) { search(next) }
            if count >= limit { return }
        }
    }
}

/// Cells, units and peers of one grid size, computed once per size.
struct SudokuGeometry: Sendable {
    let size: SudokuSize
    let n: Int
    let cellCount: Int
    let allDigits: UInt16
    /// Rows, then columns, then boxes; each a list of cell indices.
    let units: [[Int]]
    /// The units of each cell: row, column, box (indices into `units`).
    let unitsOfCell: [[Int]]
    /// The other cells that share a unit with each cell.
    let peers: [[Int]]
    /// `sees[a * cellCount + b]`: a and b are different cells sharing a unit.
    let seesTable: [Bool]
    /// Each unit's cells, and each cell's peers, as masks (bit c for cell c), for the searches
    /// that work on masks.
    let unitMasks: [UInt128]
    let peerMasks: [UInt128]

    static let four = SudokuGeometry(size: .four)
    static let six = SudokuGeometry(size: .six)
    static let nine = SudokuGeometry(size: .nine)

    static func of(_ size: SudokuSize) -> SudokuGeometry {
        switch size {
        case .four: four
        case .six: six
        case .nine: nine
        }
    }

    private init(size: SudokuSize) {
        self.size = size
        let n = size.rawValue
        self.n = n
        cellCount = n * n
        allDigits = UInt16((1 << n) - 1)
        var units: [[Int]] = []
        for r in 0..<n { units.append((0..<n).map { r * n + $0 }) }
        for c in 0..<n { units.append((0..<n).map { $0 * n + c }) }
        let boxesAcross = n / size.boxColumns
        for b in 0..<n {
            let top = (b / boxesAcross) * size.boxRows
            let left = (b % boxesAcross) * size.boxColumns
            var cells: [Int] = []
            for r in top..<top + size.boxRows { for c in left..<left + size.boxColumns { cells.append(r * n + c) } }
            units.append(cells)
        }
        self.units = units
        var unitsOfCell = [[Int]](repeating: [], count: n * n)
        for (u, cells) in units.enumerated() { for cell in cells { unitsOfCell[cell].append(u) } }
        self.unitsOfCell = unitsOfCell
        let allUnits = units, cellUnits = unitsOfCell
        peers = (0..<n * n).map { cell in
            var set = Set<Int>()
            for u in cellUnits[cell] { set.formUnion(allUnits[u]) }
            set.remove(cell)
            return set.sorted()
        }
        var sees = [Bool](repeating: false, count: n * n * n * n)
        for cell in 0..<n * n { for peer in peers[cell] { sees[cell * n * n + peer] = true } }
        seesTable = sees
        unitMasks = units.map { $0.reduce(UInt128(0)) { $0 | UInt128(1) << $1 } }
        peerMasks = peers.map { $0.reduce(UInt128(0)) { $0 | UInt128(1) << $1 } }
    }

    func sees(_ a: Int, _ b: Int) -> Bool { seesTable[a &* cellCount &+ b] }

    /// "row 3", "column 5", "box 2" (boxes numbered row by row from the top left).
    func unitName(_ unit: Int) -> String {
        switch unit / n {
        case 0: "row \(unit + 1)"
        case 1: "column \(unit - n + 1)"
        default: "box \(unit - 2 * n + 1)"
        }
    }

    /// The unit index of a cell's row, column or box.
    func rowUnit(_ cell: Int) -> Int { cell / n }
    func columnUnit(_ cell: Int) -> Int { n + cell % n }
    func boxUnit(_ cell: Int) -> Int { unitsOfCell[cell][2] }

    func row(_ cell: Int) -> Int { cell / n }
    func column(_ cell: Int) -> Int { cell % n }
    func box(_ cell: Int) -> Int { unitsOfCell[cell][2] - 2 * n }
}
