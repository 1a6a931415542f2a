import GridEditCore

/// Renders puzzles with cairo: previews and cards as PNG, SVG or PDF, and packs as PDF sheet
/// booklets. It knows nothing of terminals; `gridedit render` and the REPL's `render` and
/// `preview` are front ends over it.
///
///     let renderer = try Renderer(style: try Style.load("templates/style.jsonc"))
///     let png = try renderer.render(document, as: .png, options: RenderOptions(solution: true))
///     try renderer.write(document, options: RenderOptions(product: .card), to: "cat-card.pdf")
///
/// The same input always gives the same bytes: fonts come from the style's files (not from
/// fontconfig), PDF dates are the puzzle's `updatedAt`, and SVG ids are renumbered.
///
/// The renderer draws whatever it is given, so an editor can preview work in progress (pieces
/// that still overlap, say); `gridedit render` refuses puzzles that fail `check` before calling it.
/// A renderer can be shared between threads.
public final class Renderer: Sendable {
    public let style: Style
    let fonts: FontSet
    let layout: TextLayout

    /// Loads the style's fonts; throws `fontUnavailable` naming the file when one cannot be used.
    public init(style: Style) throws(RenderError) {
        self.style = style
        fonts = try FontSet(style.fonts)
        layout = TextLayout(fonts: fonts)
    }

    // MARK: Puzzles

    /// A preview or card of one puzzle, as the bytes of a PNG, SVG or PDF file.
    public func render(_ document: PuzzleDocument, as format: RenderFormat, options: RenderOptions = RenderOptions(),
                       pack: PackLabel? = nil) throws(RenderError) -> [UInt8] {
        let job = Job.puzzle(document, options, pack)
        let canvas = try CairoCanvas(surface(for: job, format: format), fonts: fonts)
        draw(job, on: canvas)
        return try canvas.finish()
    }

    /// Renders and writes atomically: the file appears complete or not at all. The format is
    /// `format`, or else the path's extension.
    public func write(_ document: PuzzleDocument, as format: RenderFormat? = nil, options: RenderOptions = RenderOptions(),
                      pack: PackLabel? = nil, to path: String) throws(RenderError) {
        let format = try Self.format(format, for: path)
        try Self.writeFile(render(document, as: format, options: options, pack: pack), to: path)
    }

    // MARK: Sheets

    /// A pack as a PDF booklet: `options.columns × options.rows` puzzles per page, then the
    /// solutions if asked for.
    public func renderSheet(_ pack: SheetPack, options: SheetOptions = SheetOptions()) throws(RenderError) -> [UInt8] {
        guard !pack.puzzles.isEmpty else { throw .unsupported("pack \(pack.id) has no puzzles to print") }
        let job = Job.sheet(pack, options)
        let canvas = try CairoCanvas(surface(for: job, format: .pdf), fonts: fonts)
        draw(job, on: canvas)
        return try canvas.finish()
    }

    public func writeSheet(_ pack: SheetPack, options: SheetOptions = SheetOptions(), to path: String) throws(RenderError) {
        if let format = RenderFormat(path: path), format != .pdf {
            throw .unsupported("\(path): sheets are PDF booklets; name the file .pdf")
        }
        try Self.writeFile(renderSheet(pack, options: options), to: path)
    }

    /// How many pages a sheet booklet has.
    public func sheetPageCount(_ pack: SheetPack, options: SheetOptions = SheetOptions()) -> Int {
        SheetDrawing(style: style, layout: layout, pack: pack, options: options).pages.count
    }

    // MARK: Curricula

    /// The chart of a curriculum's difficulty by day, per game: PNG (`size` pixels wide, default
    /// 1200), SVG or PDF (a landscape A4 page width, in points); twice as wide as high.
    public func renderCurriculumChart(_ plot: CurriculumPlot, as format: RenderFormat, size: Int? = nil) throws(RenderError) -> [UInt8] {
        let job = Job.chart(plot, size)
        let canvas = try CairoCanvas(surface(for: job, format: format), fonts: fonts)
        draw(job, on: canvas)
        return try canvas.finish()
    }

    /// The chart of a play-test report: per puzzle, the median time to solve as a bar, with the
    /// plays, solves, wrong placements and hints beside it. PNG `size` pixels wide (default 1200).
    public func renderPlaytestChart(_ report: PlaytestReport, as format: RenderFormat, size: Int? = nil) throws(RenderError) -> [UInt8] {
        let job = Job.playtest(report, size)
        let canvas = try CairoCanvas(surface(for: job, format: format), fonts: fonts)
        draw(job, on: canvas)
        return try canvas.finish()
    }

