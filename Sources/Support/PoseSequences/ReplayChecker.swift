import Foundation
import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditLayout

/// Replays a ``PoseSequence`` exactly as a user would, and says whether the saved puzzle is the
/// target figure. It goes only through the editor's command path (`new tangram`, `replay FILE`,
/// `save as PATH` on a fresh ``GridEditorService`` and ``CommandInterpreter``, then reading the
/// saved file back with Core's `PuzzleStore`), never through snapping code: whatever engine
/// the editor settles poses with is what gets measured.
public struct ReplayChecker: Sendable {
    public var repository: URL

    public init(repository: URL = PoseSequences.repository) {
        self.repository = repository
    }

    /// The service a user's REPL would have, minus journals (nothing here needs recovering).
    public func makeService() -> GridEditorService {
        GridEditorService(environment: EditorEnvironment(now: { "2026-12-01T10:00:00Z" },
                                                         templatesFolder: repository.appendingPathComponent("templates").path))
    }

    public func check(_ sequence: PoseSequence) async -> ReplayResult {
        var problems: [String] = []
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gridedit-settle-\(sequence.seed)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let touches = folder.appendingPathComponent("sequence.touches.jsonl").path
        let saved = folder.appendingPathComponent("figure.json").path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(sequence.touchFileText.utf8).write(to: URL(fileURLWithPath: touches))
        } catch {
            return ReplayResult(sequence, comparison: .missing, problems: ["cannot write the touch file: \(error)"])
        }
        let console = RecordingConsole()
        let interpreter = CommandInterpreter(service: makeService(), console: console)
        for command in ["new tangram", "replay \(Self.quoted(touches))", "save as \(Self.quoted(saved))"] {
            if case .failed(let why) = await interpreter.execute(command) { problems.append("`\(command.prefix(12))…`: \(why)") }
        }
        problems += console.warnings
        let pieces: [Pose]
        do {
            pieces = ((try PuzzleStore(root: ".").load(saved)).document.puzzle as? TangramPuzzle)?.pieces ?? []
        } catch {
            problems.append("cannot read the saved puzzle back: \(error)")
            return ReplayResult(sequence, comparison: .missing, problems: problems)
        }
        return ReplayResult(sequence, comparison: Comparison(saved: pieces, target: sequence.target), problems: problems)
    }

    static func quoted(_ path: String) -> String { "\"" + path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
}

/// How a saved figure compares with the target.
public struct Comparison: Sendable {
    /// The saved pieces are the target moved by one exact vector (``translation``): every piece
    /// with the same footprint (the two large and the two small triangles interchangeable).
    public var exact: Bool
    public var translation: Vector?
    /// Target pieces that are not in the saved file.
    public var missing: [TangramPiece]
    /// The farthest any saved piece's corner lies from where the target puts it, once the whole
    /// figure is moved by the (median) translation, in units; the piece.
    public var maxDisplacement: Double
    public var displaced: TangramPiece?
    /// The widest gap between two pieces that touch in the target but not in the saved figure.
    public var worstGap: Double
    public var gapBetween: (TangramPiece, TangramPiece)?
    /// The deepest overlap of two saved pieces.
    public var worstOverlap: Double
    public var overlapBetween: (TangramPiece, TangramPiece)?

    static let missing = Comparison(exact: false, translation: nil, missing: TangramPiece.allCases, maxDisplacement: .infinity,
                                    displaced: nil, worstGap: 0, gapBetween: nil, worstOverlap: 0, overlapBetween: nil)

    init(exact: Bool, translation: Vector?, missing: [TangramPiece], maxDisplacement: Double, displaced: TangramPiece?,
         worstGap: Double, gapBetween: (TangramPiece, TangramPiece)?, worstOverlap: Double, overlapBetween: (TangramPiece, TangramPiece)?) {
        self.exact = exact
        self.translation = translation
        self.missing = missing
        self.maxDisplacement = maxDisplacement
        self.displaced = displaced
        self.worstGap = worstGap
        self.gapBetween = gapBetween
        self.worstOverlap = worstOverlap
        self.overlapBetween = overlapBetween
    }

