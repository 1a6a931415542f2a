import GridEditCore
import GridEditGeometry
import GridEditJSON
import GridEditLayout

/// The Tangram's editor entry: the layer in the prompt and status, the play-area raster in the
/// terminal, the pieces laid over the page's drawing, piece names for completion.
public enum TangramEditing: KindEditing {
    public static let kindName = TangramKind.name

    public static func summary(of document: EditorDocument) -> String {
        guard let t = document.puzzle as? TangramPuzzle else { return document.puzzle.summary }
        return "\(t.pieces?.count ?? 0) pieces placed" + ((t.tray ?? []).isEmpty ? "" : ", \(t.tray!.count) in the tray")
            + (t.silhouette == nil ? "" : ", silhouette")
    }

    /// The template's solution taken off the board; its tray, if any, stays.
    public static func emptied(_ puzzle: any Puzzle) -> (any Puzzle)? {
        guard var tangram = puzzle as? TangramPuzzle else { return nil }
        tangram.pieces = []
        return tangram
    }

    public static func play(_ puzzle: any Puzzle, hint: String?) throws(EditError) -> PlayStart { try TangramPlayJudge.start(puzzle, hint: hint) }

    public static func status(of document: EditorDocument) -> [String] {
        if let play = document.play { return ["play: " + play.judge.status] }
        guard let t = document.puzzle as? TangramPuzzle else { return [] }
        let pinned = document.pinnedPieces(in: document.layer).count
        return ["\(document.layer.rawValue) \(TangramKind.poses(document.layer.arrangement, of: t).count)/7 placed"
                + (pinned > 0 ? ", \(pinned) pinned" : "")]
    }

    public static func promptTag(of document: EditorDocument) -> String? {
        document.layer == .tray ? "[tray]" : nil
    }

    public static func textView(of document: EditorDocument, colour: Bool) -> StyledText {
        guard let t = document.puzzle as? TangramPuzzle else { return StyledText() }
        return TangramTextView(puzzle: t, document: document, colour: colour).text()
    }

    public static func completions(for argument: CommandSpec.Argument, in document: EditorDocument?) -> [String]? {
        guard case .piece(let placement) = argument else { return nil }
        guard let editor = document?.tangramEditor else { return TangramPiece.allCases.map(\.rawValue) }
        let placed = Set(editor.poses.map(\.piece))
        return TangramPiece.allCases.filter { piece in
            switch placement {
            case .placed: placed.contains(piece)
            case .unplaced: !placed.contains(piece)
            case .any: true
            case .pinned: editor.pinned.contains(piece)
            case .unpinned: placed.contains(piece) && !editor.pinned.contains(piece)
            }
        }.map(\.rawValue)
    }

    /// The page draws the solution with the grid; the tray layer draws the tray's poses in
    /// place of the solution's, so the board shows what piece commands act on.
    public static func pageDrawing(of document: EditorDocument) -> PageDrawing {
        guard var tangram = document.puzzle as? TangramPuzzle else { return PageDrawing(puzzle: document.puzzle) }
        if let judge = document.play?.judge as? TangramPlayJudge {
            return PageDrawing(puzzle: tangram, solution: true, grid: true, figureBehind: true, hint: judge.level,
                               figurePieces: judge.level == "pieces" ? judge.answer : [])
        }
        if document.layer == .tray { tangram.pieces = tangram.tray ?? [] }
        return PageDrawing(puzzle: tangram, solution: true, grid: true)
    }

    public static func pageFields(of document: EditorDocument, frame: ScreenTransform, palette: PagePalette) -> [JSONValue.Member] {
        guard let tangram = document.puzzle as? TangramPuzzle else { return [] }
        var frameFields: [JSONValue.Member] = [
            .init("scale", .double(frame.scaleX)), .init("originX", .double(frame.originX)), .init("originY", .double(frame.originY)),
        ]
        // The drawing's colours, so a piece the pointer lifts looks like itself and the place it
        // left looks empty.
        if let background = palette.background { frameFields.append(.init("background", .string(background))) }
        // The tray of the page: the pieces the layer lacks, each with its outline around its
        // origin corner (in units) for every turn, unflipped then flipped, so the page can turn a
        // piece before dragging it onto the board with `place`.
        let placed = Set(TangramKind.poses(document.layer.arrangement, of: tangram).map(\.piece))
        let unplaced = TangramPiece.allCases.filter { !placed.contains($0) }.map { piece in
            JSONValue.fields([
                "piece": .string(piece.rawValue),
                "outlines": .array([false, true].map { flipped in
                    .array((0..<8).map { eighths in
                        .array(Pose(piece: piece, position: .origin, rotation: Rotation(eighths: eighths), flipped: flipped).vertices.map {
                            .array([.double($0.x.doubleValue), .double($0.y.doubleValue)])
                        })
                    })
                }),
                "color": palette.color(piece.rawValue).map(JSONValue.string) ?? .null,
            ])
        }
        return [
            .init("frame", .object(frameFields)),
            .init("unplaced", .array(unplaced)),
            .init("pieces", .array(pieces(tangram, document: document, frame: frame, palette: palette))),
            .init("status", .string(document.play.map { "play: " + $0.judge.status } ?? pageStatus(tangram, document))),
        ]
    }

