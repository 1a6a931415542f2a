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
        var entries: [Input.Entry] = []
        // At most one cell per input byte: the cells are written in place, then the buffer is
        // cut to what was written.
        input.cells = [UInt8](unsafeUninitializedCapacity: bytes.count) { cells, written in
            written = 0
            bytes.withUnsafeBufferPointer { text in
                guard let base = text.baseAddress, let out = cells.baseAddress else { return }
                var number = 0
                var start = 0
                let end = text.count
                while start < end {
                    number += 1
                    let stop = memchr(base + start, 0x0A, end - start).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? end
                    if let entry = parseLine(base, start, stop, number: number, into: out, at: &written) { entries.append(entry) }
                    start = stop + 1
                }
            }
        }
        input.entries = entries
        return input
    }

    /// A cell's byte as its value: "." and "0" are 0, "1"..."9" their digit; any other byte
    /// comes out above 9.
    @inline(__always)
    private static func cellValue(_ b: UInt8) -> UInt8 { b == UInt8(ascii: ".") ? 0 : b &- UInt8(ascii: "0") }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0B || b == 0x0C }

    /// The entry of the line `start..<stop` (nil for a blank or comment line), its cells written
    /// to `out` from `written` on, which moves past them.
    private static func parseLine(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ stop: Int, number: Int,
                                  into out: UnsafeMutablePointer<UInt8>, at written: inout Int) -> Input.Entry? {
        var from = start
        while from < stop && isSpace(bytes[from]) { from += 1 }
        if from == stop || bytes[from] == UInt8(ascii: "#") { return nil }
        var to = from
        while to < stop && !isSpace(bytes[to]) && bytes[to] != UInt8(ascii: ",") && bytes[to] != UInt8(ascii: ";") { to += 1 }
        let length = to - from
        var entry = Input.Entry(number: number, offset: written)
        guard let size = SudokuSize(cellCount: length) else {
            // Count characters, not bytes, for the message.
            let text = String(decoding: UnsafeBufferPointer(start: bytes + from, count: length), as: UTF8.self)
            entry.error = .length(text.count)
            return entry
        }
        // A byte that is not a cell of this size comes out above `top`; the line is then looked
        // at again for the message.
        let top = UInt8(size.rawValue)
        let cells = out + written
        var largest: UInt8 = 0
        for i in 0..<length {
            let value = cellValue(bytes[from &+ i])
            largest = max(largest, value)
            cells[i] = value
        }
        if largest > top {
            let i = (0..<length).first { cellValue(bytes[from + $0]) > top }!
            let character = String(decoding: UnsafeBufferPointer(start: bytes + from + i, count: min(stop - from - i, 4)), as: UTF8.self).first ?? "?"
            entry.error = .character(character, position: i)
            return entry
        }
        written += length
        entry.size = size
        return entry
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
                appendAnswer(&out, count: count, solution: count == 0 ? nil : counter.firstSolution9)
                return
            }
            let grid = SudokuGrid(size: size, uncheckedCells: Array(cells[entry.offset..<entry.offset + size.cellCount]))
            let result = counter.count(grid, limit: limit)
            let solution = result.solutions.first?.cells ?? []
            solution.withUnsafeBufferPointer { appendAnswer(&out, count: result.count, solution: $0.isEmpty ? nil : $0) }
        }
    }

    /// Appends one answer line, `COUNT SOLUTION` (`-` for none) and a line end, in one piece:
    /// the batch's output is mostly these lines.
    private static func appendAnswer(_ out: inout [UInt8], count: Int, solution: UnsafeBufferPointer<UInt8>?) {
        let cells = solution?.count ?? 1
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 22 + cells) { line in
            // The count's digits end at place 20, written from the last one back.
            var start = 20, rest = count
            repeat {
                start -= 1
                line[start] = UInt8(ascii: "0") &+ UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            line[20] = UInt8(ascii: " ")
            if let solution {
                for i in 0..<cells { line[21 &+ i] = UInt8(ascii: "0") &+ solution[i] }
            } else {
                line[21] = UInt8(ascii: "-")
            }
            line[21 &+ cells] = 0x0A
            out.append(contentsOf: UnsafeBufferPointer(rebasing: line[start..<(22 + cells)]))
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
