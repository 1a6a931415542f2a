import Foundation
import GridEditJSON

/// What a SudokuPad or f-puzzles link carries that gridedit keeps: the givens, the solution
/// when the link has a complete one, and the title and author.
public struct SudokuLinkContent: Sendable, Equatable {
    public var givens: SudokuGrid
    public var solution: SudokuGrid?
    public var title: String?
    public var author: String?

    public init(givens: SudokuGrid, solution: SudokuGrid? = nil, title: String? = nil, author: String? = nil) {
        self.givens = givens
        self.solution = solution
        self.title = title
        self.author = author
    }

    public init(_ puzzle: SudokuPuzzle) {
        self.init(givens: puzzle.givens, solution: puzzle.solution, title: puzzle.metadata.name,
                  author: puzzle.metadata.author)
    }
}

/// Why a link or its JSON was refused; the message says what is wrong and what to do.
public struct SudokuLinkError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The two test-solving tools designers use (see docs/sudoku.md).
public enum SudokuLinkFormat: String, Sendable, CaseIterable {
    case sudokupad, fpuzzles
}

/// Links to SudokuPad and f-puzzles for classic 4×4, 6×6 and 9×9 puzzles, both ways.
///
/// f-puzzles links are `https://www.f-puzzles.com/?load=` followed by the lz-string base64 of
/// its JSON (``LZString``). SudokuPad opens that same payload after `https://sudokupad.app/fpuzzles`,
/// which is the form exported here: it carries the title, author and solution for all three sizes,
/// where SudokuPad's plain digit form has no metadata and its own SCL form is an internal,
/// abbreviated JSON. On import gridedit also reads SCL links (`scl`/`ctc`, see
/// `SudokuLinks+SCL.swift`) and plain digit links. Anything beyond a classic grid (cages,
/// lines, irregular regions, colours, other sizes) is refused by name rather than dropped.
public enum SudokuLinks {
    public static let fpuzzlesPrefix = "https://www.f-puzzles.com/?load="
    public static let sudokupadPrefix = "https://sudokupad.app/fpuzzles"
    static let standardRules = "Normal sudoku rules apply."

    // MARK: - Export

    /// The link that opens `content` in `format`.
    public static func link(for content: SudokuLinkContent, format: SudokuLinkFormat) -> String {
        let payload = LZString.compressToBase64(fpuzzlesJSON(for: content))
        switch format {
        case .fpuzzles: return fpuzzlesPrefix + payload
        case .sudokupad: return sudokupadPrefix + payload
        }
    }

    /// The f-puzzles JSON (one line) both links carry: `size`, `title`, `author`, `ruleset`,
    /// `grid` (rows of cells, `{"value": d, "given": true}` for a given, `{}` otherwise) and,
    /// when known, `solution` (the digits row by row).
    public static func fpuzzlesJSON(for content: SudokuLinkContent) -> String {
        let size = content.givens.size.rawValue
        var members: [JSONValue.Member] = [.init("size", .int(size))]
        if let title = content.title, !title.isEmpty { members.append(.init("title", .string(title))) }
        if let author = content.author, !author.isEmpty { members.append(.init("author", .string(author))) }
        members.append(.init("ruleset", .string(standardRules)))
        let rows: [JSONValue] = (0..<size).map { row in
            .array((0..<size).map { column in
                let digit = content.givens[row, column]
                return digit == 0 ? .object([]) : .fields(["value": .int(Int(digit)), "given": .bool(true)])
            })
        }
        members.append(.init("grid", .array(rows)))
        if let solution = content.solution {
            members.append(.init("solution", .array(solution.cells.map { .int(Int($0)) })))
        }
        return JSONValue.object(members).compactText
    }

    // MARK: - Import

