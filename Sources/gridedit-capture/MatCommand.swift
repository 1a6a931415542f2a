import ArgumentParser
import CVision
import Foundation
import GridEditCore
import GridEditMat
import GridEditRender

/// `gridedit mat`: the printable capture mat, and with `--pieces` a second page of pieces to cut
/// out. Exit 0 written, 1 the colour profile has problems, 2 a file cannot be read or written
/// (or a font is missing), 64 bad usage. The file is written atomically: complete or not at all.
struct MatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mat",
        abstract: "Write the printable capture mat (PDF, PNG or SVG).",
        discussion: """
            Print the PDF at actual size (100 %, no "fit to page"), then check the 50 mm bar with a \
            ruler. --pieces adds a second page with the seven pieces to cut out, in the colours of \
            templates/capture-colors.jsonc (or --colors PROFILE). Exit status: 0 written, 1 the \
            colour profile has problems, 2 a file cannot be read or written, 64 bad usage.
            """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write: .pdf, .png or .svg.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("The paper: a4 or letter.", valueName: "paper"))
    var paper: MatLayout.Paper = .a4

    @Flag(help: "Add the pieces cut-out sheet as a second page (PDF only).")
    var pieces = false

    @Option(help: ArgumentHelp("The colour profile of the pieces sheet (default: templates/capture-colors.jsonc of the repository).",
                               valueName: "profile"))
    var colors: String?

    @Option(help: ArgumentHelp("PNG only: dots per inch (default 150).", valueName: "n"))
    var dpi: Double?

    @Option(help: ArgumentHelp("The style file whose fonts are used (default: templates/style.jsonc of the repository).",
                               valueName: "file"))
    var style: String?

    func validate() throws {
        guard let format = RenderFormat(path: output) else {
            throw ValidationError("\(output): end the file name in .pdf, .png or .svg")
        }
        if pieces && format != .pdf {
            throw ValidationError("--pieces adds a second page, which only a PDF has; write a .pdf")
        }
        if colors != nil && !pieces { throw ValidationError("--colors colours the pieces sheet; add --pieces") }
        if let dpi {
            guard format == .png else { throw ValidationError("--dpi sets a PNG's resolution; a \(format.rawValue.uppercased()) is drawn at the paper's size") }
            guard (36...1200).contains(dpi) else { throw ValidationError("--dpi must be from 36 to 1200") }
        }
    }

    func run() throws {
        do {
            try write()
        } catch let error as RenderError {
            Self.printError("gridedit mat: \(error)")
            throw ExitCode(error.exitCode)
        } catch let error as ColorProfileError {
            Self.printError("gridedit mat: \(error)")
            throw ExitCode(error.exitCode)
        }
    }

    private func write() throws {
        let renderer = try Renderer(style: Style.load(try stylePath()))
        let layout = MatLayout.standard
        let profile = pieces ? try ColorProfile.load(path: try profilePath()) : nil
        let mat = MatDrawing(layout: layout, paper: paper, markerBits: try Self.markerBits(layout), profile: profile)
        try renderer.writeMat(mat, pages: pieces ? [.mat, .pieces] : [.mat], dotsPerInch: dpi ?? 150, to: output)
        print("\(output): \(mat.summary)\(pieces ? "; page 2: the pieces to cut out (\(profile!.name))" : "")")
    }

    /// Each marker's inner bits from OpenCV's dictionary, rows from the top, 1 = white.
    static func markerBits(_ layout: MatLayout) throws(RenderError) -> [Int: [[UInt8]]] {
        var result: [Int: [[UInt8]]] = [:]
        for marker in layout.markers {
            var buffer = [UInt8](repeating: 0, count: 64)
            let side = Int(gev_aruco_marker_bits(GEV_DICT_4X4_50, Int32(marker.id), &buffer, Int32(buffer.count)))
            guard side > 0 else {
                throw .unsupported("OpenCV gave no bits for marker \(marker.id) of \(MatLayout.dictionaryName): \(String(cString: gev_last_error())); reinstall libopencv-dev")
            }
            result[marker.id] = (0..<side).map { row in Array(buffer[(row * side)..<((row + 1) * side)]) }
        }
        return result
    }

    /// This executable, to find the repository's templates from a build folder.
    private var executable: String? {
        Bundle.main.executablePath ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    }

    private func stylePath() throws(RenderError) -> String {
        if let style { return style }
        guard let found = Style.findDefault(from: FileManager.default.currentDirectoryPath, executable: executable) else {
            throw .styleUnreadable(path: Style.defaultRelativePath, reason: "not found here or in a parent folder; pass --style FILE")
        }
        return found
    }

    private func profilePath() throws(ColorProfileError) -> String {
        if let colors { return colors }
        guard let found = ColorProfile.findDefault(from: FileManager.default.currentDirectoryPath, executable: executable) else {
            throw .unreadable(path: ColorProfile.defaultRelativePath, reason: "not found here or in a parent folder; pass --colors PROFILE")
        }
        return found
    }

    static func printError(_ message: String) {
        StandardStreams.errorLine(message)
    }
}

extension MatLayout.Paper: ExpressibleByArgument {}
