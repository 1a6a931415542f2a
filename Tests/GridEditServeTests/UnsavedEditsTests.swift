import Foundation
import GridEditCore
import GridEditEditor
import GridEditJSON
import GridEditPageProtocol
import GridEditServe
import GridEditTestSupport
import ServeTestClient
import Testing

/// A page of `gridedit serve FOLDER` opening a file with unsaved edits from a session that ended
/// abruptly: nothing opens until the page answers; then the file opens with them, without them
/// (deleted), or as saved with them kept for later.
@MainActor
@Suite struct UnsavedEditsTests {
    /// Edits `names` (two nudges of the square each) in a session that then dies without saving.
    static func orphans(_ names: [String], folder: TemporaryFolder, journals: TemporaryFolder) async throws {
        let session = try makeSession(folder, journals: journals)
        let (page, _) = session.connect()
        for name in names {
            await session.receive(#"{"type":"open","path":"starter/\#(name)"}"#, from: page)
            await session.receive(#"{"type":"command","line":"nudge square right"}"#, from: page)
            await session.receive(#"{"type":"command","line":"nudge square right"}"#, from: page)
        }
        #expect(session.service.documents.count == names.count)
        session.service.abandon()
        session.disconnect(page)
        // The journals' process is this one: name a process that is not running.
        let folder = journals.path + "/journals"
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let path = folder + "/" + file
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "\"pid\":\(getpid()),", with: "\"pid\":2147483646,").utf8).write(to: URL(fileURLWithPath: path))
        }
    }

    /// The replies a page got, in order.
    static func replies(_ messages: AsyncStream<String>) async throws -> [JSONNode] {
        var replies: [JSONNode] = []
        for await text in messages {
            let node = try JSONParser.parse(Array(text.utf8))
            if node.string("type") == "result" || node.string("type") == "error" { replies.append(node) }
        }
        return replies
    }

    func squareX(_ session: ServeSession) -> Double? {
        (session.service.active?.puzzle as? TangramPuzzle)?.pieces?.first { $0.piece == .square }?.position.x.doubleValue
    }

    @Test("The page is asked first; then recover opens the edits unsaved, discard deletes them, keep opens the saved file and keeps them")
    func askThenAnswer() async throws {
        let folder = try servedFolder(), journals = try TemporaryFolder()
        let saved = try makeSession(folder).service
        let savedX = try saved.open(folder.file("starter/square.json").path).puzzle as? TangramPuzzle
        let originalX = try #require(savedX?.pieces?.first { $0.piece == .square }?.position.x.doubleValue)
        try await Self.orphans(["square.json", "cat.json", "square-scattered.json"], folder: folder, journals: journals)

        let session = try makeSession(folder, journals: journals)
        let (page, messages) = session.connect()
        #expect(session.service.orphanedJournals().count == 3)
        await session.receive(#"{"type":"open","path":"starter/square.json"}"#, from: page)
        #expect(session.service.documents.isEmpty, "nothing opens before the page answers")
        await session.receive(#"{"type":"open","path":"starter/square.json","unsaved":"recover"}"#, from: page)
        #expect(squareX(session) == originalX + 0.5, "both nudges are back")
        #expect(session.service.active?.isDirty == true)
        await session.receive(#"{"type":"open","path":"starter/cat.json","unsaved":"discard"}"#, from: page)
        #expect(session.service.active?.isDirty == false)
        #expect(session.service.orphanedJournals(for: folder.file("starter/cat.json").path).isEmpty, "discarded")
        await session.receive(#"{"type":"open","path":"starter/square-scattered.json","unsaved":"keep"}"#, from: page)
        #expect(session.service.active?.isDirty == false)
        #expect(session.service.orphanedJournals(for: folder.file("starter/square-scattered.json").path).count == 1, "kept for later")
        await session.receive(#"{"type":"open","path":"starter/cat.json","unsaved":"sometime"}"#, from: page)
        session.disconnect(page)

        let replies = try await Self.replies(messages)
        #expect(replies.count == 5)
        guard replies.count == 5 else { return }
        #expect(replies[0].bool("ok") == false)
        #expect(replies[0]["unsaved"]?.int("edits") == 2 && replies[0]["unsaved"]?.string("path") == "starter/square.json")
        #expect(replies[0].string("error")?.contains("2 unsaved edits from a session that ended abruptly") == true)
        #expect(replies[1].bool("ok") == true && replies[1].outputTexts.contains { $0.hasPrefix("recovered 2 edits") }, "\(replies[1].outputTexts)")
        #expect(replies[2].bool("ok") == true && replies[2].outputTexts.first == "discarded the 2 unsaved edits of starter/cat.json")
        // The page's own answer, in the page's words: no REPL hint (`open --recover PATH`), the
        // file named as the page named it.
        #expect(replies[3].bool("ok") == true && !replies[3].outputTexts.contains { $0.contains("--recover") }
                && replies[3].outputTexts.first?.hasPrefix("opened starter/square-scattered.json (tangram") == true, "\(replies[3].outputTexts)")
        #expect(replies[4].string("type") == "error" && replies[4].string("message")?.contains("\"unsaved\" is one of") == true, "\(replies[4])")
    }

    @Test("An answer the protocol does not know is refused, naming the choices")
    func unknownAnswer() throws {
        #expect(throws: ProtocolError.self) { try ClientMessage.parse(#"{"type":"open","path":"a.json","unsaved":"later"}"#) }
        do { _ = try ClientMessage.parse(#"{"type":"open","path":"a.json","unsaved":"later"}"#) } catch {
            #expect(error.message.contains(#""recover", "discard", "keep""#), "\(error.message)")
        }
        #expect(try ClientMessage.parse(#"{"type":"open","path":"a.json","unsaved":"keep"}"#).message == .open(path: "a.json", unsaved: .keep))
    }
}
