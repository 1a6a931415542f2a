import GridEditCore

/// A printable booklet of a pack: `columns × rows` puzzles per page, each page headed by the
/// pack's title and the rules of the puzzles on it, then (optionally) the solutions in the same
/// layout. Laid out in millimetres from `Style.SheetStyle`.
struct SheetDrawing {
    let style: Style
    let layout: TextLayout
    let pack: SheetPack
    let options: SheetOptions

    struct Page {
        var solutions: Bool
        /// (number in the pack, 1-based; puzzle).
        var entries: [(Int, any Puzzle)]
    }

    var columns: Int { options.columns ?? style.sheet.columns }
    var rows: Int { options.rows ?? style.sheet.rows }

    var pages: [Page] {
        let perPage = columns * rows
        let numbered = pack.puzzles.enumerated().map { ($0.offset + 1, $0.element.puzzle) }
        var pages: [Page] = []
        for start in stride(from: 0, to: numbered.count, by: perPage) {
            pages.append(Page(solutions: false, entries: Array(numbered[start..<min(start + perPage, numbered.count)])))
        }
        if options.solutions {
            for start in stride(from: 0, to: numbered.count, by: perPage) {
                pages.append(Page(solutions: true, entries: Array(numbered[start..<min(start + perPage, numbered.count)])))
            }
        }
        return pages
    }

    func draw(on canvas: Canvas, unit u: Double) {
        let all = pages
        let layouts = all.map { layout(of: $0, unit: u) }
        // One scale for every tangram of the booklet: a piece is the same size on every page, as
        // the child's real pieces are.
        let puzzles = pack.puzzles.map(\.puzzle)
        let scale = zip(all, layouts).compactMap { page, layout in
            figure(page).commonTangramScale(puzzles, in: layout.pictureBox(slot: 0))
        }.min()
        for (index, page) in all.enumerated() {
            if index > 0 { canvas.nextPage() }
            var figure = figure(page)
            figure.tangramScale = scale
            draw(page, layout: layouts[index], number: index + 1, of: all.count, figure: figure, on: canvas, unit: u)
        }
    }

    private func figure(_ page: Page) -> PuzzleFigure {
        PuzzleFigure(style: style, layout: layout, solution: page.solutions, hint: options.hint,
                     grid: options.grid, candidates: options.candidates && !page.solutions)
    }

    /// Where everything on a page goes, in device units.
    struct PageLayout {
        var title: TextRun
        var titleBaseline: Double
        var ages: TextRun?
        /// Rules lines and their baselines.
        var rules: [(TextRun, Double)]
        var dividerY: Double
        var footerTop: Double
        var footerBaseline: Double
        var area: Box
        var columns: Int
        var cellWidth: Double
        var cellHeight: Double
        var gap: Double
        var labelSize: Double

        func cell(slot: Int) -> Box {
            Box(x: area.x + Double(slot % columns) * (cellWidth + gap), y: area.y + Double(slot / columns) * (cellHeight + gap),
                width: cellWidth, height: cellHeight)
        }

        /// The label row's height: the number badge.
        var labelHeight: Double { labelSize * 1.9 }

        func pictureBox(slot: Int) -> Box {
            let cell = cell(slot: slot)
            let top = cell.y + labelHeight + labelSize * 0.6
            return Box(x: cell.x, y: top, width: cell.width, height: max(0, cell.maxY - top)).centredSquare
        }
    }

    func layout(of page: Page, unit u: Double) -> PageLayout {
        let s = style.sheet
        let width = s.width * u, height = s.height * u
        let margin = s.margin * u
        let inner = width - 2 * margin

        var ages: TextRun?
        if let range = pack.ageRange {
            ages = layout.run(style.text.ages.filled(["min": String(range.lowerBound), "max": String(range.upperBound)]),
                              weight: .bold, size: s.labelSize * u)
        }
        let titleText = page.solutions ? "\(pack.title) · \(style.text.solutions)" : pack.title
        let title = layout.fitted(titleText, weight: .bold, size: s.titleSize * u, minimumSize: s.titleSize * u * 0.6,
                                  width: inner - (ages.map { $0.advance + s.gap * u } ?? 0))
        let titleBaseline = margin + title.size * 0.76
        var y = titleBaseline + title.size * 0.3

        // The rules of the puzzles on this page, one paragraph per distinct wording.
        var rules: [(TextRun, Double)] = []
        if !page.solutions {
            var seen: [String] = []
            for (_, puzzle) in page.entries {
                let text = PuzzleFacts.rules(puzzle, style: style)
                if !text.isEmpty && !seen.contains(text) { seen.append(text) }
            }
            for paragraph in seen {
                for line in layout.wrapped(paragraph, weight: .regular, size: s.rulesSize * u, width: inner) {
                    y += s.rulesSize * u * 1.35
                    rules.append((line, y))
                }
            }
        }
        y += s.gap * u * 0.6
        let dividerY = y
        y += s.gap * u

        let footerSize = s.footerSize * u
        let footerBaseline = height - margin
        let footerTop = footerBaseline - footerSize * 1.9
        let gap = s.gap * u
        let area = Box(x: margin, y: y, width: inner, height: footerTop - gap - y)
        return PageLayout(title: title, titleBaseline: titleBaseline, ages: ages, rules: rules, dividerY: dividerY,
                          footerTop: footerTop, footerBaseline: footerBaseline, area: area, columns: columns,
                          cellWidth: (area.width - Double(columns - 1) * gap) / Double(columns),
                          cellHeight: (area.height - Double(rows - 1) * gap) / Double(rows),
                          gap: gap, labelSize: s.labelSize * u)
    }

