import GridEditCore

/// Draws a Sudoku grid into a box: givens in bold, optionally the solution and the candidates,
/// box lines heavier than cell lines. Widths and digit sizes are fractions of a cell, so 4×4,
/// 6×6 and 9×9 grids look alike.
struct SudokuFigure {
    let style: Style
    let puzzle: SudokuPuzzle
    let solution: Bool
    let candidates: Bool
    /// A layout with a run cache (as every drawing's is), so each digit is shaped once.
    let layout: TextLayout

    /// Where the grid's cells lie, for the drawing and for tests that read pixels.
    struct Geometry {
        var left: Double
        var top: Double
        var cell: Double
        var size: Int
        var side: Double { cell * Double(size) }

        func cellBox(row: Int, column: Int) -> Box {
            Box(x: left + Double(column) * cell, y: top + Double(row) * cell, width: cell, height: cell)
        }
    }

    func geometry(in box: Box, canvas: Canvas) -> Geometry {
        geometry(in: box, snapsToPixels: canvas.snapsToPixels)
    }

    func geometry(in box: Box, snapsToPixels: Bool) -> Geometry {
        let n = puzzle.size.rawValue
        let square = box.centredSquare
        // The border's outer half must stay inside the box.
        var cell = square.width / (Double(n) + style.sudoku.borderWidth)
        var left = square.midX - cell * Double(n) / 2
        var top = square.midY - cell * Double(n) / 2
        if snapsToPixels {
            cell = max(1, cell.rounded(.down))
            left = (square.midX - cell * Double(n) / 2).rounded()
            top = (square.midY - cell * Double(n) / 2).rounded()
        }
        return Geometry(left: left, top: top, cell: cell, size: n)
    }

    func draw(on canvas: Canvas, in box: Box) {
        let s = style.sudoku
        let g = geometry(in: box, canvas: canvas)
        let n = g.size
        let radius = s.cornerRadius * g.cell
        let widths = lineWidths(g, canvas)

        // Cells, with the givens' cells tinted, clipped to the rounded outline.
        canvas.save()
        canvas.fill(s.cell) { canvas.roundedRectangle(g.left, g.top, g.side, g.side, radius: radius) }
        canvas.newPath()
        canvas.roundedRectangle(g.left, g.top, g.side, g.side, radius: radius)
        canvas.clip()
        let givenCells = (0..<n).flatMap { r in (0..<n).map { (r, $0) } }.filter { puzzle.givens[$0.0, $0.1] != 0 }
        if !givenCells.isEmpty {
            canvas.fill(s.givenCell) {
                for (r, c) in givenCells {
                    let b = g.cellBox(row: r, column: c)
                    canvas.rectangle(b.x, b.y, b.width, b.height)
                }
            }
        }
        canvas.restore()

        // Cell lines, then box lines over them, then the border.
        canvas.setLineCap(.butt)
        let boxRows = puzzle.size.boxRows, boxColumns = puzzle.size.boxColumns
        canvas.stroke(s.cellLine, width: widths.cell) {
            for i in 1..<n where i % boxColumns != 0 { vertical(i, g, widths.cell, canvas) }
            for i in 1..<n where i % boxRows != 0 { horizontal(i, g, widths.cell, canvas) }
        }
        canvas.stroke(s.boxLine, width: widths.box) {
            for i in stride(from: boxColumns, to: n, by: boxColumns) { vertical(i, g, widths.box, canvas) }
            for i in stride(from: boxRows, to: n, by: boxRows) { horizontal(i, g, widths.box, canvas) }
        }
        canvas.setLineJoin(.round)
        canvas.stroke(s.boxLine, width: widths.border) {
            canvas.roundedRectangle(g.left, g.top, g.side, g.side, radius: radius)
        }

        drawDigits(on: canvas, g)
    }

