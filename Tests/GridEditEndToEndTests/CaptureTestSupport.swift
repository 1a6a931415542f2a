import Foundation
import GridEditCore
import GridEditTestSupport
import SyntheticFrames
import Testing

// Frames for the capture end-to-end tests: drawn by SyntheticFrames (the project's renderer,
// seen through a camera with perspective, blur, noise and uneven light), written as PNG files
// and one MJPEG video into a temporary folder, once for the whole run, and shared by the tests.

/// Runs `gridedit mat|capture …` as a designer does: the real `gridedit`, which hands these
/// commands to the real `gridedit-capture` beside it with exec (`direct` runs gridedit-capture
/// itself). Exit status and output are gridedit-capture's either way.
enum CaptureBinary {
    static var url: URL { GridEditBinary.url.deletingLastPathComponent().appendingPathComponent("gridedit-capture") }

    struct Output: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], in directory: URL? = nil, direct: Bool = false,
                    environment extra: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = direct ? url : GridEditBinary.url
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? GridEditBinary.repositoryRoot
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["GRIDEDIT_CAPTURE"] = nil  // the gridedit-capture built beside gridedit
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both pipes are drained on their own threads: a puzzle on stdout and the messages on
        // stderr may each be larger than a pipe holds.
        let errors = PipeReader(stderr.fileHandleForReading)
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Reads a pipe to its end on another thread.
final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// The footprints of a puzzle's pieces (shape and exact vertices, as `Pose.Footprint`), sorted
/// so that layouts compare as multisets (the two large and two small triangles are
/// interchangeable).
func footprints(_ poses: [Pose]) -> [Pose.Footprint] {
    poses.map(\.footprint).sorted { describe($0) < describe($1) }
}

private func describe(_ footprint: Pose.Footprint) -> String {
    "\(footprint.shape) " + footprint.vertices.map { "\($0)" }.sorted().joined(separator: " ")
}

/// Loads a tangram puzzle file with the project's loader.
func loadTangram(_ path: String) throws -> TangramPuzzle {
    let loaded = try PuzzleStore(root: URL(fileURLWithPath: path).deletingLastPathComponent().path).load(path)
    return try #require(loaded.document.puzzle as? TangramPuzzle, "\(path) is not a tangram")
}

/// What the frames show and where they are: the frame set (``CaptureFrameSet``) drawn once per
/// run into a temporary folder, and shared by every test that needs frames (rendering dominates).
@dynamicMemberLookup
final class CaptureFixtures: @unchecked Sendable {
    static let shared: Result<CaptureFixtures, SyntheticFrameError> = {
        do { return .success(try CaptureFixtures()) } catch let error as SyntheticFrameError {
            return .failure(error)
        } catch {
            return .failure(SyntheticFrameError("\(error)"))
        }
    }()

    static func get() throws -> CaptureFixtures { try shared.get() }

    let folder: TemporaryFolder
    let frames: CaptureFrameSet

    private init() throws {
        folder = try TemporaryFolder()
        frames = try CaptureFrameSet(drawingInto: folder.path)
    }

    subscript<T>(dynamicMember keyPath: KeyPath<CaptureFrameSet, T>) -> T { frames[keyPath: keyPath] }
}