    private func draw(_ page: Page, layout l: PageLayout, number: Int, of total: Int, figure: PuzzleFigure,
                      on canvas: Canvas, unit u: Double) {
        let s = style.sheet
        let colors = style.colors
        let width = s.width * u, height = s.height * u
        let margin = s.margin * u

        canvas.fill(colors.paper) { canvas.rectangle(0, 0, width, height) }

        canvas.setColor(colors.ink)
        canvas.show(l.title, x: margin, y: l.titleBaseline)
        if let ages = l.ages {
            canvas.setColor(colors.mutedInk)
            canvas.show(ages, x: width - margin - ages.advance, y: l.titleBaseline)
        }
        canvas.setColor(colors.mutedInk)
        for (line, baseline) in l.rules { canvas.show(line, x: margin, y: baseline) }

        canvas.setLineCap(.round)
        canvas.stroke(colors.border, width: 0.35 * u) {
            canvas.moveTo(margin, l.dividerY)
            canvas.lineTo(width - margin, l.dividerY)
        }
        canvas.stroke(colors.border, width: 0.35 * u) {
            canvas.moveTo(margin, l.footerTop)
            canvas.lineTo(width - margin, l.footerTop)
        }

        // Footer: the pack's id on the left, the page number on the right.
        let footerSize = s.footerSize * u
        canvas.setColor(colors.mutedInk)
        let pageText = layout.run(style.text.page.filled(["page": String(number), "pages": String(total)]),
                                  weight: .regular, size: footerSize)
        canvas.show(pageText, x: width - margin - pageText.advance, y: l.footerBaseline)
        let packText = layout.fitted(pack.id, weight: .regular, size: footerSize, minimumSize: footerSize * 0.7,
                                     width: width - 2 * margin - pageText.advance - footerSize)
        canvas.show(packText, x: margin, y: l.footerBaseline)

        for (slot, entry) in page.entries.enumerated() {
            drawEntry(number: entry.0, puzzle: entry.1, in: l.cell(slot: slot), picture: l.pictureBox(slot: slot),
                      labelSize: l.labelSize, figure: figure, on: canvas)
        }
    }

    /// One puzzle: a numbered badge, the title and the stars on a line, the picture below.
    private func drawEntry(number: Int, puzzle: any Puzzle, in cell: Box, picture: Box, labelSize size: Double,
                           figure: PuzzleFigure, on canvas: Canvas) {
        let facts = PuzzleFacts(puzzle, style: style)
        let badge = size * 1.9
        let centreY = cell.y + badge / 2

        canvas.fill(style.kindColor(facts.kind)) {
            canvas.newSubPath()
            canvas.arc(cell.x + badge / 2, centreY, badge / 2, 0, 2 * Double.pi)
            canvas.closePath()
        }
        let numberText = layout.run(String(number), weight: .bold, size: size * (number >= 100 ? 0.7 : 0.9))
        canvas.setColor(style.colors.badgeText)
        canvas.show(numberText, x: cell.x + badge / 2 - numberText.inkX - numberText.inkWidth / 2,
                    y: centreY - numberText.inkY - numberText.inkHeight / 2)

        let stars = StarRow(style: style)
        let starSize = size * 0.95
        let starsWidth = stars.width(size: starSize)
        stars.draw(earned: facts.stars, x: cell.maxX - starsWidth, y: centreY, size: starSize, on: canvas)

        let titleLeft = cell.x + badge + size * 0.5
        let title = layout.fitted(puzzle.name, weight: .bold, size: size, minimumSize: size * 0.7,
                                  width: cell.maxX - starsWidth - size * 0.8 - titleLeft)
        canvas.setColor(style.colors.ink)
        canvas.show(title, x: titleLeft, y: centreY + size * 0.36)

        figure.draw(puzzle, on: canvas, in: picture, backdrop: style.colors.paper)
    }
}
