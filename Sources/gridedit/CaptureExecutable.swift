#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore
import GridEditProcess

/// Where `gridedit-capture` is: the half of gridedit that links OpenCV, kept out of this
/// executable because OpenCV costs every process that links it ~0.4 s of start-up. `gridedit mat`,
/// `gridedit capture` and the REPL's `capture` run it.
enum CaptureExecutable {
    static let name = "gridedit-capture"
    /// Names another gridedit-capture (tests point it at a stand-in; packagers may install it elsewhere).
    static let override = "GRIDEDIT_CAPTURE"

    /// `$GRIDEDIT_CAPTURE`, else gridedit-capture in the folder of the running gridedit.
    static func path(environment: [String: String]) throws(ChildProcess.Failure) -> String {
        if let path = environment[override], !path.isEmpty {
            guard FileSystem.isExecutable(path) else {
                throw ChildProcess.Failure("\(override) is set to \(path), which is not an executable file; point it at gridedit-capture, or unset it")
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
}
