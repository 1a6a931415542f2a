import GridEditJSON

/// What happened when someone played a puzzle: every placement or digit with its time and
/// judgement, the hints taken, and how it ended. The shape follows the platform's activity
/// results (an id, the activity, start and end, a score, the interactions and the errors), so a
/// designer's play-test and a child's session can be read by the same tools. Published as
/// `schemas/play-record.schema.json`; `gridedit playtest report` summarises a folder of them.
public struct PlayRecord: Sendable, Hashable {
    public static let formatVersion = 1
    public static let schemaReference = "https://gridedit.dev/schemas/play-record.schema.json"

    /// One thing the player did.
    public struct Interaction: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// A piece put down or moved on the figure, or a digit entered.
            case place
            /// A piece taken off the figure, or a digit cleared.
            case remove
            case hint
        }

        /// Seconds since the play started.
        public var time: Double
        public var kind: Kind
        /// The piece (`square`) or cell (`r3c4`).
        public var part: String
        /// `fits`, `fits-elsewhere`, `fits-no-solution`, `overlaps`, `outside`, `solved`; for a
        /// Sudoku `right`, `wrong`, `conflicts`, `solved`; nil for removals and hints.
        public var judgement: String?
        /// For `fits`: in how many (k) of how many (n) solutions still open.
        public var k: Int?
        public var n: Int?
        /// The hint's level (1 to 3).
        public var level: Int?
        /// In words (`fits 3 of 9`, the hint's text).
        public var detail: String

        public init(time: Double, kind: Kind, part: String, judgement: String? = nil, k: Int? = nil, n: Int? = nil,
                    level: Int? = nil, detail: String) {
            self.time = time
            self.kind = kind
            self.part = part
            self.judgement = judgement
            self.k = k
            self.n = n
            self.level = level
            self.detail = detail
        }

        /// A placement judged wrong (anything a game would not accept).
        public var isError: Bool {
            guard kind == .place, let judgement else { return false }
            return !["fits", "right", "solved"].contains(judgement)
        }
    }

    /// The session's id: the puzzle id, the start time and a serial.
    public var id: String
    /// The puzzle played (its id).
    public var activityId: String
    public var kind: String
    /// The puzzle file, as given to `play`.
    public var source: String?
    /// `YYYY-MM-DDTHH:MM:SSZ`.
    public var startTime: String
    public var endTime: String?
    public var completed: Bool
    /// Seconds from the start to solving (or to the end, unsolved).
    public var durationSeconds: Double
    public var interactions: [Interaction]

    public init(id: String, activityId: String, kind: String, source: String?, startTime: String, endTime: String? = nil,
                completed: Bool = false, durationSeconds: Double = 0, interactions: [Interaction] = []) {
        self.id = id
        self.activityId = activityId
        self.kind = kind
        self.source = source
        self.startTime = startTime
        self.endTime = endTime
        self.completed = completed
        self.durationSeconds = durationSeconds
        self.interactions = interactions
    }

    public var errors: [Interaction] { interactions.filter(\.isError) }
    public var hintsUsed: Int { interactions.filter { $0.kind == .hint }.count }

    /// 100 for a solve with no wrong placement and no hint; 10 off per wrong placement, 5 per
    /// hint level taken; 0 when not solved.
    public var score: Int {
        guard completed else { return 0 }
        let hintLevels = interactions.filter { $0.kind == .hint }.reduce(0) { $0 + ($1.level ?? 1) }
        return max(0, 100 - 10 * errors.count - 5 * hintLevels)
    }

    // MARK: JSON

    public var json: JSONValue {
        func number(_ value: Double) -> JSONValue { .number(value.decimalText(places: 3)) }
        func interaction(_ i: Interaction) -> JSONValue {
            var members: [JSONValue.Member] = [.init("time", number(i.time)), .init("type", .string(i.kind.rawValue)),
                                               .init("part", .string(i.part))]
            if let judgement = i.judgement { members.append(.init("judgement", .string(judgement))) }
            if let k = i.k { members.append(.init("k", .number(String(k)))) }
            if let n = i.n { members.append(.init("n", .number(String(n)))) }
            if let level = i.level { members.append(.init("level", .number(String(level)))) }
            members.append(.init("detail", .string(i.detail)))
            return .object(members)
        }
        var members: [JSONValue.Member] = [
            .init("$schema", .string(Self.schemaReference)),
            .init("formatVersion", .number(String(Self.formatVersion))),
            .init("id", .string(id)),
            .init("activityId", .string(activityId)),
            .init("kind", .string(kind)),
        ]
        if let source { members.append(.init("source", .string(source))) }
        members.append(.init("startTime", .string(startTime)))
        if let endTime { members.append(.init("endTime", .string(endTime))) }
        members += [
            .init("completed", .bool(completed)),
            .init("durationSeconds", number(durationSeconds)),
            .init("score", .number(String(score))),
            .init("hintsUsed", .number(String(hintsUsed))),
            .init("interactions", .array(interactions.map(interaction))),
            .init("errors", .array(errors.map(interaction))),
        ]
        return .object(members)
    }

    /// Reads a record; problems are findings with the JSON path, line and column.
    public static func decode(_ node: JSONNode, context: DecodeContext) -> PlayRecord? {
        let keys = ["$schema", "formatVersion", "id", "activityId", "kind", "source", "startTime", "endTime", "completed",
                    "durationSeconds", "score", "hintsUsed", "interactions", "errors"]
        guard let object = context.object(node, allowedKeys: keys) else { return nil }
        if let version = object.required("formatVersion").flatMap({ context.int($0, in: 1...1_000) }),
           !context.supportedVersion(version, at: object.required("formatVersion")!) { return nil }
        guard let id = object.required("id").flatMap(context.string),
              let activity = object.required("activityId").flatMap(context.string),
              let kind = object.required("kind").flatMap(context.string),
              let start = object.required("startTime").flatMap(context.string),
              let completed = object.required("completed").flatMap(context.bool),
              let duration = object.required("durationSeconds").flatMap({ seconds($0, context) }),
              let list = object.required("interactions").flatMap(context.array) else { return nil }
        var interactions: [Interaction] = []
        let interactionKeys = ["time", "type", "part", "judgement", "k", "n", "level", "detail"]
        for item in list {
            guard let entry = context.object(item, allowedKeys: interactionKeys),
                  let time = entry.required("time").flatMap({ seconds($0, context) }),
                  let type = entry.required("type").flatMap({ context.choice($0, of: Interaction.Kind.self, what: "interaction type") }),
                  let part = entry.required("part").flatMap(context.string) else { continue }
            interactions.append(Interaction(
                time: time, kind: type, part: part,
                judgement: entry.optional("judgement").flatMap(context.string),
                k: entry.optional("k").flatMap { context.int($0, in: 0...Int(Int32.max)) },
                n: entry.optional("n").flatMap { context.int($0, in: 0...Int(Int32.max)) },
                level: entry.optional("level").flatMap { context.int($0, in: 1...3) },
                detail: entry.optional("detail").flatMap(context.string) ?? ""))
        }
        return PlayRecord(id: id, activityId: activity, kind: kind, source: object.optional("source").flatMap(context.string),
                          startTime: start, endTime: object.optional("endTime").flatMap(context.string), completed: completed,
                          durationSeconds: duration, interactions: interactions)
    }

    private static func seconds(_ node: JSONNode, _ context: DecodeContext) -> Double? {
        guard case .number(let n) = node.value else {
            context.report(SchemaTypeRule.self, "expected a number of seconds, found \(node.typeName)", at: node)
            return nil
        }
        guard n.doubleValue >= 0, n.doubleValue.isFinite else {
            context.report(SchemaValueRule.self, "\(n.literal) is not a time; use seconds from 0 up", at: node)
            return nil
        }
        return n.doubleValue
    }
}

