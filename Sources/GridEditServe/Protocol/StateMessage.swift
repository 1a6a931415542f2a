import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditJSON
import GridEditPageProtocol
import GridEditRender

/// The `state` message: everything the page draws, built after every change. The picture is the
/// renderer's own SVG (for a tangram the same drawing as `gridedit render --solution --grid`); the
/// kind's editor entry (``KindEditing/pageFields(of:frame:palette:)``) lists its pieces or cells
/// again with their outlines in the SVG's coordinates, so the page can lay interactive shapes
/// (`data-piece`, `data-cell`) exactly over the drawing.
struct StateMessage {
    /// Side of the rendered preview, in SVG units.
    static let side = 640

    let document: EditorDocument?
    let documents: [EditorDocument]
    let renderer: Renderer?
    let folder: ServedFolder
    let journalWarnings: [String]
    /// The verifier's answer for the active puzzle; nil for a kind without one.
    var analysis: Analyzer.Answer? = nil

    /// The message without its `version`, which the session adds when the body differs from the
    /// last one sent.
    func json() -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("type", .string("state")), .init("protocol", .int(ClientMessage.version)),
            .init("documents", .array(documents.map { d in
                .fields(["name": .string(d.displayName), "active": .bool(d === document), "dirty": .bool(d.isDirty)])
            })),
        ]
        guard let document else {
            members.append(.init("document", .null))
            return .object(members)
        }
        members.append(.init("document", documentInfo(document)))
        // What the page shows of the kind (its shapes, frame, status) comes from the kind's
        // editor entry; this message names no kind.
        let entry = EditingKinds.of(document)
        let drawing = entry.pageDrawing(of: document)
        let options = Self.options(for: drawing)
        if let renderer {
            do {
                let svg = try renderer.render(PuzzleDocument(puzzle: drawing.puzzle, schemaReference: nil), as: .svg, options: options)
                members.append(.init("svg", .string(String(decoding: svg, as: UTF8.self))))
            } catch {
                members.append(.init("svgError", .string(error.description)))
            }
        } else {
            members.append(.init("svgError", .string("no style.jsonc was found (templates folder), so the puzzle is not drawn; set GRIDEDIT_TEMPLATES")))
        }
        members.append(.init("size", .int(Self.side)))
        if let renderer {
            // A kind the renderer does not draw still gets its shapes, one unit to a tenth of the side.
            let frame = renderer.previewFrame(of: drawing.puzzle, options: options) ?? Self.undrawnFrame
            let style = renderer.style
            let palette = PagePalette(background: style.colors.background.description, color: { style.partColor($0)?.description })
            members += entry.pageFields(of: document, frame: frame, palette: palette)
        } else {
            members.append(.init("status", .string(entry.status(of: document).joined(separator: "; "))))
        }
        if let play = document.play {
            let frame = renderer?.previewFrame(of: drawing.puzzle, options: options) ?? Self.undrawnFrame
            members.append(.init("play", Self.play(play, frame: frame, folder: folder)))
        }
        if let analysis {
            let frame = renderer?.previewFrame(of: drawing.puzzle, options: options) ?? Self.undrawnFrame
            members.append(.init("analysis", Self.analysis(analysis, frame: frame)))
        }
        members.append(.init("findings", .array(document.findings.map { finding in
            Self.finding(finding, parts: entry.parts(of: finding, in: document))
        })))
        if !journalWarnings.isEmpty { members.append(.init("warnings", .array(journalWarnings.map(JSONValue.string)))) }
        return .object(members)
    }

    /// Where the shapes of a kind the renderer does not draw go: one unit to a tenth of the side.
    static let undrawnFrame = ScreenTransform(originX: Double(side) / 10, originY: Double(side) / 10,
                                              scaleX: Double(side) / 10, scaleY: Double(side) / 10)

    /// The render options of the page's drawing.
    static func options(for drawing: PageDrawing) -> RenderOptions {
        var options = RenderOptions(solution: drawing.solution, grid: drawing.grid, size: side)
        options.figureBehind = drawing.figureBehind
        options.figurePieces = drawing.figurePieces
        if let hint = drawing.hint.flatMap(TangramHint.init(rawValue:)) { options.hint = hint }
        return options
    }

    private func documentInfo(_ d: EditorDocument) -> JSONValue {
        var info: [JSONValue.Member] = [
            .init("name", .string(d.displayName)),
            .init("path", d.path.flatMap { folder.relative(FileSystem.absolute($0)) }.map(JSONValue.string) ?? .null),
            .init("title", .string(d.puzzle.name)), .init("kind", .string(d.kindName)),
            .init("dirty", .bool(d.isDirty)), .init("layer", .string(d.layer.rawValue)),
            .init("undo", d.undoStack.last.map { .string($0.label) } ?? .null),
            .init("redo", d.redoStack.last.map { .string($0.label) } ?? .null),
            .init("edits", .int(d.undoStack.count)),
        ]
        if d.path == nil { info.append(.init("untitled", .bool(true))) }
        let metadata = d.puzzle.metadata
        info.append(.init("meta", .fields([
            "id": .string(metadata.id), "name": .string(metadata.name), "difficulty": .string(metadata.difficulty.rawValue),
            "author": metadata.author.map(JSONValue.string) ?? .null, "description": metadata.description.map(JSONValue.string) ?? .null,
        ])))
        return .object(info)
    }

    /// The panel's numbers (by their `data-*` names), notes, the regions to mark and the distinct
    /// solutions, outlines mapped onto the drawing.
    static func analysis(_ answer: Analyzer.Answer, frame: ScreenTransform) -> JSONValue {
        let a: KindAnalysis
        switch answer {
        case .pending: return .fields(["pending": .bool(true)])
        case .partial(let part): a = part
        case .ready(let whole): a = whole
        }
        // A first part: shown, with `pending` still true until the rest comes.
        let partial = if case .partial = answer { true } else { false }
        func points(_ ring: [(x: Double, y: Double)]) -> JSONValue { Self.points(ring, frame: frame) }
        return .fields([
            "pending": .bool(partial), "partial": .bool(partial),
            "status": .string(a.status),
            "numbers": .array(a.numbers.map { .fields(["name": .string($0.name), "label": .string($0.label), "value": .string($0.value),
                                                       "text": .string($0.text ?? $0.value)]) }),
            "notes": .array(a.notes.map(JSONValue.string)),
            "regions": .array(a.regions.map { .array($0.map(points)) }),
            "alternatives": .array(a.alternatives.map { parts in
                .array(parts.map { .fields(["part": .string($0.name), "points": points($0.outline)]) })
            }),
            "marks": .array(a.marks.map(mark)),
            "steps": .array(a.steps.map { step in
                .fields(["text": .string(step.text), "focus": .array(step.focus.map(JSONValue.string)), "changes": .array(step.changes.map(mark))])
            }),
        ])
    }

    /// A play board's panel: the kind's judgements and numbers, the record's counts, the last hint
    /// (its outline mapped onto the drawing).
    static func play(_ session: PlaySession, frame: ScreenTransform, folder: ServedFolder) -> JSONValue {
        var members: [JSONValue.Member] = [.init("status", .string(session.judge.status))]
        members += session.judge.pageFields()
        let record = session.record
        members += [
            .init("hints", .int(record.hintsUsed)), .init("wrong", .int(record.errors.count)),
            .init("placements", .int(record.interactions.filter { $0.kind == .place }.count)),
            .init("finished", .bool(session.isFinished)), .init("seconds", .double(record.durationSeconds)),
            .init("record", session.recordPath.map { .string(folder.relative(FileSystem.absolute($0)) ?? $0) } ?? .null),
        ]
        if let hint = session.lastHint {
            var fields: [JSONValue.Member] = [.init("text", .string(hint.text)), .init("level", .int(session.lastHintLevel)),
                                              .init("parts", .array(hint.parts.map(JSONValue.string)))]
            if let outline = hint.outline { fields.append(.init("outline", points(outline, frame: frame))) }
            members.append(.init("hint", .object(fields)))
        }
        return .object(members)
    }

    /// A ring in the puzzle's units, on the drawing: `[[x, y], …]` rounded to a thousandth.
    static func points(_ ring: [(x: Double, y: Double)], frame: ScreenTransform) -> JSONValue {
        .array(ring.map { p in
            let (x, y) = frame.apply(p.x, p.y)
            return .array([.double((x * 1000).rounded() / 1000), .double((y * 1000).rounded() / 1000)])
        })
    }

    private static func mark(_ mark: KindAnalysis.Mark) -> JSONValue {
        .fields(["role": .string(mark.role), "part": .string(mark.part), "digits": .array(mark.digits.map(JSONValue.int))])
    }

    static func finding(_ finding: Finding, parts: [String] = []) -> JSONValue {
        .fields([
            "parts": .array(parts.map(JSONValue.string)),
            "rule": .string(finding.rule), "severity": .string(finding.severity.rawValue), "message": .string(finding.message),
            "location": finding.path.map { .string($0.description) } ?? .null,
        ])
    }
}