    public init(saved: [Pose], target: [Pose]) {
        self.init(exact: false, translation: nil, missing: [], maxDisplacement: 0, displaced: nil,
                  worstGap: 0, gapBetween: nil, worstOverlap: 0, overlapBetween: nil)
        // Exact: the lowest-then-leftmost corner of each figure fixes the only translation that
        // can work (it moves with the figure); then the footprints must agree as multisets.
        if saved.count == target.count, let s = Self.lowest(saved), let t = Self.lowest(target) {
            let offset = s - t
            if Self.footprints(saved) == Self.footprints(target.map { $0.translated(by: offset) }) {
                exact = true
                translation = offset
                return
            }
        }
        measure(saved: saved, target: target)
    }

    static func lowest(_ poses: [Pose]) -> Point? {
        poses.flatMap(\.vertices).min { $0.y != $1.y ? $0.y < $1.y : $0.x < $1.x }
    }

    static func footprints(_ poses: [Pose]) -> [Pose.Footprint: Int] {
        poses.reduce(into: [:]) { $0[$1.footprint, default: 0] += 1 }
    }

    // MARK: How wrong

    static func centroid(_ pose: Pose) -> SIMD2<Double> {
        pose.vertices.reduce(SIMD2<Double>.zero) { $0 + SIMD2($1.doubleX, $1.doubleY) } / Double(pose.vertices.count)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// Matches saved pieces to target pieces (a pair of equal triangles either way round, by
    /// where they lie), estimates the figure's translation, and measures displacement, gaps and
    /// overlaps approximately: for a person reading a failure, not for deciding one.
    mutating func measure(saved: [Pose], target: [Pose]) {
        let byPiece = Dictionary(saved.map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })
        missing = target.map(\.piece).filter { byPiece[$0] == nil }
        func shift(_ pieces: [TangramPiece]) -> SIMD2<Double> {
            let pairs = pieces.compactMap { p in byPiece[p].flatMap { s in target.first { $0.piece == p }.map { (s, $0) } } }
            let d = pairs.map { Self.centroid($0.0) - Self.centroid($0.1) }
            return SIMD2(Self.median(d.map(\.x)), Self.median(d.map(\.y)))
        }
        // The pieces without a twin first, for a translation no swap can spoil.
        var t = shift([.medium, .square, .parallelogram])
        var match: [TangramPiece: Pose] = [:]
        for p in [TangramPiece.medium, .square, .parallelogram] { match[p] = byPiece[p] }
        for (a, b) in [(TangramPiece.large1, TangramPiece.large2), (.small1, .small2)] {
            let (ta, tb) = (target.first { $0.piece == a }, target.first { $0.piece == b })
            let (sa, sb) = (byPiece[a], byPiece[b])
            func cost(_ s: Pose?, _ t0: Pose?) -> Double {
                guard let s, let t0 else { return 0 }
                return FigureGeometry.length(Self.centroid(s) - Self.centroid(t0) - t)
            }
            if cost(sb, ta) + cost(sa, tb) < cost(sa, ta) + cost(sb, tb) {
                (match[a], match[b]) = (sb, sa)
            } else {
                (match[a], match[b]) = (sa, sb)
            }
        }
        let pairs = target.compactMap { goal in match[goal.piece].map { (goal, $0) } }
        let d = pairs.map { Self.centroid($0.1) - Self.centroid($0.0) }
        t = SIMD2(Self.median(d.map(\.x)), Self.median(d.map(\.y)))
        for (goal, got) in pairs {
            let corners = got.vertices.map { SIMD2($0.doubleX, $0.doubleY) }
            let worst = goal.vertices.map { v in
                corners.map { FigureGeometry.length($0 - SIMD2(v.doubleX, v.doubleY) - t) }.min()!
            }.max()!
            if worst > maxDisplacement { (maxDisplacement, displaced) = (worst, goal.piece) }
        }
        for (i, (goalA, gotA)) in pairs.enumerated() {
            for (goalB, gotB) in pairs[(i + 1)...] {
                let overlap = FigureGeometry.overlapDepth(gotA, gotB)
                if overlap > worstOverlap { (worstOverlap, overlapBetween) = (overlap, (gotA.piece, gotB.piece)) }
                guard goalA.polygon.touchesOrOverlaps(goalB.polygon) else { continue }
                let gap = FigureGeometry.distance(gotA, gotB)
                if gap > worstGap { (worstGap, gapBetween) = (gap, (goalA.piece, goalB.piece)) }
            }
        }
    }
}

