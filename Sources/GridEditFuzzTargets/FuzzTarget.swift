import GridEditCore
import GridEditJSON
import GridEditLayout
import GridEditPageProtocol

/// An entry point that reads untrusted text, as a function of bytes: libFuzzer drives it through
/// `gridedit-fuzz` (scripts/fuzz.sh), and the tests replay its corpus (Tests/Fixtures/fuzz/NAME)
/// and seeded mutations of it. A target refuses bad input the way the product does (a thrown
/// error, a finding); what it must never do is crash, hang or break a property stated below.
///
/// Where a reader has a writer, the target also checks the round trip: what was read, written
/// and read again is the same. A broken property stops the process with the input's target and
/// what differed, so libFuzzer keeps the input as a crash.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The strict JSON scanner and json-c (`JSONParser`): every file gridedit reads.
    case json
    /// A puzzle or pack file as `gridedit check` loads it (`DocumentLoader`: JSON, schema, kind).
    case document
    /// A message from the page to `gridedit serve` (`ClientMessage.parse`).
    case page
    /// A touch file (`TouchRecording`: header and events, JSON Lines), as `replay` reads it.
    case touch
    /// A Sudoku in one line (`SudokuGrid(line:)`) and a batch of lines (`SudokuBatch.parse`).
    case sudokuLine = "sudoku-line"
    /// A SudokuPad or f-puzzles link or its JSON (`SudokuLinks.decode`), as `paste` reads it.
    case sudokuLink = "sudoku-link"
    /// A file `gridedit tangram import` reads: SVG, gTans `.figures`, Sugar, GCompris Qt levels;
    /// each figure made exact (`TangramImport.figure`), not solved.
    case tangramImport = "tangram-import"

    /// Runs the target on one input.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .json: Self.json(bytes)
        case .document:
            _ = DocumentLoader.load(bytes, isManifest: false)
            _ = DocumentLoader.load(bytes, isManifest: true)
        case .page: _ = try? ClientMessage.parse(String(decoding: bytes, as: UTF8.self))
        case .touch: Self.touch(String(decoding: bytes, as: UTF8.self))
        case .sudokuLine: Self.sudokuLine(bytes)
        case .sudokuLink: _ = try? SudokuLinks.decode(String(decoding: bytes, as: UTF8.self))
        case .tangramImport: Self.tangramImport(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Parsed, written compactly and parsed again: the same value.
    static func json(_ bytes: [UInt8]) {
        guard let node = try? JSONParser.parse(bytes) else { return }
        let value = node.toJSONValue()
        let text = value.compactText
        guard let again = try? JSONParser.parse(text) else { broken("json", "its compact text \(text.prefix(200)) does not parse") }
        guard again.toJSONValue() == value else { broken("json", "its compact text \(text.prefix(200)) reads as another value") }
    }

    /// Read, written as a touch file and read again: the same events.
    static func touch(_ text: String) {
        guard let recording = try? TouchRecording(parsing: text) else { return }
        let written = recording.text
        guard let again = try? TouchRecording(parsing: written) else { broken("touch", "its written form does not read back:\n\(written.prefix(400))") }
        guard again.events == recording.events, again.description == recording.description,
              again.minConfidence == recording.minConfidence else {
            broken("touch", "its written form reads back differently:\n\(written.prefix(400))")
        }
    }

    /// A line read, written and read again is the same grid; a batch never traps.
    static func sudokuLine(_ bytes: [UInt8]) {
        _ = SudokuBatch.parse(bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        guard let grid = try? SudokuGrid(line: text) else { return }
        guard let again = try? SudokuGrid(line: grid.line), again == grid else { broken("sudoku-line", "\(grid.line) does not read back as the same grid") }
    }

    /// The input read by each format's reader once (`TangramImport.entries` picks one of them by
    /// the file's name and text), then every figure read made exact or refused (at most 64 in all,
    /// as a fuzz input is small).
    static func tangramImport(_ text: String) {
        var entries: [TangramImport.Entry] = [.init(name: "svg", drawing: Result { () throws(TangramImport.Failure) in try TangramSVG.drawing(text) })]
        if let read = try? TangramGTans.read(text, name: "figures") { entries += read }
        if let read = try? TangramSugar.read(text) { entries += read }
        if let read = try? TangramGCompris.read(text) { entries += read }
        for entry in entries.prefix(64) {
            if case .success(let drawing) = entry.drawing { _ = try? TangramImport.figure(drawing) }
        }
    }

    static func broken(_ target: String, _ what: String) -> Never {
        fatalError("fuzz target \(target): \(what)")
    }
}
