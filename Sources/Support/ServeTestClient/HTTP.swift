import HummingbirdTesting
import NIOCore

/// One plain HTTP GET to a server on this machine (Hummingbird's own NIO test client: no proxy
/// settings from the environment can send it elsewhere).
public func httpGet(port: Int, _ path: String, host: String = "127.0.0.1") async throws -> (status: Int, body: String) {
    try await TestClient.withClient(host: host, port: port) { client in
        let response = try await client.get(path)
        return (Int(response.status.code), response.body.map { String(buffer: $0) } ?? "")
    }
}
