/// Drafts a curriculum from packs for a designer to edit: puzzles ordered by their measured
/// difficulty and spread over the days so each game ramps from its easiest to its hardest
/// within the plan's `difficultyStep`, the games interleaved (one game a day, in turn), the
/// activity types interleaved (an introduction when a game reaches a new level, an assessment
/// every fifth session of a game, a challenge every seventh, practice otherwise), and spaced
/// review every third day (the other game's puzzles met 1, 3 and 7 days before). A puzzle is not reused within the reuse window outside reviews, while the
/// packs have enough puzzles for that.
///
/// The same packs, options and seed give the same plan, byte for byte: ties are broken by a
/// seeded ``SplitMix64``.
public struct CurriculumPlanner: Sendable {
    public struct Options: Sendable {
        public var id: String
        public var name: String
        public var days: Int
        public var seed: UInt64
        /// Pack ids to draw from; empty: every pack of the library.
        public var packs: [String]
        /// The plan's ages; nil: from the hardest puzzle and the packs' ranges. Puzzles measured
        /// above what the youngest age allows are left out.
        public var ageRange: ClosedRange<Int>?

        public init(id: String, name: String, days: Int = 100, seed: UInt64 = 1, packs: [String] = [],
                    ageRange: ClosedRange<Int>? = nil) {
            self.id = id
            self.name = name
            self.days = days
            self.seed = seed
            self.packs = packs
            self.ageRange = ageRange
        }
    }

    public enum PlanError: Error, CustomStringConvertible {
        case unknownPack(String, known: [String])
        case noPuzzles
        public var description: String {
            switch self {
            case .unknownPack(let id, let known): "no pack \"\(id)\"; packs: \(known.joined(separator: ", "))"
            case .noPuzzles: "the packs have no puzzle that can be measured for these ages; check them with `gridedit check`"
            }
        }
    }

    /// The skill a game's activities train: its kind's (`PuzzleKind.curriculumSkill`).
    static func skill(_ game: Curriculum.Game) -> String { PuzzleKinds.named(game.rawValue)?.curriculumSkill ?? game.rawValue }

    public var library: PackLibrary
    public var options: Options

    public init(library: PackLibrary, options: Options) {
        self.library = library
        self.options = options
    }

    struct Candidate {
        var reference: Curriculum.PuzzleReference
        var entry: PackLibrary.Entry
        var measure: PuzzleMeasure
    }

