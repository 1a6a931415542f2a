import GridEditCore

/// A curriculum with the packs it uses, for drawing: its days, and for each puzzle reference the
/// puzzle and its measured difficulty (unresolved references are drawn as empty boxes).
public struct CurriculumPlot: Sendable {
    public var curriculum: Curriculum
    public var library: PackLibrary

    public init(curriculum: Curriculum, library: PackLibrary) {
        self.curriculum = curriculum
        self.library = library
    }

    /// Per game, each day's hardest measured puzzle outside reviews: (day, value).
    func series(_ game: Curriculum.Game) -> [(day: Int, value: Double)] {
        curriculum.days.compactMap { day in
            let values = day.activities.filter { $0.game == game && $0.type != .review }
                .flatMap(\.puzzles).compactMap { library.entry($0)?.measure?.value }
            return values.max().map { (day.day, $0) }
        }
    }

    /// Per game, the puzzles of review activities: (day, value).
    func reviews(_ game: Curriculum.Game) -> [(day: Int, value: Double)] {
        curriculum.days.flatMap { day in
            day.activities.filter { $0.game == game && $0.type == .review }.flatMap(\.puzzles)
                .compactMap { library.entry($0)?.measure.map { (day.day, $0.value) } }
        }
    }

    /// The newest `updatedAt` of the puzzles used: the PDF's date, so the bytes never depend on the clock.
    var date: String {
        curriculum.days.flatMap { $0.activities.flatMap(\.puzzles) }.compactMap { library.entry($0)?.puzzle.updatedAt }.max()
            ?? "1970-01-01T00:00:00Z"
    }
}

/// The chart of difficulty by day: one line per game through each day's hardest puzzle (its
/// measured difficulty, 0–4, with the four levels as bands), review puzzles as open rings.
/// Laid out in units of a 297-wide landscape page, fonts and colours from the sheet style.
struct CurriculumChartDrawing {
    let style: Style
    let layout: TextLayout
    let plot: CurriculumPlot

    /// Width : height.
    static let aspect = 2.0

