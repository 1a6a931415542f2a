import Foundation
import GridEditCore
import GridEditMat
import GridEditGeometry
import GridEditRender
import GridEditTestSupport
import Testing

/// The printable capture mat is exact: the page is the paper, the unit is the unit, and the
/// markers carry their bits where the layout says. Positions are measured in the rendered
/// pixels (grid lines found by scanning), not taken from the drawing code.
@Suite("Capture mat drawing")
struct MatDrawingTests {
    /// Made-up 4×4 bits per marker id (the real ones come from OpenCV, which this target does
    /// not link; the capture tests detect those).
    static let bits: [Int: [[UInt8]]] = {
        var bits: [Int: [[UInt8]]] = [:]
        for id in 0..<8 {
            var rows: [[UInt8]] = []
            for row in 0..<4 {
                var values: [UInt8] = []
                for column in 0..<4 {
                    let mixed: Int = (id * 7 + row * 5 + column * 3) / 2 + row * column
                    values.append(UInt8(mixed % 2))
                }
                rows.append(values)
            }
            bits[id] = rows
        }
        return bits
    }()

    static let profile: ColorProfile = try! ColorProfile.load(
        path: GridEditBinary.repositoryRoot.appendingPathComponent(ColorProfile.defaultRelativePath).path)

    let renderer = Fixtures.renderer

    func mat(_ paper: MatLayout.Paper = .a4, profile: ColorProfile? = MatDrawingTests.profile) -> MatDrawing {
        MatDrawing(paper: paper, markerBits: Self.bits, profile: profile)
    }

    // MARK: Paper

    /// Every page's MediaBox, from the PDF's bytes.
    static func mediaBoxes(_ pdf: [UInt8]) -> [[Double]] {
        let text = String(decoding: pdf, as: UTF8.self)
        return text.components(separatedBy: "/MediaBox [").dropFirst().map { rest in
            rest.prefix { $0 != "]" }.split(separator: " ").compactMap { Double($0) }
        }
    }

