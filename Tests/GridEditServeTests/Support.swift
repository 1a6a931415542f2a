import Foundation
import GridEditCore
import GridEditEditor
import GridEditJSON
import GridEditServe
import GridEditTestSupport
import ServeTestClient
import Testing

/// Shipped files by path relative to the repository root.
enum Files {
    static var root: URL { GridEditBinary.repositoryRoot }
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    static var templates: String { path("templates") }
    static var page: String { path("Sources/GridEditServe/Resources/page") }
}

/// A folder with copies of shipped puzzles, to serve and save into.
func servedFolder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(at: folder.file("starter"), withIntermediateDirectories: true)
    for name in ["square.json", "cat.json"] {
        try FileManager.default.copyItem(at: Files.root.appendingPathComponent("puzzles/tangram-starter/\(name)"), to: folder.file("starter/\(name)"))
    }
    try FileManager.default.copyItem(at: Files.root.appendingPathComponent("Tests/Fixtures/editor/square-scattered.json"),
                                     to: folder.file("starter/square-scattered.json"))
    try FileManager.default.createDirectory(at: folder.file("mini"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Files.root.appendingPathComponent("puzzles/sudoku-4x4/mini-01.json"), to: folder.file("mini/mini-01.json"))
    return folder
}

/// A session over a service with a fixed clock and no journal (or one in `journals`).
@MainActor
func makeSession(_ folder: TemporaryFolder, journals: TemporaryFolder? = nil) throws -> ServeSession {
    let service = GridEditorService(environment: EditorEnvironment(
        now: { "2026-12-01T10:00:00Z" }, templatesFolder: Files.templates,
        journals: journals.map { JournalStore(folder: $0.path + "/journals") }))
    return ServeSession(service: service, folder: try ServedFolder(folder.path), templatesFolder: Files.templates)
}

/// A real server on a free loopback port for the length of `body`.
@MainActor
func withLiveServer(_ session: ServeSession, host: String = "127.0.0.1", token: String? = nil,
                    _ body: (Int) async throws -> Void) async throws {
    let server = ServeServer(session: session, options: .init(host: host, port: 0, token: token), pageFolder: Files.page)
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let app = server.application { port in continuation.yield(port) }
    // A server that cannot start ends the stream, so the test fails with its error instead of waiting.
    let task = Task { defer { continuation.finish() }; try await app.run() }
    var port = 0
    for await p in ports { port = p; break }
    defer { task.cancel() }
    guard port != 0 else {
        try await task.value
        throw PageError("the server stopped before it listened")
    }
    try await body(port)
}