    func draw(on canvas: Canvas, width: Double, height: Double) {
        let u = width / 297
        let s = style.sheet
        let colors = style.colors
        let curriculum = plot.curriculum
        let margin = s.margin * u * 0.7
        canvas.fill(colors.paper) { canvas.rectangle(0, 0, width, height) }

        // Title, with the legend on the right.
        let labelSize = s.labelSize * u * 0.8
        var legend: [(Curriculum.Game, TextRun)] = []
        var legendWidth = 0.0
        for game in Curriculum.Game.allCases where !plot.series(game).isEmpty || !plot.reviews(game).isEmpty {
            let run = layout.run(style.kindName(game.rawValue), weight: .bold, size: labelSize)
            legend.append((game, run))
            legendWidth += labelSize * 1.6 + run.advance + labelSize
        }
        let ages = style.text.ages.filled(["min": String(curriculum.ageRange.lowerBound), "max": String(curriculum.ageRange.upperBound)])
        let title = layout.fitted("\(curriculum.name) · \(ages)", weight: .bold, size: s.titleSize * u * 0.8,
                                  minimumSize: s.titleSize * u * 0.5, width: width - 2 * margin - legendWidth)
        let titleBaseline = margin + title.size * 0.76
        canvas.setColor(colors.ink)
        canvas.show(title, x: margin, y: titleBaseline)
        var x = width - margin - legendWidth + labelSize
        for (game, run) in legend {
            canvas.fill(style.kindColor(game.rawValue)) {
                canvas.newSubPath()
                canvas.arc(x + labelSize * 0.4, titleBaseline - labelSize * 0.35, labelSize * 0.4, 0, 2 * Double.pi)
                canvas.closePath()
            }
            canvas.setColor(colors.ink)
            canvas.show(run, x: x + labelSize * 1.1, y: titleBaseline)
            x += labelSize * 1.6 + run.advance + labelSize
        }

        // The plot area: level bands with their names on the left, days below.
        let levels = Difficulty.allCases
        let names = levels.map { layout.run(style.text.difficulty[$0] ?? $0.rawValue, weight: .regular, size: labelSize) }
        let left = margin + (names.map(\.advance).max() ?? 0) + labelSize
        let top = titleBaseline + title.size * 0.6
        let bottom = height - margin - labelSize * 1.8
        let right = width - margin
        let box = Box(x: left, y: top, width: right - left, height: bottom - top)
        let bandHeight = box.height / Double(levels.count)
        for (index, name) in names.enumerated() {
            let bandTop = box.maxY - Double(index + 1) * bandHeight
            canvas.fill(index % 2 == 0 ? colors.panel : colors.paper) { canvas.rectangle(box.x, bandTop, box.width, bandHeight) }
            canvas.setColor(colors.mutedInk)
            canvas.show(name, x: left - labelSize * 0.5 - name.advance, y: bandTop + bandHeight / 2 + labelSize * 0.35)
        }
        canvas.stroke(colors.border, width: 0.3 * u) { canvas.rectangle(box.x, box.y, box.width, box.height) }

        let last = max(2, curriculum.days.map(\.day).max() ?? 1)
        func px(_ day: Int) -> Double { box.x + Double(day - 1) / Double(last - 1) * box.width }
        func py(_ value: Double) -> Double { box.maxY - min(4, max(0, value)) / 4 * box.height }
        let step = last <= 20 ? 1 : last <= 60 ? 5 : 10
        canvas.setLineCap(.butt)
        for day in Array(stride(from: step, through: last, by: step)) + [1] where day == 1 || day % step == 0 {
            canvas.stroke(colors.border, width: 0.25 * u) {
                canvas.moveTo(px(day), box.maxY)
                canvas.lineTo(px(day), box.maxY + labelSize * 0.3)
            }
            let label = layout.run(day == 1 ? "day 1" : String(day), weight: .regular, size: labelSize * 0.85)
            let labelX = min(right - label.advance, max(margin, px(day) - (day == 1 ? 0 : label.advance / 2)))
            canvas.setColor(colors.mutedInk)
            canvas.show(label, x: labelX, y: box.maxY + labelSize * 1.3)
        }

        // One line per game through its days, then the review rings.
        canvas.setLineJoin(.round)
        canvas.setLineCap(.round)
        for (game, _) in legend {
            let color = style.kindColor(game.rawValue)
            let points = plot.series(game)
            if points.count > 1 {
                canvas.stroke(color, width: 0.6 * u) {
                    canvas.moveTo(px(points[0].day), py(points[0].value))
                    for point in points.dropFirst() { canvas.lineTo(px(point.day), py(point.value)) }
                }
            }
            canvas.fill(color) {
                for point in points {
                    canvas.newSubPath()
                    canvas.arc(px(point.day), py(point.value), 0.9 * u, 0, 2 * Double.pi)
                    canvas.closePath()
                }
            }
            canvas.stroke(color, width: 0.3 * u) {
                for point in plot.reviews(game) {
                    canvas.newSubPath()
                    canvas.arc(px(point.day), py(point.value), 1.1 * u, 0, 2 * Double.pi)
                    canvas.closePath()
                }
            }
        }
    }
}

/// The printable overview: one line a day (number, theme, activities, the day's puzzle
/// thumbnails), as many days a page as fit, headed like a sheet booklet and footed with the
/// curriculum's id and the page number. Laid out in millimetres from `Style.SheetStyle`.
struct CurriculumOverviewDrawing {
    let style: Style
    let layout: TextLayout
    let plot: CurriculumPlot

    var rowHeight: Double { style.sheet.labelSize * 3 }

    /// Days per page.
    var perPage: Int {
        let s = style.sheet
        let header = s.margin + s.titleSize * 1.2 + s.rulesSize * 2.4 + s.gap
        let footer = s.margin + s.footerSize * 1.9 + s.gap * 0.5
        return max(1, Int((s.height - header - footer) / rowHeight))
    }

