import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// `gridedit serve`'s server: Hummingbird with the WebSocket upgrade, over one ``ServeSession``.
public struct ServeServer: Sendable {
    public struct Options: Sendable {
        public var host: String
        /// 0 picks a free port; the real one is reported when the server runs.
        public var port: Int
        /// For tests: a fixed token instead of a random one (off loopback only).
        public var token: String?

        public init(host: String = "127.0.0.1", port: Int = 8080, token: String? = nil) {
            self.host = host
            self.port = port
            self.token = token
        }
    }

    /// WebSocket frames up to this size are read (and the message checked against
    /// `ClientMessage.maximumBytes`, with an error reply); a larger single frame ends the
    /// connection with close code 1009, as the WebSocket protocol has it.
    static let maximumFrame = 1 << 20

    public let options: Options
    public let policy: AccessPolicy
    let session: ServeSession
    let pageFolder: String?

    @MainActor
    public init(session: ServeSession, options: Options, pageFolder: String?) {
        self.session = session
        self.options = options
        self.policy = AccessPolicy(host: options.host, token: options.token)
        self.pageFolder = pageFolder
    }

    /// The URL a designer opens, with the token when there is one.
    public func url(port: Int) -> String {
        let host = options.host.contains(":") && !options.host.hasPrefix("[") ? "[\(options.host)]" : options.host
        return "http://\(host):\(port)/" + (policy.token.map { "?token=\($0)" } ?? "")
    }

    /// The Hummingbird application; `onRunning` gets the bound port.
    public func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let router = ServeRoutes.router(session: session, policy: policy, pageFolder: pageFolder)
        var logger = Logger(label: "gridedit-serve")
        logger.logLevel = .critical
        return Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: router,
                                           configuration: .init(ws: .init(maxFrameSize: Self.maximumFrame))),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "gridedit"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }
}
