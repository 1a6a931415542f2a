import GridEditCore
import GridEditRender
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The HTTP routes and the WebSocket endpoint:
///
/// | route | what |
/// | --- | --- |
/// | `GET /` | the page (`index.html`) |
/// | `GET /page/FILE` | the page's CSS and JS modules |
/// | `GET /card/PATH` | a puzzle card (PNG) of a puzzle file of the served folder, for the pack view |
/// | `GET /file/PATH` | a puzzle file of the served folder as it is on disk |
/// | `GET /booklet/FOLDER` | the pack's printable booklet (PDF, 2×3 cards a page, solutions at the back), as `gridedit render FOLDER --sheet 2x3 --solution` makes it |
/// | `GET /view?as=shape\|outline\|pieces\|card` | the active puzzle as a child gets it (SVG; the card as PNG), drawn as `gridedit render` draws it |
/// | `GET /ws` | the WebSocket of the protocol (docs/serve.md, "Protocol, version 1") |
///
/// Every PATH goes through ``ServedFolder/resolve(_:mustExist:)`` (403 outside, 404 missing).
enum ServeRoutes {
    static func router(session: ServeSession, policy: AccessPolicy, pageFolder: String?) -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.middlewares.add(AccessMiddleware(policy: policy))
        let folder = session.folder
        let pages = pageFolder.flatMap { try? ServedFolder($0) }
        let renderer = session.renderer

        router.get("/") { _, _ in pageFile("index.html", in: pages) }
        router.get("/page/**") { request, _ in pageFile(suffix(of: request, after: "/page/"), in: pages) }
        router.get("/card/**") { request, _ in
            let requested = suffix(of: request, after: "/card/")
            return puzzleFile(requested, in: folder) { path, bytes in
                guard let renderer else { return text(.serviceUnavailable, "no style.jsonc found, so cards cannot be drawn; set GRIDEDIT_TEMPLATES\n") }
                guard case .puzzle(let document)? = DocumentLoader.load(bytes, isManifest: false).document else {
                    return text(.unprocessableContent, "\(requested) does not load as a puzzle; `gridedit check \(requested)` says why\n")
                }
                do {
                    let png = try renderer.render(document, as: .png, options: RenderOptions(product: .card, size: 240))
                    return bytesResponse(png, type: "image/png")
                } catch {
                    return text(.internalServerError, "\(requested): \(error)\n")
                }
            }
        }
        router.get("/file/**") { request, _ in
            puzzleFile(suffix(of: request, after: "/file/"), in: folder) { _, bytes in
                bytesResponse(bytes, type: "application/json; charset=utf-8")
            }
        }
        router.get("/booklet/**") { request, _ in
            guard let renderer else { return text(.serviceUnavailable, "no style.jsonc found, so nothing can be drawn; set GRIDEDIT_TEMPLATES\n") }
            let requested = suffix(of: request, after: "/booklet/")
            let path: String
            do throws(PathRefusal) { path = try folder.resolve(requested.isEmpty ? "." : requested) } catch { return refusal(error) }
            guard FileSystem.isDirectory(path), FileSystem.exists(path + "/" + PackManifest.fileName) else {
                return text(.notFound, "\(requested) is not a pack folder (no pack.json)\n")
            }
            do {
                let collection = try PuzzleCollection.load([path])
                guard let group = collection.groups.first else { return text(.notFound, "\(requested) has no puzzles\n") }
                let pdf = try renderer.renderSheet(group.sheetPack(), options: SheetOptions(columns: 2, rows: 3, solutions: true))
                var response = bytesResponse(pdf, type: "application/pdf")
                response.headers[.contentDisposition] = "attachment; filename=\"\(FileSystem.lastComponent(of: path)).pdf\""
                return response
            } catch {
                return text(.unprocessableContent, "\(requested): \(error); `gridedit check \(requested)` says what to fix\n")
            }
        }
        router.get("/view") { request, _ in
            guard let renderer else { return text(.serviceUnavailable, "no style.jsonc found, so nothing can be drawn; set GRIDEDIT_TEMPLATES\n") }
            let view = request.uri.queryParameters.get("as") ?? "shape"
            guard let (options, format) = RenderOptions.childView(view, size: StateMessage.side) else {
                return text(.badRequest, "?as= takes \(RenderOptions.childViews.joined(separator: ", ")), not \"\(view)\"\n")
            }
            let document = await MainActor.run { session.service.active?.fileDocument }
            guard let document else { return text(.notFound, "no puzzle is open\n") }
            do {
                let bytes = try renderer.render(document, as: format, options: options)
                var response = bytesResponse(bytes, type: format == .png ? "image/png" : "image/svg+xml")
                response.headers[.cacheControl] = "no-store"
                return response
            } catch {
                return text(.internalServerError, "\(error)\n")
            }
        }
        router.ws("/ws") { request, _ in
            AccessPolicy.originAllowed(request) ? .upgrade([:]) : .dontUpgrade
        } onUpgrade: { inbound, outbound, _ in
            try await WebSocketPage.run(session: session, inbound: inbound, outbound: outbound)
        }
        return router
    }

    /// The raw (still percent-encoded) rest of the path after a route's prefix.
    static func suffix(of request: Request, after prefix: String) -> String {
        let path = request.uri.path
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : ""
    }

    private static func pageFile(_ name: String, in pages: ServedFolder?) -> Response {
        guard let pages else {
            return text(.internalServerError, "the page's files were not found; set GRIDEDIT_PAGE to Sources/GridEditServe/Resources/page\n")
        }
        do throws(PathRefusal) {
            let path = try pages.resolve(name)
            guard let type = PageFiles.contentType(of: path), case .success(let bytes) = FileSystem.read(path) else {
                return text(.notFound, "/page/\(name) is not a file of the page\n")
            }
            var response = bytesResponse(bytes, type: type)
            response.headers[.cacheControl] = "no-cache"
            return response
        } catch {
            return refusal(error)
        }
    }

    private static func puzzleFile(_ requested: String, in folder: ServedFolder, _ respond: (String, [UInt8]) -> Response) -> Response {
        let path: String
        do throws(PathRefusal) { path = try folder.resolve(requested) } catch { return refusal(error) }
        guard path.hasSuffix(".json") else { return refusal(.notPuzzleFile(requested)) }
        // Read through the file-access policy (issue 18): only a regular file of bounded size is
        // opened, so a FIFO or a device in a stranger's pack never blocks the server.
        switch TreeRoot(folder: folder.root).read(path) {
        case .success(let bytes): return respond(path, bytes)
        case .failure(let refusal): return text(.notFound, "\(requested): \(Finding(refusal).message)\n")
        }
    }

    static func refusal(_ refusal: PathRefusal) -> Response {
        switch refusal {
        case .outside: text(.forbidden, "403 forbidden: \(refusal.description)\n")
        case .malformed: text(.badRequest, "\(refusal.description)\n")
        case .missing, .missingFolder, .notPuzzleFile: text(.notFound, "\(refusal.description)\n")
        }
    }

    static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        bytesResponse(Array(message.utf8), type: "text/plain; charset=utf-8", status: status)
    }

    static func bytesResponse(_ bytes: [UInt8], type: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
