import Foundation

/// Tangram figures from a gTans `.figures` file: the format of gTans (Philippe Banwarth's GTK
/// tangram game) and of GCompris' GTK tangram activity, whose collections ship as
/// `boards/gtans/figures/*.figures` (https://github.com/gcompris/GCompris-gtk).
///
/// ```
/// gTans v1.0 2                         header: how many figures
/// 1.000000e+00 1.000000e+00 1024       each figure: zoom, distance and turn tolerances
/// p 0 0 3.172414e+00 4.022989e+00 49152   then seven pieces: type, flipped, x, y, turn
/// …
/// ```
///
/// A piece's type is 0 large triangle, 1 medium triangle, 2 square, 3 parallelogram, 4 small
/// triangle; (x, y) is its centre (screen coordinates, y down) in the tangram unit (the square's
/// side is 1); the turn is in 65,536ths of a full turn (8,192 is 45°); a flipped piece is
/// mirrored across its own vertical axis before the turn. gTans allows turns in 11.25° steps,
/// so a figure with a piece not at a multiple of 45° is refused: it is not on the tangram lattice.
public enum TangramGTans {
    /// The pieces' corners and centre, as gTans defines them (clockwise on screen).
    static let pieces: [(name: String, centre: (Double, Double), corners: [(Double, Double)])] = {
        let cl = 2.0.squareRoot(), cc = 2.0.squareRoot() / 2
        return [
            ("large triangle", (2.0 / 3, 2.0 / 3), [(0, 0), (2, 0), (0, 2)]),
            ("medium triangle", (cl / 3, cl / 3), [(0, 0), (cl, 0), (0, cl)]),
            ("square", (0.5, 0.5), [(0, 0), (1, 0), (1, 1), (0, 1)]),
            ("parallelogram", (cc / 2, (cc + cl) / 2), [(0, cc), (cc, 0), (cc, cl), (0, cc + cl)]),
            ("small triangle", (1.0 / 3, 1.0 / 3), [(0, 0), (1, 0), (0, 1)]),
        ]
    }()
    static let fullTurn = 65_536

    /// How far a piece may be from its place, in units: gTans calls a figure made when each of the
    /// 32 small triangles the pieces split into lies within 0.1 × the figure's distance (its second
    /// number, 1 in GCompris' files) of the figure's, at its strictest accuracy
    /// (`tantinytabcompare` in gtans.c); at most 0.1 units here whatever the file says.
    static func placementTolerance(distance: Double) -> Double { min(max(0.1 * distance, 0), 0.1) }

    /// The figures of a `.figures` text, in order; `name` prefixes each figure's name
    /// (`name-001`, …). Throws when the text is not a gTans file at all.
    public static func read(_ text: String, name: String) throws(TangramImport.Failure) -> [TangramImport.Entry] {
        var tokens = Tokens(text)
        guard tokens.next() == "gTans", tokens.next() == "v1.0", let count = tokens.int(), count >= 0 else {
            throw TangramImport.Failure("line 1: not a gTans figures file (it starts with \"gTans v1.0 COUNT\")")
        }
        var entries: [TangramImport.Entry] = []
        for index in 0..<count {
            let figureName = "\(name)-\(String(format: "%03d", index + 1))"
            let label = "figure \(index + 1) (line \(tokens.line))"
            guard tokens.double() != nil, let distance = tokens.double(), tokens.int() != nil else {
                entries.append(.init(name: figureName, drawing: .failure(.init("\(label): expected the figure's three numbers (zoom, distance, turn); the file ends or is damaged here"))))
                break
            }
            var rings: [[TangramImport.Corner]] = []
            var labels: [String] = []
            var failure: TangramImport.Failure?
            var damaged = false  // the text cannot be followed further
            for piece in 1...7 {
                let line = tokens.line
                guard tokens.next() == "p", let type = tokens.int(), let flipped = tokens.int(),
                      let x = tokens.double(), let y = tokens.double(), let turn = tokens.int() else {
                    failure = .init("\(label), piece \(piece) (line \(line)): expected \"p TYPE FLIPPED X Y TURN\"; the file is damaged here")
                    damaged = true
                    break
                }
                guard pieces.indices.contains(type) else {
                    failure = failure ?? .init("\(label), piece \(piece) (line \(line)): type \(type) is not a gTans piece (0 to 4)")
                    continue
                }
                let definition = pieces[type]
                guard turn % (fullTurn / 8) == 0 else {
                    failure = failure ?? .init(String(format: "\(label), piece \(piece) (line \(line), the \(definition.name)) is turned %.2f°, "
                                                      + "not a multiple of 45°: the figure is not on the tangram lattice", Double(turn) * 360 / Double(fullTurn)))
                    continue
                }
                let (c, s) = TangramImport.turn(eighths: turn / (fullTurn / 8))
                var ring = definition.corners.map { corner -> TangramImport.Corner in
                    var dx = corner.0 - definition.centre.0
                    let dy = corner.1 - definition.centre.1
                    if flipped != 0 { dx = -dx }
                    // gTans' placement, then y turned up.
                    return (x: x + dx * c + dy * s, y: -(y + dy * c - dx * s))
                }
                if flipped != 0 { ring.reverse() }
                rings.append(ring)
                labels.append("\(label), piece \(piece) (line \(line), the \(definition.name))")
            }
            if let failure {
                entries.append(.init(name: figureName, drawing: .failure(failure)))
                if damaged { break }
                continue
            }
            var drawing = TangramImport.Drawing(rings: rings, labels: labels, title: nil, unit: 1, format: "gTans")
            drawing.placementTolerance = placementTolerance(distance: distance)
            entries.append(.init(name: figureName, drawing: .success(drawing)))
        }
        return entries
    }

    /// Whitespace-separated tokens with the line each starts on.
    struct Tokens {
        let scalars: [Unicode.Scalar]
        var i = 0
        var line = 1
        init(_ text: String) { scalars = Array(text.unicodeScalars) }
        mutating func skipSpace() {
            while i < scalars.count, scalars[i].properties.isWhitespace {
                if scalars[i] == "\n" { line += 1 }
                i += 1
            }
        }
        mutating func next() -> String? {
            skipSpace()
            guard i < scalars.count else { return nil }
            var token = ""
            while i < scalars.count, !scalars[i].properties.isWhitespace { token.unicodeScalars.append(scalars[i]); i += 1 }
            return token
        }
        mutating func int() -> Int? { next().flatMap { Int($0) } }
        mutating func double() -> Double? { next().flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil } }
    }
}