/// One replayed sequence: what it was and how it came out.
public struct ReplayResult: Sendable {
    public var seed: UInt64
    public var family: FigureFamily
    public var figureName: String
    public var isOffGrid: Bool
    public var label: String
    public var order: [TangramPiece]
    public var movedTwice: [TangramPiece]
    public var comparison: Comparison
    /// Commands that failed and events the editor refused, in its words.
    public var problems: [String]

    init(_ sequence: PoseSequence, comparison: Comparison, problems: [String]) {
        seed = sequence.seed
        family = sequence.family
        figureName = sequence.figureName
        isOffGrid = sequence.isOffGrid
        label = sequence.label
        order = sequence.order
        movedTwice = sequence.movedTwice
        self.comparison = comparison
        self.problems = problems
    }

    public var exact: Bool { comparison.exact }

    /// How bad a failure is, for sorting the worst first: the largest of displacement, gap and
    /// overlap (missing pieces and refused events worst of all).
    public var badness: Double {
        guard !exact else { return 0 }
        let c = comparison
        return max(c.maxDisplacement, c.worstGap, c.worstOverlap) + (c.missing.isEmpty ? 0 : 100) + (problems.isEmpty ? 0 : 10)
    }

    /// One line (two with problems) a person can reproduce the case from.
    public var summary: String {
        let c = comparison
        var text = label + ": "
        if exact {
            text += "exact (moved by \(c.translation.map(\.description) ?? "?"))"
        } else {
            var what: [String] = []
            if !c.missing.isEmpty { what.append("missing " + c.missing.map(\.rawValue).joined(separator: " ")) }
            if let p = c.displaced { what.append(String(format: "max displacement %.3f (%@)", c.maxDisplacement, p.rawValue)) }
            if let (a, b) = c.gapBetween { what.append(String(format: "gap %.3f %@/%@", c.worstGap, a.rawValue, b.rawValue)) }
            if let (a, b) = c.overlapBetween { what.append(String(format: "overlap %.3f %@/%@", c.worstOverlap, a.rawValue, b.rawValue)) }
            text += "NOT exact: " + what.joined(separator: ", ")
        }
        text += "; order " + order.map(\.rawValue).joined(separator: " ")
        if !movedTwice.isEmpty { text += "; twice " + movedTwice.map(\.rawValue).joined(separator: " ") }
        if let first = problems.first { text += "\n    " + first + (problems.count > 1 ? " (+\(problems.count - 1) more)" : "") }
        return text
    }
}

/// Keeps the events the editor refused (`replay` says "refused: …" for each); everything else,
/// findings included (the checker measures the saved figure itself), is dropped.
final class RecordingConsole: EditorConsole {
    private(set) var warnings: [String] = []
    var isInteractive: Bool { false }
    func say(_ text: String, _ style: MessageStyle) {
        let line = text.trimmingCharacters(in: .whitespaces)
        if line.hasPrefix("refused:") { warnings.append(line) }
    }
    func ask(_ question: String, options: [(key: Character, label: String)]) -> Character? { nil }
    func documentChanged(_ document: EditorDocument) {}
    func show(_ document: EditorDocument) {}
}
