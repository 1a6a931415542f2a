import GridEditCore
import GridEditGeometry

/// The terminal view of a Tangram: a raster of the play area (4 columns and 2 rows per unit), each
/// piece drawn in its colour with its letter, overlaps marked, the silhouette shaded, then a
/// legend of poses. Display only: Doubles here only choose which character to print.
struct TangramTextView {
    let puzzle: TangramPuzzle
    let document: EditorDocument
    let colour: Bool

    static let columnsPerUnit = 4
    static let rowsPerUnit = 2

    /// Each piece's colour in the terminal palette.
    static func colour(_ piece: TangramPiece) -> Int {
        switch piece {
        case .large1: TextStyle.Colour.red
        case .large2: TextStyle.Colour.blue
        case .medium: TextStyle.Colour.magenta
        case .small1: TextStyle.Colour.yellow
        case .small2: TextStyle.Colour.cyan
        case .square: TextStyle.Colour.green
        case .parallelogram: 208
        }
    }

    func text() -> StyledText {
        let poses = TangramKind.poses(document.layer.arrangement, of: puzzle)
        let polygons = poses.map { $0.polygon.vertices.map { (x: $0.doubleX, y: $0.doubleY) } }
        // The play area, widened to whole units around anything outside it (within reason).
        var (minX, minY, maxX, maxY) = (0.0, 0.0, 8.0, 8.0)
        for polygon in polygons {
            for p in polygon {
                minX = min(minX, p.x.rounded(.down)); maxX = max(maxX, p.x.rounded(.up))
                minY = min(minY, p.y.rounded(.down)); maxY = max(maxY, p.y.rounded(.up))
            }
        }
        (minX, minY, maxX, maxY) = (max(minX, -8), max(minY, -8), min(maxX, 16), min(maxY, 16))
        let columns = Int(maxX - minX) * Self.columnsPerUnit
        let rows = Int(maxY - minY) * Self.rowsPerUnit
        let silhouette = puzzle.silhouette?.map { ring in ring.vertices.map { (x: $0.doubleX, y: $0.doubleY) } } ?? []
        let pinned = document.pinnedPieces(in: document.layer)

        // Where each piece's letter goes: the cell holding the middle of its corners.
        var labels: [Int: (row: Int, column: Int)] = [:]
        for (i, polygon) in polygons.enumerated() {
            let cx = polygon.map(\.x).reduce(0, +) / Double(polygon.count)
            let cy = polygon.map(\.y).reduce(0, +) / Double(polygon.count)
            labels[i] = (Int((maxY - cy) * Double(Self.rowsPerUnit)), Int((cx - minX) * Double(Self.columnsPerUnit)))
        }

        enum Fill: Equatable { case empty, silhouette, piece(Int), overlap }
        func sample(_ x: Double, _ y: Double) -> Fill {
            let hits = polygons.indices.filter { Polygon.convex(polygons[$0], contains: x, y) }
            if hits.count > 1 { return .overlap }
            if let i = hits.first { return .piece(i) }
            return Self.inside(silhouette, x, y) ? .silhouette : .empty
        }
        /// A fill's colour; nil for the terminal's own.
        func tint(_ fill: Fill) -> Int? {
            switch fill {
            case .empty: nil
            case .silhouette: 238
            case .piece(let i): Self.colour(poses[i].piece)
            case .overlap: TextStyle.Colour.brightRed
            }
        }
        /// A pinned piece shows `*` just after its label, in colour or not, so a pin is visible
        /// at a glance without reading the legend.
        func isPinMark(_ i: Int, _ r: Int, _ c: Int) -> Bool {
            pinned.contains(poses[i].piece) && labels[i].map { $0.row == r && $0.column + 1 == c } == true
        }

        var out: [[StyledText.Run]] = []
        out.append([.init("     ┌" + String(repeating: "─", count: columns) + "┐")])
        for r in 0..<rows {
            let label = r % Self.rowsPerUnit == Self.rowsPerUnit - 1
                ? Self.number(maxY - Double(r + 1) / Double(Self.rowsPerUnit)) : ""
            var line = StyledLine(String(repeating: " ", count: max(0, 4 - label.count)) + label + " │")
            for c in 0..<columns {
                let x = minX + (Double(c) + 0.5) / Double(Self.columnsPerUnit)
                let dot = c % Self.columnsPerUnit == 0 && r % Self.rowsPerUnit == Self.rowsPerUnit - 1
                    && x > 0 && x < 8 && maxY - Double(r + 1) / Double(Self.rowsPerUnit) >= 0
                    && maxY - Double(r + 1) / Double(Self.rowsPerUnit) < 8
                if colour {
                    // Two samples per cell, drawn with the upper half block: twice the vertical detail.
                    let top = sample(x, maxY - (Double(r) + 0.25) / Double(Self.rowsPerUnit))
                    let bottom = sample(x, maxY - (Double(r) + 0.75) / Double(Self.rowsPerUnit))
                    if top != bottom {
                        // The half block takes the foreground colour; an empty half keeps the
                        // terminal's own background, so it is never drawn in the foreground colour.
                        line.append(top == .empty ? "▄" : "▀", top == .empty ? TextStyle(foreground: tint(bottom))
                                    : TextStyle(foreground: tint(top), background: tint(bottom)))
                    } else if case .piece(let i) = top {
                        let isLabel = labels[i].map { $0.row == r && $0.column == c } ?? false
                        let isPinned = pinned.contains(poses[i].piece)
                        let text = isLabel ? String(poses[i].piece.letter) : isPinMark(i, r, c) ? "*" : " "
                        line.append(text, TextStyle(foreground: TextStyle.Colour.black, background: tint(top), bold: true,
                                                    underline: isLabel && isPinned))
                    } else if top == .overlap {
                        line.append("!", TextStyle(foreground: TextStyle.Colour.brightWhite, background: tint(top), bold: true))
                    } else if top == .silhouette {
                        line.append(" ", TextStyle(background: tint(top)))
                    } else {
                        line.append(dot ? "·" : " ", dot ? .dim : nil)
                    }
                } else {
                    switch sample(x, maxY - (Double(r) + 0.5) / Double(Self.rowsPerUnit)) {
                    case .overlap: line += "#"
                    case .piece(let i): line += isPinMark(i, r, c) ? "*" : String(poses[i].piece.letter)
                    case .silhouette: line += "░"
                    case .empty: line += dot ? "·" : " "
                    }
                }
            }
            line += "│"
            out.append(line.runs)
        }
        out.append([.init("     └" + String(repeating: "─", count: columns) + "┘")])
        var axis = Array(repeating: Character(" "), count: columns + 8)
        for unit in 0...Int(maxX - minX) {
            let text = Self.number(minX + Double(unit))
            let start = 6 + unit * Self.columnsPerUnit - (text.count - 1) / 2
            for (k, ch) in text.enumerated() where start + k < axis.count && start + k >= 0 { axis[start + k] = ch }
        }
        var axisText = Substring(String(axis))
        while axisText.last == " " { axisText.removeLast() }
        out.append([.init(String(axisText))])
        out += legend(poses)
        return StyledText(lines: out)
    }

