import GridEditGeometry
import GridEditJSON

/// Tangram figures from the Sugar Labs Tangram activity's `dataSet.json` (Sugarizer,
/// `activities/Tangram.activity/data/dataSet.json`, https://github.com/llaske/sugarizer; its
/// geometry is Wiebke Köpp's TangramGenerator):
///
/// ```json
/// {"data": [{"name": "Animals", "tangrams": [{"name": "swan", "targetTans": [
///     {"anchor": {"x": [-6, 12], "y": [30, 6]}, "tanType": 0, "orientation": 6}, …]}]}]}
/// ```
///
/// Coordinates are exact: `[a, b]` is a + b√2, in a unit where the seven pieces make a square
/// of side 24 (screen coordinates, y down). `tanType` is 0 large triangle, 1 medium triangle,
/// 2 small triangle, 3 square, 4 parallelogram, 5 the parallelogram flipped; `orientation` is
/// the turn in 45° steps. A piece's corners are its anchor and the anchor plus the piece's
/// direction vectors, turned.
public enum TangramSugar {
    /// Each type's direction vectors from its anchor, unturned, as (a, b) pairs of a + b√2.
    static let directions: [[(x: (Double, Double), y: (Double, Double))]] = [
        [((0, 12), (0, 0)), ((0, 0), (0, 12))],
        [((12, 0), (0, 0)), ((0, 0), (12, 0))],
        [((0, 6), (0, 0)), ((0, 0), (0, 6))],
        [((0, 6), (0, 0)), ((0, 6), (0, 6)), ((0, 0), (0, 6))],
        [((12, 0), (0, 0)), ((18, 0), (6, 0)), ((6, 0), (6, 0))],
        [((12, 0), (0, 0)), ((18, 0), (-6, 0)), ((6, 0), (-6, 0))],
    ]
    static let names = ["large triangle", "medium triangle", "small triangle", "square", "parallelogram", "flipped parallelogram"]
    /// Sugar units per tangram unit: the square of the seven pieces is 24 there, 2√2 here.
    static let unit = 24 / (2 * 2.0.squareRoot())

    /// The figures of a `dataSet.json` text, in order, named by their `name` (made unique).
    /// Throws when the text is not JSON or has no `data` list of categories.
    /// The newer `dataSet.js` (`initialDataSet = {…}`) is read too: the object after the `=`.
    public static func read(_ text: String) throws(TangramImport.Failure) -> [TangramImport.Entry] {
        let root: JSONNode
        do { root = try JSONParser.parse(JavaScriptData.json(text)) } catch { throw TangramImport.Failure("\(error.location): \(error.message)") }
        guard case .array(let categories)? = root["data"]?.value else {
            throw TangramImport.Failure("1:1: not a Sugar Tangram data set: expected an object with a \"data\" list of categories, each with \"tangrams\"")
        }
        var entries: [TangramImport.Entry] = []
        for category in categories {
            guard case .array(let tangrams)? = category["tangrams"]?.value else {
                entries.append(.init(name: "category", drawing: .failure(.init("\(category.path) at \(category.location): a category has a \"tangrams\" list"))))
                continue
            }
            for tangram in tangrams {
                let name: String
                if case .string(let text)? = tangram["name"]?.value { name = text } else { name = "tangram" }
                entries.append(.init(name: name, drawing: Result { () throws(TangramImport.Failure) in try drawing(tangram, name: name) }))
            }
        }
        return entries
    }

    static func drawing(_ tangram: JSONNode, name: String) throws(TangramImport.Failure) -> TangramImport.Drawing {
        guard case .array(let tans)? = tangram["targetTans"]?.value, tans.count == 7 else {
            throw TangramImport.Failure("\(tangram.path) at \(tangram.location) (\(name)): expected \"targetTans\", a list of the seven pieces")
        }
        var rings: [[TangramImport.Corner]] = []
        var labels: [String] = []
        // Coordinates as (a, b), a + b√2, in Sugar's units: halves at most, exact in binary.
        typealias Value = (a: Double, b: Double)
        func plus(_ p: Value, _ q: Value) -> Value { (p.a + q.a, p.b + q.b) }
        func halfRoot2(_ p: Value) -> Value { (p.b, p.a / 2) }  // p · √2/2
        var exact: [[(x: Value, y: Value)]] = []
        for tan in tans {
            func number(_ node: JSONNode?) -> Double? {
                if case .number(let n)? = node?.value, n.doubleValue.isFinite { return n.doubleValue }
                return nil
            }
            func pair(_ key: String) -> Value? {
                guard case .array(let parts)? = tan["anchor"]?[key]?.value, parts.count == 2,
                      let a = number(parts[0]), let b = number(parts[1]) else { return nil }
                return (a, b)
            }
            guard let type = number(tan["tanType"]).flatMap({ Int(exactly: $0) }), directions.indices.contains(type),
                  let turn = number(tan["orientation"]).flatMap({ Int(exactly: $0) }), (0..<8).contains(turn),
                  let x = pair("x"), let y = pair("y") else {
                throw TangramImport.Failure("\(tan.path) at \(tan.location) (\(name)): expected {\"anchor\": {\"x\": [a, b], \"y\": [a, b]}, "
                                            + "\"tanType\": 0 to 5, \"orientation\": 0 to 7}")
            }
            var ring = [(x: x, y: y)]
            for d in directions[type] {
                // The direction turned by 45° `turn` times: (x, y) → ((x − y)·√2/2, (x + y)·√2/2).
                var v: (x: Value, y: Value) = (d.x, d.y)
                for _ in 0..<turn { v = (halfRoot2(plus(v.x, (-v.y.a, -v.y.b))), halfRoot2(plus(v.x, v.y))) }
                ring.append((plus(x, v.x), plus(y, v.y)))
            }
            exact.append(ring)
            let root2 = 2.0.squareRoot()
            // y turned up.
            rings.append(ring.map { (x: $0.x.a + $0.x.b * root2, y: -($0.y.a + $0.y.b * root2)) })
            labels.append("\(tan.path) (\(name), the \(names[type]))")
        }
        // Exact, relative to the first corner: Sugar's a + b√2 is (2b + a√2)/12 tangram units,
        // on the lattice when 2b/3 and a/3 are whole (quarters).
        let origin = exact[0][0]
        var points: [[Point]] = []
        for (r, ring) in exact.enumerated() {
            var corners: [Point] = []
            for (i, corner) in ring.enumerated() {
                func value(_ v: Value, _ o: Value) -> Exact? {
                    let (quarters, root2Quarters) = (2 * (v.b - o.b) / 3, (v.a - o.a) / 3)
                    guard let q = Int(exactly: quarters), let r = Int(exactly: root2Quarters) else { return nil }
                    return Exact(quarters: q, sqrt2Quarters: r)
                }
                // y turned up.
                guard let ex = value(corner.x, origin.x), let ey = value((-corner.y.a, -corner.y.b), (-origin.y.a, -origin.y.b)) else {
                    throw TangramImport.Failure("\(labels[r]), corner \(i + 1) at (\(corner.x.a) + \(corner.x.b)√2, \(corner.y.a) + \(corner.y.b)√2) "
                                                + "is not on the tangram lattice relative to the first piece's anchor (gridedit's corners are whole quarters of 1 "
                                                + "and of √2 apart; Sugar may slide a piece by a third of that), so the figure cannot be stored exactly")
                }
                corners.append(Point(ex, ey))
            }
            points.append(corners)
        }
        var drawing = TangramImport.Drawing(rings: rings, labels: labels, title: name, unit: unit, format: "Sugar Tangram")
        drawing.exact = points
        return drawing
    }
}