    @Test("the PDF's pages are exactly the paper, in points", arguments: MatLayout.Paper.allCases)
    func pdfPageSize(_ paper: MatLayout.Paper) throws {
        let pdf = try renderer.renderMat(mat(paper), pages: [.mat, .pieces], as: .pdf)
        let mm = paper.millimetres
        let expected = [0, 0, mm.width * 72 / 25.4, mm.height * 72 / 25.4]
        let boxes = Self.mediaBoxes(pdf)
        #expect(boxes.count == 2)
        for box in boxes {
            #expect(box.count == 4)
            for (value, wanted) in zip(box, expected) { #expect(abs(value - wanted) < 0.001, "\(box) vs \(expected)") }
        }
        #expect(abs(mat(paper).pageSize.width - expected[2]) < 1e-9 && abs(mat(paper).pageSize.height - expected[3]) < 1e-9)

        // poppler's reading agrees, where it is installed (Debian: poppler-utils).
        let pdfinfo = "/usr/bin/pdfinfo"
        guard FileManager.default.isExecutableFile(atPath: pdfinfo) else { return }
        let folder = try TemporaryFolder()
        let path = folder.file("mat.pdf").path
        try renderer.writeMat(mat(paper), pages: [.mat, .pieces], to: path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pdfinfo)
        process.arguments = [path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let info = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(info.contains("Pages:           2"))
        let size = paper == .a4 ? "595.276 x 841.89 pts (A4)" : "612 x 792 pts (letter)"
        #expect(info.contains("Page size:       \(size)"), "\(info)")
    }

    @Test("the PDF is vector and the same bytes every time")
    func pdfIsVectorAndDeterministic() throws {
        let first = try renderer.renderMat(mat(), pages: [.mat, .pieces], as: .pdf)
        let second = try renderer.renderMat(mat(), pages: [.mat, .pieces], as: .pdf)
        #expect(first == second)
        #expect(!String(decoding: first, as: UTF8.self).contains("/Subtype /Image"))
    }

    @Test("the SVG is the paper in points")
    func svgPageSize() throws {
        let svg = String(decoding: try renderer.renderMat(mat(.letter), as: .svg), as: UTF8.self)
        #expect(svg.contains("width=\"612pt\" height=\"792pt\""))
        let a4 = String(decoding: try renderer.renderMat(mat(.a4), as: .svg), as: UTF8.self)
        #expect(a4.contains("width=\"595.275591pt\" height=\"841.889764pt\""))
    }

    // MARK: Pixels

    /// 127 dpi is exactly 5 pixels per millimetre, so one 18 mm unit is exactly 90 pixels.
    static let dpi = 127.0
    static let pixelsPerMillimetre = 5.0

    /// Centres of the dark lines along a row (or column) of pixels: intensity-weighted, in pixel
    /// coordinates (a pixel's centre at +0.5).
    static func lineCentres(_ darkness: [Double]) -> [Double] {
        var centres: [Double] = []
        var i = 0
        while i < darkness.count {
            guard darkness[i] > 0.03 else { i += 1; continue }
            var weight = 0.0, moment = 0.0
            while i < darkness.count, darkness[i] > 0.03 {
                weight += darkness[i]
                moment += darkness[i] * (Double(i) + 0.5)
                i += 1
            }
            centres.append(moment / weight)
        }
        return centres
    }

    /// The play area's outline and grid, measured: x of the 9 vertical lines and y of the 9
    /// horizontal ones.
    func measuredGrid(_ image: DecodedPNG, mat: MatDrawing) -> (xs: [Double], ys: [Double]) {
        let k = Self.pixelsPerMillimetre
        // A row at y = 7.5 and a column at x = 7.5 cross nothing but the grid.
        let row = Int(mat.pageMillimetres(0, 7.5).y * k)
        let column = Int(mat.pageMillimetres(7.5, 0).x * k)
        let top = Int(mat.pageMillimetres(0, 8.5).y * k), bottom = Int(mat.pageMillimetres(0, -0.5).y * k)
        let xs = Self.lineCentres((0..<image.width).map { 1 - image[$0, row].lightness })
        let ys = Self.lineCentres((top..<bottom).map { 1 - image[column, $0].lightness }).map { $0 + Double(top) }
        return (xs, ys)
    }

    @Test("grid lines are exactly one unit apart at a known resolution", arguments: MatLayout.Paper.allCases)
    func unitIsExact(_ paper: MatLayout.Paper) throws {
        let drawing = mat(paper)
        let image = try DecodedPNG(renderer.renderMat(drawing, as: .png, dotsPerInch: Self.dpi))
        let mm = paper.millimetres
        #expect(image.width == Int((mm.width * Self.pixelsPerMillimetre).rounded()))
        #expect(image.height == Int((mm.height * Self.pixelsPerMillimetre).rounded()))
        let (xs, ys) = measuredGrid(image, mat: drawing)
        try #require(xs.count == 9 && ys.count == 9, "found \(xs.count) vertical and \(ys.count) horizontal lines")
        let unit = 18 * Self.pixelsPerMillimetre
        // Lines of one width are measured with the same antialiasing bias, so compare like with
        // like: the seven grid lines with each other, the two outline lines with each other.
        for i in 2..<8 {
            #expect(abs(xs[i] - xs[i - 1] - unit) < 0.05, "columns \(i - 1)–\(i): \(xs[i] - xs[i - 1]) px")
            #expect(abs(ys[i] - ys[i - 1] - unit) < 0.05, "rows \(i - 1)–\(i): \(ys[i] - ys[i - 1]) px")
        }
        #expect(abs(xs[8] - xs[0] - 8 * unit) < 0.05 && abs(ys[8] - ys[0] - 8 * unit) < 0.05, "outline \(xs[8] - xs[0]) × \(ys[8] - ys[0]) px")
        // And where the layout puts the play area on the page (within the antialiasing bias).
        let origin = drawing.pageMillimetres(0, 0)
        #expect(abs(xs[0] - origin.x * Self.pixelsPerMillimetre) < 0.3)
        #expect(abs(ys[8] - origin.y * Self.pixelsPerMillimetre) < 0.3)
    }

    @Test("the markers land at the layout's positions with their bits and a quiet zone")
    func markers() throws {
        let drawing = mat()
        let image = try DecodedPNG(renderer.renderMat(drawing, as: .png, dotsPerInch: Self.dpi))
        let (xs, ys) = measuredGrid(image, mat: drawing)
        try #require(xs.count == 9 && ys.count == 9)
        // The measured play area: origin at its bottom-left line, unit from the lines' spread.
        let originX = xs[0], originY = ys[8], unit = (xs[8] - xs[0]) / 8
        for marker in drawing.layout.markers {
            let bits = try #require(Self.bits[marker.id])
            let cell = marker.side / 6
            func sample(_ x: Double, _ y: Double) -> DecodedPNG.Pixel {
                image[Int(originX + x * unit), Int(originY - y * unit)]
            }
            let left = marker.centerX - marker.side / 2, top = marker.centerY + marker.side / 2
            for row in 0..<6 {
                for column in 0..<6 {
                    let inner = (1...4).contains(row) && (1...4).contains(column)
                    let white = inner && bits[row - 1][column - 1] == 1
                    let pixel = sample(left + (Double(column) + 0.5) * cell, top - (Double(row) + 0.5) * cell)
                    if white {
                        #expect(pixel.lightness > 0.95, "marker \(marker.id) cell \(row),\(column) should be white: \(pixel)")
                    } else {
                        #expect(pixel.lightness < 0.05, "marker \(marker.id) cell \(row),\(column) should be black: \(pixel)")
                    }
                }
            }
            // The quiet zone: white half a cell outside each side.
            for (dx, dy) in [(-1.0, 0.0), (1, 0), (0, -1), (0, 1)] {
                let pixel = sample(marker.centerX + dx * (marker.side / 2 + cell / 2), marker.centerY + dy * (marker.side / 2 + cell / 2))
                #expect(pixel.lightness > 0.95, "marker \(marker.id) needs white around it: \(pixel)")
            }
        }
    }

    @Test("nothing on the mat page is coloured: capture tells pieces by saturation")
    func matIsUnsaturated() throws {
        let image = try DecodedPNG(renderer.renderMat(mat(), as: .png, dotsPerInch: 50))
        var coloured: [String] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                if max(p.r, p.g, p.b) - min(p.r, p.g, p.b) > 2 { coloured.append("(\(x), \(y)) \(p)") }
            }
        }
        #expect(coloured.isEmpty, "coloured pixels: \(coloured.prefix(5))")
    }

