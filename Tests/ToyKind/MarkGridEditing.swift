import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditJSON
import GridEditLayout

/// The toy kind's editor half: a status, a terminal view, a `mark` command, and cells the page
/// lays over its drawing that a click marks. Registered with one line:
/// `EditingKinds.register(MarkGridEditing.self)`.
public enum MarkGridEditing: KindEditing {
    public static let kindName = MarkGridKind.name
    public static var puzzleKind: (any PuzzleKind.Type)? { MarkGridKind.self }

    static func grid(_ document: EditorDocument) -> [[Bool]] { (document.puzzle as? MarkGrid)?.currentState ?? [] }

    public static func status(of document: EditorDocument) -> [String] {
        let rows = grid(document)
        return ["\(rows.joined().filter { $0 }.count) of \(rows.joined().count) marked"]
    }

    public static func textView(of document: EditorDocument, colour: Bool) -> StyledText {
        StyledText(lines: grid(document).map { row in
            row.map { [StyledText.Run($0 ? "#" : ".", $0 && colour ? TextStyle(foreground: TextStyle.Colour.green, bold: true) : nil)] }
                .flatMap { $0 }
        })
    }

    public static var commands: [KindCommand] { [
        KindCommand(CommandSpec("mark", group: CommandSpec.Group("Mark grid"), usage: "mark CELL",
                                summary: "mark a cell of the mark grid (CELL like r1c2)", arguments: [.value])) { a, interpreter throws(EditError) in
            let cell = try a.next("a cell such as r1c2")
            try a.end()
            let document = try interpreter.requireDocument()
            guard document.kindName == kindName else { throw EditError("\(document.displayName) is a \(document.kindName); `mark` needs a mark grid") }
            try interpreter.perform(Proposal(command: EditCommand(label: "mark \(cell)", changes: [.part(name: cell, before: nil, after: .bool(true))])),
                                    on: document)
        },
    ] }

    /// Each cell a square on the drawing (one unit a cell), with the command a click sends.
    public static func pageFields(of document: EditorDocument, frame: ScreenTransform, palette: PagePalette) -> [JSONValue.Member] {
        var shapes: [JSONValue] = []
        for (r, row) in grid(document).enumerated() {
            for (c, marked) in row.enumerated() {
                let corners = [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)].map { frame.apply(Double($0.0), Double($0.1)) }
                shapes.append(.fields([
                    "part": .string("r\(r + 1)c\(c + 1)"), "label": .string(marked ? "#" : ""),
                    "points": .array(corners.map { .array([.double($0.x), .double($0.y)]) }),
                    "action": marked ? .null : .string("mark r\(r + 1)c\(c + 1)"),
                ]))
            }
        }
        return [.init("shapes", .array(shapes)), .init("status", .string(status(of: document).joined(separator: "; ")))]
    }
}
