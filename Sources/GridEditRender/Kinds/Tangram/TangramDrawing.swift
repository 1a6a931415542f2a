import GridEditCore
import GridEditGeometry

extension KindDrawing {
    /// A tangram: its pieces (or silhouette) in the play area's units, y up.
    static let tangram = KindDrawing(
        kind: TangramKind.name,
        draw: { figure, puzzle, canvas, box, backdrop in
            guard let tangram = puzzle as? TangramPuzzle else { return }
            TangramFigure(style: figure.style, puzzle: tangram, solution: figure.solution, hint: figure.hint, grid: figure.grid,
                          backdrop: backdrop, fixedScale: figure.tangramScale, figureBehind: figure.figureBehind,
                          figurePieces: figure.figurePieces)
                .draw(on: canvas, in: box)
        },
        fittingScale: { figure, puzzle, box in
            guard let tangram = puzzle as? TangramPuzzle else { return .infinity }
            return TangramFigure(style: figure.style, puzzle: tangram, solution: figure.solution, hint: figure.hint, grid: figure.grid,
                                 backdrop: .white).fittingScale(box)
        },
        previewFrame: { renderer, puzzle, options, box in
            guard let tangram = puzzle as? TangramPuzzle else { return nil }
            let figure = TangramFigure(style: renderer.style, puzzle: tangram, solution: options.solution, hint: options.hint,
                                       grid: options.grid, backdrop: renderer.style.colors.background)
            return figure.frame(box)
        },
        size: { puzzle, style in
            (puzzle as? TangramPuzzle)?.pieces.map { style.text.pieces.filled(["count": String($0.count)]) } ?? style.text.silhouette
        },
        rulesValues: { _ in ["size": ""] },
        solutionShortfall: { puzzle in
            (puzzle as? TangramPuzzle)?.pieces == nil ? "a silhouette without pieces has no solution to show; drawn as the shape" : nil
        })
}