    var pageCount: Int { max(1, (plot.curriculum.days.count + perPage - 1) / perPage) }

    func draw(on canvas: Canvas, unit u: Double) {
        let days = plot.curriculum.days
        // One scale for every tangram thumbnail: the same piece is the same size on every line.
        let thumb = rowHeight * u * 0.86
        let figure = PuzzleFigure(style: style, layout: layout, solution: false, hint: .shape, grid: false, candidates: false)
        var scaled = figure
        let puzzles = days.flatMap { $0.activities.flatMap(\.puzzles) }.compactMap { plot.library.entry($0)?.puzzle }
        scaled.tangramScale = figure.commonTangramScale(puzzles, in: Box(x: 0, y: 0, width: thumb, height: thumb).inset(thumb * 0.06))
        for page in 0..<pageCount {
            if page > 0 { canvas.nextPage() }
            let slice = Array(days.dropFirst(page * perPage).prefix(perPage))
            drawPage(slice, number: page + 1, figure: scaled, thumb: thumb, on: canvas, unit: u)
        }
    }

    private func drawPage(_ days: [Curriculum.Day], number: Int, figure: PuzzleFigure, thumb: Double, on canvas: Canvas, unit u: Double) {
        let s = style.sheet
        let colors = style.colors
        let curriculum = plot.curriculum
        let width = s.width * u, height = s.height * u
        let margin = s.margin * u
        let inner = width - 2 * margin
        canvas.fill(colors.paper) { canvas.rectangle(0, 0, width, height) }

        // Header: the name and ages, then what the plan is in one line.
        let ages = layout.run(style.text.ages.filled(["min": String(curriculum.ageRange.lowerBound),
                                                      "max": String(curriculum.ageRange.upperBound)]),
                              weight: .bold, size: s.labelSize * u)
        let title = layout.fitted(curriculum.name, weight: .bold, size: s.titleSize * u, minimumSize: s.titleSize * u * 0.6,
                                  width: inner - ages.advance - s.gap * u)
        let titleBaseline = margin + title.size * 0.76
        canvas.setColor(colors.ink)
        canvas.show(title, x: margin, y: titleBaseline)
        canvas.setColor(colors.mutedInk)
        canvas.show(ages, x: width - margin - ages.advance, y: titleBaseline)
        var about = "\(curriculum.days.count) days · skills: \(curriculum.skillCategories.joined(separator: ", "))"
        if !curriculum.prerequisites.isEmpty { about += " · after: \(curriculum.prerequisites.joined(separator: ", "))" }
        let aboutRun = layout.fitted(about, weight: .regular, size: s.rulesSize * u, minimumSize: s.rulesSize * u * 0.7, width: inner)
        let aboutBaseline = titleBaseline + s.rulesSize * u * 1.8
        canvas.show(aboutRun, x: margin, y: aboutBaseline)
        let dividerY = aboutBaseline + s.rulesSize * u * 0.9
        canvas.setLineCap(.round)
        canvas.stroke(colors.border, width: 0.35 * u) {
            canvas.moveTo(margin, dividerY)
            canvas.lineTo(width - margin, dividerY)
        }

        // Footer: the id on the left, the page number on the right.
        let footerSize = s.footerSize * u
        let footerBaseline = height - margin
        let footerTop = footerBaseline - footerSize * 1.9
        canvas.stroke(colors.border, width: 0.35 * u) {
            canvas.moveTo(margin, footerTop)
            canvas.lineTo(width - margin, footerTop)
        }
        canvas.setColor(colors.mutedInk)
        let pageText = layout.run(style.text.page.filled(["page": String(number), "pages": String(pageCount)]),
                                  weight: .regular, size: footerSize)
        canvas.show(pageText, x: width - margin - pageText.advance, y: footerBaseline)
        canvas.show(layout.fitted(curriculum.id, weight: .regular, size: footerSize, minimumSize: footerSize * 0.7,
                                  width: inner - pageText.advance - footerSize), x: margin, y: footerBaseline)

        let row = rowHeight * u
        var y = dividerY + s.gap * u * 0.5
        for (index, day) in days.enumerated() {
            if index > 0 {
                canvas.stroke(colors.border, width: 0.2 * u) {
                    canvas.moveTo(margin, y)
                    canvas.lineTo(width - margin, y)
                }
            }
            drawDay(day, in: Box(x: margin, y: y, width: inner, height: row), figure: figure, thumb: thumb, on: canvas, unit: u)
            y += row
        }
    }

