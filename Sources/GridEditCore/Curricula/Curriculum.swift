import GridEditJSON

/// A curriculum: a plan of days, each with a theme, objectives and activities that use puzzles
/// of the packs by pack id and puzzle id. Read from a JSON file with `"kind": "curriculum"`
/// (schemas/curriculum.schema.json, docs/format.md) and checked by the curriculum rules against
/// the packs beside it (``CurriculumView``).
public struct Curriculum: Sendable, Hashable {
    /// The `kind` value that marks a curriculum file.
    public static let kindName = "curriculum"
    public static let keys = ["$schema", "formatVersion", "kind", "id", "name", "description", "ageRange",
                              "skillCategories", "prerequisites", "rules", "days"]
    public static let dayKeys = ["day", "theme", "objectives", "estimatedMinutes", "requiredMastery", "activities"]
    public static let activityKeys = ["game", "type", "difficulty", "puzzles", "skills", "durationMinutes", "completion"]
    public static let defaultSchemaReference = "../../schemas/curriculum.schema.json"
    /// Bounds that keep a hostile file to one finding (`schema.too-many-items`).
    public static let maxDays = 366
    public static let maxItems = 32

    public enum Game: String, Sendable, Hashable, CaseIterable { case tangram, sudoku }

    public enum ActivityType: String, Sendable, Hashable, CaseIterable {
        case introduction, practice, assessment, review, challenge
    }

    public struct PuzzleReference: Sendable, Hashable, Comparable, CustomStringConvertible {
        public var pack: String
        public var id: String
        public init(pack: String, id: String) { self.pack = pack; self.id = id }
        public var description: String { "\(pack)/\(id)" }
        public static func < (a: Self, b: Self) -> Bool { (a.pack, a.id) < (b.pack, b.id) }
    }

    /// When the activity counts as done: this many of its puzzles solved, with at most this
    /// many hints in all.
    public struct Completion: Sendable, Hashable {
        public var solve: Int
        public var maxHints: Int?
        public init(solve: Int, maxHints: Int? = nil) { self.solve = solve; self.maxHints = maxHints }
    }

    public struct Activity: Sendable, Hashable {
        public var game: Game
        public var type: ActivityType
        /// The designer's label; the rules go by the puzzles' measured difficulty.
        public var difficulty: Difficulty
        public var puzzles: [PuzzleReference]
        /// Skill categories of the curriculum this activity practises.
        public var skills: [String]
        public var durationMinutes: Int
        public var completion: Completion

        public init(game: Game, type: ActivityType, difficulty: Difficulty, puzzles: [PuzzleReference], skills: [String],
                    durationMinutes: Int, completion: Completion) {
            self.game = game
            self.type = type
            self.difficulty = difficulty
            self.puzzles = puzzles
            self.skills = skills
            self.durationMinutes = durationMinutes
            self.completion = completion
        }
    }

    public struct Day: Sendable, Hashable {
        public var day: Int
        public var theme: String
        public var objectives: [String]
        public var estimatedMinutes: Int
        /// Percent of the day's assessment a child must reach before the next day opens.
        public var requiredMastery: Int?
        public var activities: [Activity]

        public init(day: Int, theme: String, objectives: [String], estimatedMinutes: Int, requiredMastery: Int? = nil,
                    activities: [Activity]) {
            self.day = day
            self.theme = theme
            self.objectives = objectives
            self.estimatedMinutes = estimatedMinutes
            self.requiredMastery = requiredMastery
            self.activities = activities
        }
    }

    /// The thresholds of the curriculum rules (`"rules"` in the file); each has a documented
    /// default.
    public struct Thresholds: Sendable, Hashable {
        public static let keys = ["difficultyStep", "reuseWindowDays", "skillEveryDays"]
        /// The most a game's measured difficulty may rise from one of its days to the next.
        public var difficultyStep: Double = 1.5
        /// A puzzle used on day d is not used again before day d + reuseWindowDays (reviews aside).
        public var reuseWindowDays: Int = 7
        /// Every skill category is practised at least once in every run of this many days.
        public var skillEveryDays: Int = 7
        public init() {}
    }

