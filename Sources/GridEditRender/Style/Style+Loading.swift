import GridEditCore
import GridEditJSON

extension Style {
    /// The style file gridedit uses when none is named: `templates/style.jsonc` of the repository.
    /// (JSON with comments, so the file explains itself; not `.json`, which would make `check`
    /// and `format` take it for a puzzle template.)
    public static let defaultRelativePath = "templates/style.jsonc"

    /// Reads and checks a style file. Every field is required, so the file documents the whole
    /// look; problems come back as `file:line:col: error: [rule] message` lines, all at once.
    public static func load(_ path: String) throws(RenderError) -> Style {
        let bytes: [UInt8]
        switch FileSystem.read(path) {
        case .success(let read): bytes = read
        case .failure(let failure): throw .styleUnreadable(path: path, reason: failure.description)
        }
        return try decode(bytes, path: path)
    }

    /// Decodes style JSON (comments allowed); `path` names the file in messages and anchors
    /// relative font paths.
    public static func decode(_ text: [UInt8], path: String) throws(RenderError) -> Style {
        let bytes = JSONComments.strip(text)
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw .styleInvalid(path: path, findings: [Finding(error)])
        }
        let context = DecodeContext(source: bytes)
        let reader = StyleReader(context: context, folder: FileSystem.folder(of: path))
        let style = reader.style(root)
        guard let style, !context.hasErrors else {
            throw .styleInvalid(path: path, findings: context.findings)
        }
        return style
    }

    /// The style file to use when the user names none: `templates/style.jsonc` in the current
    /// folder or the nearest parent that has one (so gridedit works from any folder of the
    /// repository), else in the nearest parent of the executable's folder that has one (a
    /// build under `.build/…/gridedit` finds its repository's style from anywhere).
    public static func findDefault(from folder: String, executable: String? = nil) -> String? {
        func search(upFrom start: String) -> String? {
            var current = start
            while true {
                let candidate = FileSystem.join(current, defaultRelativePath)
                if FileSystem.isFile(candidate) { return candidate }
                let parent = FileSystem.folder(of: current)
                if parent == current || current == "/" || current.isEmpty || current == "." { return nil }
                current = parent
            }
        }
        return search(upFrom: folder) ?? executable.flatMap { search(upFrom: FileSystem.folder(of: $0)) }
    }
}

/// Turns the style JSON into a `Style`, reporting every problem with its line and column.
private struct StyleReader {
    let context: DecodeContext
    let folder: String

    func style(_ root: JSONNode) -> Style? {
        guard let o = context.object(root, allowedKeys: ["fonts", "colors", "tangram", "sudoku", "preview", "card",
                                                         "sheet", "gallery", "text"]) else { return nil }
        let fonts = o.required("fonts").flatMap(fonts)
        let colors = o.required("colors").flatMap(colors)
        let tangram = o.required("tangram").flatMap(tangram)
        let sudoku = o.required("sudoku").flatMap(sudoku)
        let preview = o.required("preview").flatMap(preview)
        let card = o.required("card").flatMap(card)
        let sheet = o.required("sheet").flatMap(sheet)
        let gallery = o.required("gallery").flatMap(gallery)
        let text = o.required("text").flatMap(wording)
        guard let fonts, let colors, let tangram, let sudoku, let preview, let card, let sheet, let gallery, let text
        else { return nil }
        return Style(fonts: fonts, colors: colors, tangram: tangram, sudoku: sudoku, preview: preview, card: card,
                     sheet: sheet, gallery: gallery, text: text)
    }

    func fonts(_ node: JSONNode) -> Style.Fonts? {
        guard let o = context.object(node, allowedKeys: ["regular", "bold"]) else { return nil }
        let regular = o.required("regular").flatMap(fontPath)
        let bold = o.required("bold").flatMap(fontPath)
        guard let regular, let bold else { return nil }
        return Style.Fonts(regular: regular, bold: bold)
    }

    func fontPath(_ node: JSONNode) -> String? {
        guard let path = context.string(node) else { return nil }
        guard !path.isEmpty else {
            context.report(SchemaValueRule.self, "a font path is empty; name a .ttf or .otf file", at: node)
            return nil
        }
        return path.hasPrefix("/") ? path : FileSystem.join(folder, path)
    }

    func colors(_ node: JSONNode) -> Style.Colors? {
        let keys = ["background", "paper", "panel", "border", "ink", "mutedInk", "starOn", "starOff", "kinds", "badgeText"]
        guard let o = context.object(node, allowedKeys: keys) else { return nil }
        let c = keys.filter { $0 != "kinds" }.map { key in o.required(key).flatMap(color) }
        let kinds = o.required("kinds").flatMap { colorTable($0, keys: PuzzleKinds.builtIn.map { $0.name }) }
        guard c.allSatisfy({ $0 != nil }), let kinds else { return nil }
        return Style.Colors(background: c[0]!, paper: c[1]!, panel: c[2]!, border: c[3]!, ink: c[4]!, mutedInk: c[5]!,
                            starOn: c[6]!, starOff: c[7]!, kinds: kinds, badgeText: c[8]!)
    }

