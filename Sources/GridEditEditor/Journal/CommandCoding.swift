import GridEditCore
import GridEditGeometry
import GridEditJSON

// The journal form of commands: one JSON object per command, exact values as text
// (`"4+0.5√2"`) or as quarter-grid numbers, so a replayed journal reproduces the edits bit for
// bit. Poses are written and read by the puzzle file's codec (`TangramKind.encode`/`decodePose`).

extension EditCommand {
    public var journalValue: JSONValue {
        .fields(["label": .string(label), "changes": .array(changes.map(\.journalValue))])
    }

    init(journal object: LineObject) throws(JSONLineError) {
        let label = try object.string("label")
        var changes: [Change] = []
        for node in try object.array("changes") {
            changes.append(try Change(journal: LineObject(node: node, line: object.line)))
        }
        self.init(label: label, changes: changes)
    }
}

extension Change {
    var journalValue: JSONValue {
        switch self {
        case let .pose(layer, piece, before, after):
            return .fields(["pose": .fields([
                "layer": .string(layer.rawValue), "piece": .string(piece.rawValue),
                "before": before.map(TangramKind.encode) ?? .null, "after": after.map(TangramKind.encode) ?? .null,
            ])])
        case let .groups(layer, before, after):
            func list(_ groups: [[TangramPiece]]) -> JSONValue {
                .array(groups.map { .array($0.map { .string($0.rawValue) }) })
            }
            return .fields(["groups": .fields(["layer": .string(layer.rawValue), "before": list(before), "after": list(after)])])
        case let .cell(index, before, after):
            func pair(_ v: CellValue) -> JSONValue { .array([.int(Int(v.given)), .int(Int(v.digit))]) }
            return .fields(["cell": .fields(["index": .int(index), "before": pair(before), "after": pair(after)])])
        case let .metadata(before, after):
            return .fields(["metadata": .fields(["before": Self.encode(before), "after": Self.encode(after)])])
        }
    }

    init(journal object: LineObject) throws(JSONLineError) {
        if object.has("pose") {
            let o = try object.object("pose")
            let layer = try Self.layer(o)
            guard let piece = TangramPiece(rawValue: try o.string("piece")) else { throw o.fail("unknown piece") }
            self = .pose(layer: layer, piece: piece, before: try Self.optionalPose(o, "before"), after: try Self.optionalPose(o, "after"))
        } else if object.has("groups") {
            let o = try object.object("groups")
            self = .groups(layer: try Self.layer(o), before: try Self.groupList(o, "before"), after: try Self.groupList(o, "after"))
        } else if object.has("cell") {
            let o = try object.object("cell")
            func pair(_ key: String) throws(JSONLineError) -> CellValue {
                let items = try o.array(key)
                guard items.count == 2, case .number(let g) = items[0].value, case .number(let d) = items[1].value,
                      let given = g.intValue, let digit = d.intValue, (0...9).contains(given), (0...9).contains(digit)
                else { throw o.fail("\"\(key)\" must be [given, digit]") }
                return CellValue(given: UInt8(given), digit: UInt8(digit))
            }
            self = .cell(index: try o.int("index"), before: try pair("before"), after: try pair("after"))
        } else if object.has("metadata") {
            let o = try object.object("metadata")
            self = .metadata(before: try Self.decodeMetadata(o.object("before")), after: try Self.decodeMetadata(o.object("after")))
        } else {
            throw object.fail("unknown change (expected pose, groups, cell or metadata)")
        }
    }

    static func layer(_ o: LineObject) throws(JSONLineError) -> Layer {
        guard let layer = Layer(rawValue: try o.string("layer")) else { throw o.fail("unknown layer") }
        return layer
    }

    static func groupList(_ o: LineObject, _ key: String) throws(JSONLineError) -> [[TangramPiece]] {
        var groups: [[TangramPiece]] = []
        for group in try o.array(key) {
            guard case .array(let items) = group.value else { throw o.fail("\"\(key)\" must list groups of piece ids") }
            var pieces: [TangramPiece] = []
            for item in items {
                guard case .string(let s) = item.value, let piece = TangramPiece(rawValue: s) else { throw o.fail("unknown piece in \"\(key)\"") }
                pieces.append(piece)
            }
            groups.append(pieces)
        }
        return groups
    }

    static func optionalPose(_ o: LineObject, _ key: String) throws(JSONLineError) -> Pose? {
        guard let node = o.node[key], !LineObject.isNull(node) else { return nil }
        let context = DecodeContext()
        guard let pose = TangramKind.decodePose(node, context: context) else {
            throw o.fail("\"\(key)\": " + (context.findings.first?.message ?? "not a pose"))
        }
        return pose
    }

    static func encode(_ m: PuzzleMetadata) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("id", .string(m.id)), .init("name", .string(m.name)), .init("difficulty", .string(m.difficulty.rawValue)),
            .init("createdAt", .string(m.createdAt)), .init("updatedAt", .string(m.updatedAt)),
        ]
        if let author = m.author { members.append(.init("author", .string(author))) }
        if let description = m.description { members.append(.init("description", .string(description))) }
        members.append(.init("tags", .array(m.tags.map(JSONValue.string))))
        return .object(members)
    }

    static func decodeMetadata(_ o: LineObject) throws(JSONLineError) -> PuzzleMetadata {
        guard let difficulty = Difficulty(rawValue: try o.string("difficulty")) else { throw o.fail("unknown difficulty") }
        var tags: [String] = []
        for node in try o.array("tags") {
            guard case .string(let tag) = node.value else { throw o.fail("tags must be strings") }
            tags.append(tag)
        }
        return PuzzleMetadata(id: try o.string("id"), name: try o.string("name"), difficulty: difficulty,
                              createdAt: try o.string("createdAt"), updatedAt: try o.string("updatedAt"),
                              author: try o.optionalString("author"), description: try o.optionalString("description"),
                              tags: tags)
    }
}
