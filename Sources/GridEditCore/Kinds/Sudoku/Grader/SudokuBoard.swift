import Synchronization

/// The grader's working state: the digits placed so far and, for every empty cell, the digits
/// still possible there (its candidates, what players write as pencil marks). Digits are 1…n;
/// candidate masks use bit `d - 1`.
struct SudokuBoard: Sendable, Equatable {
    let geometry: SudokuGeometry
    var values: [UInt8]
    var candidates: [UInt16]
    /// Whether steps carry their explanation; off where only the grade matters (check rules,
    /// the generator), which saves most of the grader's time on easy puzzles.
    var explains = true
    /// Whether the puzzle is known to have exactly one solution. Only then may the uniqueness
    /// techniques (unique rectangles, BUG+1) be used: they assume it. `SudokuGrader.grade`
    /// knows (it counts the solutions first); other callers say so explicitly.
    var knownUnique = false
    /// Which cells hold a given, a digit of the puzzle rather than one placed while solving.
    /// Avoidable rectangles reason about solved cells only: swapping placed digits gives
    /// another solution, swapping givens does not. When unsure, a digit counts as a given,
    /// which only ever hides an avoidable rectangle.
    var isGiven: [Bool]
    /// Set when the step being looked for is no longer wanted (see ``SudokuGrader``'s two
    /// threads): the slow searches check it and give up.
    var stop: GraderStop?
    var isStopped: Bool { stop?.isSet ?? false }

    static func == (a: SudokuBoard, b: SudokuBoard) -> Bool { a.values == b.values && a.candidates == b.candidates }

    /// The grid's digits, with every empty cell's candidates reduced by the digits its row,
    /// column and box already hold.
    init(_ grid: SudokuGrid) {
        geometry = SudokuGeometry.of(grid.size)
        values = grid.cells
        candidates = Array(repeating: 0, count: geometry.cellCount)
        isGiven = values.map { $0 != 0 }
        for cell in 0..<geometry.cellCount where values[cell] == 0 {
            var mask = geometry.allDigits
            for peer in geometry.peers[cell] where values[peer] != 0 { mask &= ~Self.bit(Int(values[peer])) }
            candidates[cell] = mask
        }
    }

    /// A board with the candidates given outright (for technique tests and pencil marks).
    /// `givens` says which digits are the puzzle's; by default all of them are.
    init(size: SudokuSize, values: [UInt8], candidates: [UInt16], givens: [Bool]? = nil) {
        geometry = SudokuGeometry.of(size)
        self.values = values
        self.candidates = candidates
        isGiven = givens ?? values.map { $0 != 0 }
    }

    var n: Int { geometry.n }
    var grid: SudokuGrid { SudokuGrid(size: geometry.size, uncheckedCells: values) }
    var isSolved: Bool { !values.contains(0) }

    @inline(__always) static func bit(_ digit: Int) -> UInt16 { 1 << (digit - 1) }

    /// A step's explanation, built only when the board explains.
    func say(_ text: @autoclosure () -> String) -> String { explains ? text() : "" }

    @inline(__always) func has(_ cell: Int, _ digit: Int) -> Bool { candidates[cell] & Self.bit(digit) != 0 }

    /// Empty cells of a unit where `digit` is still possible.
    func cells(in unit: Int, with digit: Int) -> [Int] {
        geometry.units[unit].filter { candidates[$0] & Self.bit(digit) != 0 }
    }

    /// Each digit's places (empty cells where it is possible) as a cell mask: `[d - 1]`, bit c
    /// for cell c. One scan of the board, for the searches that work on masks.
    var placeMasks: [UInt128] {
        var places = [UInt128](repeating: 0, count: n)
        for cell in 0..<geometry.cellCount where values[cell] == 0 {
            var mask = candidates[cell]
            while mask != 0 {
                places[mask.trailingZeroBitCount] |= UInt128(1) << cell
                mask &= mask - 1
            }
        }
        return places
    }

