#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore
import Hummingbird

/// Who may use the server. On a loopback address, anyone on this machine (as with any local
/// tool); off loopback, only a browser that knows the random token printed in the URL: `?token=`
/// on the first load, then a cookie the server sets. Everything else gets 403.
///
/// WebSocket upgrades must also come from the page itself: a browser sends `Origin`, and an
/// origin other than the server's own (another web site the designer has open, trying to reach
/// the local editor) is refused.
public struct AccessPolicy: Sendable {
    /// Nil on loopback.
    public let token: String?

    public static let cookieName = "gridedit-token"

    public init(host: String, token: String? = nil) {
        self.token = Self.isLoopback(host) ? nil : (token ?? Self.randomToken())
    }

    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// 32 hex digits from the system's cryptographic generator (getrandom(2) on Linux).
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// Whether a request carries the token (always true on loopback), and whether it came in the
    /// query (so the response should set the cookie).
    func admits(_ request: Request) -> (admitted: Bool, fromQuery: Bool) {
        guard let token else { return (true, false) }
        if let given = request.uri.queryParameters["token"], Self.same(String(given), token) { return (true, true) }
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingPrefixSpaces }
                if parts.count == 2, parts[0] == Self.cookieName, Self.same(String(parts[1]), token) { return (true, false) }
            }
        }
        return (false, false)
    }

    /// Compares in time that does not depend on where the strings differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }

    /// A WebSocket upgrade's `Origin`, when present, must name the host the request was sent to
    /// (any scheme or port: a page of another site has another host name).
    static func originAllowed(_ request: Request) -> Bool {
        guard let origin = request.headers[.origin] else { return true }
        guard let authority = request.head.authority else { return false }
        return hostName(origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? "")
            == hostName(authority)
    }

    /// `127.0.0.1:8080` → `127.0.0.1`, `[::1]:80` → `[::1]`.
    static func hostName(_ authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") { return String(authority[...end]).lowercased() }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? "").lowercased()
    }
}

private extension Substring {
    var trimmingPrefixSpaces: Substring { drop { $0 == " " } }
}

/// Refuses, with 403 and a message, requests the policy does not admit.
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: AccessPolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let (admitted, fromQuery) = policy.admits(request)
        guard admitted else {
            return ServeRoutes.text(.forbidden, "403 forbidden: this gridedit serve listens off loopback and needs the token printed "
                                    + "in its URL (open the URL exactly as gridedit printed it, with ?token=…)\n")
        }
        var response = try await next(request, context)
        if fromQuery, let token = policy.token {
            response.headers[.setCookie] = "\(AccessPolicy.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
        }
        return response
    }
}
