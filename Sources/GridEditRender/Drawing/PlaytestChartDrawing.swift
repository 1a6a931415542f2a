import GridEditCore

/// The play-test chart: one row per puzzle, its median time to solve as a bar (the kind's
/// colour; a hatched stub when no play solved it), and beside it the plays, solves, wrong
/// placements and hints per play, and the most misplaced parts. Laid out in units of a 297-wide
/// page, fonts and colours from the sheet style.
struct PlaytestChartDrawing {
    let style: Style
    let layout: TextLayout
    let report: PlaytestReport

    /// Height : width for a report, so every row gets the same room.
    static func heightRatio(_ report: PlaytestReport) -> Double {
        (30 + 11 * Double(max(1, report.entries.count))) / 297
    }

    func draw(on canvas: Canvas, width: Double, height: Double) {
        let u = width / 297
        let s = style.sheet
        let colors = style.colors
        let margin = 10 * u
        canvas.fill(colors.paper) { canvas.rectangle(0, 0, width, height) }
        let labelSize = s.labelSize * u * 0.8
        let title = layout.run("Play-test: median time to solve, wrong placements and hints per play", weight: .bold,
                               size: s.titleSize * u * 0.6)
        canvas.setColor(colors.ink)
        canvas.show(title, x: margin, y: margin + title.size * 0.76)
        guard !report.entries.isEmpty else { return }

        let names = report.entries.map { layout.run($0.activityId, weight: .bold, size: labelSize) }
        let left = margin + (names.map(\.advance).max() ?? 0) + labelSize
        let notesWidth = 110 * u
        let right = width - margin - notesWidth
        let top = margin + title.size * 1.6
        let row = 11 * u
        let longest = report.entries.compactMap(\.medianSeconds).max() ?? 1
        let scale = (right - left) / max(longest, 1)
        for (index, entry) in report.entries.enumerated() {
            let y = top + Double(index) * row
            canvas.fill(index % 2 == 0 ? colors.panel : colors.paper) { canvas.rectangle(margin, y, width - 2 * margin, row) }
            canvas.setColor(colors.ink)
            canvas.show(names[index], x: left - labelSize * 0.5 - names[index].advance, y: y + row / 2 + labelSize * 0.35)
            let barTop = y + row * 0.22, barHeight = row * 0.56
            if let seconds = entry.medianSeconds {
                canvas.fill(style.kindColor(entry.kind)) { canvas.rectangle(left, barTop, max(0.5 * u, seconds * scale), barHeight) }
                let label = layout.run(seconds.decimalText(places: 1) + " s", weight: .regular, size: labelSize * 0.85)
                canvas.setColor(colors.ink)
                canvas.show(label, x: left + max(0.5 * u, seconds * scale) + labelSize * 0.4, y: y + row / 2 + labelSize * 0.3)
            } else {
                canvas.stroke(colors.mutedInk, width: 0.3 * u) { canvas.rectangle(left, barTop, 6 * u, barHeight) }
                let label = layout.run("not solved", weight: .regular, size: labelSize * 0.85)
                canvas.setColor(colors.mutedInk)
                canvas.show(label, x: left + 7 * u, y: y + row / 2 + labelSize * 0.3)
            }
            let misplaced = entry.misplaced.prefix(2).map { "\($0.part) ×\($0.count)" }.joined(separator: ", ")
            let notes = "\(entry.solved)/\(entry.plays) solved · wrong \(entry.medianErrors.decimalText(places: 1)) · hints \(entry.medianHints.decimalText(places: 1))"
                + (misplaced.isEmpty ? "" : " · \(misplaced)")
            let run = layout.fitted(notes, weight: .regular, size: labelSize * 0.85, minimumSize: labelSize * 0.5, width: notesWidth - labelSize)
            canvas.setColor(colors.mutedInk)
            canvas.show(run, x: right + labelSize, y: y + row / 2 + labelSize * 0.3)
        }
    }
}
