import GridEditCore
import GridEditGeometry

/// Which arrangement of a Tangram the piece commands act on: the solution (`pieces` in the file)
/// or the start positions (`tray`).
public enum Layer: String, Sendable, Hashable, CaseIterable {
    case solution, tray
}

/// What an open document holds, kind by kind: the part of the editor state that a save writes
/// (plus the Sudoku working grid, which is saved only as a complete solution).
public enum EditorContent: Sendable, Hashable {
    case tangram(TangramContent)
    case sudoku(SudokuContent)

    public var metadata: PuzzleMetadata {
        get {
            switch self {
            case .tangram(let t): t.metadata
            case .sudoku(let s): s.metadata
            }
        }
        set {
            switch self {
            case .tangram(var t): t.metadata = newValue; self = .tangram(t)
            case .sudoku(var s): s.metadata = newValue; self = .sudoku(s)
            }
        }
    }

    /// `tangram` or `sudoku`.
    public var kindName: String {
        switch self {
        case .tangram: TangramKind.name
        case .sudoku: SudokuKind.name
        }
    }

    public var tangram: TangramContent? {
        if case .tangram(let t) = self { return t }
        return nil
    }

    public var sudoku: SudokuContent? {
        if case .sudoku(let s) = self { return s }
        return nil
    }
}

/// A Tangram being edited: both arrangements as ordered lists of poses, the silhouette as loaded.
public struct TangramContent: Sendable, Hashable {
    public var metadata: PuzzleMetadata
    /// The target arrangement, saved as `pieces`.
    public var solution: [Pose]
    /// Start positions, saved as `tray` (left out when empty).
    public var tray: [Pose]
    public var silhouette: [Polygon]?

    public init(metadata: PuzzleMetadata, solution: [Pose], tray: [Pose] = [], silhouette: [Polygon]? = nil) {
        self.metadata = metadata
        self.solution = solution
        self.tray = tray
        self.silhouette = silhouette
    }

    public subscript(layer: Layer) -> [Pose] {
        get { layer == .solution ? solution : tray }
        set { if layer == .solution { solution = newValue } else { tray = newValue } }
    }

    /// The puzzle as a file stores it: `pieces` is left out only for a silhouette-only puzzle
    /// with nothing placed (a tangram needs `pieces`, `silhouette` or both).
    public var puzzle: TangramPuzzle {
        let pieces: [Pose]? = solution.isEmpty && silhouette != nil ? nil : solution
        return TangramPuzzle(metadata: metadata, pieces: pieces, silhouette: silhouette,
                             tray: tray.isEmpty ? nil : tray)
    }
}

/// A Sudoku being edited: the givens (what the file stores), the stored solution, and the
/// working grid: the givens plus the digits entered with `set`, as a child would play them.
public struct SudokuContent: Sendable, Hashable {
    public var metadata: PuzzleMetadata
    public var givens: SudokuGrid
    public var solution: SudokuGrid?
    /// Givens and entered digits together.
    public var grid: SudokuGrid

    public init(metadata: PuzzleMetadata, givens: SudokuGrid, solution: SudokuGrid? = nil, grid: SudokuGrid? = nil) {
        self.metadata = metadata
        self.givens = givens
        self.solution = solution
        self.grid = grid ?? givens
    }

    public var size: SudokuSize { givens.size }

    /// Whether a cell (row-major index) holds a given.
    public func isGiven(_ index: Int) -> Bool { givens.cells[index] != 0 }

    /// Cells holding an entered (not given) digit.
    public var enteredCells: [Int] {
        grid.cells.indices.filter { grid.cells[$0] != 0 && givens.cells[$0] == 0 }
    }

    /// The working grid is full, free of conflicts and keeps every given: it solves the puzzle.
    public var gridSolvesPuzzle: Bool {
        grid.isFull && grid.conflicts.isEmpty && zip(givens.cells, grid.cells).allSatisfy { $0 == 0 || $0 == $1 }
    }

    public var puzzle: SudokuPuzzle {
        var puzzle = SudokuPuzzle(metadata: metadata, givens: givens, solution: solution)
        puzzle.currentState = grid
        return puzzle
    }
}

// MARK: Documents

extension EditorContent {
    /// The editor's view of a loaded puzzle; nil for a kind the editor does not know.
    public init?(document: PuzzleDocument) {
        switch document.puzzle {
        case let tangram as TangramPuzzle:
            self = .tangram(TangramContent(metadata: tangram.metadata, solution: tangram.pieces ?? [],
                                           tray: tangram.tray ?? [], silhouette: tangram.silhouette))
        case let sudoku as SudokuPuzzle:
            self = .sudoku(SudokuContent(metadata: sudoku.metadata, givens: sudoku.givens, solution: sudoku.solution))
        default:
            return nil
        }
    }

    /// The file form of the content.
    public func document(schemaReference: String?) -> PuzzleDocument {
        switch self {
        case .tangram(let t): PuzzleDocument(puzzle: t.puzzle, schemaReference: schemaReference)
        case .sudoku(let s): PuzzleDocument(puzzle: s.puzzle, schemaReference: schemaReference)
        }
    }

    /// What a save writes differs: everything but the Sudoku working grid, which only counts
    /// through the solution it may become.
    func fileFieldsEqual(_ other: EditorContent) -> Bool {
        switch (self, other) {
        case (.tangram(let a), .tangram(let b)): a == b
        case (.sudoku(let a), .sudoku(let b)):
            a.metadata == b.metadata && a.givens == b.givens && a.solution == b.solution
        default: false
        }
    }
}
