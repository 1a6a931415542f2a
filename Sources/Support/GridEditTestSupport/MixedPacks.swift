import Foundation
import GridEditCore
import Synchronization

/// A tree of generated packs under `puzzles/`, the same for the same seed on every machine: the
/// check cache's tests run a few hundred puzzles of it and `gridedit-bench check` 10,000 to a
/// million. Packs of ``packSize`` puzzles mix 4×4, 6×6 and 9×9 Sudoku (made by Core's
/// `SudokuGenerator`, then varied by relabelling digits and reordering bands, rows, stacks and
/// columns, so each file is different) and tangram figures (Core's `TangramRandomArrangement`).
public enum MixedPacks {
    public static let packSize = 100

    /// Sudoku bases generated once per size and seed (generation is the slow part), kept for
    /// the next tree of the same seed.
    static func bases(seed: UInt64) -> [SudokuGrid] {
        if let known = generatedBases.withLock({ $0[seed] }) { return known }
        let made = makeBases(seed: seed)
        generatedBases.withLock { $0[seed] = made }
        return made
    }

    private static let generatedBases = Mutex<[UInt64: [SudokuGrid]]>([:])

    static func makeBases(seed: UInt64) -> [SudokuGrid] {
        var bases: [SudokuGrid] = []
        for size in [SudokuSize.four, .six, .nine] {
            let options = SudokuGenerator.Options(size: size, tier: size == .four ? .easy : .medium, seed: seed)
            for result in SudokuGenerator.generate(options, count: 4, jobs: 2) {
                if case .success(let generated) = result { bases.append(generated.givens) }
            }
        }
        return bases
    }

    /// The text of puzzle `index` (its id is `p-<index>`).
    static func puzzle(_ index: Int, bases: [SudokuGrid], seed: UInt64) -> (text: String, difficulty: Difficulty) {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index))
        let metadata = { (difficulty: Difficulty) in
            PuzzleMetadata(id: "p-\(index)", name: "Puzzle \(index)", difficulty: difficulty,
                           createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z")
        }
        // About one in six a tangram figure, the rest Sudoku of the three sizes.
        if random.below(6) == 0 {
            let mixed = random.below(2) == 0
            let poses = TangramRandomArrangement.make(using: &random, mixed: mixed)
            let puzzle = TangramPuzzle(metadata: metadata(.medium), pieces: poses)
            return (PuzzleDocument(puzzle: puzzle).canonicalText(), .medium)
        }
        let base = bases[random.below(bases.count)]
        let difficulty: Difficulty = base.size == .four ? .easy : .medium
        let puzzle = SudokuPuzzle(metadata: metadata(difficulty), givens: varied(base, &random))
        return (PuzzleDocument(puzzle: puzzle).canonicalText(), difficulty)
    }

    /// The same puzzle in disguise: digits renamed, bands and the rows in each reordered,
    /// stacks and the columns in each reordered. Still valid, still one solution.
    static func varied(_ grid: SudokuGrid, _ random: inout SplitMix64) -> SudokuGrid {
        let n = grid.size.rawValue
        let (boxRows, boxColumns) = switch grid.size { case .four: (2, 2); case .six: (2, 3); case .nine: (3, 3) }
        func order(groups: Int, each: Int) -> [Int] {
            var bands = Array(0..<groups)
            random.shuffle(&bands)
            return bands.flatMap { band -> [Int] in
                var lines = Array(0..<each).map { band * each + $0 }
                random.shuffle(&lines)
                return lines
            }
        }
        let rows = order(groups: n / boxRows, each: boxRows)
        let columns = order(groups: n / boxColumns, each: boxColumns)
        var digits = Array(1...n).map(UInt8.init)
        random.shuffle(&digits)
        var cells = [UInt8](repeating: 0, count: n * n)
        for r in 0..<n {
            for c in 0..<n {
                let value = grid.cells[rows[r] * n + columns[c]]
                cells[r * n + c] = value == 0 ? 0 : digits[Int(value) - 1]
            }
        }
        return SudokuGrid(size: grid.size, cells: cells)!
    }

    /// Writes `count` puzzles into packs of `packSize` `puzzles/pack-NNNNN/` under `folder`; returns the paths
    /// of the puzzle files, in order.
    @discardableResult
    public static func write(count: Int, seed: UInt64, packSize: Int = packSize, into folder: URL) throws -> [URL] {
        let bases = bases(seed: seed)
        var files: [URL] = []
        files.reserveCapacity(count)
        var start = 0
        while start < count {
            let end = min(count, start + packSize)
            let pack = folder.appendingPathComponent("puzzles/pack-\(String(format: "%05d", start / packSize))")
            try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
            var entries: [(name: String, difficulty: Difficulty)] = []
            for index in start..<end {
                let (text, difficulty) = puzzle(index, bases: bases, seed: seed)
                let name = "p-\(String(format: "%07d", index)).json"
                let url = pack.appendingPathComponent(name)
                try Data(text.utf8).write(to: url)
                files.append(url)
                entries.append((name, difficulty))
            }
            // Listed from easy to hard, as pack.difficulty-order asks.
            let listed = entries.enumerated().sorted { ($0.element.difficulty, $0.offset) < ($1.element.difficulty, $1.offset) }.map(\.element.name)
            let manifest = PackManifest(id: "pack-\(start / packSize)", title: "Pack \(start / packSize)", description: "generated",
                                        ageRange: 4...10, puzzles: listed)
            try Data(manifest.canonicalText().utf8).write(to: pack.appendingPathComponent(PackManifest.fileName))
            start = end
        }
        return files
    }
}