    @Test("the pieces sheet fills each piece with its profile colour at its calibration slot")
    func piecesSheet() throws {
        let drawing = mat()
        let image = try DecodedPNG(renderer.renderMat(drawing, pages: [.pieces], as: .png, dotsPerInch: Self.dpi))
        for slot in MatLayout.calibrationSlots {
            let colour = try #require(Self.profile.colors[slot.piece])
            let vertices = slot.vertices.map { SIMD2($0.doubleX, $0.doubleY) }
            let centre = vertices.reduce(SIMD2(0, 0), +) / Double(vertices.count)
            // Between each corner and the centre, clear of the outline and of the id.
            for vertex in vertices {
                let p = vertex + 0.3 * (centre - vertex)
                let mm = drawing.pageMillimetres(p.x, p.y)
                let pixel = image[Int(mm.x * Self.pixelsPerMillimetre), Int(mm.y * Self.pixelsPerMillimetre)]
                #expect(abs(Int(pixel.r) - Int(colour.red)) <= 2 && abs(Int(pixel.g) - Int(colour.green)) <= 2
                        && abs(Int(pixel.b) - Int(colour.blue)) <= 2, "\(slot.piece.rawValue): \(pixel) is not \(colour.hex)")
            }
        }
    }

    @Test("a raster shows the page, its surroundings and pieces lying on the mat where the layout says")
    func raster() throws {
        let drawing = mat()
        let page = drawing.pageRegion
        let region = MatRegion(minX: page.minX - 1, minY: page.minY - 1, maxX: page.maxX + 1, maxY: page.maxY + 1)
        let table = Color(red: 0.5, green: 0.3, blue: 0.2)
        let square = Pose(piece: .square, position: Point(Exact(6), Exact(6)), rotation: Rotation(eighths: 1))
        let raster = try renderer.rasterizeMat(drawing, region: region, pixelsPerUnit: 40, surroundings: table, pieces: [square])
        #expect(raster.width == Int(((region.maxX - region.minX) * 40).rounded(.up)))
        #expect(raster.stride >= raster.width * 4 && raster.pixels.count == raster.stride * raster.height)
        func bgr(_ x: Double, _ y: Double) -> (Int, Int, Int) {
            let p = raster.pixel(ofMatPoint: x, y)
            let offset = Int(p.y) * raster.stride + Int(p.x) * 4
            return (Int(raster.pixels[offset]), Int(raster.pixels[offset + 1]), Int(raster.pixels[offset + 2]))
        }
        // Beyond the paper: the table; on the paper: white; in the square: its colour.
        func close(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Bool { abs(a.0 - b.0) <= 1 && abs(a.1 - b.1) <= 1 && abs(a.2 - b.2) <= 1 }
        let outside = bgr(region.minX + 0.5, region.minY + 0.5)
        #expect(close(outside, (51, 77, 128)), "\(outside)")
        #expect(bgr(page.minX + 0.3, page.maxY - 0.3) == (255, 255, 255))
        let colour = try #require(Self.profile.colors[.square])
        let inside = bgr(6, 6 + 0.7)  // the square turned 45° about (6, 6): (6, 6.7) is inside
        #expect(inside == (Int(colour.blue), Int(colour.green), Int(colour.red)))
        // Its edge is a little darker than its face, inside the outline.
        let edge = bgr(6, 6 + 0.02)
        #expect(edge.0 < Int(colour.blue) || edge.1 < Int(colour.green))
        // Marker 4's top-left cell (border) is black where the layout puts it.
        let marker = drawing.layout.markers[4]
        #expect(bgr(marker.centerX - marker.side / 2 + 0.05, marker.centerY + marker.side / 2 - 0.05) == (0, 0, 0))
    }

    // MARK: Refusals

    @Test("requests that cannot be drawn are refused with what to do")
    func refusals() throws {
        func refusal(_ body: () throws -> [UInt8]) -> String {
            do {
                _ = try body()
                return "accepted"
            } catch {
                guard let error = error as? RenderError, case .unsupported(let message) = error else { return "\(error)" }
                #expect(error.exitCode == 64)
                return message
            }
        }
        #expect(refusal { try renderer.renderMat(mat(), pages: [.mat, .pieces], as: .png) }.contains("write a .pdf"))
        #expect(refusal { try renderer.renderMat(mat(profile: nil), pages: [.pieces], as: .pdf) }.contains("colour profile"))
        var missing = Self.bits
        missing[3] = nil
        #expect(refusal { try renderer.renderMat(MatDrawing(markerBits: missing), as: .pdf) }.contains("no bits for marker 3"))
        var ragged = Self.bits
        ragged[5] = [[1, 0, 1], [0, 1]]
        #expect(refusal { try renderer.renderMat(MatDrawing(markerBits: ragged), as: .pdf) }.contains("marker 5"))
        let big = MatDrawing(layout: MatLayout(unitMillimetres: 22), markerBits: Self.bits)
        #expect(refusal { try renderer.renderMat(big, as: .pdf) }.contains("does not fit on A4; use a smaller unit"))
        #expect(refusal { try renderer.renderMat(mat(), as: .png, dotsPerInch: 10) }.contains("dots per inch"))
        #expect(refusal { try renderer.renderMat(mat(), pages: [], as: .pdf) }.contains("no page"))
    }

    @Test("the summary names the paper, the unit and the markers")
    func summary() {
        #expect(mat().summary == "A4, 1 unit = 18 mm, markers DICT_4X4_50 ids 0–7")
        #expect(MatDrawing(layout: MatLayout(unitMillimetres: 17.5), paper: .letter, markerBits: Self.bits).summary
                == "Letter, 1 unit = 17.5 mm, markers DICT_4X4_50 ids 0–7")
    }
}
