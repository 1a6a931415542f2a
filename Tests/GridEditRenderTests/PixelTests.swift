import Foundation
import GridEditCore
import GridEditGeometry
import GridEditRender
import Testing

/// Decodes rendered PNGs and looks at the pixels that matter. Positions are found in the image
/// itself (the grid's border, the figure's extent), not taken from the renderer's layout code.
@Suite("Pixels of rendered PNGs")
struct PixelTests {
    let style = Fixtures.style

    /// The grid's outer edges, found by walking in from each side along the middle lines until
    /// the first dark pixel (the border).
    func gridFrame(_ image: DecodedPNG) -> (left: Int, right: Int, top: Int, bottom: Int)? {
        let midX = image.width / 2, midY = image.height / 2
        func dark(_ x: Int, _ y: Int) -> Bool { image[x, y].lightness < 0.4 }
        guard let left = (0..<image.width).first(where: { dark($0, midY) }),
              let right = (0..<image.width).reversed().first(where: { dark($0, midY) }),
              let top = (0..<image.height).first(where: { dark(midX, $0) }),
              let bottom = (0..<image.height).reversed().first(where: { dark(midX, $0) }) else { return nil }
        return (left, right, top, bottom)
    }

    /// The pixels of the middle half of a cell.
    func cellCore(_ image: DecodedPNG, frame: (left: Int, right: Int, top: Int, bottom: Int), size: Int,
                  row: Int, column: Int) -> [DecodedPNG.Pixel] {
        let cellW = Double(frame.right - frame.left) / Double(size), cellH = Double(frame.bottom - frame.top) / Double(size)
        let x0 = Double(frame.left) + (Double(column) + 0.25) * cellW, y0 = Double(frame.top) + (Double(row) + 0.25) * cellH
        var result: [DecodedPNG.Pixel] = []
        for y in Int(y0)..<Int(y0 + cellH / 2) { for x in Int(x0)..<Int(x0 + cellW / 2) { result.append(image[x, y]) } }
        return result
    }

    @Test("Sudoku: a given digit's cell has dark ink, an empty cell is light", arguments: ["mini-01", "six-01", "classic-01"])
    func sudokuCells(_ name: String) throws {
        let document = try Fixtures.document(name)
        let sudoku = try #require(document.puzzle as? SudokuPuzzle)
        let image = try DecodedPNG(Fixtures.renderer.render(document, as: .png, options: RenderOptions(size: 400)))
        #expect(image.width == 400 && image.height == 400)
        let frame = try #require(gridFrame(image))
        let n = sudoku.size.rawValue
        for r in 0..<n {
            for c in 0..<n {
                let core = cellCore(image, frame: frame, size: n, row: r, column: c)
                let darkShare = Double(core.filter { $0.lightness < 0.35 }.count) / Double(core.count)
                if sudoku.givens[r, c] != 0 {
                    #expect(darkShare > 0.04, "r\(r + 1)c\(c + 1) holds given \(sudoku.givens[r, c]) but has little ink")
                } else {
                    #expect(darkShare == 0, "r\(r + 1)c\(c + 1) is empty but has ink")
                    #expect(core.allSatisfy { $0.lightness > 0.9 }, "r\(r + 1)c\(c + 1) is empty but not light")
                }
            }
        }
    }

    @Test("Sudoku: with --solution the empty cells hold digits in the solution colour")
    func sudokuSolutionColour() throws {
        let document = try Fixtures.document("mini-01")
        let sudoku = try #require(document.puzzle as? SudokuPuzzle)
        let image = try DecodedPNG(Fixtures.renderer.render(document, as: .png, options: RenderOptions(solution: true, size: 400)))
        let frame = try #require(gridFrame(image))
        let (r, c) = try #require((0..<4).flatMap { r in (0..<4).map { (r, $0) } }.first { sudoku.givens[$0.0, $0.1] == 0 })
        let core = cellCore(image, frame: frame, size: 4, row: r, column: c)
        #expect(core.contains { $0.isClose(to: style.sudoku.solution, tolerance: 2) })
    }

