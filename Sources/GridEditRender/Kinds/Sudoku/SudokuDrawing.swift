import GridEditCore
import GridEditGeometry

extension KindDrawing {
    /// A Sudoku: its grid, one cell per unit from the top-left corner.
    static let sudoku = KindDrawing(
        kind: SudokuKind.name,
        draw: { figure, puzzle, canvas, box, _ in
            guard let sudoku = puzzle as? SudokuPuzzle else { return }
            SudokuFigure(style: figure.style, puzzle: sudoku, solution: figure.solution, candidates: figure.candidates, layout: figure.layout)
                .draw(on: canvas, in: box)
        },
        fittingScale: nil,
        previewFrame: { renderer, puzzle, options, box in
            guard let sudoku = puzzle as? SudokuPuzzle else { return nil }
            let figure = SudokuFigure(style: renderer.style, puzzle: sudoku, solution: options.solution, candidates: options.candidates,
                                      layout: renderer.layout.forJob())
            let g = figure.geometry(in: box, snapsToPixels: false)
            return ScreenTransform(originX: g.left, originY: g.top, scaleX: g.cell, scaleY: g.cell)
        },
        size: { puzzle, style in
            (puzzle as? SudokuPuzzle).map { style.text.sudokuSize.filled(["size": String($0.size.rawValue)]) } ?? ""
        },
        rulesValues: { puzzle in ["size": (puzzle as? SudokuPuzzle).map { String($0.size.rawValue) } ?? ""] },
        solutionShortfall: { puzzle in
            (puzzle as? SudokuPuzzle)?.solution == nil ? "no stored solution; drawn with the givens only" : nil
        })
}