    func tangram(_ node: JSONNode) -> Style.TangramStyle? {
        let colorKeys = ["silhouette", "hintFill", "hintLine", "grid", "gridBorder"]
        let widthKeys = ["outlineWidth", "pieceLineWidth", "gapWidth", "gridWidth"]
        guard let o = context.object(node, allowedKeys: colorKeys + widthKeys + ["pieces"]) else { return nil }
        let c = colorKeys.map { o.required($0).flatMap(color) }
        let w = widthKeys.map { o.required($0).flatMap { number($0, in: 0...1) } }
        let pieces = o.required("pieces").flatMap { node -> [TangramPiece.Shape: Color]? in
            guard let table = colorTable(node, keys: TangramPiece.Shape.allCases.map(\.rawValue)) else { return nil }
            return Dictionary(uniqueKeysWithValues: table.map { (TangramPiece.Shape(rawValue: $0.key)!, $0.value) })
        }
        guard c.allSatisfy({ $0 != nil }), w.allSatisfy({ $0 != nil }), let pieces else { return nil }
        return Style.TangramStyle(silhouette: c[0]!, hintFill: c[1]!, hintLine: c[2]!, pieces: pieces, grid: c[3]!,
                                  gridBorder: c[4]!, outlineWidth: w[0]!, pieceLineWidth: w[1]!, gapWidth: w[2]!,
                                  gridWidth: w[3]!)
    }

    func sudoku(_ node: JSONNode) -> Style.SudokuStyle? {
        let colorKeys = ["cell", "givenCell", "given", "solution", "candidate", "cellLine", "boxLine"]
        let fractionKeys = ["cellLineWidth", "boxLineWidth", "borderWidth", "cornerRadius", "digitSize", "candidateSize"]
        guard let o = context.object(node, allowedKeys: colorKeys + fractionKeys) else { return nil }
        let c = colorKeys.map { o.required($0).flatMap(color) }
        let f = fractionKeys.map { o.required($0).flatMap { number($0, in: 0...1) } }
        guard c.allSatisfy({ $0 != nil }), f.allSatisfy({ $0 != nil }) else { return nil }
        return Style.SudokuStyle(cell: c[0]!, givenCell: c[1]!, given: c[2]!, solution: c[3]!, candidate: c[4]!,
                                 cellLine: c[5]!, boxLine: c[6]!, cellLineWidth: f[0]!, boxLineWidth: f[1]!,
                                 borderWidth: f[2]!, cornerRadius: f[3]!, digitSize: f[4]!, candidateSize: f[5]!)
    }

    func preview(_ node: JSONNode) -> Style.PreviewStyle? {
        guard let o = context.object(node, allowedKeys: ["size", "margin"]) else { return nil }
        let size = o.required("size").flatMap { context.int($0, in: RenderLimits.pixels) }
        let margin = o.required("margin").flatMap { number($0, in: 0...0.4) }
        guard let size, let margin else { return nil }
        return Style.PreviewStyle(size: size, margin: margin)
    }

    func card(_ node: JSONNode) -> Style.CardStyle? {
        let lengthKeys = ["width", "height", "cornerRadius", "borderWidth", "padding", "gap", "thumbnailHeight",
                          "thumbnailCornerRadius", "thumbnailPadding", "badgeTextSize", "titleSize", "starSize",
                          "labelSize", "footerSize"]
        guard let o = context.object(node, allowedKeys: lengthKeys + ["pixelWidth"]) else { return nil }
        let l = lengthKeys.map { o.required($0).flatMap { number($0, in: 0...1000) } }
        let pixels = o.required("pixelWidth").flatMap { context.int($0, in: RenderLimits.pixels) }
        guard l.allSatisfy({ $0 != nil }), let pixels else { return nil }
        let card = Style.CardStyle(width: l[0]!, height: l[1]!, pixelWidth: pixels, cornerRadius: l[2]!,
                                   borderWidth: l[3]!, padding: l[4]!, gap: l[5]!, thumbnailHeight: l[6]!,
                                   thumbnailCornerRadius: l[7]!, thumbnailPadding: l[8]!, badgeTextSize: l[9]!,
                                   titleSize: l[10]!, starSize: l[11]!, labelSize: l[12]!, footerSize: l[13]!)
        if card.width < 20 || card.height < 20 {
            context.report(SchemaValueRule.self, "a card must be at least 20 mm wide and tall", at: node)
        }
        return card
    }

