import GridEditCore

/// The platform's shared puzzle card, the same for every kind:
///
///     [TANGRAM]            7 pieces      kind badge, size or piece count
///     ┌──────────────────────────┐
///     │        thumbnail         │
///     └──────────────────────────┘
///                Cat                     title
///              ★ ★ ☆ ☆                   difficulty
///              Medium
///     ───────────────────────────
///     tangram-starter · 4/13   cat       pack, position, id
///
/// Laid out in millimetres from `Style.CardStyle`, drawn at `unit` device units per millimetre.
struct CardDrawing {
    let style: Style
    let layout: TextLayout
    let puzzle: any Puzzle
    let pack: PackLabel?
    let figure: PuzzleFigure

    func draw(on canvas: Canvas, unit u: Double) {
        let c = style.card
        let colors = style.colors
        let facts = PuzzleFacts(puzzle, style: style)
        let width = c.width * u, height = c.height * u
        let pad = c.padding * u
        let inner = width - 2 * pad

        // The card face: rounded, with a hairline border inside its edge.
        let border = c.borderWidth * u
        canvas.fill(colors.paper) {
            canvas.roundedRectangle(0, 0, width, height, radius: c.cornerRadius * u)
        }
        if border > 0 {
            canvas.stroke(colors.border, width: border) {
                canvas.roundedRectangle(border / 2, border / 2, width - border, height - border,
                                        radius: c.cornerRadius * u - border / 2)
            }
        }

        // Header: the kind badge on the left, the size or piece count on the right.
        var y = pad
        let badgeText = layout.run(facts.kindName.uppercased(), weight: .bold, size: c.badgeTextSize * u)
        let badgeHeight = c.badgeTextSize * u * 2
        let badgeWidth = badgeText.advance + c.badgeTextSize * u * 1.8
        canvas.fill(style.kindColor(facts.kind)) {
            canvas.roundedRectangle(pad, y, badgeWidth, badgeHeight, radius: badgeHeight / 2)
        }
        canvas.setColor(colors.badgeText)
        let badgeBaseline = y + badgeHeight / 2 - badgeText.inkY - badgeText.inkHeight / 2
        canvas.show(badgeText, x: pad + (badgeWidth - badgeText.advance) / 2, y: badgeBaseline)
        let sizeText = layout.fitted(facts.size, weight: .bold, size: c.labelSize * u, minimumSize: c.labelSize * u * 0.7,
                                     width: inner - badgeWidth - pad)
        canvas.setColor(colors.mutedInk)
        canvas.show(sizeText, x: width - pad - sizeText.advance, y: badgeBaseline)
        y += badgeHeight + c.gap * u

        // The thumbnail on its panel.
        let panel = Box(x: pad, y: y, width: inner, height: c.thumbnailHeight * u)
        canvas.fill(colors.panel) {
            canvas.roundedRectangle(panel.x, panel.y, panel.width, panel.height, radius: c.thumbnailCornerRadius * u)
        }
        figure.draw(puzzle, on: canvas, in: panel.inset(c.thumbnailPadding * u), backdrop: colors.panel)
        y = panel.maxY + c.gap * u

        // Title, shrunk (then shortened) to fit.
        let title = layout.fitted(puzzle.name, weight: .bold, size: c.titleSize * u, minimumSize: c.titleSize * u * 0.6,
                                  width: inner)
        let titleBaseline = y + title.size * 0.76
        canvas.setColor(colors.ink)
        canvas.show(title, x: (width - title.advance) / 2, y: titleBaseline)
        y = titleBaseline + title.size * 0.24 + c.gap * u * 0.8

        // Difficulty: stars, and the word under them.
        let stars = StarRow(style: style)
        let starSize = c.starSize * u
        stars.draw(earned: facts.stars, x: (width - stars.width(size: starSize)) / 2, y: y + starSize / 2,
                   size: starSize, on: canvas)
        y += starSize + c.gap * u * 0.5
        let word = layout.run(facts.difficulty, weight: .regular, size: c.labelSize * u)
        canvas.setColor(colors.mutedInk)
        canvas.show(word, x: (width - word.advance) / 2, y: y + word.size * 0.76)

        // Footer: pack and position on the left, the puzzle's id on the right.
        let footerSize = c.footerSize * u
        let footerBaseline = height - pad - footerSize * 0.1
        let dividerY = footerBaseline - footerSize * 1.55
        canvas.setLineCap(.round)
        canvas.stroke(colors.border, width: max(border, u * 0.2)) {
            canvas.moveTo(pad, dividerY)
            canvas.lineTo(width - pad, dividerY)
        }
        let idText = layout.fitted(puzzle.id, weight: .bold, size: footerSize, minimumSize: footerSize * 0.7,
                                   width: inner * 0.5)
        canvas.setColor(colors.mutedInk)
        canvas.show(idText, x: width - pad - idText.advance, y: footerBaseline)
        if let pack {
            var label = pack.id
            if let position = pack.position, let count = pack.count { label += " · \(position)/\(count)" }
            let packText = layout.fitted(label, weight: .regular, size: footerSize, minimumSize: footerSize * 0.7,
                                         width: inner - idText.advance - footerSize)
            canvas.show(packText, x: pad, y: footerBaseline)
        }
    }
}