    private func lineWidths(_ g: Geometry, _ canvas: Canvas) -> (cell: Double, box: Double, border: Double) {
        let s = style.sudoku
        var widths = (cell: s.cellLineWidth * g.cell, box: s.boxLineWidth * g.cell, border: s.borderWidth * g.cell)
        if canvas.snapsToPixels {
            widths = (max(1, widths.cell.rounded()), max(1, widths.box.rounded()), max(1, widths.border.rounded()))
        }
        return widths
    }

    private func vertical(_ i: Int, _ g: Geometry, _ width: Double, _ canvas: Canvas) {
        let x = snap(g.left + Double(i) * g.cell, width: width, canvas)
        canvas.moveTo(x, g.top)
        canvas.lineTo(x, g.top + g.side)
    }

    private func horizontal(_ i: Int, _ g: Geometry, _ width: Double, _ canvas: Canvas) {
        let y = snap(g.top + Double(i) * g.cell, width: width, canvas)
        canvas.moveTo(g.left, y)
        canvas.lineTo(g.left + g.side, y)
    }

    private func drawDigits(on canvas: Canvas, _ g: Geometry) {
        let s = style.sudoku
        let n = g.size
        let digits = (0...9).map { String($0) }
        func digit(_ value: UInt8, _ weight: FontWeight, _ size: Double) -> TextRun {
            layout.run(digits[Int(value)], weight: weight, size: size)
        }
        let digitSize = s.digitSize * g.cell
        let stored = solution ? puzzle.solution : nil
        let marks = candidates && stored == nil ? Self.candidates(puzzle.givens) : nil

        canvas.setColor(s.given)
        for r in 0..<n { for c in 0..<n where puzzle.givens[r, c] != 0 {
            centre(digit(puzzle.givens[r, c], .bold, digitSize), in: g.cellBox(row: r, column: c), canvas)
        } }
        if let stored {
            canvas.setColor(s.solution)
            for r in 0..<n { for c in 0..<n where puzzle.givens[r, c] == 0 && stored[r, c] != 0 {
                centre(digit(stored[r, c], .regular, digitSize), in: g.cellBox(row: r, column: c), canvas)
            } }
        }
        if let marks {
            // Candidates sit in a little grid shaped like a box: 2×2, 2×3 or 3×3.
            canvas.setColor(s.candidate)
            let rows = puzzle.size.boxRows, columns = puzzle.size.boxColumns
            let size = s.candidateSize * g.cell
            for r in 0..<n { for c in 0..<n where puzzle.givens[r, c] == 0 {
                let cell = g.cellBox(row: r, column: c).inset(g.cell * 0.06)
                for value in marks[r * n + c] {
                    let index = Int(value) - 1
                    let w = cell.width / Double(columns), h = cell.height / Double(rows)
                    let slot = Box(x: cell.x + Double(index % columns) * w, y: cell.y + Double(index / columns) * h,
                                   width: w, height: h)
                    centre(digit(value, .regular, size), in: slot, canvas)
                }
            } }
        }
    }

    /// Places a run so its inked box is centred in `box` (digits sit visually centred whatever
    /// their shape).
    private func centre(_ run: TextRun, in box: Box, _ canvas: Canvas) {
        canvas.show(run, x: box.midX - run.inkX - run.inkWidth / 2, y: box.midY - run.inkY - run.inkHeight / 2)
    }

    /// For each cell (row-major), the digits no given in its row, column or box rules out;
    /// empty for given cells.
    static func candidates(_ grid: SudokuGrid) -> [[UInt8]] {
        let n = grid.size.rawValue
        var result: [[UInt8]] = []
        for r in 0..<n {
            for c in 0..<n {
                guard grid[r, c] == 0 else { result.append([]); continue }
                var used = Set<UInt8>()
                for i in 0..<n { used.insert(grid[r, i]); used.insert(grid[i, c]) }
                let top = (r / grid.size.boxRows) * grid.size.boxRows
                let left = (c / grid.size.boxColumns) * grid.size.boxColumns
                for rr in top..<top + grid.size.boxRows { for cc in left..<left + grid.size.boxColumns { used.insert(grid[rr, cc]) } }
                result.append((1...UInt8(n)).filter { !used.contains($0) })
            }
        }
        return result
    }
}