    private func drawDay(_ day: Curriculum.Day, in box: Box, figure: PuzzleFigure, thumb: Double, on canvas: Canvas, unit u: Double) {
        let s = style.sheet
        let colors = style.colors
        let size = s.labelSize * u
        // The day's number in a badge of its first activity's game colour.
        let badge = size * 1.9
        let centreY = box.midY
        canvas.fill(style.kindColor(day.activities.first?.game.rawValue ?? "")) {
            canvas.newSubPath()
            canvas.arc(box.x + badge / 2, centreY, badge / 2, 0, 2 * Double.pi)
            canvas.closePath()
        }
        let numberText = layout.run(String(day.day), weight: .bold, size: size * (day.day >= 100 ? 0.7 : 0.9))
        canvas.setColor(colors.badgeText)
        canvas.show(numberText, x: box.x + badge / 2 - numberText.inkX - numberText.inkWidth / 2,
                    y: centreY - numberText.inkY - numberText.inkHeight / 2)

        // Thumbnails from the right edge leftwards, in the day's order.
        let references = day.activities.flatMap { activity in activity.puzzles.map { (activity, $0) } }
        let gap = thumb * 0.12
        let thumbsWidth = Double(references.count) * thumb + Double(max(0, references.count - 1)) * gap
        var x = box.maxX - thumbsWidth
        for (activity, reference) in references {
            let frame = Box(x: x, y: box.midY - thumb / 2, width: thumb, height: thumb)
            canvas.stroke(activity.type == .review ? colors.border : style.kindColor(activity.game.rawValue), width: 0.3 * u) {
                canvas.roundedRectangle(frame.x, frame.y, frame.width, frame.height, radius: thumb * 0.08)
            }
            if let puzzle = plot.library.entry(reference)?.puzzle {
                figure.draw(puzzle, on: canvas, in: frame.inset(thumb * 0.06), backdrop: colors.paper)
            } else {
                let mark = layout.run("?", weight: .bold, size: thumb * 0.5)
                canvas.setColor(colors.mutedInk)
                canvas.show(mark, x: frame.midX - mark.inkX - mark.inkWidth / 2, y: frame.midY - mark.inkY - mark.inkHeight / 2)
            }
            x += thumb + gap
        }

        // The theme, then the activities in a line below it.
        let textLeft = box.x + badge + size * 0.6
        let textWidth = max(size, box.maxX - thumbsWidth - size * 0.6 - textLeft)
        let theme = layout.fitted(day.theme, weight: .bold, size: size, minimumSize: size * 0.7, width: textWidth)
        canvas.setColor(colors.ink)
        canvas.show(theme, x: textLeft, y: centreY - size * 0.15)
        var parts = day.activities.map { "\(style.kindName($0.game.rawValue)) \($0.type.rawValue) \($0.durationMinutes) min" }
        if let mastery = day.requiredMastery { parts.append("mastery \(mastery)%") }
        let detail = layout.fitted("\(parts.joined(separator: " · ")) · \(day.estimatedMinutes) min in all", weight: .regular,
                                   size: s.rulesSize * u, minimumSize: s.rulesSize * u * 0.7, width: textWidth)
        canvas.setColor(colors.mutedInk)
        canvas.show(detail, x: textLeft, y: centreY + s.rulesSize * u * 1.2)
    }
}
