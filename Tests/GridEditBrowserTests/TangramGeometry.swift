import BrowserSupport
import Foundation
import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditJSON
import GridEditLayout

/// Where the page draws the play area: the overlay's screen transform (CSS pixels per SVG unit
/// and offset, read from chromium) and the renderer's frame (SVG units per play-area unit and
/// the origin). With it a test turns play-area units into the viewport pixels it presses, and
/// the pixels its pointer went through back into the units the page sends, as the page does.
struct TangramFrame {
    var pixelsPerSVG: Double, left: Double, top: Double
    var scale: Double, originX: Double, originY: Double

    static func read(from served: ServedEditor) async throws -> TangramFrame {
        let ctm = try await served.browser.execute(
            "const m = document.getElementById('overlay').getScreenCTM(); return [m.a, m.d, m.e, m.f]").array?.compactMap(\.double) ?? []
        let frame = try await served.pageState()["frame"]
        guard ctm.count == 4, ctm[0] == ctm[1], let scale = frame?["scale"]?.double,
              let originX = frame?["originX"]?.double, let originY = frame?["originY"]?.double
        else { throw LayoutError("no tangram frame on the page: \(ctm), \(frame?.compactText ?? "nil")") }
        return TangramFrame(pixelsPerSVG: ctm[0], left: ctm[2], top: ctm[3], scale: scale, originX: originX, originY: originY)
    }

    /// Viewport pixels per play-area unit.
    var pixelsPerUnit: Double { pixelsPerSVG * scale }

    /// The viewport point of a play-area point, rounded to whole pixels (WebDriver moves in whole pixels).
    func pixel(_ x: Double, _ y: Double) -> PagePoint {
        PagePoint((left + (originX + x * scale) * pixelsPerSVG).rounded(), (top + (originY - y * scale) * pixelsPerSVG).rounded())
    }

    /// The play-area point the page sends for a pointer at `point` (tangram.js `units`, then `round`).
    func units(_ point: PagePoint) -> (x: Double, y: Double) {
        let svgX = (point.x - left) / pixelsPerSVG, svgY = (point.y - top) / pixelsPerSVG
        return (Self.pageRound((svgX - originX) / scale), Self.pageRound((originY - svgY) / scale))
    }

    /// JavaScript's `Math.round(v * 10000) / 10000`.
    static func pageRound(_ value: Double) -> Double { (value * 10000 + 0.5).rounded(.down) / 10000 }

    /// A point well inside a piece: the mean of its corners (every tangram piece is convex).
    static func inside(_ pose: Pose) -> (x: Double, y: Double) {
        let corners = pose.vertices
        return (corners.map(\.x.doubleValue).reduce(0, +) / Double(corners.count),
                corners.map(\.y.doubleValue).reduce(0, +) / Double(corners.count))
    }
}

/// The same puzzle opened in this process by the editor itself, with no page and no server:
/// each gesture the test makes in chromium is applied here as the editor call the server makes
/// for it (`LiveInput`'s drag is `TangramEditor.move` to the approximate drop point, `R` is
/// `rotate … 45`), so the expected poses come from the one settling engine, never from numbers
/// written into the test.
final class SettlingModel {
    let service = GridEditorService(environment: EditorEnvironment(journals: nil))
    let document: EditorDocument

    init(opening path: String) throws {
        document = try service.open(path)
    }

    var editor: TangramEditor {
        get throws { guard let editor = document.tangramEditor else { throw LayoutError("\(document.displayName) is not a tangram") }; return editor }
    }

    func pose(_ piece: TangramPiece) throws -> Pose {
        guard let pose = try editor.pose(of: piece) else { throw LayoutError("\(piece.rawValue) is not placed") }
        return pose
    }

    /// Every pose of the layer, in piece order.
    var poses: [Pose] { get throws { try editor.poses.sorted { $0.piece.rawValue < $1.piece.rawValue } } }

    /// A drag by (dx, dy) units, released: what `LiveInput` does on the pointer's `up`.
    func drag(_ piece: TangramPiece, dx: Double, dy: Double) throws {
        let origin = try pose(piece).position
        try service.perform(try editor.move(piece, to: .approximate(origin.doubleX + dx, origin.doubleY + dy)), on: document)
    }

    /// `move PIECE X Y` as typed (exact text stays exact, a decimal is settled).
    func move(_ piece: TangramPiece, to x: String, _ y: String) throws {
        guard let x = CoordinateInput(text: x), let y = CoordinateInput(text: y) else { throw LayoutError("\(x), \(y) is not a position") }
        try service.perform(try editor.move(piece, to: PositionInput(x: x, y: y)), on: document)
    }

    /// `flip PIECE`, the command the page's F key and Flip button send.
    func flip(_ piece: TangramPiece) throws {
        try service.perform(try editor.flip(piece), on: document)
    }

    /// `rotate PIECE DEGREES`, the command the page's keys, buttons and wheel send.
    func rotate(_ piece: TangramPiece, by degrees: Int) throws {
        guard let turn = Rotation(degrees: degrees) else { throw LayoutError("\(degrees)° is not a turn") }
        try service.perform(try editor.rotate(piece, by: .exact(turn)), on: document)
    }
}

/// The poses of a saved tangram file's solution, in piece order, read with Core's store.
func savedPoses(_ path: String) throws -> [Pose] {
    let loaded = try PuzzleStore(root: (path as NSString).deletingLastPathComponent).load(path)
    guard let tangram = loaded.document.puzzle as? TangramPuzzle else { throw LayoutError("\(path) is not a tangram") }
    return (tangram.pieces ?? []).sorted { $0.piece.rawValue < $1.piece.rawValue }
}

/// A piece as the page's last painted state lists it: exact coordinates as text and rotation.
func pagePiece(_ name: String, in state: JSONNode) throws -> (x: String, y: String, rotation: Int) {
    guard let piece = state["pieces"]?.array?.first(where: { $0["piece"]?.string == name }),
          let x = piece["x"]?.string, let y = piece["y"]?.string, let rotation = piece["rotation"]?.int
    else { throw LayoutError("no \(name) in the page's state") }
    return (x, y, rotation)
}

struct LayoutError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