    public func plan() throws(PlanError) -> Curriculum {
        let known = library.packs.keys.sorted()
        for id in options.packs where library.packs[id] == nil { throw .unknownPack(id, known: known) }
        let packs = options.packs.isEmpty ? library.sortedPacks : options.packs.map { library.packs[$0]! }
        var all: [Candidate] = []
        for pack in packs {
            for entry in pack.puzzles {
                guard let measure = entry.measure else { continue }
                all.append(Candidate(reference: .init(pack: pack.manifest.id, id: entry.facts.id), entry: entry, measure: measure))
            }
        }
        guard !all.isEmpty else { throw .noPuzzles }
        let ages: ClosedRange<Int>
        if let given = options.ageRange {
            ages = given
        } else {
            let hardest = all.map(\.measure.level).max()!
            let low = max(packs.map(\.manifest.ageRange.lowerBound).min()!, AgeRangeRule.youngestAge(for: hardest))
            ages = low...max(low, packs.map(\.manifest.ageRange.upperBound).max()!)
        }
        let ceiling = AgeRangeRule.ceiling(forAge: ages.lowerBound)
        all = all.filter { !(ceiling < $0.measure.level) }
        guard !all.isEmpty else { throw .noPuzzles }

        let thresholds = Curriculum.Thresholds()
        var random = SplitMix64(seed: options.seed)
        var pools: [Curriculum.Game: [Candidate]] = [:]
        for game in Curriculum.Game.allCases {
            var pool = all.filter { $0.entry.game == game }
            random.shuffle(&pool)
            pools[game] = pool.sorted { $0.measure.value < $1.measure.value }
        }
        let games = Curriculum.Game.allCases.filter { !(pools[$0] ?? []).isEmpty }
        var lastUse: [Curriculum.PuzzleReference: Int] = [:]
        var previous: [Curriculum.Game: Double] = [:]
        var levelSeen: [Curriculum.Game: Difficulty] = [:]
        var used: [Int: [Candidate]] = [:]
        var days: [Curriculum.Day] = []

        var sessions: [Curriculum.Game: Int] = [:]
        for number in 1...options.days {
            let progress = options.days == 1 ? 0 : Double(number - 1) / Double(options.days - 1)
            // One game a day, the games in turn; the other game comes back in the review.
            let game = games[(number - 1) % games.count]
            var activities: [Curriculum.Activity] = []
            var objectives: [String] = []
            var themes: [String] = []
            let session = sessions[game, default: 0] + 1
            sessions[game] = session
            let pool = pools[game]!
            let low = pool.first!.measure.value, high = pool.last!.measure.value
            var type: Curriculum.ActivityType = .practice
            if session % 7 == 0 { type = .challenge } else if session % 5 == 0 { type = .assessment }
            let target = low + progress * (high - low) + (type == .challenge ? 0.5 : 0)
            let limit = (previous[game] ?? low) + thresholds.difficultyStep - 0.01
            // Within the step and out of the reuse window, nearest the target; failing that,
            // the least recently used within the step.
            let reachable = pool.filter { $0.measure.value <= limit }
            let fresh = reachable.filter { number - (lastUse[$0.reference] ?? -thresholds.reuseWindowDays) >= thresholds.reuseWindowDays }
            let choice = fresh.min { abs($0.measure.value - target) < abs($1.measure.value - target) }
                ?? reachable.min { (lastUse[$0.reference] ?? 0) < (lastUse[$1.reference] ?? 0) }
                ?? pool.first!
            if type == .practice, levelSeen[game].map({ $0 < choice.measure.level }) ?? true { type = .introduction }
            levelSeen[game] = max(levelSeen[game] ?? .easy, choice.measure.level)
            lastUse[choice.reference] = number
            previous[game] = choice.measure.value
            used[number, default: []].append(choice)
            activities.append(activity(game, type, [choice]))
            objectives.append(objective(type, choice))
            themes.append(choice.entry.name)
            if number % 3 == 0 {
                // Spaced review: the other game's puzzles met 1, 3 and 7 days ago.
                let other = games[number % games.count]
                var picks: [Candidate] = []
                for back in [1, 3, 7] where number - back >= 1 {
                    for candidate in used[number - back] ?? [] where candidate.entry.game == other
                        && !picks.contains(where: { $0.reference == candidate.reference }) && picks.count < 2 {
                        picks.append(candidate)
                    }
                }
                if !picks.isEmpty {
                    activities.append(activity(other, .review, picks))
                    objectives.append("Review " + picks.map(\.entry.name).joined(separator: " and "))
                }
            }
            let minutes = activities.reduce(0) { $0 + $1.durationMinutes }
            let assessed = activities.contains { $0.type == .assessment }
            days.append(Curriculum.Day(day: number, theme: themes.joined(separator: " and "), objectives: objectives,
                                       estimatedMinutes: minutes, requiredMastery: assessed ? 80 : nil, activities: activities))
        }
        return Curriculum(id: options.id, name: options.name,
                          description: "Drafted by gridedit curriculum plan (seed \(options.seed)) from "
                              + packs.map(\.manifest.id).joined(separator: ", ") + "; edit freely.",
                          ageRange: ages, skillCategories: games.filter { sessions[$0] != nil }.map(Self.skill), days: days)
    }

    func activity(_ game: Curriculum.Game, _ type: Curriculum.ActivityType, _ picks: [Candidate]) -> Curriculum.Activity {
        let level = picks.map(\.measure.level).max()!
        let index = Difficulty.allCases.firstIndex(of: level)!
        let minutes: Int
        switch type {
        case .review: minutes = 4 * picks.count
        case .assessment, .challenge: minutes = 10 + 3 * index
        case .introduction, .practice: minutes = 8 + 3 * index
        }
        let hints: Int? = switch type {
        case .assessment: 0
        case .challenge, .review: 1
        case .practice: 2
        case .introduction: nil
        }
        return Curriculum.Activity(game: game, type: type, difficulty: level, puzzles: picks.map(\.reference),
                                   skills: [Self.skill(game)], durationMinutes: minutes,
                                   completion: .init(solve: picks.count, maxHints: hints))
    }

    func objective(_ type: Curriculum.ActivityType, _ pick: Candidate) -> String {
        let what = PuzzleKinds.named(pick.entry.game.rawValue)?.objectName(pick.entry.name) ?? pick.entry.name
        return switch type {
        case .introduction: "Meet \(what)"
        case .practice: "Solve \(what)"
        case .assessment: "Solve \(what) without hints"
        case .challenge: "Try \(what), a step up"
        case .review: "Review \(what)"
        }
    }
}
