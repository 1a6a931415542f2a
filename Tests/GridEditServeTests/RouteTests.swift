import Foundation
import GridEditServe
import GridEditTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// The HTTP routes through Hummingbird's test client (requests go through the real router and
/// middleware, with the paths sent exactly as written).
@MainActor
struct RouteTests {
    func app(_ folder: TemporaryFolder, host: String = "127.0.0.1", token: String? = nil) throws -> some ApplicationProtocol {
        ServeServer(session: try makeSession(folder), options: .init(host: host, port: 0, token: token), pageFolder: Files.page).application()
    }

    @Test func thePageAndItsModulesAreServed() async throws {
        let folder = try servedFolder()
        try await app(folder).test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(String(buffer: response.body).contains("data-state-version"))
            }
            for file in ["app.js", "connection.js", "tangram.js", "sudoku.js", "page.css"] {
                try await client.execute(uri: "/page/" + file, method: .get) { response in
                    #expect(response.status == .ok, "\(file)")
                }
            }
            try await client.execute(uri: "/page/../../../Package.swift", method: .get) { response in
                #expect(response.status == .forbidden)
            }
            try await client.execute(uri: "/page/nothing.js", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func puzzleFilesAndCardsInsideTheFolder() async throws {
        let folder = try servedFolder()
        try await app(folder).test(.router) { client in
            try await client.execute(uri: "/file/starter/cat.json", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == (try? folder.read("starter/cat.json")))
            }
            try await client.execute(uri: "/card/mini/mini-01.json", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/png")
                #expect(Array(response.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            }
        }
    }

    /// A FIFO named like a puzzle (a stranger's pack may hold one) is refused unopened: reading
    /// it would block the server for good.
    @Test func aFIFOIsRefusedWithoutBeingOpened() async throws {
        let folder = try servedFolder()
        #expect(mkfifo(folder.file("pipe.json").path, 0o644) == 0)
        try await app(folder).test(.router) { client in
            for uri in ["/file/pipe.json", "/card/pipe.json"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .notFound, "\(uri)")
                    #expect(String(buffer: response.body).contains("not a regular file"), "\(uri)")
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
        try await app(folder).test(.router) { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .forbidden, "\(uri)")
                #expect(!String(buffer: response.body).contains("secret"))
                #expect(String(buffer: response.body).contains("leaves the folder"))
            }
        }
    }

    @Test func offLoopbackEveryRouteNeedsTheToken() async throws {
        let folder = try servedFolder()
        let token = "0123456789abcdef0123456789abcdef"
        try await app(folder, host: "0.0.0.0", token: token).test(.router) { client in
            for uri in ["/", "/page/app.js", "/file/starter/cat.json", "/ws", "/?token=wrong", "/?token=" + token.dropLast()] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .forbidden, "\(uri)")
                    #expect(String(buffer: response.body).contains("token"))
                }
            }
            try await client.execute(uri: "/?token=" + token, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.setCookie]?.contains("gridedit-token=\(token)") == true)
            }
            try await client.execute(uri: "/file/starter/cat.json", method: .get, headers: [.cookie: "a=b; gridedit-token=\(token)"]) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/file/starter/cat.json", method: .get, headers: [.cookie: "gridedit-token=nope"]) { response in
                #expect(response.status == .forbidden)
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