    /// Maps play-area points to pixels by matching the figure's extent in the image to its
    /// extent in play-area units.
    struct FigureMap {
        var minX, maxY, scale, left, top: Double
        func pixel(_ x: Double, _ y: Double) -> (Int, Int) {
            (Int((left + (x - minX) * scale).rounded()), Int((top + (maxY - y) * scale).rounded()))
        }
    }

    func figureMap(_ image: DecodedPNG, points: [Point], background: Color) throws -> FigureMap {
        var minPX = image.width, maxPX = 0, minPY = image.height
        for y in 0..<image.height { for x in 0..<image.width where !image[x, y].isClose(to: background, tolerance: 6) {
            minPX = min(minPX, x); maxPX = max(maxPX, x); minPY = min(minPY, y)
        } }
        let xs = points.map(\.x.doubleValue), ys = points.map(\.y.doubleValue)
        let scale = Double(maxPX - minPX) / (xs.max()! - xs.min()!)
        return FigureMap(minX: xs.min()!, maxY: ys.max()!, scale: scale, left: Double(minPX), top: Double(minPY))
    }

    @Test("Tangram solution: the inside of every piece has its type's colour")
    func pieceColours() throws {
        let tangram = try Fixtures.tangram("cat")
        let pieces = try #require(tangram.pieces)
        let image = try DecodedPNG(Fixtures.renderer.render(Fixtures.document("cat"), as: .png,
                                                            options: RenderOptions(solution: true, size: 512)))
        let map = try figureMap(image, points: pieces.flatMap(\.vertices), background: style.colors.background)
        for pose in pieces {
            let vertices = pose.vertices
            let cx = vertices.map(\.x.doubleValue).reduce(0, +) / Double(vertices.count)
            let cy = vertices.map(\.y.doubleValue).reduce(0, +) / Double(vertices.count)
            let (px, py) = map.pixel(cx, cy)
            let colour = try #require(style.tangram.pieces[pose.piece.shape])
            #expect(image[px, py].isClose(to: colour), "\(pose.piece.rawValue) at (\(px), \(py)) is \(image[px, py]), expected \(colour)")
        }
        #expect(image[2, 2].isClose(to: style.colors.background))
    }

    @Test("Tangram hints: filled shape, outline and hole where they belong")
    func hints() throws {
        let window = try Fixtures.tangram("window")
        let ring = try #require(window.silhouette).flatMap(\.vertices)
        let shape = try DecodedPNG(Fixtures.renderer.render(Fixtures.document("window"), as: .png, options: RenderOptions(size: 400)))
        let map = try figureMap(shape, points: ring, background: style.colors.background)
        // Inside the frame (0.5 units from the outer edge), and inside the hole.
        let frame = map.pixel(0.5, 1.5), hole = map.pixel(2, 1.5)
        #expect(shape[frame.0, frame.1].isClose(to: style.tangram.silhouette))
        #expect(shape[hole.0, hole.1].isClose(to: style.colors.background))

        let outline = try DecodedPNG(Fixtures.renderer.render(Fixtures.document("window"), as: .png,
                                                              options: RenderOptions(hint: .outline, size: 400)))
        #expect(outline[frame.0, frame.1].isClose(to: style.tangram.hintFill))
        #expect(outline[hole.0, hole.1].isClose(to: style.colors.background))
        let edge = map.pixel(0, 1.5)
        #expect(outline[edge.0 + 1, edge.1].lightness < 0.4, "the outer outline is drawn")
    }

    @Test("Cards: transparent outside the rounded corners, the title's ink in the ink colour")
    func card() throws {
        let image = try DecodedPNG(Fixtures.renderer.render(Fixtures.document("classic-01"), as: .png,
                                                            options: RenderOptions(product: .card, size: 378)))
        #expect(image.width == 378 && image.height == 528)
        #expect(image[0, 0].a == 0 && image[image.width - 1, image.height - 1].a == 0)
        #expect(image[image.width / 2, 2].a == 255, "the card's edge is opaque")
        // The badge (top left) is in the Sudoku colour.
        let u = 378.0 / style.card.width
        let badge = image[Int((style.card.padding + 1) * u), Int((style.card.padding + style.card.badgeTextSize) * u)]
        #expect(badge.isClose(to: try #require(style.colors.kinds["sudoku"])))
    }
}
