import GridEditCore
import GridEditGeometry
import GridEditLayout

/// The Tangram piece commands (`place`, `move`, `rotate`, …) and their argument parsing.
extension CommandInterpreter {
    func requireTangram() throws(EditError) -> (EditorDocument, TangramEditor) {
        let document = try requireDocument()
        guard let editor = document.tangramEditor else {
            throw EditError("\(document.displayName) is a \(document.kindName); piece commands need a tangram")
        }
        return (document, editor)
    }

    /// A piece by id, unique id prefix (`par`), or preview letter (`L l M S s Q P`).
    public static func piece(named text: String) throws(EditError) -> TangramPiece {
        if let piece = TangramPiece(rawValue: text.lowercased()) { return piece }
        if text.count == 1, let piece = TangramPiece.allCases.first(where: { String($0.letter) == text }) { return piece }
        let matches = TangramPiece.allCases.filter { $0.rawValue.hasPrefix(text.lowercased()) }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            throw EditError("\"\(text)\" could be \(matches.map(\.rawValue).joined(separator: " or ")); say which")
        }
        throw EditError("no piece \"\(text)\"; the pieces are \(TangramPiece.allCases.map(\.rawValue).joined(separator: ", "))"
                        + " (or their letters L l M S s Q P)")
    }

    func coordinate(_ text: String, settings: SnapSettings) throws(EditError) -> CoordinateInput {
        guard let input = CoordinateInput(text: text) else {
            throw EditError("\"\(text)\" is not a coordinate: write 2, 1.25, -0.5, √2 or 4+0.5√2 (sqrt2 works too)")
        }
        if !input.isExact && !settings.grid {
            throw EditError("\(text) is not exact and grid snapping is off: give a multiple of 0.25 or a + b√2, or `snap grid on`")
        }
        return input
    }

    static func angle(_ text: String) throws(EditError) -> AngleInput {
        var word = text
        for suffix in ["°", "deg"] where word.hasSuffix(suffix) { word = String(word.dropLast(suffix.count)) }
        if let whole = Int(word), let rotation = Rotation(degrees: whole) { return .exact(rotation) }
        if let degrees = Double(word), degrees.isFinite { return .degrees(degrees) }
        throw EditError("\"\(text)\" is not an angle: give degrees counter-clockwise, like 45 or -90")
    }

    func place(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireTangram()
        let piece = try Self.piece(named: try a.next("a piece"))
        let x = try coordinate(try a.next("X"), settings: editor.settings)
        let y = try coordinate(try a.next("Y"), settings: editor.settings)
        var angle = AngleInput.exact(.identity)
        var flipped = false
        while let word = a.optional() {
            if word == "flip" || word == "flipped" { flipped = true } else { angle = try Self.angle(word) }
        }
        try perform(try editor.place(piece, at: PositionInput(x: x, y: y), rotation: angle, flipped: flipped), on: document)
    }

    func move(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireTangram()
        let piece = try Self.piece(named: try a.next("a piece"))
        let x = try coordinate(try a.next("X"), settings: editor.settings)
        let y = try coordinate(try a.next("Y"), settings: editor.settings)
        try a.end()
        try perform(try editor.move(piece, to: PositionInput(x: x, y: y)), on: document)
    }

    func nudge(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireTangram()
        let piece = try Self.piece(named: try a.next("a piece"))
        let first = try a.next("a direction (left, right, up, down) or DX DY")
        let offset: Vector
        let directions: [String: (Int, Int)] = ["left": (-1, 0), "right": (1, 0), "up": (0, 1), "down": (0, -1)]
        if let (dx, dy) = directions[first] {
            let steps = try a.optionalCount() ?? 1
            offset = Vector(Exact(quarters: dx * steps), Exact(quarters: dy * steps))
        } else {
            let second = try a.next("DY")
            guard let dx = Exact(parsing: first), let dy = Exact(parsing: second) else {
                throw EditError("nudge moves exactly: give DX and DY as multiples of 0.25 or a + b√2 (like 0.25 or 0.5√2)")
            }
            offset = Vector(dx, dy)
        }
        try a.end()
        guard offset != .zero else { throw EditError("a nudge of (0, 0) changes nothing") }
        try perform(try editor.nudge(piece, by: offset), on: document)
    }

    func rotate(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireTangram()
        let piece = try Self.piece(named: try a.next("a piece"))
        let angle = try Self.angle(try a.next("an angle"))
        var pivot: Point?
        if let word = a.optional() {
            guard word == "about" else { throw EditError("usage: \(a.spec.usage)") }
            let xText = try a.next("the pivot's X")
            let yText = try a.next("the pivot's Y")
            guard let x = Exact(parsing: xText), let y = Exact(parsing: yText) else {
                throw EditError("the pivot must be exact: multiples of 0.25 or a + b√2")
            }
            pivot = Point(x, y)
        }
        try a.end()
        try perform(try editor.rotate(piece, by: angle, about: pivot), on: document)
    }

    func tangramEdit(_ a: inout Arguments, _ make: (TangramEditor, TangramPiece) throws(EditError) -> Proposal) throws(EditError) {
        let (document, editor) = try requireTangram()
        let piece = try Self.piece(named: try a.next("a piece"))
        try a.end()
        try perform(try make(editor, piece), on: document)
    }

    /// `remove PIECE`, `remove all` and `clear`.
    func remove(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireTangram()
        let word = a.spec.name == "clear" ? a.optional() ?? "all" : try a.next("a piece, or all")
        try a.end()
        guard a.spec.name != "clear" || word == "all" else { throw EditError("clear takes every piece off; `remove \(word)` takes one") }
        try perform(word == "all" ? try editor.removeAll() : try editor.remove(try Self.piece(named: word)), on: document)
    }

    func attach(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireTangram()
        var pieces: [TangramPiece] = []
        while let word = a.optional() { pieces.append(try Self.piece(named: word)) }
        try perform(try editor.attach(pieces), on: document)
    }

    func snap(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireTangram()
        guard let word = a.optional() else {
            console.say("snapping: \(document.settings.summary)", .plain)
            return
        }
        switch word {
        case "grid", "rotation", "anchors":
            let state = try a.next("on or off")
            try a.end()
            guard state == "on" || state == "off" else { throw EditError("snap \(word) takes on or off") }
            let on = state == "on"
            switch word {
            case "grid": document.settings.grid = on
            case "rotation": document.settings.rotation = on
            default: document.settings.anchors = on
            }
            console.say("snapping: \(document.settings.summary)", .edit)
        case "radius":
            let text = try a.next("a radius in units, like 0.5")
            try a.end()
            guard let radius = Exact(parsing: text), radius.signum > 0 else {
                throw EditError("the radius is a positive multiple of 0.25 units, like 0.25 or 0.5")
            }
            document.settings.radius = radius
            console.say("snapping: \(document.settings.summary)", .edit)
        default:
            let piece = try Self.piece(named: word)
            try a.end()
            guard let proposal = try editor.snapInPlace(piece) else {
                console.say("no corner or edge within \(document.settings.radius) of \(piece.rawValue); it stays", .note)
                return
            }
            try perform(proposal, on: document)
        }
    }

    func layer(_ a: inout Arguments) throws(EditError) {
        let (document, _) = try requireTangram()
        guard let word = a.optional() else {
            console.say("editing the \(document.layer.rawValue)", .plain)
            return
        }
        try a.end()
        guard let layer = Layer(rawValue: word) else { throw EditError("the layers are solution and tray") }
        service.setLayer(layer, of: document)
        console.say("now editing the \(layer.rawValue)" + (layer == .tray ? " (start positions)" : ""), .edit)
        if liveView { console.documentChanged(document) }
    }
}