    /// The drop a drag ends in is `TangramEditor.move` of the piece to where the pointer took it
    /// (`LiveInput` turns a release into the same move).
    public static func dragPreview(part: String, dx: Double, dy: Double, in document: EditorDocument,
                                   frame: ScreenTransform) throws(EditError) -> DragPreview {
        guard let piece = TangramPiece(rawValue: part) else {
            throw EditError("unknown piece \"\(part)\"; pieces are \(TangramPiece.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let editor = document.tangramEditor else { throw EditError("the active puzzle is not a tangram") }
        guard let pose = editor.pose(of: piece) else { throw EditError("\(part) is not placed in the \(document.layer.rawValue)") }
        let proposal: Proposal
        do throws(EditError) {
            proposal = try editor.move(piece, to: .approximate(pose.position.doubleX + dx, pose.position.doubleY + dy))
        } catch {
            return DragPreview(refusal: error.message)
        }
        let landed = proposal.command.changes.compactMap { change -> (part: String, outline: JSONValue)? in
            guard let moved = change.poseChange, moved.layer == document.layer, let after = moved.after else { return nil }
            return (after.piece.rawValue, outline(after, frame: frame))
        }
        return DragPreview(landed: landed, notes: proposal.notes)
    }

    /// A finding's pieces: the one its path names (`pieces[3]`, `tray[0]`) and any its message
    /// names by index or by id.
    public static func parts(of finding: Finding, in document: EditorDocument) -> [String] {
        guard let tangram = document.puzzle as? TangramPuzzle else { return [] }
        var names: [String] = []
        let text = (finding.path?.description ?? "") + " " + finding.message
        for arrangement in TangramKind.arrangements {
            let poses = TangramKind.poses(arrangement, of: tangram)
            var rest = Substring(text)
            while let range = rest.range(of: arrangement + "[") {
                rest = rest[range.upperBound...]
                if let end = rest.firstIndex(of: "]"), let i = Int(rest[..<end]), poses.indices.contains(i) {
                    names.append(poses[i].piece.rawValue)
                }
            }
        }
        let words = finding.message.split { !$0.isLetter && !$0.isNumber && $0 != "-" }.map(String.init)
        names += words.filter { TangramPiece(rawValue: $0) != nil }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// A piece's outline on the drawing, as `[[x, y], …]` rounded to a thousandth.
    public static func outline(_ pose: Pose, frame: ScreenTransform) -> JSONValue {
        .array(pose.vertices.map { p in
            let (x, y) = frame.apply(p)
            return .array([.double(rounded(x)), .double(rounded(y))])
        })
    }

    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    private static func pieces(_ tangram: TangramPuzzle, document: EditorDocument, frame: ScreenTransform, palette: PagePalette) -> [JSONValue] {
        let layer = document.layer
        let groups = document.state.groups[layer]
        let pins = document.pinnedPieces(in: layer)
        let poses = TangramKind.poses(layer.arrangement, of: tangram)
        let polygons = poses.map(\.polygon)
        return poses.enumerated().map { index, pose in
            let group = groups.firstIndex { $0.contains(pose.piece) }
            // Problems drawn on the board, decided exactly: the pieces this one overlaps, and
            // whether it lies (partly) outside the play area.
            let overlaps = poses.indices.filter { $0 != index && polygons[index].interiorsOverlap(polygons[$0]) }
                .map { JSONValue.string(poses[$0].piece.rawValue) }
            return .fields([
                "overlaps": .array(overlaps), "outside": .bool(!PlayArea.contains(polygons[index])),
                "piece": .string(pose.piece.rawValue),
                "points": outline(pose, frame: frame),
                "x": .string(pose.position.x.description), "y": .string(pose.position.y.description),
                "originX": .double(pose.position.x.doubleValue), "originY": .double(pose.position.y.doubleValue),
                "rotation": .int(pose.rotation.degrees), "flip": .bool(pose.flipped),
                "pinned": .bool(pins.contains(pose.piece)), "group": group.map { .int($0 + 1) } ?? .null,
                "color": palette.color(pose.piece.rawValue).map(JSONValue.string) ?? .null,
            ])
        }
    }

    private static func pageStatus(_ tangram: TangramPuzzle, _ document: EditorDocument) -> String {
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
}
