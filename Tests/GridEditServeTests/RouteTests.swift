import Foundation
import GridEditServe
import GridEditTestSupport
import ServeTestClient
import Testing

/// The HTTP routes of a live server on a loopback port (requests go through the real router and
/// middleware, with the paths sent exactly as written).
@MainActor
struct RouteTests {
    /// A live server over `folder` for the length of `body`, which gets a GET of a path on it.
    func served(_ folder: TemporaryFolder, host: String = "127.0.0.1", token: String? = nil,
                _ body: (_ get: @escaping @Sendable (String, [(String, String)]) async throws -> HTTPResponse) async throws -> Void) async throws {
        try await withLiveServer(try makeSession(folder), host: host, token: token) { port in
            try await body { target, headers in try await httpRequest(port: port, target, headers: headers) }
        }
    }

    @Test func thePageAndItsModulesAreServed() async throws {
        let folder = try servedFolder()
        try await served(folder) { get in
            do {
                let response = try await get("/", [])
                #expect(response.status == 200)
                #expect(response.header("Content-Type") == "text/html; charset=utf-8")
                #expect(response.text.contains("data-state-version"))
            }
            for file in ["app.js", "connection.js", "tangram.js", "sudoku.js", "page.css"] {
                do {
                    let response = try await get("/page/" + file, [])
                    #expect(response.status == 200, "\(file)")
                }
            }
            do {
                let response = try await get("/page/../../../Package.swift", [])
                #expect(response.status == 403)
            }
            do {
                let response = try await get("/page/nothing.js", [])
                #expect(response.status == 404)
            }
        }
    }

    @Test func puzzleFilesAndCardsInsideTheFolder() async throws {
        let folder = try servedFolder()
        try await served(folder) { get in
            do {
                let response = try await get("/file/starter/cat.json", [])
                #expect(response.status == 200)
                #expect(response.text == (try? folder.read("starter/cat.json")))
            }
            do {
                let response = try await get("/card/mini/mini-01.json", [])
                #expect(response.status == 200)
                #expect(response.header("Content-Type") == "image/png")
                #expect(Array(response.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            }
        }
    }

    /// A FIFO named like a puzzle (a stranger's pack may hold one) is refused unopened: reading
    /// it would block the server for good.
    @Test func aFIFOIsRefusedWithoutBeingOpened() async throws {
        let folder = try servedFolder()
        #expect(mkfifo(folder.file("pipe.json").path, 0o644) == 0)
        try await served(folder) { get in
            for uri in ["/file/pipe.json", "/card/pipe.json"] {
                do {
                    let response = try await get(uri, [])
                    #expect(response.status == 404, "\(uri)")
                    #expect(response.text.contains("not a regular file"), "\(uri)")
                }
            }
        }
    }

    @Test(arguments: ["/file/../../../../etc/passwd", "/file/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/file/..%2F..%2F..%2Fetc%2Fpasswd",
                      "/card/starter/..%2f..%2f..%2fetc%2fpasswd", "/file/starter/%2E%2E/%2E%2E/x.json", "/card/link.json", "/file/link.json"])
    func traversalIsRefused(_ uri: String) async throws {
        let folder = try servedFolder()
        let outside = try TemporaryFolder()
        try outside.write("{\"secret\": true}", to: "secret.json")
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.json").path, withDestinationPath: outside.file("secret.json").path)
        try await served(folder) { get in
            do {
                let response = try await get(uri, [])
                #expect(response.status == 403, "\(uri)")
                #expect(!response.text.contains("secret"))
                #expect(response.text.contains("leaves the folder"))
            }
        }
    }

    @Test func offLoopbackEveryRouteNeedsTheToken() async throws {
        let folder = try servedFolder()
        let token = "0123456789abcdef0123456789abcdef"
        try await served(folder, host: "0.0.0.0", token: token) { get in
            for uri in ["/", "/page/app.js", "/file/starter/cat.json", "/ws", "/?token=wrong", "/?token=" + token.dropLast()] {
                do {
                    let response = try await get(uri, [])
                    #expect(response.status == 403, "\(uri)")
                    #expect(response.text.contains("token"))
                }
            }
            do {
                let response = try await get("/?token=" + token, [])
                #expect(response.status == 200)
                #expect(response.header("Set-Cookie")?.contains("gridedit-token=\(token)") == true)
            }
            do {
                let response = try await get("/file/starter/cat.json", [("Cookie", "a=b; gridedit-token=\(token)")])
                #expect(response.status == 200)
            }
            do {
                let response = try await get("/file/starter/cat.json", [("Cookie", "gridedit-token=nope")])
                #expect(response.status == 403)
            }
        }
    }

    @Test func onLoopbackNoTokenIsNeeded() throws {
        #expect(AccessPolicy(host: "127.0.0.1").token == nil)
        #expect(AccessPolicy(host: "::1").token == nil)
        #expect(AccessPolicy(host: "localhost").token == nil)
        let a = AccessPolicy(host: "0.0.0.0").token, b = AccessPolicy(host: "192.0.2.1").token
        #expect(a?.count == 32 && b?.count == 32 && a != b)
    }
}
