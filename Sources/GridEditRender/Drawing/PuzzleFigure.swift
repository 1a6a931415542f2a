import Foundation
import GridEditCore

/// Draws any puzzle's picture (the part that differs by kind) into a box.
struct PuzzleFigure {
    let style: Style
    let layout: TextLayout
    let solution: Bool
    let hint: TangramHint
    let grid: Bool
    let candidates: Bool
    var figureBehind = false
    var figurePieces: [Pose] = []
    /// Device units per tangram unit shared by every tangram drawn (a sheet); nil: each fits its box.
    var tangramScale: Double?

    init(style: Style, layout: TextLayout, options: RenderOptions) {
        self.style = style
        self.layout = layout
        solution = options.solution
        hint = options.hint
        grid = options.grid
        candidates = options.candidates
        figureBehind = options.figureBehind
        figurePieces = options.figurePieces
    }

    init(style: Style, layout: TextLayout, solution: Bool, hint: TangramHint, grid: Bool, candidates: Bool) {
        self.style = style
        self.layout = layout
        self.solution = solution
        self.hint = hint
        self.grid = grid
        self.candidates = candidates
    }

    /// The largest scale at which every tangram among `puzzles` fits `box` (the kinds that share
    /// one scale on a sheet); nil without such puzzles.
    func commonTangramScale(_ puzzles: [any Puzzle], in box: Box) -> Double? {
        puzzles.compactMap { puzzle in DrawingKinds.of(puzzle)?.fittingScale.map { $0(self, puzzle, box) } }.min()
    }

    /// Draws the puzzle's picture through its kind's entry (nothing for a kind without one).
    func draw(_ puzzle: any Puzzle, on canvas: Canvas, in box: Box, backdrop: Color) {
        DrawingKinds.of(puzzle)?.draw(self, puzzle, canvas, box, backdrop)
    }
}

/// The words and numbers a card or sheet shows about a puzzle.
struct PuzzleFacts {
    let kind: String
    let kindName: String
    /// "7 pieces", "9×9".
    let size: String
    let stars: Int
    let difficulty: String

    static let maximumStars = Difficulty.allCases.count

    init(_ puzzle: any Puzzle, style: Style) {
        kind = puzzle.kindName
        kindName = style.kindName(kind)
        size = DrawingKinds.of(puzzle)?.size(puzzle, style) ?? ""
        stars = (Difficulty.allCases.firstIndex(of: puzzle.difficulty) ?? 0) + 1
        difficulty = style.text.difficulty[puzzle.difficulty] ?? puzzle.difficulty.rawValue
    }

    /// The kind's rules, worded for this puzzle ("… from 1 to 6 …").
    static func rules(_ puzzle: any Puzzle, style: Style) -> String {
        (style.text.rules[puzzle.kindName] ?? "").filled(DrawingKinds.of(puzzle)?.rulesValues(puzzle) ?? ["size": ""])
    }
}

/// A row of difficulty stars, earned ones first.
struct StarRow {
    let style: Style

    /// Width of `count` stars of diameter `size`.
    func width(size: Double) -> Double {
        let n = Double(PuzzleFacts.maximumStars)
        return n * size + (n - 1) * size * 0.18
    }

    /// Draws the row with its left end at `x`, vertically centred on `y`.
    func draw(earned: Int, x: Double, y: Double, size: Double, on canvas: Canvas) {
        canvas.setLineJoin(.round)
        for i in 0..<PuzzleFacts.maximumStars {
            let cx = x + size / 2 + Double(i) * size * 1.18
            let color = i < earned ? style.colors.starOn : style.colors.starOff
            // A plump star with softened points: filled, then outlined in its own colour with
            // round joins.
            canvas.setColor(color)
            canvas.newPath()
            star(cx: cx, cy: y + size * 0.04, radius: size * 0.47, on: canvas)
            canvas.fill(.winding, preserve: true)
            canvas.setLineWidth(size * 0.08)
            canvas.stroke(preserve: false)
        }
    }

    private func star(cx: Double, cy: Double, radius: Double, on canvas: Canvas) {
        var points: [(Double, Double)] = []
        for k in 0..<10 {
            let r = k % 2 == 0 ? radius : radius * 0.48
            let angle = -Double.pi / 2 + Double(k) * Double.pi / 5
            points.append((cx + r * cos(angle), cy + r * sin(angle)))
        }
        canvas.polygon(points)
    }
}