    /// The printable overview of a curriculum as a PDF: one line a day with its puzzles' thumbnails.
    public func renderCurriculumOverview(_ plot: CurriculumPlot) throws(RenderError) -> [UInt8] {
        let job = Job.overview(plot)
        let canvas = try CairoCanvas(surface(for: job, format: .pdf), fonts: fonts)
        draw(job, on: canvas)
        return try canvas.finish()
    }

    /// How many pages the overview has.
    public func curriculumOverviewPageCount(_ plot: CurriculumPlot) -> Int {
        CurriculumOverviewDrawing(style: style, layout: layout, plot: plot).pageCount
    }

    // MARK: Traces

    /// The drawing as text, one cairo call per line, instead of a file: `.golden` for tests
    /// (rounded, readable), `.replay` for the C baseline (exact; it reproduces the same bytes).
    public func trace(_ document: PuzzleDocument, as format: RenderFormat, options: RenderOptions = RenderOptions(),
                      pack: PackLabel? = nil, detail: TraceDetail = .golden) -> String {
        trace(.puzzle(document, options, pack), format: format, detail: detail)
    }

    public func traceSheet(_ pack: SheetPack, options: SheetOptions = SheetOptions(), detail: TraceDetail = .golden) -> String {
        trace(.sheet(pack, options), format: .pdf, detail: detail)
    }

    private func trace(_ job: Job, format: RenderFormat, detail: TraceDetail) -> String {
        let canvas = TraceCanvas(surface(for: job, format: format), fonts: style.fonts,
                                 detail: detail == .golden ? .golden : .replay)
        draw(job, on: canvas)
        return canvas.text
    }

    // MARK: Text

    /// Characters of the puzzle's name that the style's bold font cannot draw (they would show
    /// as empty boxes), so a front end can warn.
    public func missingCharacters(in document: PuzzleDocument) -> [Character] {
        layout.missingCharacters(document.puzzle.name, weight: .bold)
    }

    // MARK: Drawing

    enum Job {
        case puzzle(PuzzleDocument, RenderOptions, PackLabel?)
        case sheet(SheetPack, SheetOptions)
        case chart(CurriculumPlot, Int?)
        case overview(CurriculumPlot)
        case playtest(PlaytestReport, Int?)
    }

    static let pointsPerMillimetre = 72 / 25.4

    func surface(for job: Job, format: RenderFormat) -> Surface {
        switch job {
        case .puzzle(let document, let options, _):
            let metadata = PDFMetadata(
                title: document.puzzle.name, author: document.puzzle.metadata.author,
                subject: "\(options.product == .card ? "Puzzle card" : "Puzzle preview"): \(document.kindName) \(document.puzzle.id)",
                date: document.puzzle.updatedAt)
            switch options.product {
            case .preview:
                let side = options.size ?? style.preview.size
                switch format {
                case .png: return .png(width: side, height: side)
                case .svg: return .svg(width: Double(side), height: Double(side))
                case .pdf: return .pdf(width: Double(side), height: Double(side), metadata: metadata)
                }
            case .card:
                let card = style.card
                let width = options.size ?? card.pixelWidth
                let height = Int((Double(width) * card.height / card.width).rounded())
                switch format {
                case .png: return .png(width: width, height: height)
                case .svg: return .svg(width: Double(width), height: Double(height))
                case .pdf:
                    return .pdf(width: card.width * Self.pointsPerMillimetre, height: card.height * Self.pointsPerMillimetre,
                                metadata: metadata)
                }
            }
        case .sheet(let pack, _):
            let date = pack.puzzles.map(\.puzzle.updatedAt).max() ?? "1970-01-01T00:00:00Z"
            return .pdf(width: style.sheet.width * Self.pointsPerMillimetre, height: style.sheet.height * Self.pointsPerMillimetre,
                        metadata: PDFMetadata(title: pack.title, author: nil,
                                              subject: "Printable sheets: \(pack.puzzles.count) puzzles of pack \(pack.id)",
                                              date: date))
        case .chart(let plot, let size):
            let metadata = PDFMetadata(title: plot.curriculum.name, author: nil,
                                       subject: "Difficulty by day: curriculum \(plot.curriculum.id)", date: plot.date)
            let width = style.sheet.height * Self.pointsPerMillimetre
            switch format {
            case .png:
                let pixels = size ?? 1200
                return .png(width: pixels, height: Int((Double(pixels) / CurriculumChartDrawing.aspect).rounded()))
            case .svg: return .svg(width: width, height: width / CurriculumChartDrawing.aspect)
            case .pdf: return .pdf(width: width, height: width / CurriculumChartDrawing.aspect, metadata: metadata)
            }
        case .playtest(let report, let size):
            let height = PlaytestChartDrawing.heightRatio(report)
            switch format {
            case .png:
                let pixels = size ?? 1200
                return .png(width: pixels, height: Int((Double(pixels) * height).rounded()))
            case .svg: return .svg(width: Double(size ?? 842), height: Double(size ?? 842) * height)
            case .pdf:
                let width = style.sheet.height * Self.pointsPerMillimetre
                return .pdf(width: width, height: width * height,
                            metadata: PDFMetadata(title: "Play-test report", author: nil,
                                                  subject: "\(report.entries.count) puzzles", date: "1970-01-01T00:00:00Z"))
            }
        case .overview(let plot):
            return .pdf(width: style.sheet.width * Self.pointsPerMillimetre, height: style.sheet.height * Self.pointsPerMillimetre,
                        metadata: PDFMetadata(title: plot.curriculum.name, author: nil,
                                              subject: "Curriculum overview: \(plot.curriculum.days.count) days of \(plot.curriculum.id)",
                                              date: plot.date))
        }
    }