extension PlayRecord {
    /// Reads a record file's bytes: the record, or nil and every problem found (each with its
    /// JSON path, line and column).
    public static func load(_ bytes: [UInt8]) -> (record: PlayRecord?, problems: [Finding]) {
        let root: JSONNode
        do throws(JSONSyntaxError) { root = try JSONParser.parse(bytes) } catch {
            return (nil, [error.ruleType.finding(error.message, at: error.path, location: error.location)])
        }
        let context = DecodeContext(source: bytes)
        let record = decode(root, context: context)
        if let record, !context.hasErrors { return (record, []) }
        return (nil, context.findings.filter { $0.severity == .error })
    }
}

extension PlaytestReport {
    /// Every record (`*.json`) in a folder, read; the files that are not records, with why.
    public static func load(folder: String) -> (records: [PlayRecord], problems: [(path: String, finding: Finding)]) {
        var records: [PlayRecord] = []
        var problems: [(String, Finding)] = []
        for name in FileSystem.entries(of: folder) where name.hasSuffix(".json") {
            let path = FileSystem.join(folder, name)
            switch FileSystem.read(path) {
            case .failure(let failure):
                problems.append((path, IOReadRule.finding(failure.message)))
            case .success(let bytes):
                let (record, findings) = PlayRecord.load(bytes)
                if let record { records.append(record) } else { problems += findings.map { (path, $0) } }
            }
        }
        return (records, problems)
    }
}
