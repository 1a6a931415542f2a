import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditLayout

/// The terminal view of a document: Tangram as a raster of the play area (4 columns and 2 rows
/// per unit, each piece drawn with its letter), Sudoku as a boxed grid. Display only: Doubles
/// here only choose which character to print.
enum Preview {
    static func render(_ document: EditorDocument, style: TerminalStyle, extra: (EditorDocument) -> [String] = { _ in [] }) -> String {
        var lines: [String]
        switch document.puzzle {
        case let tangram as TangramPuzzle: lines = TangramPreview(puzzle: tangram, document: document, style: style).lines()
        case let sudoku as SudokuPuzzle: lines = SudokuPreview(puzzle: sudoku, style: style).lines()
        case let other: lines = ["(no terminal view of a \(other.kindName) puzzle: \(other.summary))"]
        }
        lines.append(status(document, style: style, extra: extra(document)))
        return lines.joined(separator: "\n")
    }

    static func status(_ document: EditorDocument, style: TerminalStyle, extra: [String]) -> String {
        var parts = [style.sgr("1", document.displayName + (document.isDirty ? " (modified)" : ""))]
        switch document.puzzle {
        case let t as TangramPuzzle:
            let pinned = document.pinnedPieces(in: document.layer).count
            parts.append("\(document.layer.rawValue) \(TangramKind.poses(document.layer.arrangement, of: t).count)/7 placed"
                         + (pinned > 0 ? ", \(pinned) pinned" : ""))
        case let s as SudokuPuzzle:
            let givens = s.givens.cells.filter { $0 != 0 }.count
            let entered = s.enteredCells.count
            parts.append("\(s.size.rawValue)×\(s.size.rawValue): \(givens) givens, \(entered) entered, \(s.currentState.cells.filter { $0 == 0 }.count) empty")
        case let other:
            parts.append(other.summary)
        }
        let findings = document.findings
        let summary = CommandInterpreter.summary(of: findings)
        let hasErrors = findings.contains { $0.severity == .error }
        parts.append(findings.isEmpty ? style.sgr("32", summary) : style.sgr(hasErrors ? "31" : "33", summary))
        parts += extra
        if document.searchFindings == nil && !ConstraintValidator.ruleIDs(of: document.kindName).searching.isEmpty {
            parts.append(style.sgr("2", "solver checks: `validate`"))
        }
        var text = parts.joined(separator: " · ")
        for finding in findings.prefix(6) {
            text += "\n  " + style.paint(CommandInterpreter.line(for: finding), finding.severity == .error ? .error : .warning)
        }
        if findings.count > 6 { text += "\n  " + style.sgr("2", "… \(findings.count - 6) more: `validate` lists them") }
        return text
    }
}

struct TangramPreview {
    let puzzle: TangramPuzzle
    let document: EditorDocument
    let style: TerminalStyle

    static let columnsPerUnit = 4
    static let rowsPerUnit = 2

    /// Background colours (SGR) per piece.
    static func colour(_ piece: TangramPiece) -> String {
        switch piece {
        case .large1: "41"
        case .large2: "44"
        case .medium: "45"
        case .small1: "43"
        case .small2: "46"
        case .square: "42"
        case .parallelogram: "48;5;208"
        }
    }

    func lines() -> [String] {
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
        /// The SGR background code of a fill (the foreground code is 10 less, or 38 for 48).
        func background(_ fill: Fill) -> String {
            switch fill {
            case .empty: "49"
            case .silhouette: "48;5;238"
            case .piece(let i): Self.colour(poses[i].piece)
            case .overlap: "101"
            }
        }
        /// A pinned piece shows `*` just after its label, in colour or not, so a pin is visible
        /// at a glance without reading the legend.
        func isPinMark(_ i: Int, _ r: Int, _ c: Int) -> Bool {
            pinned.contains(poses[i].piece) && labels[i].map { $0.row == r && $0.column + 1 == c } == true
        }
        func foreground(_ fill: Fill) -> String {
            let code = background(fill)
            return code.hasPrefix("48") ? "38" + code.dropFirst(2) : code.hasPrefix("10") ? "9" + code.dropFirst(2) : String(Int(code)! - 10)
        }

        var out: [String] = []
        out.append("     ┌" + String(repeating: "─", count: columns) + "┐")
        for r in 0..<rows {
            var line = ""
            for c in 0..<columns {
                let x = minX + (Double(c) + 0.5) / Double(Self.columnsPerUnit)
                let dot = c % Self.columnsPerUnit == 0 && r % Self.rowsPerUnit == Self.rowsPerUnit - 1
                    && x > 0 && x < 8 && maxY - Double(r + 1) / Double(Self.rowsPerUnit) >= 0
                    && maxY - Double(r + 1) / Double(Self.rowsPerUnit) < 8
                if style.colour {
                    // Two samples per cell, drawn with the upper half block: twice the vertical detail.
                    let top = sample(x, maxY - (Double(r) + 0.25) / Double(Self.rowsPerUnit))
                    let bottom = sample(x, maxY - (Double(r) + 0.75) / Double(Self.rowsPerUnit))
                    if top != bottom {
                        // The half block takes the foreground colour; an empty half keeps the
                        // terminal's own background, so it is never drawn in the foreground colour.
                        line += top == .empty ? style.sgr(foreground(bottom) + ";49", "▄")
                            : style.sgr(foreground(top) + ";" + background(bottom), "▀")
                    } else if case .piece(let i) = top {
                        let isLabel = labels[i].map { $0.row == r && $0.column == c } ?? false
                        let isPinned = pinned.contains(poses[i].piece)
                        let text = isLabel ? String(poses[i].piece.letter) : isPinMark(i, r, c) ? "*" : " "
                        line += style.sgr(background(top) + ";30;1" + (isLabel && isPinned ? ";4" : ""), text)
                    } else if top == .overlap {
                        line += style.sgr("101;97;1", "!")
                    } else if top == .silhouette {
                        line += style.sgr(background(top), " ")
                    } else {
                        line += dot ? style.sgr("2", "·") : " "
                    }
                } else {
                    switch sample(x, maxY - (Double(r) + 0.5) / Double(Self.rowsPerUnit)) {
                    case .overlap: line += "#"
                    case .piece(let i): line.append(isPinMark(i, r, c) ? "*" : poses[i].piece.letter)
                    case .silhouette: line += "░"
                    case .empty: line += dot ? "·" : " "
                    }
                }
            }
            let label = r % Self.rowsPerUnit == Self.rowsPerUnit - 1
                ? Self.number(maxY - Double(r + 1) / Double(Self.rowsPerUnit)) : ""
            out.append(String(repeating: " ", count: max(0, 4 - label.count)) + label + " │" + line + "│")
        }
        out.append("     └" + String(repeating: "─", count: columns) + "┘")
        var axis = Array(repeating: Character(" "), count: columns + 8)
        for unit in 0...Int(maxX - minX) {
            let text = Self.number(minX + Double(unit))
            let start = 6 + unit * Self.columnsPerUnit - (text.count - 1) / 2
            for (k, ch) in text.enumerated() where start + k < axis.count && start + k >= 0 { axis[start + k] = ch }
        }
        out.append(String(axis).replacingTrailingSpaces())
        out += legend(poses)
        return out
    }