    func draw(_ job: Job, on canvas: Canvas) {
        let surface = canvas.surface
        let layout = self.layout.forJob()
        switch job {
        case .puzzle(let document, let options, let pack):
            let figure = PuzzleFigure(style: style, layout: layout, options: options)
            switch options.product {
            case .preview:
                let side = min(surface.width, surface.height)
                canvas.fill(style.colors.background) { canvas.rectangle(0, 0, surface.width, surface.height) }
                let box = Box(x: 0, y: 0, width: surface.width, height: surface.height).inset(side * style.preview.margin)
                figure.draw(document.puzzle, on: canvas, in: box, backdrop: style.colors.background)
            case .card:
                CardDrawing(style: style, layout: layout, puzzle: document.puzzle, pack: pack, figure: figure)
                    .draw(on: canvas, unit: surface.width / style.card.width)
            }
        case .sheet(let pack, let options):
            SheetDrawing(style: style, layout: layout, pack: pack, options: options)
                .draw(on: canvas, unit: surface.width / style.sheet.width)
        case .chart(let plot, _):
            CurriculumChartDrawing(style: style, layout: layout, plot: plot).draw(on: canvas, width: surface.width, height: surface.height)
        case .playtest(let report, _):
            PlaytestChartDrawing(style: style, layout: layout, report: report).draw(on: canvas, width: surface.width, height: surface.height)
        case .overview(let plot):
            CurriculumOverviewDrawing(style: style, layout: layout, plot: plot).draw(on: canvas, unit: surface.width / style.sheet.width)
        }
    }

    // MARK: Files

    /// The format to write: the one asked for, which must agree with the path's extension when
    /// it has a known one; else the extension's.
    public static func format(_ requested: RenderFormat?, for path: String) throws(RenderError) -> RenderFormat {
        let named = RenderFormat(path: path)
        switch (requested, named) {
        case (let requested?, let named?) where requested != named:
            throw .unsupported("\(path) ends in .\(named.rawValue) but the format asked for is \(requested.rawValue); make them agree")
        case (let requested?, _): return requested
        case (nil, let named?): return named
        case (nil, nil):
            throw .unsupported("\(path): cannot tell the format from the name; end it in .png, .svg or .pdf, or pass --format")
        }
    }

    /// Creates an output folder and its missing parents.
    public static func makeFolder(_ path: String) throws(RenderError) {
        do { try FileSystem.makeFolders(path) } catch { throw .writeFailed(path: path, reason: error.message) }
    }

    /// Writes bytes atomically (temporary file beside the target, then rename).
    public static func writeFile(_ bytes: [UInt8], to path: String) throws(RenderError) {
        if FileSystem.isDirectory(path) { throw .writeFailed(path: path, reason: "it is a folder; name a file") }
        do { try AtomicFile.write(bytes, to: path) } catch { throw .writeFailed(path: path, reason: error.reason) }
    }
}