    func sheet(_ node: JSONNode) -> Style.SheetStyle? {
        let lengthKeys = ["width", "height", "margin", "gap", "titleSize", "rulesSize", "labelSize", "footerSize"]
        guard let o = context.object(node, allowedKeys: lengthKeys + ["columns", "rows"]) else { return nil }
        let l = lengthKeys.map { o.required($0).flatMap { number($0, in: 0...2000) } }
        let columns = o.required("columns").flatMap { context.int($0, in: RenderLimits.sheetCells) }
        let rows = o.required("rows").flatMap { context.int($0, in: RenderLimits.sheetCells) }
        guard l.allSatisfy({ $0 != nil }), let columns, let rows else { return nil }
        let sheet = Style.SheetStyle(width: l[0]!, height: l[1]!, margin: l[2]!, gap: l[3]!, titleSize: l[4]!,
                                     rulesSize: l[5]!, labelSize: l[6]!, footerSize: l[7]!, columns: columns, rows: rows)
        if sheet.width < 50 || sheet.height < 50 || 2 * sheet.margin >= min(sheet.width, sheet.height) {
            context.report(SchemaValueRule.self, "a sheet must be at least 50 mm on each side, with margins leaving room to print", at: node)
        }
        return sheet
    }

    func gallery(_ node: JSONNode) -> Style.GalleryStyle? {
        guard let o = context.object(node, allowedKeys: ["previewSize", "cardWidth"]) else { return nil }
        let preview = o.required("previewSize").flatMap { context.int($0, in: RenderLimits.pixels) }
        let card = o.required("cardWidth").flatMap { context.int($0, in: RenderLimits.pixels) }
        guard let preview, let card else { return nil }
        return Style.GalleryStyle(previewSize: preview, cardWidth: card)
    }

    func wording(_ node: JSONNode) -> Style.Wording? {
        let stringKeys = ["pieces", "silhouette", "sudokuSize", "solutions", "page", "ages"]
        guard let o = context.object(node, allowedKeys: stringKeys + ["kinds", "difficulty", "rules"]) else { return nil }
        let kindNames = PuzzleKinds.builtIn.map { $0.name }
        let s = stringKeys.map { o.required($0).flatMap(context.string) }
        let kinds = o.required("kinds").flatMap { stringTable($0, keys: kindNames) }
        let rules = o.required("rules").flatMap { stringTable($0, keys: kindNames) }
        let difficulty = o.required("difficulty").flatMap { node -> [Difficulty: String]? in
            guard let table = stringTable(node, keys: Difficulty.allCases.map(\.rawValue)) else { return nil }
            return Dictionary(uniqueKeysWithValues: table.map { (Difficulty(rawValue: $0.key)!, $0.value) })
        }
        guard s.allSatisfy({ $0 != nil }), let kinds, let rules, let difficulty else { return nil }
        return Style.Wording(kinds: kinds, difficulty: difficulty, pieces: s[0]!, silhouette: s[1]!,
                             sudokuSize: s[2]!, rules: rules, solutions: s[3]!, page: s[4]!, ages: s[5]!)
    }

    // MARK: Values

    func color(_ node: JSONNode) -> Color? {
        guard let text = context.string(node) else { return nil }
        guard let color = Color(hex: text) else {
            context.report(SchemaValueRule.self, "\"\(text)\" is not a colour; write #RRGGBB or #RRGGBBAA, e.g. \"#FF7A59\"", at: node)
            return nil
        }
        return color
    }

    func number(_ node: JSONNode, in range: ClosedRange<Double>) -> Double? {
        guard case .number(let n) = node.value else {
            context.report(SchemaTypeRule.self, "expected a number, found \(node.typeName)", at: node)
            return nil
        }
        guard n.doubleValue.isFinite, range.contains(n.doubleValue) else {
            context.report(SchemaValueRule.self, "\(n.literal) is out of range; use a number from \(format(range.lowerBound)) to \(format(range.upperBound))", at: node)
            return nil
        }
        return n.doubleValue
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// An object with exactly these keys, each a colour.
    func colorTable(_ node: JSONNode, keys: [String]) -> [String: Color]? {
        guard let o = context.object(node, allowedKeys: keys) else { return nil }
        var table: [String: Color] = [:]
        for key in keys { if let value = o.required(key).flatMap(color) { table[key] = value } }
        return table.count == keys.count ? table : nil
    }

    /// An object with exactly these keys, each a string.
    func stringTable(_ node: JSONNode, keys: [String]) -> [String: String]? {
        guard let o = context.object(node, allowedKeys: keys) else { return nil }
        var table: [String: String] = [:]
        for key in keys { if let value = o.required(key).flatMap(context.string) { table[key] = value } }
        return table.count == keys.count ? table : nil
    }
}

/// Bounds that keep a typo from asking for a gigapixel image.
enum RenderLimits {
    static let pixels = 16...8192
    static let sheetCells = 1...8
}