    /// Reads a SudokuPad or f-puzzles link, or the JSON of either (f-puzzles or SCL).
    public static func decode(_ text: String) throws(SudokuLinkError) -> SudokuLinkContent {
        let trimmed = String(text.trimmingWhitespace())
        if trimmed.hasPrefix("{") { return try decodeJSON(trimmed) }
        guard let schemeEnd = trimmed.range(of: "://"),
              ["http", "https"].contains(trimmed[..<schemeEnd.lowerBound].lowercased()) else {
            throw SudokuLinkError("not a link or JSON: expected https://sudokupad.app/…, https://www.f-puzzles.com/?load=… "
                + "or the puzzle's JSON; copy the whole link from the address bar")
        }
        let afterScheme = trimmed[schemeEnd.upperBound...]
        let hostEnd = afterScheme.firstIndex { "/?#".contains($0) } ?? afterScheme.endIndex
        var host = afterScheme[..<hostEnd].lowercased()
        if let colon = host.firstIndex(of: ":") { host = String(host[..<colon]) }
        if host.hasPrefix("www.") { host.removeFirst(4) }
        let rest = afterScheme[hostEnd...]

        switch host {
        case "f-puzzles.com":
            if let payload = queryValue("load", in: rest) {
                return try decodeFpuzzlesPayload(payload, what: "the f-puzzles link")
            }
            if queryValue("id", in: rest) != nil {
                throw SudokuLinkError("this f-puzzles link is a short id stored on f-puzzles' server, and gridedit works "
                    + "offline: open it in f-puzzles, choose Export → Open With Link, and import that longer link")
            }
            throw SudokuLinkError("this f-puzzles link has no ?load=… puzzle; copy the link f-puzzles gives under "
                + "Export → Open With Link")
        case "sudokupad.app", "beta.sudokupad.app", "app.crackingthecryptic.com":
            return try decodeSudokuPadPayload(sudokuPadPayload(rest))
        default:
            throw SudokuLinkError("the link's host is \(Excerpt.quoted(host)); gridedit reads links to sudokupad.app "
                + "(or app.crackingthecryptic.com) and f-puzzles.com, or the puzzle's JSON")
        }
    }

    /// The puzzle id of a SudokuPad link: its path (`/fpuzzles…`, `/sudoku/scl…`) or `?puzzleid=`.
    static func sudokuPadPayload(_ rest: Substring) throws(SudokuLinkError) -> String {
        if let id = queryValue("puzzleid", in: rest) { return id }
        var path = rest.drop { $0 == "/" }
        path = path.prefix { $0 != "?" && $0 != "#" }
        if path.hasPrefix("sudoku/") { path = path.dropFirst("sudoku/".count) }
        guard !path.isEmpty else {
            throw SudokuLinkError("this SudokuPad link names no puzzle; copy the link SudokuPad shows for the puzzle")
        }
        return String(path)
    }

