import Foundation
import GridEditJSON

extension SudokuLinks {
    /// The part of a SudokuPad link after `scl`: lz-string base64 of SCL JSON, usually in
    /// SudokuPad's abbreviated ("zipped") form; raw JSON is accepted too, as SudokuPad does.
    static func decodeSCLPayload(_ payload: String) throws(SudokuLinkError) -> SudokuLinkContent {
        if payload.hasPrefix("{") { return try decodeJSON(payload) }
        return try decodeJSON(decompress(payload, what: "the SudokuPad link's SCL data"))
    }
}

/// Reads SudokuPad's puzzle JSON ("SCL"): `cells` (rows of `{value}`), `regions` (lists of
/// `[row, column]`), `cages` (which also carry metadata as text: `{"value": "title: …"}`), and
/// one key per kind of drawing (`lines`, `arrows`, `overlays`, `underlays`, …).
///
/// Only a classic grid is read: regions must be the standard boxes, and real cages or any
/// drawing are refused by name.
enum SCLReader {
    /// SudokuPad's abbreviations in zipped SCL, long name by short one (for lookups and messages).
    static let longNames: [String: String] = [
        "c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor", "ce": "cells",
        "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays", "w": "width", "h": "height", "v": "value",
        "vd": "videos", "l": "lines", "r": "rounded", "re": "regions", "fs": "fontSize", "th": "thickness",
        "hl": "headLength", "wp": "wayPoints", "t": "title", "te": "text", "d": "duration",
    ]
    static let plainKeys: Set<String> = ["id", "cellSize", "cells", "regions", "cages", "metadata", "settings"]
    static let progressCellKeys: Set<String> = ["value", "pencilMarks", "centremarks"]

    /// The member `long` or its abbreviation.
    static func member(_ node: JSONNode, _ long: String) -> JSONNode? {
        if let found = node[long] { return found }
        guard let short = longNames.first(where: { $0.value == long })?.key else { return nil }
        return node[short]
    }

    static func longName(_ key: String) -> String { longNames[key] ?? key }

    static func read(_ root: JSONNode) throws(SudokuLinkError) -> SudokuLinkContent {
        guard case .object(let members) = root.value else { throw SudokuLinkError("the SudokuPad data is not an object") }
        let extra = members.map { (longName($0.key), $0.value) }
            .filter { !plainKeys.contains($0.0) && !FpuzzlesReader.isEmpty($0.1) }.map(\.0)
        if !extra.isEmpty {
            throw SudokuLinkError("the puzzle has content beyond classic Sudoku (\(extra.joined(separator: ", "))); "
                + "gridedit imports classic 4×4, 6×6 and 9×9 grids only, so keep this puzzle in SudokuPad")
        }
        guard let cellsNode = member(root, "cells"), case .array(let rows) = cellsNode.value else {
            throw SudokuLinkError("the SudokuPad data's \"cells\" is not a list of rows")
        }
        guard let size = SudokuSize(rawValue: rows.count) else { throw SudokuLinks.sizeProblem(rows.count) }
        var cells: [UInt8] = []
        for (row, rowNode) in rows.enumerated() {
            guard case .array(let rowCells) = rowNode.value, rowCells.count == size.rawValue else {
                throw SudokuLinkError("row \(row + 1) of the SudokuPad grid does not have \(size.rawValue) cells: "
                    + "gridedit reads square classic grids only")
            }
            for (column, cell) in rowCells.enumerated() {
                cells.append(try digit(of: cell, row: row, column: column, size: size))
            }
        }
        try checkRegions(member(root, "regions"), size: size)

        var metadata: [String: String] = [:]
        if let meta = root["metadata"], case .object(let entries) = meta.value {
            // SudokuPad abbreviates `title` to `t` here too.
            for entry in entries { if case .string(let s) = entry.value.value { metadata[longName(entry.key)] = s } }
        }
        if let image = metadata["bgimage"], !image.isEmpty {
            throw SudokuLinkError("the puzzle has a background image, which may hold clues a classic Sudoku does not have; "
                + "gridedit imports classic grids only, so keep this puzzle in SudokuPad")
        }
        if let cages = member(root, "cages"), case .array(let list) = cages.value {
            for cage in list {
                guard let (key, value) = metadataCage(cage) else {
                    throw SudokuLinkError("the puzzle has cages (killer cages or extra regions), which classic Sudoku "
                        + "does not have; gridedit imports classic grids only")
                }
                if metadata[key] == nil { metadata[key] = value }
            }
        }
        let solution = try metadata["solution"].flatMap { (text: String) throws(SudokuLinkError) -> SudokuGrid? in
            try SudokuLinks.solutionGrid(text.map { $0.wholeNumberValue }, size: size, where: "the SudokuPad solution")
        }
        func clean(_ s: String?) -> String? {
            guard let s else { return nil }
            let t = String(s.trimmingWhitespace())
            return t.isEmpty ? nil : t
        }
        return SudokuLinkContent(givens: SudokuGrid(size: size, cells: cells)!, solution: solution,
                                 title: clean(metadata["title"]), author: clean(metadata["author"]))
    }

