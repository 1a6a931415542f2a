import Foundation
import GridEditCore
import GridEditJSON
import GridEditTestSupport
import Testing

/// Curricula checked like packs: the sample drafted from the shipped packs passes every
/// curriculum rule, and breaking it in each way gives exactly the expected finding, located at
/// the line and column of the value that was broken.
@Suite struct CurriculumTests {
    /// The shipped packs, measured once for the whole suite.
    static let library = PackLibrary.load(folder: GridEditBinary.repositoryRoot.appendingPathComponent("puzzles").path, jobs: 2)
    static let samplePath = "puzzles/curricula/first-hundred-days.json"
    static let sample = String(decoding: ShippedContent.bytes(GridEditBinary.repositoryRoot.appendingPathComponent(samplePath)), as: UTF8.self)

    /// Every finding about a curriculum's text: reading it, then its rules, located.
    static func findings(_ text: String, curricula: [String: [String]] = [:]) throws -> [Finding] {
        let result = DocumentLoader.load(Array(text.utf8), isManifest: false)
        #expect(result.kind == "curriculum")
        guard case .curriculum(let curriculum)? = result.document, let root = result.root else { return result.findings }
        let view = CurriculumView(curriculum: curriculum, library: library, curricula: curricula)
        return result.findings + view.validate().map { DocumentLoader.locate($0, in: root) }
    }

    static func decoded(_ text: String) throws -> Curriculum {
        guard case .curriculum(let curriculum)? = DocumentLoader.load(Array(text.utf8), isManifest: false).document else {
            throw CurriculumTestError.notACurriculum
        }
        return curriculum
    }

    enum CurriculumTestError: Error { case notACurriculum, missing(String) }

    /// 1-based line and column of a byte offset.
    static func place(_ offset: Int, in text: String) -> (line: Int, column: Int) {
        let before = Array(text.utf8)[..<offset]
        let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return (line, offset - lineStart + 1)
    }

    /// Replaces the `occurrence`-th (1-based; 0 the last) `old` with `new`; returns the text and
    /// the offset of `new` plus `shift` bytes (where the finding should point).
    static func replacing(_ old: String, with new: String, occurrence: Int = 1, shift: Int = 0,
                          in text: String = sample) throws -> (text: String, offset: Int) {
        var ranges: [Range<String.Index>] = []
        var from = text.startIndex
        while let range = text.range(of: old, range: from..<text.endIndex) {
            ranges.append(range)
            from = range.upperBound
        }
        guard !ranges.isEmpty else { throw CurriculumTestError.missing(old) }
        let range = occurrence == 0 ? ranges.last! : ranges[occurrence - 1]
        let offset = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        return (text.replacingCharacters(in: range, with: new), offset + shift)
    }

    /// Exactly one finding, of `rule`, at the place of `offset`.
    static func expectOne(_ rule: String, _ broken: (text: String, offset: Int), curricula: [String: [String]] = [:],
                          sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Finding? {
        let found = try findings(broken.text, curricula: curricula)
        #expect(found.map(\.rule) == [rule], "\(found.map { "\($0.rule) \($0.message)" })", sourceLocation: sourceLocation)
        guard let finding = found.first, found.count == 1 else { return nil }
        let expected = place(broken.offset, in: broken.text)
        #expect(finding.location?.line == expected.line && finding.location?.column == expected.column,
                "\(rule) at \(finding.location.map { "\($0.line):\($0.column)" } ?? "-"), expected \(expected.line):\(expected.column)",
                sourceLocation: sourceLocation)
        return finding
    }

    // MARK: The drafted plan

    static let options = CurriculumPlanner.Options(id: "first-hundred-days", name: "First hundred days", days: 100, seed: 1,
                                                   ageRange: 7...12)

