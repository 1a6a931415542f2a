import Dispatch
import Foundation

/// The batch line interface other tools and CI speak (`gridedit sudoku solve`, `grade`): one
/// puzzle per line in, one line per puzzle out, in input order, whatever the number of jobs.
///
/// Input lines hold 16, 36 or 81 cells (`.` or `0` for an empty cell). Anything after the
/// puzzle, separated by white space, `,` or `;`, is ignored (some collections append a rating
/// or a solution). Blank lines and lines starting with `#` are skipped and produce no output.
public enum SudokuBatch {
    /// One input line that holds (or should hold) a puzzle.
    public struct Line: Sendable {
        /// 1-based line number in the input.
        public var number: Int
        public var puzzle: Result<SudokuGrid, SudokuGrid.LineFormatError>
    }

    /// The puzzles of an input, in order. Cells of all puzzles are kept in one flat buffer so
    /// that the 9×9 hot path reads them without building a `SudokuGrid` per line.
    public struct Input: Sendable {
        struct Entry: Sendable {
            var number: Int
            var offset: Int
            var size: SudokuSize?
            var error: SudokuGrid.LineFormatError?
        }

        var entries: [Entry] = []
        var cells: [UInt8] = []

        public var count: Int { entries.count }

        /// The input's lines as puzzles, or why a line is not one.
        public var lines: [Line] {
            entries.map { entry in
                if let error = entry.error { return Line(number: entry.number, puzzle: .failure(error)) }
                let size = entry.size!
                let grid = SudokuGrid(size: size, uncheckedCells: Array(cells[entry.offset..<entry.offset + size.cellCount]))
                return Line(number: entry.number, puzzle: .success(grid))
            }
        }

        /// "SOURCE:LINE: message" for every line that is not a puzzle.
        public func errors(source: String) -> [String] {
            entries.compactMap { entry in entry.error.map { "\(source):\(entry.number): \($0)" } }
        }
    }

    /// Splits input bytes into puzzles (LF or CRLF line ends).
    public static func parse(_ bytes: [UInt8]) -> Input {
        var input = Input()
        input.cells.reserveCapacity(bytes.count)
        var number = 0
        var start = 0
        let end = bytes.count
        while start < end {
            number += 1
            var stop = start
            while stop < end && bytes[stop] != 0x0A { stop += 1 }
            parseLine(bytes, start, stop, number: number, into: &input)
            start = stop + 1
        }
        return input
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0B || b == 0x0C }

    private static func parseLine(_ bytes: [UInt8], _ start: Int, _ stop: Int, number: Int, into input: inout Input) {
        var from = start
        while from < stop && isSpace(bytes[from]) { from += 1 }
        if from == stop || bytes[from] == UInt8(ascii: "#") { return }
        var to = from
        while to < stop && !isSpace(bytes[to]) && bytes[to] != UInt8(ascii: ",") && bytes[to] != UInt8(ascii: ";") { to += 1 }
        let length = to - from
        let offset = input.cells.count
        var entry = Input.Entry(number: number, offset: offset)
        guard let size = SudokuSize(cellCount: length) else {
            // Count characters, not bytes, for the message.
            let text = String(decoding: bytes[from..<to], as: UTF8.self)
            entry.error = .length(text.count)
            input.entries.append(entry)
            return
        }
        let top = UInt8(ascii: "0") + UInt8(size.rawValue)
        for i in from..<to {
            let b = bytes[i]
            if b == UInt8(ascii: ".") || b == UInt8(ascii: "0") {
                input.cells.append(0)
            } else if b > UInt8(ascii: "0") && b <= top {
                input.cells.append(b - UInt8(ascii: "0"))
            } else {
                input.cells.removeLast(i - from)
                let character = String(decoding: bytes[i..<min(stop, i + 4)], as: UTF8.self).first ?? "?"
                entry.error = .character(character, position: i - from)
                input.entries.append(entry)
                return
            }
        }
        entry.size = size
        input.entries.append(entry)
    }

    /// `COUNT SOLUTION` per puzzle: the solution count capped at `limit` and the first
    /// solution in the line format, `-` when there is none. A line that is not a puzzle gives
    /// `error -` (the reason is in `Input.errors`).
    public static func solve(_ input: Input, limit: Int = 2, jobs: Int = 1) -> [UInt8] {
        let limit = max(1, limit)
        return map(input, jobs: jobs) { counter, out, entry, cells in
            guard let size = entry.size else {
                out.append(contentsOf: "error -\n".utf8)
                return
            }
            if size == .nine {
                let count = cells.withUnsafeBufferPointer { counter.count9($0.baseAddress! + entry.offset, limit: limit) }
                out.append(contentsOf: String(count).utf8)
                out.append(UInt8(ascii: " "))
                if count == 0 {
                    out.append(UInt8(ascii: "-"))
                } else {
                    for digit in counter.firstSolution9 { out.append(UInt8(ascii: "0") &+ digit) }
                }
                out.append(0x0A)
                return
            }
            let count: Int
            let solution: [UInt8]
            do {
                let grid = SudokuGrid(size: size, uncheckedCells: Array(cells[entry.offset..<entry.offset + size.cellCount]))
                let result = counter.count(grid, limit: limit)
                count = result.count
                solution = result.solutions.first?.cells ?? []
            }
            out.append(contentsOf: String(count).utf8)
            out.append(UInt8(ascii: " "))
            if solution.isEmpty {
                out.append(UInt8(ascii: "-"))
            } else {
                for digit in solution { out.append(UInt8(ascii: "0") + digit) }
            }
            out.append(0x0A)
        }
    }

    /// One line of output per input puzzle, computed on `jobs` threads in chunks and joined in
    /// input order. `produce` gets a per-thread counter, the output buffer to append to, the
    /// entry and the flat cell buffer.
    static func map(_ input: Input, jobs: Int,
                    _ produce: @escaping @Sendable (inout SudokuCounter, inout [UInt8], Input.Entry, [UInt8]) -> Void) -> [UInt8] {
        let chunkSize = 256
        let chunks = (input.entries.count + chunkSize - 1) / chunkSize
        let outputs = parallelMap(chunks, jobs: jobs, state: { SudokuCounter(keep: 1) }) { counter, chunk in
            var out: [UInt8] = []
            out.reserveCapacity(chunkSize * 84)
            let range = chunk * chunkSize..<min(input.entries.count, (chunk + 1) * chunkSize)
            for index in range { produce(&counter, &out, input.entries[index], input.cells) }
            return out
        }
        var all: [UInt8] = []
        all.reserveCapacity(outputs.reduce(0) { $0 + $1.count })
        for chunk in outputs { all.append(contentsOf: chunk) }
        return all
    }

    /// Text lines per puzzle, for commands whose per-puzzle work dwarfs formatting (grading).
    public static func mapLines(_ input: Input, jobs: Int,
                                _ line: @escaping @Sendable (Result<SudokuGrid, SudokuGrid.LineFormatError>) -> String) -> [UInt8] {
        map(input, jobs: jobs) { _, out, entry, cells in
            let puzzle: Result<SudokuGrid, SudokuGrid.LineFormatError>
            if let size = entry.size {
                puzzle = .success(SudokuGrid(size: size, uncheckedCells: Array(cells[entry.offset..<entry.offset + size.cellCount])))
            } else {
                puzzle = .failure(entry.error!)
            }
            out.append(contentsOf: line(puzzle).utf8)
            out.append(0x0A)
        }
    }
}
