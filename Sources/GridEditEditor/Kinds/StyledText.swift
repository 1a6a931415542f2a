/// Lines of text with colours, for a kind's terminal view: the editor says what is red or bold,
/// and the front end decides how (ANSI escapes at a terminal, nothing elsewhere).
public struct StyledText: Sendable, Equatable {
    public struct Run: Sendable, Equatable {
        public var text: String
        public var style: TextStyle?

        public init(_ text: String, _ style: TextStyle? = nil) {
            self.text = text
            self.style = style
        }
    }

    /// Each line is a list of runs.
    public var lines: [[Run]]

    public init(lines: [[Run]] = []) { self.lines = lines }

    /// Plain lines.
    public init(lines: [String]) { self.lines = lines.map { [Run($0)] } }

    /// The text without styles.
    public var plain: [String] { lines.map { $0.map(\.text).joined() } }
}

/// How a run is drawn: colours from the 256-colour palette terminals share (0–7 the standard
/// colours, 8–15 their bright forms, 16–255 the colour cube and greys), and weight.
public struct TextStyle: Sendable, Hashable {
    public var foreground: Int?
    public var background: Int?
    public var bold = false
    public var dim = false
    public var underline = false

    public init(foreground: Int? = nil, background: Int? = nil, bold: Bool = false, dim: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
    }

    public static let dim = TextStyle(dim: true)
    public static let bold = TextStyle(bold: true)

    /// The palette's names for the standard colours.
    public enum Colour {
        public static let black = 0, red = 1, green = 2, yellow = 3, blue = 4, magenta = 5, cyan = 6, white = 7
        public static let brightRed = 9, brightWhite = 15
    }
}

/// Builds a styled line run by run.
public struct StyledLine {
    public private(set) var runs: [StyledText.Run] = []

    public init() {}

    public init(_ text: String, _ style: TextStyle? = nil) { append(text, style) }

    /// Appends text; runs of the same style merge.
    public mutating func append(_ text: String, _ style: TextStyle? = nil) {
        guard !text.isEmpty else { return }
        if let last = runs.last, last.style == style {
            runs[runs.count - 1].text += text
        } else {
            runs.append(StyledText.Run(text, style))
        }
    }

    public static func += (line: inout StyledLine, text: String) { line.append(text) }
}
