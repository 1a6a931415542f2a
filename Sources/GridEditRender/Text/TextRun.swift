import CCairo

/// A line of text turned into positioned glyphs: the font's character map, advances and pair
/// kerning applied, with the clusters that tie glyphs back to the UTF-8 text (so a PDF holds
/// real, searchable text: "Café ★" copies out as "Café ★").
///
/// Glyph positions are relative to the run's origin, the left end of its baseline.
struct TextRun: Sendable {
    struct Glyph: Sendable, Equatable {
        var index: UInt
        var x: Double
        var y: Double
    }

    struct Cluster: Sendable, Equatable {
        var bytes: Int32
        var glyphs: Int32
    }

    var text: String
    var weight: FontWeight
    var size: Double
    var glyphs: [Glyph]
    var clusters: [Cluster]
    var backwardClusters: Bool
    /// Where the next run would start: the sum of the advances and the kerning.
    var advance: Double
    /// The inked box relative to the origin (y grows downwards, so `inkY` is negative above the baseline).
    var inkX: Double
    var inkY: Double
    var inkWidth: Double
    var inkHeight: Double
    /// The font's ascent and descent at this size (both positive).
    var ascent: Double
    var descent: Double
}

/// Runs already shaped during one drawing: a booklet repeats its rules on every page and its
/// digits in every grid. One cache serves one drawing on one thread (see `TextLayout.forJob`).
final class RunCache: @unchecked Sendable {
    struct Key: Hashable {
        var text: String
        var weight: FontWeight
        var size: Double
    }

    var runs: [Key: TextRun] = [:]
}

/// Lays out text with the style's fonts.
struct TextLayout: Sendable {
    let fonts: FontSet
    /// Nil in the renderer's shared layout; each drawing gets its own (`forJob`).
    var cache: RunCache? = nil

    /// A layout for one drawing, remembering the runs it shapes.
    func forJob() -> TextLayout { TextLayout(fonts: fonts, cache: RunCache()) }

    func run(_ text: String, weight: FontWeight, size: Double) -> TextRun {
        guard let cache else { return shape(text, weight: weight, size: size) }
        let key = RunCache.Key(text: text, weight: weight, size: size)
        if let run = cache.runs[key] { return run }
        let run = shape(text, weight: weight, size: size)
        cache.runs[key] = run
        return run
    }

    private func shape(_ text: String, weight: FontWeight, size: Double) -> TextRun {
        let font = fonts.font(weight)
        let scaled = font.scaledFont(size: size)
        var glyphPointer: UnsafeMutablePointer<cairo_glyph_t>?
        var glyphCount: Int32 = 0
        var clusterPointer: UnsafeMutablePointer<cairo_text_cluster_t>?
        var clusterCount: Int32 = 0
        var flags = cairo_text_cluster_flags_t(rawValue: 0)
        let utf8Count = Int32(text.utf8.count)
        let status = text.withCString { utf8 in
            cairo_scaled_font_text_to_glyphs(scaled, 0, 0, utf8, utf8Count, &glyphPointer, &glyphCount,
                                             &clusterPointer, &clusterCount, &flags)
        }
        defer {
            cairo_glyph_free(glyphPointer)
            cairo_text_cluster_free(clusterPointer)
        }
        var fontExtents = cairo_font_extents_t()
        cairo_scaled_font_extents(scaled, &fontExtents)
        guard status == CAIRO_STATUS_SUCCESS, let glyphPointer, glyphCount > 0 else {
            return TextRun(text: text, weight: weight, size: size, glyphs: [], clusters: [], backwardClusters: false,
                           advance: 0, inkX: 0, inkY: 0, inkWidth: 0, inkHeight: 0,
                           ascent: fontExtents.ascent, descent: fontExtents.descent)
        }
        var cairoGlyphs = Array(UnsafeBufferPointer(start: glyphPointer, count: Int(glyphCount)))
        // Pair kerning from the font's kern table: each glyph moves by the sum of the kerning
        // before it.
        var shift = 0.0
        if font.hasKerning {
            for i in 1..<cairoGlyphs.count {
                shift += font.kerning(cairoGlyphs[i - 1].index, cairoGlyphs[i].index, in: scaled, size: size)
                cairoGlyphs[i].x += shift
            }
        }
        var last = cairoGlyphs[cairoGlyphs.count - 1]
        var lastExtents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(scaled, &last, 1, &lastExtents)
        var ink = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(scaled, &cairoGlyphs, Int32(cairoGlyphs.count), &ink)
        let clusters = clusterPointer.map { pointer in
            UnsafeBufferPointer(start: pointer, count: Int(clusterCount)).map {
                TextRun.Cluster(bytes: $0.num_bytes, glyphs: $0.num_glyphs)
            }
        } ?? []
        return TextRun(text: text, weight: weight, size: size,
                       glyphs: cairoGlyphs.map { TextRun.Glyph(index: $0.index, x: $0.x, y: $0.y) },
                       clusters: clusters,
                       backwardClusters: flags.rawValue & CAIRO_TEXT_CLUSTER_FLAG_BACKWARD.rawValue != 0,
                       advance: last.x + lastExtents.x_advance,
                       inkX: ink.x_bearing, inkY: ink.y_bearing, inkWidth: ink.width, inkHeight: ink.height,
                       ascent: fontExtents.ascent, descent: fontExtents.descent)
    }

