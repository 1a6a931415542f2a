import GridEditCore
import GridEditGeometry

/// The drawing half of a kind: what Render needs to draw a puzzle of it on a card, a sheet or a
/// preview, and to tell a front end where the drawing puts the puzzle's own coordinates. Each
/// kind's entry lives in its folder (`Kinds/Tangram/`, `Kinds/Sudoku/`); everything else in
/// Render looks a puzzle's entry up in ``DrawingKinds`` and never names a kind. A kind without
/// an entry (a test's toy kind) is listed on cards and sheets by its name and words, without a
/// picture.
struct KindDrawing: Sendable {
    /// The kind's name in puzzle files (`PuzzleKind.name`).
    let kind: String
    /// Draws the puzzle's picture into `box`, with `figure`'s options.
    let draw: @Sendable (_ figure: PuzzleFigure, _ puzzle: any Puzzle, _ canvas: Canvas, _ box: Box, _ backdrop: Color) -> Void
    /// The largest scale (device units per puzzle unit) at which the puzzle fits `box`, for kinds
    /// whose puzzles share one scale on a sheet; nil for kinds each drawn to fit its own box.
    let fittingScale: (@Sendable (_ figure: PuzzleFigure, _ puzzle: any Puzzle, _ box: Box) -> Double)?
    /// Where a vector preview of the puzzle in `box` puts the puzzle's own coordinates.
    let previewFrame: @Sendable (_ renderer: Renderer, _ puzzle: any Puzzle, _ options: RenderOptions, _ box: Box) -> ScreenTransform?
    /// The size a card shows ("7 pieces", "9×9").
    let size: @Sendable (_ puzzle: any Puzzle, _ style: Style) -> String
    /// The values the kind's rules text is filled with (`{size}`).
    let rulesValues: @Sendable (_ puzzle: any Puzzle) -> [String: String]
    /// Why a solution drawing of the puzzle shows less than its solution (no stored solution, no
    /// pieces), or nil.
    let solutionShortfall: @Sendable (_ puzzle: any Puzzle) -> String?
}

/// The drawing entries of the built-in kinds, by kind name: adding a kind's drawing is its folder
/// and one line here.
enum DrawingKinds {
    static let builtIn: [String: KindDrawing] = Dictionary(uniqueKeysWithValues: [KindDrawing.tangram, .sudoku].map { ($0.kind, $0) })

    static func of(_ puzzle: any Puzzle) -> KindDrawing? { builtIn[puzzle.kindName] }
}

extension Renderer {
    /// Why a drawing of `puzzle` with its solution shows less than a solution (`gridedit render
    /// --solution` warns with it), or nil.
    public static func solutionShortfall(of puzzle: any Puzzle) -> String? {
        DrawingKinds.of(puzzle)?.solutionShortfall(puzzle)
    }
}
