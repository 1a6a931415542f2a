import Foundation
import GridEditCore

/// The file formats the renderer writes.
public enum RenderFormat: String, CaseIterable, Sendable {
    case png, svg, pdf

    /// The format a file name asks for by its extension (`card.PNG` → png), if any.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(rawValue: name[name.index(after: dot)...].lowercased())
    }
}

/// What to draw for one puzzle.
public struct RenderOptions: Sendable, Equatable {
    public enum Product: String, Sendable, CaseIterable {
        /// The puzzle's picture alone.
        case preview
        /// The shared puzzle card: thumbnail, title, difficulty, kind and size, pack and id.
        case card
    }

    public var product: Product
    /// Tangram: the pieces coloured by type. Sudoku: the stored solution's digits.
    public var solution: Bool
    /// Tangram, without `solution`: how much of the answer the child sees.
    public var hint: TangramHint
    /// Tangram, with `solution`: the silhouette drawn (at the `hint` level) behind the pieces, as a
    /// child playing sees the figure under the pieces put down so far.
    public var figureBehind = false
    /// With `figureBehind` at the `pieces` level: the pieces whose outlines are drawn in the figure
    /// (the designer's solution; the child's own pieces lie on top).
    public var figurePieces: [Pose] = []
    /// Tangram: the 8×8 play area with its unit grid.
    public var grid: Bool
    /// Sudoku: each empty cell's candidates (digits no given rules out).
    public var candidates: Bool
    /// PNG: the preview's side or the card's width, in pixels. SVG: the same in points. PDF
    /// previews: points; PDF cards always have the printed size. Nil: the style's size.
    public var size: Int?

    public init(product: Product = .preview, solution: Bool = false, hint: TangramHint = .shape, grid: Bool = false,
                candidates: Bool = false, size: Int? = nil) {
        self.product = product
        self.solution = solution
        self.hint = hint
        self.grid = grid
        self.candidates = candidates
        self.size = size
    }
}

/// The pack a puzzle belongs to, as a card shows it.
extension RenderOptions {
    /// The ways a child can be shown a puzzle, by name: each hint level, then the card.
    public static let childViews = TangramHint.allCases.map(\.rawValue) + ["card"]

    /// How to draw a child's view by its name (`shape`, `outline`, `pieces`, `card`): the card as
    /// a PNG twice `size` wide, a hint level as an SVG `size` wide. Nil for another name.
    public static func childView(_ name: String, size: Int) -> (RenderOptions, RenderFormat)? {
        if name == "card" { return (RenderOptions(product: .card, size: size * 3 / 4), .png) }
        guard let hint = TangramHint(rawValue: name) else { return nil }
        return (RenderOptions(hint: hint, size: size), .svg)
    }
}

public struct PackLabel: Sendable, Equatable {
    public var id: String
    public var title: String
    /// 1-based place in the pack's list, and the pack's length.
    public var position: Int?
    public var count: Int?

    public init(id: String, title: String, position: Int? = nil, count: Int? = nil) {
        self.id = id
        self.title = title
        self.position = position
        self.count = count
    }
}

/// A pack to print as a sheet booklet.
public struct SheetPack: Sendable {
    public var id: String
    public var title: String
    public var ageRange: ClosedRange<Int>?
    /// In the pack's order.
    public var puzzles: [PuzzleDocument]

    public init(id: String, title: String, ageRange: ClosedRange<Int>? = nil, puzzles: [PuzzleDocument]) {
        self.id = id
        self.title = title
        self.ageRange = ageRange
        self.puzzles = puzzles
    }

    public init(manifest: PackManifest, puzzles: [PuzzleDocument]) {
        self.init(id: manifest.id, title: manifest.title, ageRange: manifest.ageRange, puzzles: puzzles)
    }
}

/// How to print a sheet booklet.
public struct SheetOptions: Sendable, Equatable {
    /// Puzzles per page; nil: the style's layout.
    public var columns: Int?
    public var rows: Int?
    /// A solutions section after the puzzles.
    public var solutions: Bool
    public var hint: TangramHint
    public var grid: Bool
    public var candidates: Bool

    public init(columns: Int? = nil, rows: Int? = nil, solutions: Bool = false, hint: TangramHint = .shape,
                grid: Bool = false, candidates: Bool = false) {
        self.columns = columns
        self.rows = rows
        self.solutions = solutions
        self.hint = hint
        self.grid = grid
        self.candidates = candidates
    }

    /// Parses a layout such as `2x3` (columns × rows; `×` works too).
    public static func layout(_ text: String) -> (columns: Int, rows: Int)? {
        let parts = text.lowercased().replacingOccurrences(of: "×", with: "x").split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
              RenderLimits.sheetCells.contains(columns), RenderLimits.sheetCells.contains(rows) else { return nil }
        return (columns, rows)
    }
}

/// How detailed a drawing trace is (see `Renderer.trace`).
public enum TraceDetail: Sendable {
    /// Rounded numbers and text as strings: what golden tests compare.
    case golden
    /// Exact numbers, glyphs and fonts: what the C baseline replays.
    case replay
}

