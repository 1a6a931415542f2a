#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore
import GridEditJSON

/// A kind's judge in play mode (Tatham's "is the move right" half, for play-testing): it watches
/// the child's board change, whatever the input (typed, a touch file, the camera, the page), and
/// says what each change was worth; it gives hints. Each kind that can be played has one, made by
/// its ``KindEditing/play(_:)``.
public protocol PlayJudge: AnyObject {
    /// The board is now `puzzle`: the placements and removals since the last call, judged, in
    /// order (their `time` is filled in by the session).
    func observe(_ puzzle: any Puzzle) -> [PlayRecord.Interaction]
    /// The next hint at `level` (1: which piece or cell, 2: where, 3: exactly), in words, with the
    /// parts it is about and, for a placement, the kind's picture of it (a piece's pose).
    func hint(level: Int) -> PlayHint
    var isSolved: Bool { get }
    /// One line: `3 of 7 pieces accepted, 9 solutions still open`.
    var status: String { get }
    /// The page's play fields (judgements per part, the numbers), in the kind's form.
    func pageFields() -> [JSONValue.Member]
    /// After the settling engine: changes that land parts exactly where the puzzle has a place
    /// for them (a tangram piece given a hair off a place of the figure), with a note each; made
    /// part of the same edit. `proposal` is the edit as the engine settled it, with the poses as
    /// given.
    func land(_ puzzle: any Puzzle, after proposal: Proposal) -> (changes: [Change], notes: [String])
}

extension PlayJudge {
    public func land(_ puzzle: any Puzzle, after proposal: Proposal) -> (changes: [Change], notes: [String]) { ([], []) }
}

/// A hint as a front end shows it.
public struct PlayHint: Sendable {
    public var text: String
    /// The piece or cells it is about (`square`, `r3c4`).
    public var parts: [String]
    /// The placement it suggests, as the kind's command would put it (`place square 2 1 90`), or nil.
    public var command: String?
    /// A shape to draw (the page's outline, in the puzzle's units), or nil.
    public var outline: [(x: Double, y: Double)]?

    public init(text: String, parts: [String] = [], command: String? = nil, outline: [(x: Double, y: Double)]? = nil) {
        self.text = text
        self.parts = parts
        self.command = command
        self.outline = outline
    }
}

/// What a kind needs to start play: the board the child gets and its judge.
public struct PlayStart {
    public var board: any Puzzle
    public var judge: any PlayJudge

    public init(board: any Puzzle, judge: any PlayJudge) {
        self.board = board
        self.judge = judge
    }
}

/// One play of a puzzle: the kind's judge, the record of everything judged, hints taken and the
/// time it took. The record is written after every change (atomically), so a crash loses at most
/// the change in flight.
public final class PlaySession {
    public let judge: any PlayJudge
    public private(set) var record: PlayRecord
    /// Where the record is written, or nil (kept in memory only).
    public let recordPath: String?
    /// Problems writing the record (play goes on).
    public private(set) var warnings: [String] = []
    /// Interactions not yet shown by a front end (the REPL prints them after each edit).
    private var unreported: [PlayRecord.Interaction] = []
    /// Consecutive hints without a placement between them climb the levels.
    private var nextHintLevel = 1
    /// The last hint given, for the page to draw.
    public private(set) var lastHint: PlayHint?
    public private(set) var lastHintLevel = 0
    private let clock: () -> Double
    private let started: Double
    private let stamp: (Double) -> String

    public init(judge: any PlayJudge, record: PlayRecord, recordPath: String?,
                clock: @escaping () -> Double = PlaySession.wallClock,
                stamp: @escaping (Double) -> String = { PuzzleMetadata.timestamp(secondsSince1970: Int($0)) }) {
        self.judge = judge
        self.record = record
        self.recordPath = recordPath
        self.clock = clock
        self.started = clock()
        self.stamp = stamp
        self.record.startTime = stamp(started)
        write()
    }

    /// Seconds since 1970, with fractions.
    public static func wallClock() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    public var elapsed: Double { clock() - started }

    /// The board changed: judge it, record it.
    func observe(_ puzzle: any Puzzle) {
        guard !record.completed else { return }
        let time = elapsed
        let events = judge.observe(puzzle).map { event -> PlayRecord.Interaction in
            var stamped = event
            stamped.time = time
            return stamped
        }
        guard !events.isEmpty else { return }
        // The child did something: the next hint starts again from the first level.
        nextHintLevel = 1
        lastHint = nil
        lastHintLevel = 0
        record.interactions += events
        unreported += events
        if judge.isSolved { finish(completed: true) } else { write() }
    }

    /// The next hint; asking again before placing anything gives the next level (up to 3).
    public func hint(level: Int? = nil) -> PlayHint {
        let level = min(3, max(1, level ?? nextHintLevel))
        let hint = judge.hint(level: level)
        nextHintLevel = min(3, level + 1)
        lastHint = hint
        lastHintLevel = level
        if !judge.isSolved {
            record.interactions.append(PlayRecord.Interaction(time: elapsed, kind: .hint, part: hint.parts.first ?? "",
                                                              level: level, detail: hint.text))
            write()
        }
        return hint
    }

    /// Ends the play (solved, stopped or the board closed): the end time and duration are set.
    public func finish(completed: Bool) {
        guard record.endTime == nil else { return }
        record.completed = completed
        record.durationSeconds = (elapsed * 1000).rounded() / 1000
        record.endTime = stamp(started + elapsed)
        write()
    }

    public var isFinished: Bool { record.endTime != nil }

    /// The interactions not yet shown, oldest first; taking them marks them shown.
    public func takeUnreported() -> [PlayRecord.Interaction] {
        defer { unreported.removeAll() }
        return unreported
    }

    private func write() {
        guard let recordPath else { return }
        do throws(AtomicFile.WriteError) {
            try AtomicFile.write(Array(CanonicalJSONWriter.write(record.json).utf8), to: recordPath)
        } catch {
            let warning = "play record not written: \(error.description)"
            if !warnings.contains(warning) { warnings.append(warning) }
        }
    }
}
