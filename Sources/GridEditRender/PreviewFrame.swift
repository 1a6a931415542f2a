import GridEditCore

/// Where a preview puts the puzzle, in the SVG's (or PNG's) device units: what a front end that
/// lays interactive shapes over a rendered preview (the browser editor of `gridedit serve`) needs
/// so that its shapes sit exactly on the drawing. Computed by the same code that draws.
public enum PreviewFrame: Sendable, Equatable {
    /// A tangram: play-area point (x, y) is at device (originX + x·scale, originY − y·scale).
    case tangram(scale: Double, originX: Double, originY: Double)
    /// A Sudoku: cell (row, column), 0-based, is the square at (left + column·cell, top + row·cell).
    case sudoku(left: Double, top: Double, cell: Double, size: Int)
}

extension Renderer {
    /// The frame of a vector preview (SVG or PDF; PNG snaps lines to pixels and may differ by a
    /// pixel) of `puzzle` drawn with `options` (`product` must be `.preview`). Nil for a kind
    /// that is not drawn.
    public func previewFrame(of puzzle: any Puzzle, options: RenderOptions) -> PreviewFrame? {
        let side = Double(options.size ?? style.preview.size)
        let box = Box(x: 0, y: 0, width: side, height: side).inset(side * style.preview.margin)
        if let tangram = puzzle as? TangramPuzzle {
            let figure = TangramFigure(style: style, puzzle: tangram, solution: options.solution, hint: options.hint,
                                       grid: options.grid, backdrop: style.colors.background)
            let viewport = figure.frame(box)
            return .tangram(scale: viewport.scale, originX: viewport.originX, originY: viewport.originY)
        }
        if let sudoku = puzzle as? SudokuPuzzle {
            let figure = SudokuFigure(style: style, puzzle: sudoku, solution: options.solution, candidates: options.candidates,
                                      layout: layout.forJob())
            let g = figure.geometry(in: box, snapsToPixels: false)
            return .sudoku(left: g.left, top: g.top, cell: g.cell, size: g.size)
        }
        return nil
    }
}
