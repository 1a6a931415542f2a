import GridEditCore
import GridEditGeometry
import GridEditJSON

// The journal form of commands: one JSON object per command. Part values are in the kind's file
// form (exact values as the puzzle files write them), so a replayed journal reproduces the edits
// bit for bit.

extension EditCommand {
    public var journalValue: JSONValue {
        .fields(["label": .string(label), "changes": .array(changes.map(\.journalValue))])
    }

    public init(journal object: LineObject) throws(JSONLineError) {
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
        case let .part(name, before, after):
            return .fields(["part": .fields(["name": .string(name), "before": before ?? .null, "after": after ?? .null])])
        case let .groups(layer, before, after):
            func list(_ groups: [[TangramPiece]]) -> JSONValue {
                .array(groups.map { .array($0.map { .string($0.rawValue) }) })
            }
            return .fields(["groups": .fields(["layer": .string(layer.rawValue), "before": list(before), "after": list(after)])])
        case let .pins(layer, before, after):
            return .fields(["pins": .fields(["layer": .string(layer.rawValue), "before": Self.pinList(before), "after": Self.pinList(after)])])
        case let .metadata(before, after):
            return .fields(["metadata": .fields(["before": Self.encode(before), "after": Self.encode(after)])])
        case let .marks(part, before, after):
            return .fields(["marks": .fields(["part": .string(part), "before": before ?? .null, "after": after ?? .null])])
        }
    }

    init(journal object: LineObject) throws(JSONLineError) {
        if object.has("part") {
            let o = try object.object("part")
            func value(_ key: String) -> JSONValue? {
                o.node[key].flatMap { LineObject.isNull($0) ? nil : JSONValue($0) }
            }
            self = .part(name: try o.string("name"), before: value("before"), after: value("after"))
        } else if object.has("groups") {
            let o = try object.object("groups")
            self = .groups(layer: try Self.layer(o), before: try Self.groupList(o, "before"), after: try Self.groupList(o, "after"))
        } else if object.has("pins") {
            let o = try object.object("pins")
            self = .pins(layer: try Self.layer(o), before: try Self.pinSet(o, "before"), after: try Self.pinSet(o, "after"))
        } else if object.has("metadata") {
            let o = try object.object("metadata")
            self = .metadata(before: try Self.decodeMetadata(o.object("before")), after: try Self.decodeMetadata(o.object("after")))
        } else if object.has("marks") {
            let o = try object.object("marks")
            func value(_ key: String) -> JSONValue? {
                o.node[key].flatMap { LineObject.isNull($0) ? nil : JSONValue($0) }
            }
            self = .marks(part: try o.string("part"), before: value("before"), after: value("after"))
        } else {
            throw object.fail("unknown change (expected part, groups, pins, metadata or marks)")
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

    /// Pinned pieces in piece order, so the same pins always journal as the same text.
    static func pinList(_ pins: Set<TangramPiece>) -> JSONValue {
        .array(pins.sorted().map { .string($0.rawValue) })
    }

    static func pinSet(_ o: LineObject, _ key: String) throws(JSONLineError) -> Set<TangramPiece> {
        var pins: Set<TangramPiece> = []
        for item in try o.array(key) {
            guard case .string(let s) = item.value, let piece = TangramPiece(rawValue: s) else { throw o.fail("unknown piece in \"\(key)\"") }
            pins.insert(piece)
        }
        return pins
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