    private func legend(_ poses: [Pose]) -> [[StyledText.Run]] {
        let groups = document.state.groups[document.layer]
        let pinned = document.pinnedPieces(in: document.layer)
        var lines: [[StyledText.Run]] = []
        for pose in poses {
            var text = "\(pose.piece.rawValue) \(pose.position) \(pose.rotation.degrees)°" + (pose.flipped ? " flipped" : "")
            if let g = groups.firstIndex(where: { $0.contains(pose.piece) }) { text += " [group \(g + 1)]" }
            if pinned.contains(pose.piece) { text += " [pinned]" }
            let letter = colour ? TextStyle(foreground: TextStyle.Colour.black, background: Self.colour(pose.piece), bold: true) : nil
            lines.append([.init("  "), .init(String(pose.piece.letter), letter), .init(" " + text)])
        }
        let placed = Set(poses.map(\.piece))
        let missing = TangramPiece.allCases.filter { !placed.contains($0) }
        if !pinned.isEmpty { lines.append([.init("  pinned: " + pinned.sorted().map(\.rawValue).joined(separator: ", "))]) }
        if !missing.isEmpty { lines.append([.init("  "), .init("not placed: " + missing.map(\.rawValue).joined(separator: ", "), .dim)]) }
        return lines
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Even-odd over all rings: inside an outer ring and not in a hole.
    static func inside(_ rings: [[(x: Double, y: Double)]], _ x: Double, _ y: Double) -> Bool {
        var inside = false
        for ring in rings {
            var j = ring.count - 1
            for i in ring.indices {
                let (a, b) = (ring[i], ring[j])
                if (a.y > y) != (b.y > y) && x < (b.x - a.x) * (y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                j = i
            }
        }
        return inside
    }
}
