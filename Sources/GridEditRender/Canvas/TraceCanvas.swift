import Foundation

/// Records every drawing call as one line of text instead of drawing.
///
/// - `.golden`: numbers rounded to 0.01 and text as its string, advance and font: readable,
///   stable across cairo versions, and what the golden tests compare (a diff shows which
///   line moved or changed colour).
/// - `.replay`: every number exact (17 significant digits), glyphs and clusters spelled out, and
///   the font files named, so the C baseline (`Sources/cairo-baseline`) can repeat the very same
///   cairo calls and produce byte-identical files.
///
/// The format is documented in docs/internals.md ("Drawing traces").
final class TraceCanvas: Canvas {
    enum Detail: Sendable { case golden, replay }

    let detail: Detail
    let surface: Surface
    private(set) var lines: [String] = []

    var snapsToPixels: Bool { if case .png = surface { true } else { false } }

    init(_ surface: Surface, fonts: Style.Fonts, detail: Detail) {
        self.detail = detail
        self.surface = surface
        lines.append("gridedit-trace 1")
        if detail == .replay {
            lines.append("font regular \(quote(fonts.regular))")
            lines.append("font bold \(quote(fonts.bold))")
        }
        switch surface {
        case .png(let width, let height):
            lines.append("surface png \(width) \(height)")
        case .svg(let width, let height):
            lines.append("surface svg \(n(width)) \(n(height))")
        case .pdf(let width, let height, let metadata):
            lines.append("surface pdf \(n(width)) \(n(height))")
            lines.append("meta title \(quote(metadata.title))")
            if let author = metadata.author { lines.append("meta author \(quote(author))") }
            if let subject = metadata.subject { lines.append("meta subject \(quote(subject))") }
            lines.append("meta creator \(quote(PDFMetadata.creator))")
            lines.append("meta date \(quote(metadata.date))")
        }
    }

    var text: String { lines.joined(separator: "\n") + "\n" }

    private func n(_ value: Double) -> String {
        switch detail {
        case .golden:
            let rounded = (value * 100).rounded() / 100
            return String(format: "%.2f", rounded == 0 ? 0 : rounded)  // no "-0.00"
        case .replay:
            return String(format: "%.17g", value)
        }
    }

    private func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private func emit(_ line: String) { lines.append(line) }

    func save() { emit("save") }
    func restore() { emit("restore") }
    func setColor(_ c: Color) {
        switch detail {
        case .golden: emit("color \(c)")
        case .replay: emit("rgba \(n(c.red)) \(n(c.green)) \(n(c.blue)) \(n(c.alpha))")
        }
    }
    func setLineWidth(_ width: Double) { emit("width \(n(width))") }
    func setLineJoin(_ join: LineJoin) { emit("join \(join.rawValue)") }
    func setLineCap(_ cap: LineCap) { emit("cap \(cap.rawValue)") }
    func newPath() { emit("newpath") }
    func newSubPath() { emit("subpath") }
    func moveTo(_ x: Double, _ y: Double) { emit("move \(n(x)) \(n(y))") }
    func lineTo(_ x: Double, _ y: Double) { emit("line \(n(x)) \(n(y))") }
    func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
        emit("curve \(n(x1)) \(n(y1)) \(n(x2)) \(n(y2)) \(n(x3)) \(n(y3))")
    }
    func arc(_ cx: Double, _ cy: Double, _ radius: Double, _ from: Double, _ to: Double) {
        emit("arc \(n(cx)) \(n(cy)) \(n(radius)) \(n(from)) \(n(to))")
    }
    func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        emit("rect \(n(x)) \(n(y)) \(n(width)) \(n(height))")
    }
    func closePath() { emit("close") }
    func fill(_ rule: FillRule, preserve: Bool) { emit("fill \(rule.rawValue)" + (preserve ? " preserve" : "")) }
    func stroke(preserve: Bool) { emit("stroke" + (preserve ? " preserve" : "")) }
    func clip() { emit("clip") }

    func show(_ run: TextRun, x: Double, y: Double) {
        guard !run.glyphs.isEmpty else { return }
        switch detail {
        case .golden:
            emit("text \(run.weight.rawValue) \(n(run.size)) at \(n(x)) \(n(y)) advance \(n(run.advance)) \(quote(run.text))")
        case .replay:
            var line = "text \(run.weight.rawValue) \(n(run.size)) \(quote(run.text)) \(run.glyphs.count)"
            for glyph in run.glyphs { line += " \(glyph.index) \(n(x + glyph.x)) \(n(y + glyph.y))" }
            line += " \(run.clusters.count)"
            for cluster in run.clusters { line += " \(cluster.bytes) \(cluster.glyphs)" }
            line += run.backwardClusters ? " backward" : " forward"
            emit(line)
        }
    }

    func nextPage() { emit("page") }
}