    /// How many empty cells of a unit can still take `digit`, and the first of them (-1 when
    /// none): `cells(in:with:)` without building the list, for the hot loops.
    func count(in unit: Int, with digit: Int) -> (count: Int, first: Int) {
        var count = 0, first = -1
        let bit = Self.bit(digit)
        for cell in geometry.units[unit] where candidates[cell] & bit != 0 {
            if count == 0 { first = cell }
            count += 1
        }
        return (count, first)
    }

    /// The digits already placed in a unit, as a mask.
    func placed(in unit: Int) -> UInt16 {
        var mask: UInt16 = 0
        for cell in geometry.units[unit] where values[cell] != 0 { mask |= Self.bit(Int(values[cell])) }
        return mask
    }

    /// A cell or digit set that can no longer be right: an empty cell without candidates, or
    /// a digit missing from a unit with no cell left for it.
    var hasContradiction: Bool {
        for cell in 0..<geometry.cellCount where values[cell] == 0 && candidates[cell] == 0 { return true }
        for unit in geometry.units.indices {
            var possible = placed(in: unit)
            for cell in geometry.units[unit] { possible |= candidates[cell] }
            if possible != geometry.allDigits { return true }
        }
        return false
    }

    mutating func place(_ cell: Int, _ digit: Int) {
        values[cell] = UInt8(digit)
        candidates[cell] = 0
        let bit = Self.bit(digit)
        for peer in geometry.peers[cell] { candidates[peer] &= ~bit }
    }

    mutating func apply(_ step: SudokuStep) {
        for elimination in step.eliminations {
            candidates[index(elimination.cell)] &= ~Self.bit(elimination.digit)
        }
        for placement in step.placements { place(index(placement.cell), placement.digit) }
    }

    // MARK: Cells and words

    func cell(_ index: Int) -> SudokuCell { SudokuCell(row: index / n, column: index % n) }
    func index(_ cell: SudokuCell) -> Int { cell.row * n + cell.column }

    /// Digits of a mask, ascending.
    static func digits(_ mask: UInt16) -> [Int] {
        var result: [Int] = []
        var m = mask
        while m != 0 {
            result.append(m.trailingZeroBitCount + 1)
            m &= m - 1
        }
        return result
    }

    func name(_ index: Int) -> String { cell(index).description }

    /// "r1c2", "r1c2 and r1c5", "r1c2, r1c5 and r1c7".
    func names(_ indices: [Int]) -> String { Words.list(indices.map(name)) }

    /// Eliminations as a step wants them, sorted by cell then digit.
    func eliminations(_ pairs: [(cell: Int, digit: Int)]) -> [SudokuCellDigit] {
        var seen = Set<Int>()
        return pairs.filter { seen.insert($0.cell * 16 + $0.digit).inserted }
            .sorted { ($0.cell, $0.digit) < ($1.cell, $1.digit) }
            .map { SudokuCellDigit(cell: cell($0.cell), digit: $0.digit) }
    }

    /// "4 from r1c7 and r1c9, 8 from r1c9".
    func removalText(_ eliminations: [SudokuCellDigit]) -> String {
        var byDigit: [Int: [String]] = [:]
        for e in eliminations { byDigit[e.digit, default: []].append(e.cell.description) }
        return byDigit.keys.sorted().map { "\($0) from \(Words.list(byDigit[$0]!))" }.joined(separator: ", ")
    }
}

/// A flag one thread sets and others read: the grader's searches give up once it is set.
final class GraderStop: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .relaxed) }
    var isSet: Bool { flag.load(ordering: .relaxed) }
}

enum Words {
    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String], conjunction: String = "and") -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
        }
    }

    static func digits(_ mask: UInt16, conjunction: String = "and") -> String {
        list(SudokuBoard.digits(mask).map(String.init), conjunction: conjunction)
    }
}
