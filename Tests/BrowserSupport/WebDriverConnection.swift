import Foundation
import GridEditJSON
import ServeTestClient

/// One chromedriver's HTTP endpoint: sends a W3C WebDriver command and returns the answer's
/// `value`, or throws the W3C error with the command, its URL and chromedriver's message.
/// Every request has a deadline (`Deadline`), so a hung chromedriver fails the call, not the suite.
///
/// The HTTP is the tests' own loopback client (`httpRequest` of ServeTestClient, the one the serve
/// suites use), not URLSession's: on Linux URLSession's libcurl back end rejects chromedriver's
/// header lines (`Content-Length:249`, without a space) with "Failed writing header"
/// (swift-corelibs-foundation issue 4965).
struct WebDriverConnection: Sendable {
    let port: Int
    let timeout: Double

    init(port: Int, timeout: Double) {
        self.port = port
        self.timeout = timeout
    }

    var base: String { "http://127.0.0.1:\(port)" }

    func send(_ method: String, _ path: String, _ body: JSONValue? = nil, timeout: Double? = nil) async throws -> JSONNode {
        let what = "WebDriver \(method) \(base)/\(path)"
        let bytes = body.map { Array($0.compactText.utf8) } ?? (method == "POST" ? Array("{}".utf8) : [])
        let port = self.port
        let response: HTTPResponse
        do {
            response = try await Deadline.run(timeout ?? self.timeout, what) {
                try await httpRequest(port: port, "/\(path)", method: method,
                                      headers: bytes.isEmpty ? [] : [("Content-Type", "application/json; charset=utf-8")], body: bytes)
            }
        } catch let error as WebDriverError {
            throw error
        } catch {
            throw WebDriverError("\(what): \(error)")
        }
        let (status, data) = (response.status, response.body)
        let answer: JSONNode
        do {
            answer = try JSONParser.parse(data)
        } catch {
            throw WebDriverError("\(what): HTTP \(status), not JSON: \(String(decoding: data.prefix(300), as: UTF8.self))")
        }
        let value = answer["value"] ?? JSONNode(.null)
        guard status == 200 else {
            let code = value["error"]?.string ?? "HTTP \(status)"
            let message = value["message"]?.string?.split(separator: "\n").first.map(String.init) ?? ""
            throw WebDriverError("\(what): \(code): \(message)", code: code)
        }
        return value
    }
}
