import Foundation

/// A fresh folder under the system temporary folder, removed when the value is released.
public final class TemporaryFolder: @unchecked Sendable {
    public let url: URL

    public init(copying source: URL? = nil) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("gridedit-test-\(UUID().uuidString)")
        if let source {
            try FileManager.default.copyItem(at: source, to: url)
        } else {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
    }

    public var path: String { url.path }

    public func file(_ relative: String) -> URL { url.appendingPathComponent(relative) }

    public func write(_ text: String, to relative: String) throws {
        let target = file(relative)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
    }

    public func read(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: file(relative)), as: UTF8.self)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
