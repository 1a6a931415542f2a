import GridEditJSON

/// A puzzle as a file holds it: the puzzle plus the file-level `$schema` reference.
public struct PuzzleDocument: Sendable {
    /// The format version this build reads and writes.
    public static let formatVersion = 1
    /// Keys every puzzle has, in canonical order.
    public static let commonKeys = ["$schema", "formatVersion", "kind", "id", "name", "difficulty",
                                    "createdAt", "updatedAt", "author", "description", "tags"]
    public static let defaultSchemaReference = "../../schemas/puzzle.schema.json"

    public var puzzle: any Puzzle
    public var schemaReference: String?

    public init(puzzle: any Puzzle, schemaReference: String? = PuzzleDocument.defaultSchemaReference) {
        self.puzzle = puzzle
        self.schemaReference = schemaReference
    }

    public var kindName: String { Self.kindName(of: puzzle) }

    static func kindName<P: Puzzle>(of puzzle: P) -> String { P.Kind.name }

    /// The kind's rule findings for this puzzle.
    public func validate() -> [Finding] { Self.validate(puzzle) }

    static func validate<P: Puzzle>(_ puzzle: P) -> [Finding] { P.Kind.validate(puzzle) }
}

// MARK: Decoding

extension PuzzleDocument {
    /// Decodes a parsed puzzle file, recording every problem in `context`.
    public static func decode(_ root: JSONNode, context: DecodeContext) -> PuzzleDocument? {
        guard case .object = root.value else {
            context.report(SchemaTypeRule.self, "a puzzle file holds one JSON object; found \(root.typeName)", at: root)
            return nil
        }
        // The version decides how to read everything else, so it comes first.
        guard let versionNode = root["formatVersion"] else {
            context.report(SchemaRequiredRule.self, "missing required key \"formatVersion\" (use 1)", at: root)
            return nil
        }
        guard case .number(let number) = versionNode.value, let version = number.intValue, version >= 1 else {
            context.report(SchemaValueRule.self, "formatVersion must be a whole number (this gridedit writes 1)", at: versionNode)
            return nil
        }
        guard context.supportedVersion(version, at: versionNode) else { return nil }
        guard let kindNode = root["kind"] else {
            context.report(SchemaRequiredRule.self, "missing required key \"kind\" (\(kindList))", at: root)
            return nil
        }
        guard let kindName = context.string(kindNode) else { return nil }
        guard let kind = PuzzleKinds.named(kindName) else {
            context.report(SchemaValueRule.self, "unknown kind \(Excerpt.quoted(kindName)); use \(kindList)", at: kindNode)
            return nil
        }
        return decode(root, kind: kind, context: context)
    }

    private static var kindList: String { PuzzleKinds.all.map { "\"\($0.name)\"" }.joined(separator: " or ") }

    private static func decode<K: PuzzleKind>(_ root: JSONNode, kind: K.Type, context: DecodeContext) -> PuzzleDocument? {
        guard let object = context.object(root, allowedKeys: commonKeys + K.keys) else { return nil }
        let schema = object.optional("$schema").flatMap(context.string)
        let metadata = decodeMetadata(object, context: context)
        // The kind's fields are read even when the common ones failed, so that one run
        // reports every problem in the file.
        let puzzle = K.decode(object, metadata: metadata ?? .placeholder, context: context)
        guard metadata != nil, let puzzle, !context.hasErrors else { return nil }
        return PuzzleDocument(puzzle: puzzle, schemaReference: schema)
    }

    private static func decodeMetadata(_ object: ObjectReader, context: DecodeContext) -> PuzzleMetadata? {
        let id = object.required("id").flatMap { context.identifier($0, what: "id") }
        let name = object.required("name").flatMap { node -> String? in
            guard let name = context.string(node) else { return nil }
            if name.isEmpty { context.report(SchemaValueRule.self, "name is empty; give the puzzle a name children will see", at: node) }
            return name
        }
        let difficulty = object.required("difficulty").flatMap { context.choice($0, of: Difficulty.self, what: "difficulty") }
        let createdAt = object.required("createdAt").flatMap { timestamp($0, context: context) }
        let updatedAt = object.required("updatedAt").flatMap { timestamp($0, context: context) }
        let author = object.optional("author").flatMap(context.string)
        let description = object.optional("description").flatMap(context.string)
        let tags = object.optional("tags").flatMap { node -> [String]? in
            guard let items = context.array(node, atMost: PuzzleMetadata.maxTags,
                                            allowed: "a puzzle has at most \(PuzzleMetadata.maxTags) tags") else { return nil }
            return items.compactMap(context.string)
        } ?? []
        guard let id, let name, let difficulty, let createdAt, let updatedAt else { return nil }
        return PuzzleMetadata(id: id, name: name, difficulty: difficulty, createdAt: createdAt, updatedAt: updatedAt,
                              author: author, description: description, tags: tags)
    }

    private static func timestamp(_ node: JSONNode, context: DecodeContext) -> String? {
        guard let text = context.string(node) else { return nil }
        guard let problem = PuzzleMetadata.timestampProblem(text) else { return text }
        // A field out of range is pointed at inside the string; a wrong shape at the value.
        let location = problem.offset.map { context.location(ofScalar: $0, inString: node) } ?? node.location
        context.report(SchemaValueRule.finding("\(Excerpt.quoted(text)) \(problem.message)", at: node.path, location: location))
        return nil
    }
}

// MARK: Encoding

extension PuzzleDocument {
    /// The canonical JSON tree: common keys, then the kind's own, in documented order.
    public func encode() -> JSONValue { Self.encode(puzzle, schemaReference: schemaReference) }

    /// The canonical file text.
    public func canonicalText() -> String { CanonicalJSONWriter.write(encode()) }

    static func encode<P: Puzzle>(_ puzzle: P, schemaReference: String?) -> JSONValue {
        let m = puzzle.metadata
        var members: [JSONValue.Member] = []
        if let schemaReference { members.append(.init("$schema", .string(schemaReference))) }
        members += [
            .init("formatVersion", .number(String(formatVersion))),
            .init("kind", .string(P.Kind.name)),
            .init("id", .string(m.id)),
            .init("name", .string(m.name)),
            .init("difficulty", .string(m.difficulty.rawValue)),
            .init("createdAt", .string(m.createdAt)),
            .init("updatedAt", .string(m.updatedAt)),
        ]
        if let author = m.author { members.append(.init("author", .string(author))) }
        if let description = m.description { members.append(.init("description", .string(description))) }
        if !m.tags.isEmpty { members.append(.init("tags", .array(m.tags.map(JSONValue.string)))) }
        members += P.Kind.encodeFields(puzzle)
        return .object(members)
    }
}
