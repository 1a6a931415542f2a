import Foundation
import GridEditTestSupport
import Testing

/// What a run of gridedit did.
struct Ran {
    var status: Int32
    var stdout: String
    var stderr: String
    var lines: [String] { GridEditBinary.Output.lines(stdout) }
}

/// Runs a gridedit binary with extra environment (and without GRIDEDIT_CAPTURE and
/// GRIDEDIT_EDITOR unless given).
func runGridedit(_ arguments: [String], binary: URL = GridEditBinary.url, environment extra: [String: String] = [:],
                 removing: [String] = ["GRIDEDIT_CAPTURE", "GRIDEDIT_EDITOR"]) throws -> Ran {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    for key in removing { environment[key] = nil }
    environment["NO_COLOR"] = "1"
    environment.merge(extra) { $1 }
    process.environment = environment
    let stdout = Pipe(), stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = stdout.fileHandleForReading.readDataToEndOfFile()
    let errData = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Ran(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
               stderr: String(decoding: errData, as: UTF8.self))
}

/// A shell script in a temporary folder standing in for a sibling executable (gridedit-capture,
/// gridedit-editor): it prints its arguments one per line, a line on standard error, and exits
/// with $FAKE_STATUS (default 7). It tests the forwarding only, not the sibling.
func fakeSibling(_ name: String, in folder: TemporaryFolder) throws -> String {
    try folder.write("""
        #!/bin/sh
        for argument in "$@"; do printf '[%s]\\n' "$argument"; done
        echo "fake \(name): $# arguments" >&2
        exit "${FAKE_STATUS:-7}"
        """, to: name)
    let path = folder.file(name).path
    chmod(path, 0o755)
    return path
}

private func fakeCapture(in folder: TemporaryFolder) throws -> String { try fakeSibling("gridedit-capture", in: folder) }

@Suite("gridedit mat and gridedit capture hand over to gridedit-capture")
struct CaptureForwardingTests {
    @Test("The gridedit executable does not link OpenCV, directly or through its libraries")
    func noOpenCV() throws {
        let needed = try Self.tool("/usr/bin/readelf", ["-d", GridEditBinary.url.path])
        #expect(needed.contains("(NEEDED)"), "readelf lists the libraries gridedit needs")
        #expect(!needed.lowercased().contains("opencv"), "gridedit must not need OpenCV:\n\(needed)")
        let loaded = try Self.tool("/usr/bin/ldd", [GridEditBinary.url.path])
        #expect(loaded.contains("libc.so"))
        #expect(!loaded.lowercased().contains("opencv"), "nothing gridedit loads pulls OpenCV in:\n\(loaded)")
    }

    @Test("Arguments, standard output, standard error and the exit status are gridedit-capture's", arguments: [
        ["mat", "-o", "mat.pdf", "--paper", "letter"],
        ["capture", "--camera", "/dev/video0", "-o", "a puzzle.json"],
        ["capture", "calibrate", "--image", "one.png", "two.png"],
        ["capture"],
    ])
    func forwardsEverything(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let fake = try fakeCapture(in: folder)
        let output = try runGridedit(arguments, environment: ["GRIDEDIT_CAPTURE": fake])
        #expect(output.status == 7)
        #expect(output.lines == arguments.map { "[\($0)]" })
        #expect(output.stderr == "fake gridedit-capture: \(arguments.count) arguments\n")
        let succeeding = try runGridedit(arguments, environment: ["GRIDEDIT_CAPTURE": fake, "FAKE_STATUS": "0"])
        #expect(succeeding.status == 0)
    }

    @Test("--help, -h and --version reach gridedit-capture instead of being answered by gridedit", arguments: [
        ["mat", "--help"], ["capture", "--help"], ["mat", "-h"], ["capture", "--version"], ["capture", "calibrate", "--help"],
    ])
    func forwardsHelp(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let output = try runGridedit(arguments, environment: ["GRIDEDIT_CAPTURE": try fakeCapture(in: folder)])
        #expect(output.status == 7)
        #expect(output.lines == arguments.map { "[\($0)]" })
    }

    @Test("gridedit's own help lists the two commands")
    func listedInHelp() throws {
        let output = try runGridedit(["--help"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("  mat "))
        #expect(output.stdout.contains("  capture "))
        let capture = try runGridedit(["help", "capture"])
        #expect(capture.stdout.contains("Turn pieces on the printed mat into a puzzle (runs gridedit-capture"))
    }

    @Test("Without gridedit-capture next to gridedit, the error says how to build it")
    func notInstalled() throws {
        let folder = try TemporaryFolder()
        let copy = folder.file("gridedit")
        try FileManager.default.copyItem(at: GridEditBinary.url, to: copy)
        let output = try runGridedit(["mat", "-o", "mat.pdf"], binary: copy)
        #expect(output.status == 69)
        #expect(output.stdout == "")
        let folderPath = folder.url.resolvingSymlinksInPath().path
        #expect(output.stderr == "gridedit: error: gridedit-capture is not installed next to \(folderPath)/gridedit; "
                + "build it with `swift build --product gridedit-capture`\n", "\(output.stderr)")

        let wrong = try runGridedit(["capture", "--help"], environment: ["GRIDEDIT_CAPTURE": folder.path + "/missing"])
        #expect(wrong.status == 69)
        #expect(wrong.stderr == "gridedit: error: GRIDEDIT_CAPTURE is set to \(folder.path)/missing, which is not an executable file; "
                + "point it at gridedit-capture, or unset it\n")
    }

    @Test("Other commands are not forwarded: a file named capture is still a file")
    func onlyTheCommands() throws {
        let folder = try TemporaryFolder()
        let output = try runGridedit(["list", "--help"], environment: ["GRIDEDIT_CAPTURE": try fakeCapture(in: folder)])
        #expect(output.status == 0)
        #expect(!output.stdout.contains("[list]"))
    }

    static func tool(_ path: String, _ arguments: [String]) throws -> String {
        try GridEditBinary.runProgram(URL(fileURLWithPath: path), arguments).stdout
    }
}