    /// The text at `size`, or smaller (down to `minimumSize`) so it fits `width`; if even that is
    /// too wide, cut with an ellipsis at the minimum size.
    func fitted(_ text: String, weight: FontWeight, size: Double, minimumSize: Double, width: Double) -> TextRun {
        let full = run(text, weight: weight, size: size)
        guard full.advance > width, full.advance > 0 else { return full }
        let shrunk = max(minimumSize, size * width / full.advance)
        let smaller = run(text, weight: weight, size: shrunk)
        guard smaller.advance > width else { return smaller }
        var characters = Array(text)
        while !characters.isEmpty {
            characters.removeLast()
            let candidate = String(characters).trimmingTrailingSpaces + "…"
            let shortened = run(candidate, weight: weight, size: shrunk)
            if shortened.advance <= width { return shortened }
        }
        return run("…", weight: weight, size: shrunk)
    }

    /// Greedy word wrap into lines no wider than `width`; a word longer than a line gets a line
    /// of its own (and may overflow it). Words are measured once each; a line that turns out too
    /// wide once shaped as a whole (kerning across a space) gives its last word to the next line.
    func wrapped(_ text: String, weight: FontWeight, size: Double, width: Double) -> [TextRun] {
        let space = run(" ", weight: weight, size: size).advance
        var lines: [TextRun] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var words = paragraph.split(separator: " ").map(String.init)
            var advances = words.map { run($0, weight: weight, size: size).advance }
            while !words.isEmpty {
                var count = 1
                var lineWidth = advances[0]
                while count < words.count, lineWidth + space + advances[count] <= width {
                    lineWidth += space + advances[count]
                    count += 1
                }
                var line = run(words[..<count].joined(separator: " "), weight: weight, size: size)
                while count > 1 && line.advance > width {
                    count -= 1
                    line = run(words[..<count].joined(separator: " "), weight: weight, size: size)
                }
                lines.append(line)
                words.removeFirst(count)
                advances.removeFirst(count)
            }
            if paragraph.isEmpty { lines.append(run("", weight: weight, size: size)) }
        }
        return lines
    }

    /// The characters of `text` that the font has no glyph for (they would print as boxes).
    func missingCharacters(_ text: String, weight: FontWeight) -> [Character] {
        let font = fonts.font(weight)
        var missing: [Character] = []
        for character in text where !character.unicodeScalars.allSatisfy({ font.covers($0) || $0.properties.isWhitespace || $0.properties.generalCategory == .nonspacingMark || $0.value == 0xFE0F }) {
            if !missing.contains(character) { missing.append(character) }
        }
        return missing
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
