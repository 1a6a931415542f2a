import GridEditCore
import GridEditLayout
import GridEditGeometry
import GridEditJSON

/// The Tangram's play mode: the child gets the figure and the seven pieces in the tray; every
/// piece that lands on the figure is judged against every solution (``TangramPlay``).
final class TangramPlayJudge: PlayJudge {
    private(set) var play: TangramPlay
    /// The poses last seen, to tell what moved.
    private var seen: [TangramPiece: Pose] = [:]
    /// The latest change, for the page's banner: its piece, judgement name (`removed` for a piece
    /// taken back), words and k of n.
    private(set) var latest: (piece: TangramPiece, name: String, text: String, k: Int?, n: Int?)?

    /// How much of the answer the child sees: `shape`, `outline` or `pieces`.
    let level: String
    /// The arrangement the `pieces` level draws: the designer's solution, else the solver's first.
    let answer: [Pose]
    static let levels = ["shape", "outline", "pieces"]

    init(play: TangramPlay, level: String, answer: [Pose]) {
        self.play = play
        self.level = level
        self.answer = answer
    }

    /// The figure with nothing on it: the silhouette the child fills, at the hint level.
    static func start(_ puzzle: any Puzzle, hint: String?) throws(EditError) -> PlayStart {
        guard let tangram = puzzle as? TangramPuzzle else { throw EditError("not a tangram") }
        let level = hint ?? "shape"
        guard levels.contains(level) else { throw EditError("--hint takes \(levels.joined(separator: ", ")), not \(level)") }
        guard let figure = TangramPlay.figure(of: tangram) else {
            throw EditError("\(tangram.metadata.id) has no figure a child could fill (no usable silhouette and no complete arrangement); `validate` says why")
        }
        let play = TangramPlay(figure: figure)
        guard !play.solutions.isEmpty else {
            throw EditError("\(tangram.metadata.id) cannot be played: no arrangement of the seven pieces fills its figure (`validate` shows the finding)")
        }
        var board = tangram
        board.pieces = []
        board.silhouette = figure.rings
        board.tray = nil
        board.currentState = []
        let stored = tangram.pieces.flatMap { play.isSolution($0) ? $0 : nil }
        return PlayStart(board: board, judge: TangramPlayJudge(play: play, level: level, answer: stored ?? play.solutions[0]))
    }

    func observe(_ puzzle: any Puzzle) -> [PlayRecord.Interaction] {
        guard let tangram = puzzle as? TangramPuzzle else { return [] }
        let now = Dictionary((tangram.pieces ?? []).map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })
        var events: [PlayRecord.Interaction] = []
        for piece in TangramPiece.allCases {
            let before = seen[piece], after = now[piece]
            guard before != after else { continue }
            let wasOnFigure = play.placed[piece] != nil
            if let after, let judgement = play.place(after) {
                var k: Int?, n: Int?
                if case .fits(let a, let b) = judgement { k = a; n = b }
                latest = (piece, judgement.name, "\(piece.rawValue): \(judgement.text)", k, n)
                events.append(PlayRecord.Interaction(time: 0, kind: .place, part: piece.rawValue, judgement: judgement.name,
                                                     k: k, n: n, detail: judgement.text))
            } else {
                play.remove(piece)
                if wasOnFigure {
                    latest = (piece, "removed", "\(piece.rawValue): \(after == nil ? "back in the tray" : "off the figure")", nil, nil)
                    events.append(PlayRecord.Interaction(time: 0, kind: .remove, part: piece.rawValue,
                                                         detail: after == nil ? "taken back to the tray" : "moved off the figure"))
                }
            }
        }
        seen = now
        return events
    }

    /// Pieces given (or settled) near a place of the figure land on it exactly: the settling
    /// engine lays a figure on the 0.25 grid and anchors to the pieces near, but the silhouette
    /// need not be on the grid, and a contact half a unit off can be nearer than the place.
    func land(_ puzzle: any Puzzle, after proposal: Proposal) -> (changes: [Change], notes: [String]) {
        guard let tangram = puzzle as? TangramPuzzle else { return ([], []) }
        var board = tangram.pieces ?? []
        var changes: [Change] = [], notes: [String] = []
        let given = proposal.settledInputs[.solution] ?? [:]
        for index in board.indices {
            let occupied = Set(board.indices.filter { $0 != index }.map { board[$0].footprint })
            let piece = board[index].piece
            // Where it was given decides, when that is near a place; else where it settled.
            let target = given[piece].flatMap { play.landing(for: piece, given: $0.vertices, occupied: occupied) }
                ?? play.landing(for: board[index], occupied: occupied)
            guard let landed = target, landed.footprint != board[index].footprint else { continue }
            changes.append(Change.pose(layer: .solution, piece: landed.piece, before: board[index], after: landed))
            notes.append("\(landed.piece.rawValue): landed on the figure")
            board[index] = landed
        }
        return (changes, notes)
    }

    func hint(level: Int) -> PlayHint {
        let hint = play.hint()
        switch hint {
        case .solved: return PlayHint(text: hint.text(level: level))
        case .takeBack(let piece, _): return PlayHint(text: hint.text(level: level), parts: [piece.rawValue], command: "remove \(piece.rawValue)")
        case .place(let pose, _, _):
            let command = "place \(pose.piece.rawValue) \(pose.position.x) \(pose.position.y) \(pose.rotation.degrees)" + (pose.flipped ? " flip" : "")
            return PlayHint(text: hint.text(level: level), parts: [pose.piece.rawValue], command: level >= 3 ? command : nil,
                            outline: level >= 2 ? pose.vertices.map { ($0.doubleX, $0.doubleY) } : nil)
        }
    }

    var isSolved: Bool { play.isSolved }

    var status: String {
        let accepted = play.accepted
        let open = play.solutions(keeping: accepted).count
        if isSolved { return "solved: the 7 pieces fill the figure" }
        return "\(accepted.count) of 7 pieces accepted, \(open) of \(play.solutions.count) solution\(play.solutions.count == 1 ? "" : "s") still open"
    }

    func pageFields() -> [JSONValue.Member] {
        let accepted = play.accepted
        var fields: [JSONValue.Member] = [
            .init("solutions", .int(play.solutions.count)),
            .init("open", .int(play.solutions(keeping: accepted).count)),
            .init("accepted", .int(accepted.count)),
            .init("solved", .bool(isSolved)),
            .init("judgements", .object(play.placed.keys.sorted().map { piece in
                let judgement = play.placed[piece]!.judgement
                return .init(piece.rawValue, .fields(["judgement": .string(judgement.name), "text": .string(judgement.text)]))
            })),
        ]
        if let latest {
            var members: [JSONValue.Member] = [.init("piece", .string(latest.piece.rawValue)), .init("judgement", .string(latest.name)),
                                               .init("text", .string(latest.text))]
            if let k = latest.k, let n = latest.n { members += [.init("k", .int(k)), .init("n", .int(n))] }
            fields.append(.init("latest", .object(members)))
        }
        return fields
    }
}
