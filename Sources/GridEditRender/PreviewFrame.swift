import GridEditCore
import GridEditGeometry

extension Renderer {
    /// Where a vector preview (SVG or PDF; PNG snaps lines to pixels and may differ by a pixel) of
    /// `puzzle` drawn with `options` (`product` must be `.preview`) puts the puzzle's own
    /// coordinates, in device units: what a front end that lays interactive shapes over the drawing
    /// (the page of `gridedit serve`) needs so that its shapes sit exactly on it. Computed by the
    /// same code that draws. A Tangram's play-area point (x, y) maps with y up; a Sudoku's
    /// (column, row) maps to the top-left corner of that cell, one cell per unit. Nil for a kind
    /// that is not drawn.
    public func previewFrame(of puzzle: any Puzzle, options: RenderOptions) -> ScreenTransform? {
        let side = Double(options.size ?? style.preview.size)
        let box = Box(x: 0, y: 0, width: side, height: side).inset(side * style.preview.margin)
        return DrawingKinds.of(puzzle)?.previewFrame(self, puzzle, options, box)
    }
}