    public var schemaReference: String?
    public var id: String
    public var name: String
    public var description: String?
    public var ageRange: ClosedRange<Int>
    public var skillCategories: [String]
    public var prerequisites: [String]
    /// What the file wrote under `"rules"`, if anything (nil: all defaults, written back as nothing).
    public var rules: Thresholds?
    public var days: [Day]

    public var thresholds: Thresholds { rules ?? Thresholds() }

    public init(schemaReference: String? = Curriculum.defaultSchemaReference, id: String, name: String,
                description: String? = nil, ageRange: ClosedRange<Int>, skillCategories: [String],
                prerequisites: [String] = [], rules: Thresholds? = nil, days: [Day]) {
        self.schemaReference = schemaReference
        self.id = id
        self.name = name
        self.description = description
        self.ageRange = ageRange
        self.skillCategories = skillCategories
        self.prerequisites = prerequisites
        self.rules = rules
        self.days = days
    }

    /// Whether a parsed file says it is a curriculum (`"kind": "curriculum"`).
    public static func isCurriculum(_ root: JSONNode) -> Bool {
        if case .string(let kind) = root["kind"]?.value { return kind == kindName }
        return false
    }

    // MARK: Paths, for findings

    public static func dayPath(_ day: Int) -> JSONPath { JSONPath.root.appending(key: "days").appending(index: day) }

    public static func activityPath(_ day: Int, _ activity: Int) -> JSONPath {
        dayPath(day).appending(key: "activities").appending(index: activity)
    }

    public static func referencePath(_ day: Int, _ activity: Int, _ puzzle: Int) -> JSONPath {
        activityPath(day, activity).appending(key: "puzzles").appending(index: puzzle)
    }
}

// MARK: Reading

extension Curriculum {
    public static func decode(_ root: JSONNode, context: DecodeContext) -> Curriculum? {
        guard let object = context.object(root, allowedKeys: keys) else { return nil }
        if let versionNode = object.required("formatVersion"), let version = context.int(versionNode, in: 1...Int.max),
           !context.supportedVersion(version, at: versionNode) {
            return nil
        }
        _ = object.required("kind")
        let schema = object.optional("$schema").flatMap(context.string)
        let id = object.required("id").flatMap { context.identifier($0, what: "curriculum id") }
        let name = object.required("name").flatMap(context.string)
        let description = object.optional("description").flatMap(context.string)
        let ages = object.required("ageRange").flatMap(context.ageRange)
        let categories = object.required("skillCategories").flatMap { node -> [String]? in
            guard let items = context.array(node, atMost: maxItems, allowed: "a curriculum has at most \(maxItems) skill categories")
            else { return nil }
            let names = items.compactMap { context.identifier($0, what: "skill category") }
            return names.count == items.count ? names : nil
        }
        let prerequisites = object.optional("prerequisites").flatMap { node -> [String]? in
            guard let items = context.array(node, atMost: maxItems, allowed: "a curriculum has at most \(maxItems) prerequisites")
            else { return nil }
            let names = items.compactMap { context.identifier($0, what: "curriculum id") }
            return names.count == items.count ? names : nil
        }
        let rules = object.optional("rules").flatMap { thresholds($0, context: context) }
        let known = Set(categories ?? [])
        let days = object.required("days").flatMap { node -> [Day]? in
            guard let items = context.array(node, atMost: maxDays, allowed: "a curriculum has at most \(maxDays) days") else { return nil }
            let days = items.compactMap { day($0, categories: categories == nil ? nil : known, context: context) }
            return days.count == items.count ? days : nil
        }
        guard let id, let name, let ages, let categories, let days, !context.hasErrors else { return nil }
        return Curriculum(schemaReference: schema, id: id, name: name, description: description, ageRange: ages,
                          skillCategories: categories, prerequisites: prerequisites ?? [], rules: rules, days: days)
    }