    @Test func theSampleIsTheDraftOfTheShippedPacksAndPassesEveryRule() throws {
        let drafted = try CurriculumPlanner(library: Self.library, options: Self.options).plan()
        #expect(drafted.canonicalText() == Self.sample,
                "regenerate: gridedit curriculum plan puzzles -o \(Self.samplePath) --ages 7-12 --name \"First hundred days\" --force")
        #expect(try Self.findings(Self.sample).isEmpty)
        // Same packs, same seed: the same bytes; and the file round-trips through its encoding.
        #expect(try CurriculumPlanner(library: Self.library, options: Self.options).plan() == drafted)
        #expect(try Self.decoded(Self.sample) == drafted)
    }

    @Test func draftsOfOtherLengthsSeedsAndPacksPassToo() throws {
        for (days, seed, packs) in [(1, 1, []), (2, 2, []), (9, 3, []), (100, 4, ["tangram-starter"]), (366, 5, ["sudoku-4x4", "sudoku-9x9"])] {
            let options = CurriculumPlanner.Options(id: "draft", name: "Draft", days: days, seed: UInt64(seed), packs: packs)
            let plan = try CurriculumPlanner(library: Self.library, options: options).plan()
            #expect(plan.days.count == days)
            let findings = CurriculumView(curriculum: plan, library: Self.library, curricula: [:]).validate()
            #expect(findings.isEmpty, "\(days) days, packs \(packs): \(findings.map(\.message))")
        }
        #expect(throws: CurriculumPlanner.PlanError.self) {
            try CurriculumPlanner(library: Self.library, options: .init(id: "x", name: "X", packs: ["no-such-pack"])).plan()
        }
    }

    @Test func theDraftRampsInterleavesAndReviews() throws {
        let plan = try Self.decoded(Self.sample)
        #expect(plan.days.map(\.day) == Array(1...100))
        let activities = plan.days.flatMap(\.activities)
        #expect(Set(activities.map(\.type)) == Set(Curriculum.ActivityType.allCases))
        #expect(Set(activities.map(\.game)) == Set(Curriculum.Game.allCases))
        // Games alternate day by day (reviews aside).
        let leads = plan.days.map { $0.activities[0].game }
        #expect(zip(leads, leads.dropFirst()).allSatisfy { $0 != $1 })
        // Each game climbs from its easiest to near its hardest: the last fifth is harder than the first.
        for game in Curriculum.Game.allCases {
            let values = plan.days.flatMap(\.activities).filter { $0.game == game && $0.type != .review }
                .compactMap { Self.library.entry($0.puzzles[0])?.measure?.value }
            let fifth = values.count / 5
            #expect(values.suffix(fifth).reduce(0, +) > values.prefix(fifth).reduce(0, +) + Double(fifth), "\(game)")
        }
        // A review looks back at puzzles already met.
        var met = Set<Curriculum.PuzzleReference>()
        for day in plan.days {
            for activity in day.activities {
                if activity.type == .review { #expect(activity.puzzles.allSatisfy(met.contains), "day \(day.day)") }
            }
            for activity in day.activities { met.formUnion(activity.puzzles) }
        }
    }

    // MARK: Breaking the plan, one rule at a time

    @Test func unknownPuzzle() throws {
        let broken = try Self.replacing("\"id\": \"rabbit\"}", with: "\"id\": \"rabit\"}", shift: 6)
        let finding = try Self.expectOne("curriculum.unknown-puzzle", broken)
        #expect(finding?.message.contains("did you mean \"rabbit\"?") == true)
        let pack = try Self.replacing("{\"pack\": \"sudoku-4x4\"", with: "{\"pack\": \"sudoku-5x5\"", shift: 9)
        #expect(try Self.expectOne("curriculum.unknown-puzzle", pack)?.message.contains("no pack \"sudoku-5x5\"") == true)
    }

    @Test func wrongGame() throws {
        // Day 1's tangram activity said to be a Sudoku one: the finding is at its puzzle.
        var broken = try Self.replacing("\"game\": \"tangram\"", with: "\"game\": \"sudoku\"")
        broken.offset = broken.text.utf8.distance(from: broken.text.startIndex,
                                                  to: broken.text.range(of: "{\"pack\": \"tangram-starter\"")!.lowerBound)
        _ = try Self.expectOne("curriculum.wrong-game", broken)
    }

    @Test func daySequence() throws {
        let gap = try Self.replacing("\"day\": 100,", with: "\"day\": 101,", shift: 7)
        #expect(try Self.expectOne("curriculum.day-sequence", gap)?.message == "day 101 follows day 99; day 100 is missing")
        let repeated = try Self.replacing("\"day\": 100,", with: "\"day\": 99,", shift: 7)
        #expect(try Self.expectOne("curriculum.day-sequence", repeated)?.message.hasPrefix("day 99 appears twice") == true)
    }

    @Test func durationSum() throws {
        let plan = try Self.decoded(Self.sample)
        let minutes = plan.days[0].estimatedMinutes
        let broken = try Self.replacing("\"estimatedMinutes\": \(minutes),", with: "\"estimatedMinutes\": \(minutes + 1),", shift: 20)
        _ = try Self.expectOne("curriculum.duration-sum", broken)
    }

    @Test func difficultyRamp() throws {
        // Day 3's tangram swapped for one more than the step above day 1's, that the plan does
        // not use in its first ten days.
        let plan = try Self.decoded(Self.sample)
        let first = try #require(plan.days[0].activities[0].puzzles.first)
        let third = try #require(plan.days[2].activities[0].puzzles.first)
        #expect(plan.days[2].activities[0].game == .tangram)
        let base = try #require(Self.library.entry(first)?.measure?.value)
        let early = Set(plan.days.prefix(10).flatMap { $0.activities.flatMap(\.puzzles) })
        let steep = try #require(Self.library.packs[third.pack]?.puzzles.first { entry in
            guard let measure = entry.measure else { return false }
            return measure.value > base + 1.5 && measure.level <= .hard
                && !early.contains(.init(pack: third.pack, id: entry.facts.id))
        })
        let old = "{\"pack\": \"\(third.pack)\", \"id\": \"\(third.id)\"}"
        let broken = try Self.replacing(old, with: "{\"pack\": \"\(third.pack)\", \"id\": \"\(steep.facts.id)\"}",
                                        occurrence: Self.sample.components(separatedBy: old).count - 1 == 1 ? 1 : 1)
        let finding = try Self.expectOne("curriculum.difficulty-ramp", broken)
        #expect(finding?.path?.description.hasPrefix("days[2]") == true)
        // A wider step in the file's rules lets the same plan pass.
        let relaxed = broken.text.replacingOccurrences(of: "\"skillCategories\"", with: "\"rules\": {\"difficultyStep\": 4},\n  \"skillCategories\"")
        #expect(try Self.findings(relaxed).isEmpty)
    }

    @Test func puzzleReuse() throws {
        // The last tangram day plays the tangram of two days before (which is not used later).
        let plan = try Self.decoded(Self.sample)
        let last = try #require(plan.days.lastIndex { $0.activities[0].game == .tangram })
        let earlier = plan.days[last - 2].activities[0].puzzles[0]
        let replaced = plan.days[last].activities[0].puzzles[0]
        #expect(plan.days[last - 2].activities[0].game == .tangram && earlier != replaced)
        let day = try #require(Self.sample.range(of: "\"day\": \(plan.days[last].day),"))
        let head = String(Self.sample[..<day.lowerBound])
        let tail = try Self.replacing("{\"pack\": \"\(replaced.pack)\", \"id\": \"\(replaced.id)\"}",
                                      with: "{\"pack\": \"\(earlier.pack)\", \"id\": \"\(earlier.id)\"}", in: String(Self.sample[day.lowerBound...]))
        let broken = (head + tail.text, head.utf8.count + tail.offset)
        let finding = try Self.expectOne("curriculum.puzzle-reuse", broken)
        #expect(finding?.message.contains("on day \(plan.days[last - 2].day), 2 days before") == true)
        // A window of 2 days allows it.
        let window = broken.0.replacingOccurrences(of: "\"skillCategories\"", with: "\"rules\": {\"reuseWindowDays\": 2},\n  \"skillCategories\"")
        #expect(try Self.findings(window).isEmpty)
        // So does making the activity a review.
        let type = plan.days[last].activities[0].type.rawValue
        let review = head + (try Self.replacing("\"type\": \"\(type)\"", with: "\"type\": \"review\"", in: tail.text).text)
        #expect(head + tail.text != review)
        #expect(try Self.findings(review).allSatisfy { $0.rule != "curriculum.puzzle-reuse" })
    }

    @Test func ageRange() throws {
        // Ages from 6: a six-year-old is given medium puzzles at most, so each hard puzzle the
        // plan uses is reported once, at its first use.
        let broken = try Self.replacing("\"ageRange\": {\"min\": 7,", with: "\"ageRange\": {\"min\": 6,")
        let found = try Self.findings(broken.text)
        let plan = try Self.decoded(Self.sample)
        var hard: [Curriculum.PuzzleReference] = []
        for reference in plan.days.flatMap({ $0.activities.flatMap(\.puzzles) })
        where Self.library.entry(reference)?.measure?.level == .hard && !hard.contains(reference) {
            hard.append(reference)
        }
        #expect(!hard.isEmpty)
        #expect(found.map(\.rule) == Array(repeating: "curriculum.age-range", count: hard.count))
        #expect(found.map { $0.message.components(separatedBy: " ")[0] } == hard.map(\.description))
        #expect(found.first?.message.contains("raise ageRange.min to 7") == true)
    }

    @Test func skillCadence() throws {
        // A third category, practised on day 1 only: overdue on day 8 (days[7]).
        var text = Self.sample.replacingOccurrences(of: "\"skillCategories\": [\"spatial-reasoning\", \"logic\"]",
                                                    with: "\"skillCategories\": [\"spatial-reasoning\", \"logic\", \"counting\"]")
        text = try Self.replacing("\"skills\": [\"spatial-reasoning\"]", with: "\"skills\": [\"spatial-reasoning\", \"counting\"]", in: text).text
        let day8 = try #require(text.range(of: "\"day\": 8,"))
        let open = try #require(text.range(of: "{", options: .backwards, range: text.startIndex..<day8.lowerBound))
        let finding = try Self.expectOne("curriculum.skill-cadence", (text, text.utf8.distance(from: text.startIndex, to: open.lowerBound)))
        #expect(finding?.message.hasPrefix("\"counting\" is not practised on days 2…8") == true)
    }

    @Test func prerequisites() throws {
        let missing = try Self.replacing("\"skillCategories\"", with: "\"prerequisites\": [\"shapes-first\"],\n  \"skillCategories\"", shift: 18)
        #expect(try Self.expectOne("curriculum.missing-prerequisite", missing)?.message.contains("no curriculum \"shapes-first\"") == true)
        // With shapes-first beside it and needing this one, the circle is reported instead.
        let cycle = try Self.expectOne("curriculum.prerequisite-cycle", missing, curricula: ["shapes-first": ["first-hundred-days"]])
        #expect(cycle?.message.contains("first-hundred-days → shapes-first → first-hundred-days") == true)
        #expect(try Self.findings(missing.text, curricula: ["shapes-first": []]).isEmpty)
    }

    // MARK: Reading

    @Test func rulesKeepTheirValuesAndWriteOnlyWhatDiffersFromTheDefaults() throws {
        let text = Self.sample.replacingOccurrences(
            of: "\"skillCategories\"", with: "\"rules\": {\"difficultyStep\": 1.25, \"skillEveryDays\": 7},\n  \"skillCategories\"")
        let plan = try Self.decoded(text)
        #expect(plan.thresholds.difficultyStep == 1.25 && plan.thresholds.reuseWindowDays == 7 && plan.thresholds.skillEveryDays == 7)
        let canonical = plan.canonicalText()
        #expect(canonical.contains("\n  \"rules\": {\"difficultyStep\": 1.25},\n"))
        #expect(try Self.decoded(canonical).thresholds == plan.thresholds)
        #expect(try Self.decoded(Self.sample).rules == nil)
    }

    @Test func badValuesAreLocatedSchemaFindings() throws {
        let type = try Self.replacing("\"type\": \"practice\"", with: "\"type\": \"quiz\"", shift: 8)
        let finding = try #require(try Self.findings(type.text).first)
        #expect(finding.rule == "schema.value")
        #expect(finding.location?.line == Self.place(type.offset, in: type.text).line)
        #expect(finding.location?.column == Self.place(type.offset, in: type.text).column)
        let skill = try Self.replacing("\"skills\": [\"logic\"]", with: "\"skills\": [\"logc\"]", shift: 11)
        let skillFinding = try #require(try Self.findings(skill.text).first)
        #expect(skillFinding.rule == "schema.value" && skillFinding.message.contains("did you mean \"logic\"?"))
        for bad in ["{\"kind\": \"curriculum\"}", "{\"kind\": \"curriculum\", \"formatVersion\": 1, \"days\": 3}", "[]"] {
            let result = DocumentLoader.load(Array(bad.utf8), isManifest: false)
            #expect(!result.findings.isEmpty && result.findings.allSatisfy { $0.location != nil }, "\(bad)")
        }
    }
}
