#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore

/// The executables gridedit is split into, side by side in one folder. `gridedit` itself runs the
/// one-shot commands (`check`, `render`, `sudoku`, `tangram` …) and links neither OpenCV nor the
/// server, because every library linked costs every start of it (CI steps, editor hooks, scripts):
/// - `gridedit-capture` links OpenCV (~0.4 s of start-up): `gridedit mat` and `gridedit capture`
///   hand over to it, and the REPL's live `capture` reads its stream;
/// - `gridedit-editor` links the browser editor's server (Hummingbird, SwiftNIO) and libedit: the
///   REPL (`gridedit`, `gridedit edit`) and `gridedit serve` hand over to it, since the REPL's
///   `serve` shares its session with the page.
/// A hand-over replaces the process (`execv`): the process id, standard streams and exit status
/// are the sibling's own, so a test or a service manager that signals `gridedit serve` signals the
/// server.
public struct SiblingExecutable: Sendable {
    public let name: String
    /// The environment variable that names another copy (tests point it at a stand-in; packagers
    /// may install it elsewhere).
    public let override: String

    public static let capture = SiblingExecutable(name: "gridedit-capture", override: "GRIDEDIT_CAPTURE")
    public static let editor = SiblingExecutable(name: "gridedit-editor", override: "GRIDEDIT_EDITOR")

    /// The version every gridedit executable reports: they come from one build.
    public static let version = "0.1.0"

    /// Exit status when the sibling cannot be found or started (EX_UNAVAILABLE).
    public static let unavailable: Int32 = 69

    /// `$override`, else the sibling in the folder of the running executable.
    public func path(environment: [String: String]) throws(ChildProcess.Failure) -> String {
        if let path = environment[override], !path.isEmpty {
            guard FileSystem.isExecutable(path) else {
                throw ChildProcess.Failure("\(override) is set to \(path), which is not an executable file; point it at \(name), or unset it")
            }
            return path
        }
        let folder = FileSystem.runningExecutable().map(FileSystem.folder(of:)) ?? "."
        let path = folder + "/" + name
        guard FileSystem.isExecutable(path) else {
            throw ChildProcess.Failure("\(name) is not installed next to \(folder)/gridedit; build it with `swift build --product \(name)`")
        }
        return path
    }

    /// Replaces this process with the sibling, given `arguments` as they were typed. Returns only
    /// by exiting: with ``unavailable`` and a message naming the sibling when it cannot run.
    public func replaceProcess(arguments: [String], environment: [String: String]) -> Never {
        let path: String
        do {
            path = try self.path(environment: environment)
        } catch {
            fail(error.message)
        }
        let words = [path] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        execv(path, argv)
        // Only reached when exec failed.
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        fail("cannot run \(path): \(reason); build it with `swift build --product \(name)`")
    }

    private func fail(_ message: String) -> Never {
        StandardStreams.writeError("gridedit: error: \(message)\n")
        exit(Self.unavailable)
    }
}