    static func thresholds(_ node: JSONNode, context: DecodeContext) -> Thresholds? {
        guard let object = context.object(node, allowedKeys: Thresholds.keys) else { return nil }
        var thresholds = Thresholds()
        if let step = object.optional("difficultyStep") {
            guard case .number(let n) = step.value else {
                context.typeMismatch(step, expected: "a number")
                return nil
            }
            guard n.doubleValue >= 0.1, n.doubleValue <= 4 else {
                context.report(SchemaValueRule.self, "\(n.literal) is out of range; use a step from 0.1 to 4 (one level is 1)", at: step)
                return nil
            }
            thresholds.difficultyStep = n.doubleValue
        }
        if let window = object.optional("reuseWindowDays") {
            guard let value = context.int(window, in: 0...maxDays) else { return nil }
            thresholds.reuseWindowDays = value
        }
        if let every = object.optional("skillEveryDays") {
            guard let value = context.int(every, in: 1...maxDays) else { return nil }
            thresholds.skillEveryDays = value
        }
        return thresholds
    }

    static func strings(_ node: JSONNode, what: String, context: DecodeContext) -> [String]? {
        guard let items = context.array(node, atMost: maxItems, allowed: "at most \(maxItems) \(what) are allowed") else { return nil }
        let texts = items.compactMap(context.string)
        return texts.count == items.count ? texts : nil
    }

    static func day(_ node: JSONNode, categories: Set<String>?, context: DecodeContext) -> Day? {
        guard let object = context.object(node, allowedKeys: dayKeys) else { return nil }
        let number = object.required("day").flatMap { context.int($0, in: 1...maxDays) }
        let theme = object.required("theme").flatMap(context.string)
        let objectives = object.required("objectives").flatMap { strings($0, what: "objectives", context: context) }
        let minutes = object.required("estimatedMinutes").flatMap { context.int($0, in: 1...600) }
        let mastery = object.optional("requiredMastery").flatMap { context.int($0, in: 0...100) }
        let activities = object.required("activities").flatMap { node -> [Activity]? in
            guard let items = context.array(node, atMost: 16, allowed: "a day has at most 16 activities") else { return nil }
            let activities = items.compactMap { activity($0, categories: categories, context: context) }
            return activities.count == items.count ? activities : nil
        }
        guard let number, let theme, let objectives, let minutes, let activities else { return nil }
        if object.optional("requiredMastery") != nil, mastery == nil { return nil }
        return Day(day: number, theme: theme, objectives: objectives, estimatedMinutes: minutes, requiredMastery: mastery,
                   activities: activities)
    }

    static func activity(_ node: JSONNode, categories: Set<String>?, context: DecodeContext) -> Activity? {
        guard let object = context.object(node, allowedKeys: activityKeys) else { return nil }
        let game = object.required("game").flatMap { context.choice($0, of: Game.self, what: "game") }
        let type = object.required("type").flatMap { context.choice($0, of: ActivityType.self, what: "activity type") }
        let difficulty = object.required("difficulty").flatMap { context.choice($0, of: Difficulty.self, what: "difficulty") }
        let puzzles = object.required("puzzles").flatMap { node -> [PuzzleReference]? in
            guard let items = context.array(node, atMost: 16, allowed: "an activity uses at most 16 puzzles") else { return nil }
            guard !items.isEmpty else {
                context.report(SchemaValueRule.self, "an activity uses at least one puzzle; add {\"pack\": …, \"id\": …}", at: node)
                return nil
            }
            let references = items.compactMap { item -> PuzzleReference? in
                guard let reference = context.object(item, allowedKeys: ["pack", "id"]) else { return nil }
                let pack = reference.required("pack").flatMap { context.identifier($0, what: "pack id") }
                let id = reference.required("id").flatMap { context.identifier($0, what: "puzzle id") }
                guard let pack, let id else { return nil }
                return PuzzleReference(pack: pack, id: id)
            }
            return references.count == items.count ? references : nil
        }
        let skills = object.required("skills").flatMap { node -> [String]? in
            guard let items = context.array(node, atMost: maxItems, allowed: "an activity lists at most \(maxItems) skills") else { return nil }
            let names = items.compactMap { item -> String? in
                guard let name = context.string(item) else { return nil }
                if let categories, !categories.contains(name) {
                    let hint = DecodeContext.closest(to: name, in: categories.sorted()).map { "; did you mean \"\($0)\"?" }
                        ?? "; add it to \"skillCategories\" or use one listed there"
                    context.report(SchemaValueRule.self, "\(Excerpt.quoted(name)) is not one of the curriculum's skillCategories\(hint)", at: item)
                    return nil
                }
                return name
            }
            return names.count == items.count ? names : nil
        }
        let minutes = object.required("durationMinutes").flatMap { context.int($0, in: 1...600) }
        let completion = object.required("completion").flatMap { node -> Completion? in
            guard let reader = context.object(node, allowedKeys: ["solve", "maxHints"]) else { return nil }
            let solve = reader.required("solve").flatMap { context.int($0, in: 1...16) }
            let hints = reader.optional("maxHints").flatMap { context.int($0, in: 0...100) }
            guard let solve else { return nil }
            if reader.optional("maxHints") != nil, hints == nil { return nil }
            return Completion(solve: solve, maxHints: hints)
        }
        guard let game, let type, let difficulty, let puzzles, let skills, let minutes, let completion else { return nil }
        if completion.solve > puzzles.count, let solveNode = node["completion"]?["solve"] {
            context.report(SchemaValueRule.self,
                           "the activity asks for \(completion.solve) puzzles solved but uses \(puzzles.count); lower \"solve\" or add puzzles",
                           at: solveNode)
            return nil
        }
        return Activity(game: game, type: type, difficulty: difficulty, puzzles: puzzles, skills: skills,
                        durationMinutes: minutes, completion: completion)
    }
}

