#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditEditor
import GridEditLayout

/// Where `gridedit-capture` is: the half of gridedit that links OpenCV, kept out of this
/// executable because OpenCV costs every process that links it ~0.4 s of start-up. `gridedit mat`,
/// `gridedit capture` and the REPL's `capture` run it.
enum CaptureExecutable {
    static let name = "gridedit-capture"
    /// Names another gridedit-capture (tests point it at a stand-in; packagers may install it elsewhere).
    static let override = "GRIDEDIT_CAPTURE"

    /// `$GRIDEDIT_CAPTURE`, else gridedit-capture in the folder of the running gridedit.
    static func path(environment: [String: String]) throws(EditError) -> String {
        if let path = environment[override], !path.isEmpty {
            guard isExecutable(path) else {
                throw EditError("\(override) is set to \(path), which is not an executable file; point it at gridedit-capture, or unset it")
            }
            return path
        }
        let folder = runningExecutable().map(parent) ?? "."
        let path = folder + "/" + name
        guard isExecutable(path) else {
            throw EditError("\(name) is not installed next to \(folder)/gridedit; build it with `swift build --product \(name)`")
        }
        return path
    }

    static func isExecutable(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }

    /// This process's executable (Linux: /proc/self/exe).
    static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