    static func decodeSudokuPadPayload(_ raw: String) throws(SudokuLinkError) -> SudokuLinkContent {
        let payload = percentDecoded(raw)
        for prefix in ["fpuzzles", "fpuz"] where payload.hasPrefix(prefix) {
            return try decodeFpuzzlesPayload(String(payload.dropFirst(prefix.count)), what: "the SudokuPad link's f-puzzles data")
        }
        for prefix in ["scl", "ctc"] where payload.hasPrefix(prefix) {
            return try decodeSCLPayload(String(payload.dropFirst(prefix.count)))
        }
        if payload.hasPrefix("scf") {
            throw SudokuLinkError("this SudokuPad link is in the compact \"scf\" form, which gridedit does not read; "
                + "open it in SudokuPad and share it again, or import the puzzle from f-puzzles")
        }
        if let grid = try? SudokuGrid(line: payload) { return SudokuLinkContent(givens: grid) }
        if payload.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
            throw SudokuLinkError("this SudokuPad link has \(payload.count) digits; a classic grid has 16, 36 or 81 (4×4, 6×6, 9×9): "
                + "the link was probably cut, copy it again")
        }
        throw SudokuLinkError("this SudokuPad link (\(Excerpt.quoted(payload))) is a short id stored on SudokuPad's server, "
            + "and gridedit works offline: import the puzzle's f-puzzles link or JSON instead")
    }

    static func decodeFpuzzlesPayload(_ raw: String, what: String) throws(SudokuLinkError) -> SudokuLinkContent {
        let json = try decompress(percentDecoded(raw), what: what)
        return try decodeJSON(json)
    }

    /// lz-string base64 to text, with errors that say which part of the link is at fault.
    static func decompress(_ payload: String, what: String) throws(SudokuLinkError) -> String {
        let cleaned = payload.replacingOccurrences(of: " ", with: "+")
        if cleaned.isEmpty { throw SudokuLinkError("\(what) is empty; copy the whole link again") }
        let allowed = Set(LZString.base64Alphabet + [UInt8(ascii: "=")])
        if let bad = cleaned.utf8.firstIndex(where: { !allowed.contains($0) }) {
            let offset = cleaned.utf8.distance(from: cleaned.utf8.startIndex, to: bad)
            let character = String(cleaned[bad...].prefix(1))
            throw SudokuLinkError("\(what) has \(Excerpt.quoted(character)) at character \(offset + 1), which lz-string base64 "
                + "never contains (A–Z a–z 0–9 + / =): the link was changed or cut; copy it again")
        }
        guard let text = LZString.decompressFromBase64(cleaned) ?? restoringSlashes(cleaned), !text.isEmpty else {
            throw SudokuLinkError("\(what) does not decompress: the link is truncated or corrupt; copy the whole link again")
        }
        return text
    }

    /// Some web servers and chat tools fold `//` in a link's path into `/`, and base64 payloads
    /// often hold `//`. SudokuPad repairs such links by trying the single slashes doubled; so does
    /// this, one slash at a time, accepting only a result that decompresses to a JSON object.
    static func restoringSlashes(_ payload: String) -> String? {
        let chars = Array(payload)
        let singles = chars.indices.filter { i in
            chars[i] == "/" && (i == 0 || chars[i - 1] != "/") && (i + 1 == chars.count || chars[i + 1] != "/")
        }
        for i in singles.prefix(400) {
            var repaired = chars
            repaired.insert("/", at: i)
            if let text = LZString.decompressFromBase64(String(repaired)), text.hasPrefix("{") { return text }
        }
        return nil
    }

    /// f-puzzles JSON (has `grid`) or SudokuPad's SCL JSON (has `cells`), zipped or not.
    static func decodeJSON(_ text: String) throws(SudokuLinkError) -> SudokuLinkContent {
        let root: JSONNode
        do { root = try JSONParser.parse(text) } catch {
            // SudokuPad's abbreviated SCL is not JSON until unzipped; anything else reports the
            // error of the text as given.
            guard let unzipped = try? JSONParser.parse(SCLReader.unzip(text)) else {
                throw SudokuLinkError("the puzzle data is not valid JSON (\(error.location): \(error.message)); "
                    + "copy the link or JSON again")
            }
            root = unzipped
        }
        guard case .object = root.value else {
            throw SudokuLinkError("the puzzle data is a JSON \(root.typeName), not an object holding a puzzle")
        }
        if root["grid"] != nil { return try FpuzzlesReader.read(root) }
        if root["cells"] != nil || root["ce"] != nil { return try SCLReader.read(root) }
        throw SudokuLinkError("the JSON has neither \"grid\" (f-puzzles) nor \"cells\" (SudokuPad), so it holds no puzzle grid")
    }

    // MARK: - Small helpers

    /// The value of `name=` in the query of `rest` (`?a=1&b=2`), not percent-decoded.
    static func queryValue(_ name: String, in rest: Substring) -> String? {
        guard let question = rest.firstIndex(of: "?") else { return nil }
        let query = rest[rest.index(after: question)...].prefix { $0 != "#" }
        for pair in query.split(separator: "&") where pair.hasPrefix(name + "=") {
            return String(pair.dropFirst(name.count + 1))
        }
        return nil
    }

    /// `%2B` → `+` and so on; text that is not valid percent-encoding is kept as it is.
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        return text.removingPercentEncoding ?? text
    }

    static func sizeProblem(_ size: Int) -> SudokuLinkError {
        SudokuLinkError("the grid is \(size)×\(size); gridedit reads classic 4×4, 6×6 and 9×9 Sudoku only")
    }

    /// A solution given as digits (1…size), or nil when every cell is unknown (0, `.`, `?`, null).
    static func solutionGrid(_ digits: [Int?], size: SudokuSize, where place: String) throws(SudokuLinkError) -> SudokuGrid? {
        if digits.allSatisfy({ $0 == nil || $0 == 0 }) { return nil }
        guard digits.count == size.cellCount else {
            throw SudokuLinkError("\(place) has \(digits.count) digits; a \(size.rawValue)×\(size.rawValue) grid needs \(size.cellCount)")
        }
        var cells: [UInt8] = []
        for (index, digit) in digits.enumerated() {
            guard let digit, (1...size.rawValue).contains(digit) else {
                throw SudokuLinkError("\(place) is incomplete or wrong at \(cellName((index / size.rawValue, index % size.rawValue))): "
                    + "fill in the whole solution, or clear it, before sharing")
            }
            cells.append(UInt8(digit))
        }
        return SudokuGrid(size: size, cells: cells)
    }
}
