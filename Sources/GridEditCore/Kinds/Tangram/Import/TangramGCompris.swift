import Foundation
import GridEditJSON

/// Tangram levels from GCompris' Qt tangram activity, `src/activities/tangram/dataset.js`
/// (https://invent.kde.org/education/gcompris, mirrored at https://github.com/gcompris/GCompris-qt):
///
/// ```js
/// var dataset = [
///     {'name': 'Imported level 22', 'bg': '', 'colorMask': '#CCC', 'pieces': [
///         {'img': 'tangram/p0.svg', 'flippable': 0, 'flipping': false,
///          'x': 0.8025629327831193, 'y': 0.48684969914064496, 'width': 0.429, 'height': 0.214,
///          'rotation': 135, 'moduloRotation': 360, 'initX': …, 'initY': …, …}, …]}, …]
/// ```
///
/// The play area is a square; `x` and `y` are a piece's centre as fractions of its side
/// (screen coordinates, y down), `width` and `height` its picture's box in the same fraction
/// (not read: the pieces are drawn exact, see ``unit``).
/// The picture is `tangram/p0.svg` large triangle, `p1` medium triangle, `p2` square, `p3`
/// parallelogram, `p4` small triangle, drawn in its box as those files draw it (triangles with the
/// long side at the bottom, the parallelogram's top side on the left); `flipping` mirrors it
/// across its vertical axis, then `rotation` turns it clockwise (degrees) about its centre. The
/// levels were aligned by hand in the activity's editor, so corners are a few hundredths of a
/// unit off the lattice: the importer settles them, as far as the activity's own check allows
/// (``placementTolerance``).
/// Levels made of other pictures (the train and truck levels) are not tangram figures: skipped.
public enum TangramGCompris {
    /// Each picture's corners as fractions of its box, (0, 0) top left, as the SVG files draw
    /// them, and the box's size in tangram units.
    static let pictures: [(name: String, corners: [(Double, Double)], box: (Double, Double))] = {
        let r = 2.0.squareRoot()
        return [
            ("large triangle", [(0, 1), (1, 1), (0.5, 0)], (2 * r, r)),
            ("medium triangle", [(0, 1), (1, 1), (0.5, 0)], (2, 1)),
            ("square", [(0, 0), (1, 0), (1, 1), (0, 1)], (1, 1)),
            ("parallelogram", [(0, 0), (2.0 / 3, 0), (1, 1), (1.0 / 3, 1)], (1.5 * r, r / 2)),
            ("small triangle", [(0, 1), (1, 1), (0.5, 0)], (r, r / 2)),
        ]
    }()
    /// The tangram unit as a fraction of the play area's side: the pictures draw the unit 151 to
    /// 152 pixels long on the 1,000-pixel play area (their boxes, `width` and `height`, differ from
    /// the exact pieces by a pixel or so, so the pieces are drawn exact about the box's centre).
    static let unit = 0.1515
    /// How far a piece may be from its place, in units: the activity's own check accepts a piece
    /// whose centre is within 0.01 of the play area's side of the level's.
    public static let placementTolerance = 0.01 / unit

    /// The levels of a `dataset.js` text, in order, named by their `name` (or "level N").
    /// Throws when the text is not a list of levels.
    public static func read(_ text: String) throws(TangramImport.Failure) -> [TangramImport.Entry] {
        let root: JSONNode
        do { root = try JSONParser.parse(JavaScriptData.json(text)) } catch { throw TangramImport.Failure("\(error.location): \(error.message)") }
        guard case .array(let levels) = root.value, levels.contains(where: { $0["pieces"] != nil }) else {
            throw TangramImport.Failure("1:1: not a GCompris tangram data set: expected `var dataset = [ … ]`, a list of levels, each with \"pieces\"")
        }
        return levels.enumerated().map { index, level in
            var name = "level \(index + 1)"
            if case .string(let text)? = level["name"]?.value, !text.isEmpty { name = text }
            return .init(name: name, drawing: Result { () throws(TangramImport.Failure) in try drawing(level, name: name) })
        }
    }

    static func drawing(_ level: JSONNode, name: String) throws(TangramImport.Failure) -> TangramImport.Drawing {
        let place = "\(level.path) at \(level.location) (\(name))"
        guard case .array(let pieces)? = level["pieces"]?.value else {
            throw TangramImport.Failure("\(place): expected \"pieces\", a list of the level's pieces")
        }
        func picture(_ piece: JSONNode) -> Int? {
            guard case .string(let image)? = piece["img"]?.value else { return nil }
            let file = image.split(separator: "/").last.map(String.init) ?? image
            guard image.contains("tangram"), file.count == 6, file.hasPrefix("p"), file.hasSuffix(".svg"),
                  let digit = Int(String(file.dropFirst().prefix(1))), pictures.indices.contains(digit) else { return nil }
            return digit
        }
        guard pieces.contains(where: { picture($0) != nil }) else {
            let images = pieces.compactMap { piece -> String? in if case .string(let s)? = piece["img"]?.value { return s } else { return nil } }
            throw TangramImport.Failure("\(place): not a tangram figure (its pieces are the pictures \(images.prefix(3).joined(separator: ", "))\(images.count > 3 ? ", …" : ""))",
                                        isNotATangram: true)
        }
        guard pieces.count == 7 else {
            throw TangramImport.Failure("\(place): \(pieces.count) pieces; a tangram figure has the seven")
        }
        var rings: [[TangramImport.Corner]] = []
        var labels: [String] = []
        for piece in pieces {
            func number(_ key: String) -> Double? {
                if case .number(let n)? = piece[key]?.value, n.doubleValue.isFinite { return n.doubleValue }
                return nil
            }
            guard let type = picture(piece), let x = number("x"), let y = number("y"), let rotation = number("rotation") else {
                throw TangramImport.Failure("\(piece.path) at \(piece.location) (\(name)): expected {'img': 'tangram/p0.svg' to 'p4.svg', "
                                            + "'x', 'y' (the centre, in fractions of the play area), 'rotation' (degrees)}")
            }
            let label = "\(piece.path) at \(piece.location) (\(name), the \(pictures[type].name))"
            guard let eighths = Int(exactly: rotation / 45) else {
                throw TangramImport.Failure(String(format: "\(label) is turned %g°, not a multiple of 45°: the figure is not on the tangram lattice", rotation))
            }
            var flipped = false
            switch piece["flipping"]?.value {
            case .bool(let value)?: flipped = value
            case .number(let n)?: flipped = n.doubleValue != 0
            default: break
            }
            // Screen turns run clockwise with y down: the same matrix as a counter-clockwise turn with y up.
            let (c, s) = TangramImport.turn(eighths: eighths)
            let box = pictures[type].box
            var ring = pictures[type].corners.map { corner -> TangramImport.Corner in
                // The exact piece about its box's centre, in units, then in fractions of the play area.
                var dx = (corner.0 - 0.5) * box.0 * unit
                let dy = (corner.1 - 0.5) * box.1 * unit
                if flipped { dx = -dx }
                // Placed on the screen, then y turned up.
                return (x: x + dx * c - dy * s, y: -(y + dx * s + dy * c))
            }
            if flipped { ring.reverse() }
            rings.append(ring)
            labels.append(label)
        }
        var drawing = TangramImport.Drawing(rings: rings, labels: labels, title: name, unit: unit, format: "GCompris")
        drawing.placementTolerance = placementTolerance
        return drawing
    }
}
