import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditJSON
import GridEditRender

/// The `state` message: everything the page draws, built after every change. The picture is the
/// renderer's own SVG (the same drawing as `gridedit render --solution --grid`); the pieces and
/// cells are listed again with their outlines in the SVG's coordinates, so the page can lay
/// interactive shapes (`data-piece`, `data-cell`) exactly over the drawing.
struct StateMessage {
    /// Side of the rendered preview, in SVG units.
    static let side = 640

    let document: EditorDocument?
    let documents: [EditorDocument]
    let renderer: Renderer?
    let folder: ServedFolder
    let journalWarnings: [String]

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
        let puzzle = drawnPuzzle(document)
        let options = Self.options(for: puzzle)
        if let renderer {
            do {
                let svg = try renderer.render(PuzzleDocument(puzzle: puzzle, schemaReference: nil), as: .svg, options: options)
                members.append(.init("svg", .string(String(decoding: svg, as: UTF8.self))))
            } catch {
                members.append(.init("svgError", .string(error.description)))
            }
        } else {
            members.append(.init("svgError", .string("no style.jsonc was found (templates folder), so the puzzle is not drawn; set GRIDEDIT_TEMPLATES")))
        }
        members.append(.init("size", .int(Self.side)))
        let frame = renderer?.previewFrame(of: puzzle, options: options)
        if let tangram = document.puzzle as? TangramPuzzle, case .tangram(let scale, let originX, let originY)? = frame {
            // The drawing's colours, so a piece the pointer lifts looks like itself and the place
            // it left looks empty.
            var frameFields: [JSONValue.Member] = [.init("scale", .double(scale)), .init("originX", .double(originX)), .init("originY", .double(originY))]
            if let renderer { frameFields.append(.init("background", .string(renderer.style.colors.background.description))) }
            members.append(.init("frame", .object(frameFields)))
            members.append(.init("pieces", .array(pieces(tangram, document: document, scale: scale, originX: originX, originY: originY))))
            members.append(.init("status", .string(tangramStatus(tangram, document))))
        }
        if let sudoku = document.puzzle as? SudokuPuzzle, case .sudoku(let left, let top, let cell, let size)? = frame {
            members.append(.init("frame", .fields(["left": .double(left), "top": .double(top), "cell": .double(cell), "n": .int(size)])))
            members.append(.init("cells", .array(cells(sudoku))))
            members.append(.init("status", .string(sudoku.solutionSummary)))
            members.append(.init("hint", .string(SudokuEditor(puzzle: sudoku).hint.description)))
        }
        members.append(.init("findings", .array(document.findings.map(Self.finding))))
        if !journalWarnings.isEmpty { members.append(.init("warnings", .array(journalWarnings.map(JSONValue.string)))) }
        return .object(members)
    }

    /// What the picture shows: for the tray layer, the tray's poses in place of the solution's.
    private func drawnPuzzle(_ document: EditorDocument) -> any Puzzle {
        guard var tangram = document.puzzle as? TangramPuzzle, document.layer == .tray else { return document.puzzle }
        tangram.pieces = tangram.tray ?? []
        return tangram
    }

    static func options(for puzzle: any Puzzle) -> RenderOptions {
        puzzle is TangramPuzzle ? RenderOptions(solution: true, grid: true, size: side) : RenderOptions(size: side)
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

    private func pieces(_ tangram: TangramPuzzle, document: EditorDocument, scale: Double, originX: Double, originY: Double) -> [JSONValue] {
        let layer = document.layer
        let poses = TangramKind.poses(layer.arrangement, of: tangram)
        let groups = document.state.groups[layer]
        let pins = document.pinnedPieces(in: layer)
        return poses.map { pose in
            let group = groups.firstIndex { $0.contains(pose.piece) }
            return .fields([
                "piece": .string(pose.piece.rawValue),
                "points": Self.points(pose, scale: scale, originX: originX, originY: originY),
                "x": .string(pose.position.x.description), "y": .string(pose.position.y.description),
                "originX": .double(pose.position.x.doubleValue), "originY": .double(pose.position.y.doubleValue),
                "rotation": .int(pose.rotation.degrees), "flip": .bool(pose.flipped),
                "pinned": .bool(pins.contains(pose.piece)), "group": group.map { .int($0 + 1) } ?? .null,
                "color": (renderer?.style.tangram.pieces[pose.piece.shape]?.description).map(JSONValue.string) ?? .null,
            ])
        }
    }

    /// A piece's outline in SVG units, as `[[x, y], …]`.
    static func points(_ pose: Pose, scale: Double, originX: Double, originY: Double) -> JSONValue {
        .array(pose.vertices.map { p in
            .array([.double(rounded(originX + p.x.doubleValue * scale)), .double(rounded(originY - p.y.doubleValue * scale))])
        })
    }

    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    private func tangramStatus(_ tangram: TangramPuzzle, _ document: EditorDocument) -> String {
        let placed = TangramKind.poses(document.layer.arrangement, of: tangram).count
        let pins = document.pinnedPieces(in: document.layer).count
        var text = "\(placed) of 7 pieces placed in the \(document.layer.rawValue)"
        if pins > 0 { text += ", \(pins) pinned" }
        switch document.searchFindings {
        case nil: text += "; solver checks: not run since the last edit (Validate runs them)"
        case let found? where found.isEmpty: text += "; solver checks: passed"
        case let found?: text += "; solver checks: \(found.count) finding\(found.count == 1 ? "" : "s")"
        }
        return text
    }

    private func cells(_ sudoku: SudokuPuzzle) -> [JSONValue] {
        let editor = SudokuEditor(puzzle: sudoku)
        let n = sudoku.size.rawValue
        var result: [JSONValue] = []
        for r in 0..<n {
            for c in 0..<n {
                let given = Int(sudoku.givens[r, c])
                let digit = Int(sudoku.currentState[r, c])
                var members: [JSONValue.Member] = [
                    .init("cell", .string("r\(r + 1)c\(c + 1)")), .init("given", .int(given)), .init("digit", .int(given == 0 ? digit : 0)),
                ]
                if digit == 0, let candidates = try? editor.candidates(Cell(row: r, column: c)) {
                    members.append(.init("candidates", .array(candidates.map(JSONValue.int))))
                }
                result.append(.object(members))
            }
        }
        return result
    }

    static func finding(_ finding: Finding) -> JSONValue {
        .fields([
            "rule": .string(finding.rule), "severity": .string(finding.severity.rawValue), "message": .string(finding.message),
            "location": finding.path.map { .string($0.description) } ?? .null,
        ])
    }
}
