import Foundation
import GridEditJSON
import GridEditServe
import ServeTestClient
import Testing

/// Collects a page's messages as they come, parsed.
@MainActor
private final class Inbox {
    var messages: [JSONNode] = []
    var task: Task<Void, Never>?
    init(_ stream: AsyncStream<String>) {
        task = Task { @MainActor in
            for await text in stream { if let node = try? JSONParser.parse(Array(text.utf8)) { self.messages.append(node) } }
        }
    }
}

/// A page that says `hello` with `patches` (the shipped page does) gets each state after the
/// first as a `patch`: the members that changed, and those gone. Folded onto the state it has,
/// every patch gives exactly the state a plain page is sent for that version; a patch carries no
/// member that did not change, so the drawing is not sent again for an edit that does not change
/// it (the details, a finding, the verifier's answer arriving).
@MainActor
@Suite struct StatePatchTests {
    static func members(_ node: JSONNode) -> [String: JSONValue] {
        guard case .object(let members) = node.value else { return [:] }
        var out: [String: JSONValue] = [:]
        for member in members { out[member.key] = member.value.toJSONValue() }
        return out
    }

    @Test("Patches folded onto the first state rebuild every state a plain page gets, and name only what changed")
    func patchesRebuildStates() async throws {
        let folder = try servedFolder()
        let session = try makeSession(folder)
        let (plainID, plainStream) = session.connect()
        let (patchingID, patchingStream) = session.connect()
        let (secondID, secondStream) = session.connect()
        let plain = Inbox(plainStream), patching = Inbox(patchingStream), second = Inbox(secondStream)
        await session.receive(#"{"type":"hello","patches":true}"#, from: patchingID)
        await session.receive(#"{"type":"hello","patches":true}"#, from: secondID)
        for (line, page) in [(#"{"type":"open","path":"starter/square.json"}"#, plainID),
                             (#"{"type":"command","line":"nudge square right"}"#, plainID),
                             (#"{"type":"command","line":"rotate square 45"}"#, patchingID),
                             (#"{"type":"command","line":"undo"}"#, plainID),
                             (#"{"type":"open","path":"mini/mini-01.json"}"#, patchingID),
                             (#"{"type":"command","line":"switch 1"}"#, plainID),
                             (#"{"type":"command","line":"meta author Ann"}"#, patchingID)] {
            await session.receive(line, from: page)
        }
        try await Task.sleep(for: .milliseconds(200))
        session.disconnect(plainID)
        session.disconnect(patchingID)
        session.disconnect(secondID)
        _ = await (plain.task?.value, patching.task?.value, second.task?.value)
        // A second page with the same state as the first gets the same patches (built once).
        let patchesOf = { (inbox: Inbox) in inbox.messages.filter { $0.string("type") == "patch" }.map { $0.toJSONValue() } }
        #expect(patchesOf(second) == patchesOf(patching) && !patchesOf(second).isEmpty)

        let plainStates = plain.messages.filter { $0.string("type") == "state" }
        var byVersion: [Int: [String: JSONValue]] = [:]
        for state in plainStates { byVersion[state.int("version") ?? -1] = Self.members(state) }
        #expect(plain.messages.allSatisfy { $0.string("type") != "patch" }, "a plain page gets whole states")

        var current: [String: JSONValue]?
        var patches = 0, withoutDrawing = 0
        for message in patching.messages {
            switch message.string("type") {
            case "state":
                current = Self.members(message)
            case "patch":
                patches += 1
                guard var state = current else { Issue.record("a patch came before any state"); continue }
                let set = Self.members(try #require(message["set"]))
                for (key, value) in set {
                    #expect(state[key] != value, "the patch to version \(message.int("version") ?? -1) repeats \(key), which did not change")
                    state[key] = value
                }
                for item in message["remove"]?.items ?? [] {
                    if case .string(let key) = item.value { state.removeValue(forKey: key) }
                }
                let version = try #require(message.int("version"))
                state["version"] = .int(version)
                if set["svg"] == nil, set["document"] != nil { withoutDrawing += 1 }
                if let whole = byVersion[version] {
                    #expect(state == whole, "version \(version): the folded patches differ from the whole state in \(Set(state.keys).union(whole.keys).filter { state[$0] != whole[$0] }.sorted())")
                }
                current = state
            default:
                break
            }
        }
        #expect(patches >= 5, "\(patches) patches; the patching page got \(patching.messages.map { $0.string("type") ?? "?" })")
        #expect(withoutDrawing >= 1, "the author's name came without the drawing: \(patching.messages.filter { $0.string("type") == "patch" }.map { Self.members($0["set"]!).keys.sorted() })")
        // Every version the patching page was sent, the plain page was sent whole too.
        let patchedVersions = Set(patching.messages.filter { $0.string("type") == "patch" }.compactMap { $0.int("version") })
        #expect(patchedVersions.isSubset(of: Set(byVersion.keys)), "\(patchedVersions.subtracting(byVersion.keys).sorted())")
    }
}
