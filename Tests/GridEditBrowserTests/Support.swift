import BrowserSupport
import Foundation
import GridEditJSON
import GridEditTestSupport

/// The harness's fixture page and its reference screenshots (Tests/Fixtures/browser).
enum Fixture {
    static var folder: URL { GridEditBinary.repositoryRoot.appendingPathComponent("Tests/Fixtures/browser") }
    static var pointerLab: URL { folder.appendingPathComponent("pointer-lab.html") }
    static var references: ScreenshotReferences { ScreenshotReferences(folder: folder.appendingPathComponent("screenshots")) }
}

/// One input event the fixture page recorded (window.lab.log).
struct LoggedEvent: CustomStringConvertible {
    let node: JSONNode
    var type: String { node["type"]?.string ?? "" }
    var pointerType: String? { node["pointerType"]?.string }
    var pointerId: Int? { node["pointerId"]?.int }
    var isPrimary: Bool? { node["isPrimary"]?.bool }
    var target: String { node["target"]?.string ?? "" }
    var x: Int? { node["x"]?.int }
    var y: Int? { node["y"]?.int }
    var point: (Int, Int)? { x.flatMap { x in y.map { (x, $0) } } }
    var description: String { node.compactText }
}

extension Browser {
    /// Loads the fixture page afresh (a clean log, the piece back at its start).
    func openPointerLab() async throws {
        try await navigate(to: Fixture.pointerLab)
    }

    /// What the page has recorded so far, optionally only events of `types`.
    func labLog(_ types: Set<String>? = nil) async throws -> [LoggedEvent] {
        let events = (try await execute("return window.lab.log").array ?? []).map(LoggedEvent.init)
        return types.map { types in events.filter { types.contains($0.type) } } ?? events
    }
}
