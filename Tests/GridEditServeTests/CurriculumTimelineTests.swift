import Foundation
import GridEditCore
import GridEditServe
import GridEditTestSupport
import Testing

/// The pack view's timeline: the `pack` reply carries each curriculum of the served folder, day
/// by day, with its puzzles' paths (to open them) and measured difficulty.
@MainActor @Suite struct CurriculumTimelineTests {

    static func packReply(_ folder: TemporaryFolder) async throws -> [String: Any] {
        let session = try makeSession(folder)
        let (client, outgoing) = session.connect()
        await session.receive(#"{"type": "pack", "id": 7}"#, from: client)
        for await text in outgoing {
            if let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], object["type"] as? String == "pack" {
                return object
            }
        }
        return [:]
    }

    @Test func thePackReplyCarriesTheShippedPlanDayByDay() async throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(at: Files.root.appendingPathComponent("puzzles"), to: folder.file("puzzles"))
        let reply = try await Self.packReply(folder)
        let curricula = try #require(reply["curricula"] as? [[String: Any]])
        #expect(curricula.count == 1)
        let plan = try #require(curricula.first)
        #expect(plan["path"] as? String == "puzzles/curricula/first-hundred-days.json")
        #expect(plan["findings"] as? Int == 0)
        let days = try #require(plan["days"] as? [[String: Any]])
        #expect(days.count == 100)
        let first = try #require(((days[0]["activities"] as? [[String: Any]])?.first?["puzzles"] as? [[String: Any]])?.first)
        #expect(first["path"] as? String == "puzzles/tangram-starter/cat.json")
        #expect(first["value"] as? Double != nil)
        // The curriculum is not listed as a puzzle card.
        let cards = try #require(reply["puzzles"] as? [[String: Any]])
        #expect(!cards.contains { ($0["path"] as? String)?.contains("curricula") == true })

        // A reference that no longer resolves has no path (the page greys it out) and is counted.
        let sample = folder.file("puzzles/curricula/first-hundred-days.json")
        let text = try String(contentsOf: sample, encoding: .utf8)
        try text.replacingOccurrences(of: "\"id\": \"cat\"}", with: "\"id\": \"kat\"}").write(to: sample, atomically: true, encoding: .utf8)
        let broken = try #require((try await Self.packReply(folder)["curricula"] as? [[String: Any]])?.first)
        #expect((broken["findings"] as? Int ?? 0) > 0)
        let missing = ((broken["days"] as? [[String: Any]])?[0]["activities"] as? [[String: Any]])?[0]["puzzles"] as? [[String: Any]]
        #expect(missing?.first?["path"] == nil && missing?.first?["ref"] as? String == "tangram-starter/kat")
    }
}