    static func digit(of cell: JSONNode, row: Int, column: Int, size: SudokuSize) throws(SudokuLinkError) -> UInt8 {
        let name = cellName((row, column))
        guard case .object(let members) = cell.value else {
            throw SudokuLinkError("cell \(name) of the SudokuPad grid is a \(cell.typeName), not an object")
        }
        for member in members where !progressCellKeys.contains(longName(member.key)) && !FpuzzlesReader.isEmpty(member.value) {
            throw SudokuLinkError("cell \(name) has \"\(longName(member.key))\", which a classic Sudoku does not have")
        }
        guard let valueNode = member(cell, "value") else { return 0 }
        let value: Int?
        switch valueNode.value {
        case .number(let n): value = n.intValue
        case .string(let s): value = s.isEmpty ? 0 : Int(s)
        case .null: value = 0
        default: value = nil
        }
        guard let value, (0...size.rawValue).contains(value) else {
            throw SudokuLinkError("cell \(name) holds \(valueNode.typeName == "string" ? "a value" : "a \(valueNode.typeName)") "
                + "that is not a digit 1–\(size.rawValue)")
        }
        return UInt8(value)
    }

    /// The regions must be exactly the standard boxes (in any order).
    static func checkRegions(_ node: JSONNode?, size: SudokuSize) throws(SudokuLinkError) {
        let problem = SudokuLinkError("the puzzle's regions are not the standard \(size.boxRows)×\(size.boxColumns) boxes "
            + "(irregular or missing regions); gridedit imports classic grids only")
        guard let node, case .array(let regions) = node.value, regions.count == size.rawValue else { throw problem }
        var seen = Set<Int>()
        for region in regions {
            guard case .array(let cells) = region.value, cells.count == size.rawValue else { throw problem }
            var boxes = Set<Int>()
            for cell in cells {
                guard case .array(let pair) = cell.value, pair.count == 2,
                      case .number(let r) = pair[0].value, case .number(let c) = pair[1].value,
                      let row = r.intValue, let column = c.intValue,
                      (0..<size.rawValue).contains(row), (0..<size.rawValue).contains(column),
                      seen.insert(row * size.rawValue + column).inserted else { throw problem }
                boxes.insert(SudokuGrid(size: size).box(row: row, column: column))
            }
            if boxes.count != 1 { throw problem }
        }
    }

    /// `{"value": "title: My puzzle"}` with no cells: SudokuPad's way of storing metadata.
    static func metadataCage(_ cage: JSONNode) -> (String, String)? {
        if let cells = member(cage, "cells"), !FpuzzlesReader.isEmpty(cells) { return nil }
        guard let value = member(cage, "value"), case .string(let text) = value.value,
              let colon = text.firstIndex(of: ":") else { return nil }
        let key = String(text[..<colon])
        guard !key.isEmpty, !key.contains(" ") else { return nil }
        return (key, String(text[text.index(after: colon)...].trimmingWhitespace()))
    }

    // MARK: - SudokuPad's abbreviated JSON

    /// SCL as SudokuPad stores it in links is JSON with its quotes and defaults squeezed out:
    /// `{id:'x',ce:[[{v:5},,]],...}` — keys unquoted, strings in single quotes, `{}` elements
    /// left empty, `f`/`t` for false/true, colours as bare hex. This undoes those steps in the
    /// order SudokuPad does.
    static func unzip(_ text: String) -> String {
        var s = text
        if !s.contains("\"") {
            let placeholder = "\u{F8FF}"
            s = s.replacingOccurrences(of: "\\'", with: placeholder)
                .replacingOccurrences(of: "'", with: "\"")
                .replacingOccurrences(of: placeholder, with: "'")
        }
        s = replace(#"([,\{\[])([a-zA-Z0-9]+):"#, with: "$1\"$2\":", in: s)
        s = replace(#"([,\{\[])(?=[,\}\]])"#, with: "$1_", in: s)
        s = s.replacingOccurrences(of: "{_}", with: "{}")
        s = replace(#"([,\{\[])_"#, with: "$1{}", in: s)
        s = replace(#"(:)f([,\}\]])"#, with: "$1false$2", in: s)
        s = replace(#"(:)t([,\}\]])"#, with: "$1true$2", in: s)
        s = replace(#"(:)#0([,\}\]])"#, with: "$1\"#000000\"$2", in: s)
        s = replace(#"(:)#F([,\}\]])"#, with: "$1\"#FFFFFF\"$2", in: s)
        s = replace(#"(:)([0-9a-fA-F]{6})([,\}\]])"#, with: "$1\"#$2\"$3", in: s)
        return s
    }

    private static func replace(_ pattern: String, with template: String, in text: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return text }
        return regex.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }
}