    private func legend(_ poses: [Pose]) -> [String] {
        let groups = document.state.groups[document.layer]
        let pinned = document.pinnedPieces(in: document.layer)
        var entries: [String] = []
        for pose in poses {
            let letter = style.colour ? style.sgr(Self.colour(pose.piece) + ";30;1", String(pose.piece.letter)) : String(pose.piece.letter)
            var text = "\(pose.piece.rawValue) \(pose.position) \(pose.rotation.degrees)°" + (pose.flipped ? " flipped" : "")
            if let g = groups.firstIndex(where: { $0.contains(pose.piece) }) { text += " [group \(g + 1)]" }
            if pinned.contains(pose.piece) { text += " [pinned]" }
            entries.append(letter + " " + text)
        }
        let placed = Set(poses.map(\.piece))
        let missing = TangramPiece.allCases.filter { !placed.contains($0) }
        var lines = entries.map { "  " + $0 }
        if !pinned.isEmpty { lines.append("  pinned: " + pinned.sorted().map(\.rawValue).joined(separator: ", ")) }
        if !missing.isEmpty { lines.append("  " + style.sgr("2", "not placed: " + missing.map(\.rawValue).joined(separator: ", "))) }
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

struct SudokuPreview {
    let puzzle: SudokuPuzzle
    let style: TerminalStyle

    func lines() -> [String] {
        let size = puzzle.size
        let n = size.rawValue
        let grid = puzzle.currentState
        var conflicting = Set<Int>()
        for conflict in grid.conflicts {
            conflicting.insert(conflict.first.0 * n + conflict.first.1)
            conflicting.insert(conflict.second.0 * n + conflict.second.1)
        }
        let boxWidth = size.boxColumns * 2 + 1
        func rule(_ left: String, _ middle: String, _ right: String) -> String {
            "    " + left + Array(repeating: String(repeating: "─", count: boxWidth), count: n / size.boxColumns).joined(separator: middle) + right
        }
        var header = "     "
        for c in 0..<n {
            header += " \(c + 1)"
            if c % size.boxColumns == size.boxColumns - 1 && c < n - 1 { header += "  " }
        }
        var out = [style.sgr("2", header), rule("┌", "┬", "┐")]
        for r in 0..<n {
            var line = String(repeating: " ", count: 2 - String(r + 1).count) + style.sgr("2", String(r + 1)) + "  │"
            for c in 0..<n {
                let i = r * n + c
                let digit = grid.cells[i]
                var text = digit == 0 ? "·" : String(digit)
                if digit == 0 {
                    text = style.sgr("2", text)
                } else if conflicting.contains(i) {
                    text = style.sgr("41;97;1", text)
                } else if puzzle.isGiven(i) {
                    text = style.sgr("1", text)
                } else {
                    text = style.sgr("36", text)
                }
                line += " " + text
                if c % size.boxColumns == size.boxColumns - 1 { line += " │" }
            }
            out.append(line)
            if r % size.boxRows == size.boxRows - 1 && r < n - 1 { out.append(rule("├", "┼", "┤")) }
        }
        out.append(rule("└", "┴", "┘"))
        if !style.colour && !puzzle.enteredCells.isEmpty {
            out.append("  entered: " + puzzle.enteredCells.map { cellName(($0 / n, $0 % n)) }.joined(separator: " "))
        }
        return out
    }
}

extension String {
    func replacingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