// MARK: Writing

extension Curriculum {
    /// The curriculum as gridedit writes it (canonical layout).
    public func canonicalText() -> String { CanonicalJSONWriter.write(encode()) }

    public func encode() -> JSONValue {
        func number(_ value: Int) -> JSONValue { .number(String(value)) }
        var members: [JSONValue.Member] = []
        if let schemaReference { members.append(.init("$schema", .string(schemaReference))) }
        members += [
            .init("formatVersion", number(PuzzleDocument.formatVersion)),
            .init("kind", .string(Self.kindName)),
            .init("id", .string(id)),
            .init("name", .string(name)),
        ]
        if let description { members.append(.init("description", .string(description))) }
        members.append(.init("ageRange", .object([.init("min", number(ageRange.lowerBound)), .init("max", number(ageRange.upperBound))])))
        members.append(.init("skillCategories", .array(skillCategories.map(JSONValue.string))))
        if !prerequisites.isEmpty { members.append(.init("prerequisites", .array(prerequisites.map(JSONValue.string)))) }
        if let rules {
            // Only what differs from the defaults, as every optional field.
            let defaults = Thresholds()
            var fields: [JSONValue.Member] = []
            if rules.difficultyStep != defaults.difficultyStep {
                fields.append(.init("difficultyStep", .number(rules.difficultyStep.decimalText(places: 3))))
            }
            if rules.reuseWindowDays != defaults.reuseWindowDays { fields.append(.init("reuseWindowDays", number(rules.reuseWindowDays))) }
            if rules.skillEveryDays != defaults.skillEveryDays { fields.append(.init("skillEveryDays", number(rules.skillEveryDays))) }
            if !fields.isEmpty { members.append(.init("rules", .object(fields))) }
        }
        members.append(.init("days", .array(days.map { day in
            var fields: [JSONValue.Member] = [
                .init("day", number(day.day)),
                .init("theme", .string(day.theme)),
                .init("objectives", .array(day.objectives.map(JSONValue.string))),
                .init("estimatedMinutes", number(day.estimatedMinutes)),
            ]
            if let mastery = day.requiredMastery { fields.append(.init("requiredMastery", number(mastery))) }
            fields.append(.init("activities", .array(day.activities.map { activity in
                var completion: [JSONValue.Member] = [.init("solve", number(activity.completion.solve))]
                if let hints = activity.completion.maxHints { completion.append(.init("maxHints", number(hints))) }
                return .object([
                    .init("game", .string(activity.game.rawValue)),
                    .init("type", .string(activity.type.rawValue)),
                    .init("difficulty", .string(activity.difficulty.rawValue)),
                    .init("puzzles", .array(activity.puzzles.map { .object([.init("pack", .string($0.pack)), .init("id", .string($0.id))]) })),
                    .init("skills", .array(activity.skills.map(JSONValue.string))),
                    .init("durationMinutes", number(activity.durationMinutes)),
                    .init("completion", .object(completion)),
                ])
            })))
            return .object(fields)
        })))
        return .object(members)
    }
}
