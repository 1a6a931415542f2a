import GridEditJSON

/// A curriculum as the curriculum rules see it: the plan, the packs it draws on, and the other
/// curricula beside it (for prerequisites), each by id with its own prerequisites.
public struct CurriculumView: Sendable {
    public var curriculum: Curriculum
    public var library: PackLibrary
    /// Curricula found beside this one (and this one), by id: their prerequisites.
    public var curricula: [String: [String]]

    public init(curriculum: Curriculum, library: PackLibrary, curricula: [String: [String]]) {
        self.curriculum = curriculum
        self.library = library
        self.curricula = curricula
        self.curricula[curriculum.id] = curriculum.prerequisites
    }

    public static let rules: [any Rule<CurriculumView>] = [
        UnknownPuzzleRule(),
        WrongGameRule(),
        DaySequenceRule(),
        DurationSumRule(),
        DifficultyRampRule(),
        PuzzleReuseRule(),
        AgeRangeRule(),
        SkillCadenceRule(),
        MissingPrerequisiteRule(),
        PrerequisiteCycleRule(),
    ]

    public func validate() -> [Finding] { Self.rules.flatMap { $0.check(self) } }

    /// One use of a puzzle: where it is in the file and what it is.
    public struct Use {
        public var day: Int
        public var dayIndex: Int
        public var activityIndex: Int
        public var puzzleIndex: Int
        public var activity: Curriculum.Activity
        public var reference: Curriculum.PuzzleReference
        public var path: JSONPath { Curriculum.referencePath(dayIndex, activityIndex, puzzleIndex) }
    }

    /// Every puzzle reference, in file order.
    public var uses: [Use] {
        var uses: [Use] = []
        for (d, day) in curriculum.days.enumerated() {
            for (a, activity) in day.activities.enumerated() {
                for (p, reference) in activity.puzzles.enumerated() {
                    uses.append(Use(day: day.day, dayIndex: d, activityIndex: a, puzzleIndex: p, activity: activity, reference: reference))
                }
            }
        }
        return uses
    }

    /// The folder under `puzzles/` that holds curricula rather than a pack.
    public static let folderName = "curricula"

    /// Where a curriculum finds its packs: the folder above its own (`puzzles/` for
    /// `puzzles/curricula/plan.json`).
    public static func packsFolder(forCurriculumAt path: String) -> String {
        FileSystem.folder(of: FileSystem.folder(of: path))
    }

    /// The view of the curriculum in the file at `path`: reads the packs beside its folder and
    /// the other curricula in its folder (ids and prerequisites only), unless given.
    public static func load(_ curriculum: Curriculum, at path: String, policy: FileAccessPolicy = FileAccessPolicy(),
                            library: PackLibrary? = nil, siblings: [String: [String]]? = nil) -> CurriculumView {
        let library = library ?? PackLibrary.load(folder: packsFolder(forCurriculumAt: path), policy: policy)
        var curricula = siblings ?? prerequisites(in: FileSystem.folder(of: path), policy: policy)
        // This file as it is now, not as another file of the same id says.
        curricula[curriculum.id] = curriculum.prerequisites
        return CurriculumView(curriculum: curriculum, library: library, curricula: curricula)
    }

    /// The curricula in a folder: id → prerequisites, read without decoding the rest (the first
    /// file of an id wins).
    public static func prerequisites(in folder: String, policy: FileAccessPolicy = FileAccessPolicy()) -> [String: [String]] {
        let root = TreeRoot(folder: folder, policy: policy)
        var curricula: [String: [String]] = [:]
        for name in root.jsonNames(in: folder).sorted() {
            guard case .success(let bytes) = root.read(FileSystem.join(folder, name)), let node = try? JSONParser.parse(bytes),
                  Curriculum.isCurriculum(node), case .string(let id)? = node["id"]?.value, curricula[id] == nil else { continue }
            var prerequisites: [String] = []
            if case .array(let items)? = node["prerequisites"]?.value {
                for item in items { if case .string(let other) = item.value { prerequisites.append(other) } }
            }
            curricula[id] = prerequisites
        }
        return curricula
    }
}
