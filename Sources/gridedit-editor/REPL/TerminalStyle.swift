#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditEditor

/// Colour on a terminal, plain text everywhere else: ANSI escapes only when standard output is a
/// terminal, NO_COLOR is unset or empty (https://no-color.org), TERM is not `dumb`, and the user
/// did not say `--color never`.
struct TerminalStyle {
    let colour: Bool

    enum Choice: String, CaseIterable { case auto, always, never }

    init(choice: Choice, environment: [String: String], isTerminal: Bool) {
        switch choice {
        case .always: colour = true
        case .never: colour = false
        case .auto:
            let noColour = !(environment["NO_COLOR"] ?? "").isEmpty
            colour = isTerminal && !noColour && environment["TERM"] != "dumb"
        }
    }

    init(colour: Bool) {
        self.colour = colour
    }

    /// `text` in SGR attributes (`1` bold, `31` red, `2` dim…), or as is without colour.
    func sgr(_ codes: String, _ text: String) -> String {
        colour ? "\u{1B}[\(codes)m\(text)\u{1B}[0m" : text
    }

    /// A kind's styled lines as terminal lines: each run in its SGR attributes when colour is on.
    func render(_ text: StyledText) -> [String] {
        text.lines.map { runs in runs.map { run in run.style.map { sgr(Self.codes($0), run.text) } ?? run.text }.joined() }
    }

    /// The SGR codes of a style: weight, then foreground, then background.
    static func codes(_ style: TextStyle) -> String {
        var codes: [String] = []
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if let f = style.foreground { codes.append(f < 8 ? String(30 + f) : f < 16 ? String(82 + f) : "38;5;\(f)") }
        if let b = style.background { codes.append(b < 8 ? String(40 + b) : b < 16 ? String(92 + b) : "48;5;\(b)") }
        return codes.isEmpty ? "0" : codes.joined(separator: ";")
    }

    func paint(_ text: String, _ style: MessageStyle) -> String {
        switch style {
        case .plain: text
        case .edit: sgr("32", text)
        case .note: sgr("36", text)
        case .warning: sgr("33", text)
        case .error: sgr("31", text)
        case .heading: sgr("1", text)
        case .dim: sgr("2", text)
        }
    }

    /// The terminal's width in columns (80 when unknown).
    static func width(of fd: Int32) -> Int {
        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// Candidates laid out in columns that fit the width (for Tab listings).
    static func columns(_ items: [String], width: Int) -> String {
        guard let longest = items.map(\.count).max() else { return "" }
        let cell = longest + 2
        let perLine = max(1, width / cell)
        let rows = (items.count + perLine - 1) / perLine
        var lines: [String] = []
        for r in 0..<rows {
            var line = ""
            for c in 0..<perLine {
                let i = c * rows + r
                guard i < items.count else { continue }
                let item = items[i]
                line += c == perLine - 1 || i + rows >= items.count ? item : item + String(repeating: " ", count: cell - item.count)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
