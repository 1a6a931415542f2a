@testable import BrowserSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The harness's promises besides input: clear errors, deadlines that hold, and no process left
/// behind when a browser closes.
@Suite(.serialized, .whenBrowserInstalled, .browserSession, .timeLimit(.minutes(2)))
struct HarnessTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    @Test func aMissingElementIsReportedWithItsSelectorAndPage() async throws {
        try await browser.openPointerLab()
        let error = try await #require(throws: WebDriverError.self) {
            try await browser.element(#"[data-piece="parallelogram"]"#)
        }
        #expect(error.code == "no such element")
        #expect(error.message.contains(#"[data-piece="parallelogram"]"#) && error.message.contains("pointer-lab.html"), "\(error)")
    }

    @Test func aScriptReturnsValuesAndReportsItsErrors() async throws {
        try await browser.openPointerLab()
        let answer = try await browser.execute("return [arguments[0] + 1, document.title, arguments[1].dataset.piece]",
                                               [.int(41), try await browser.element("[data-piece]").json])
        #expect(answer.array?.map(\.compactText) == ["42", #""gridedit pointer lab""#, #""square""#])
        let error = try await #require(throws: WebDriverError.self) { try await browser.execute("throw new Error('boom')") }
        #expect(error.message.contains("boom"), "\(error)")
    }

    @Test func attributesAreReadTogetherAndAMissingElementIsNamed() async throws {
        try await browser.openPointerLab()
        #expect(try await browser.attributes(of: "[data-piece]", ["data-piece", "data-no-such-attribute"]) == ["square", nil])
        #expect(try await browser.attribute(of: "[data-piece]", "data-piece") == browser.element("[data-piece]").attribute("data-piece"))
        let error = try await #require(throws: WebDriverError.self) {
            try await browser.attribute(of: #"[data-piece="parallelogram"]"#, "data-rotation")
        }
        #expect(error.code == "no such element")
        #expect(error.message.contains(#"[data-piece="parallelogram"]"#) && error.message.contains("pointer-lab.html"), "\(error)")
    }

    @Test func stepsThatLetGoOfEverythingNeedNoRelease() {
        let start = PagePoint(10, 10), end = PagePoint(50, 20)
        #expect(Pointer(.mouse).drag(from: start, to: end).releasesAll)
        #expect(!Pointer(.mouse).move(to: start).down().move(to: end).releasesAll, "a drag held mid-way")
        #expect(!Pointer(.touch).down().down(button: 2).up().releasesAll)
        #expect(Keyboard().press("r").type("12").releasesAll)
        #expect(!Keyboard().down(Key.shift).press("a").releasesAll, "Shift still held")
        #expect(Keyboard().down(Key.shift).press("a").up(Key.shift).releasesAll)
        #expect(Wheel().scroll(deltaY: 100).releasesAll)
    }

    @Test func aWaitThatNeverHoldsEndsAtItsDeadline() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let error = try await #require(throws: WebDriverError.self) {
            try await browser.waitUntil("a cell to say 6", timeout: 0.3) {
                try await browser.element(#"[data-cell="r1c1"]"#).text() == "6"
            }
        }
        #expect(clock.now - start < .seconds(10), "well before the 30 s a command may take")
        #expect(error.message.contains("waited 0.3 s for a cell to say 6"), "\(error)")
    }

    @Test func aDriverThatNeverAnswersFailsTheCallInTime() async throws {
        // A listening socket that accepts the connection in the kernel and never replies.
        let silent = try SilentListener()
        let connection = WebDriverConnection(port: silent.port, timeout: 0.5)
        let clock = ContinuousClock()
        let start = clock.now
        let error = try await #require(throws: WebDriverError.self) { try await connection.send("GET", "status") }
        #expect(clock.now - start < .seconds(10), "the 0.5 s deadline, not the connection's own end")
        #expect(error.message.contains("127.0.0.1:\(silent.port)/status"), "\(error)")
        // The request's thread is not left blocked: the deadline shut its socket down, and the
        // listener reads the request and then the end of the connection.
        #expect(silent.acceptAndReadToEnd(seconds: 5), "the client's end of the connection was shut down")
    }

    @Test func closingEndsChromedriverAndChromiumAndRemovesTheProfile() async throws {
        let browser = try await Browser.launch(Browser.Options(width: 300, height: 200))
        let folder = browser.profileFolder.path
        let running = ProcessTable.sessionProcesses(marker: folder)
        #expect(ProcessTable.processes(commandLineContaining: folder).count >= 2,
                "chromedriver and chromium run with the session folder on their command lines")
        #expect(running.count >= 4, "chromium's helpers are in chromedriver's process group: \(running.sorted())")
        // Each by pid and start time: the other browser tests start processes all the while, and
        // one may be given the pid of a session process that has ended.
        let started = running.map { (pid: $0, start: ProcessTable.startTime($0)) }
        await browser.close()
        #expect(ProcessTable.sessionProcesses(marker: folder).filter(ProcessTable.isRunning) == [])
        #expect(!started.contains { ProcessTable.isRunning($0.pid, startedAt: $0.start) }, "every process of the session is gone")
        #expect(!FileManager.default.fileExists(atPath: folder))
        await browser.close()  // twice is harmless
    }

    @Test func aHungChromedriverFailsTheCommandAndIsKilledOnClose() async throws {
        let browser = try await Browser.launch(Browser.Options(width: 300, height: 200))
        let folder = browser.profileFolder.path
        let driver = try #require(ProcessTable.processes(commandLineContaining: "--log-path=\(folder)").first)
        kill(driver, SIGSTOP)  // chromedriver stops answering, as if hung
        let clock = ContinuousClock()
        let start = clock.now
        let error = try await #require(throws: WebDriverError.self) {
            try await browser.command("POST", "url", .fields(["url": .string(Fixture.pointerLab.absoluteString)]), timeout: 2)
        }
        #expect(error.message.contains("no answer within 2.0 s") && error.message.contains("/url"), "\(error)")
        await browser.close()
        #expect(clock.now - start < .seconds(30))
        #expect(ProcessTable.sessionProcesses(marker: folder).filter(ProcessTable.isRunning) == [])
    }
}

/// A loopback TCP port that takes connections and never answers.
private final class SilentListener {
    let port: Int
    private let socket: Int32

    init() throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 4) == 0 else {
            close(fd)
            throw WebDriverError("cannot listen on loopback")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        socket = fd
    }

    /// Accepts the waiting connection and reads until its end; false when it does not end in time.
    func acceptAndReadToEnd(seconds: Int) -> Bool {
        let connection = accept(socket, nil, nil)
        guard connection >= 0 else { return false }
        defer { close(connection) }
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count == 0 { return true }
            if count < 0 { return false }
        }
    }

    deinit { close(socket) }
}
