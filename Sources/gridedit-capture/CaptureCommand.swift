import Foundation
import ArgumentParser
import GridEditCapture
import GridEditCore
import GridEditMat

/// The options every capture command shares: where frames come from and the colour profile.
struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A camera: /dev/videoN or N.", valueName: "device"))
    var camera: String?

    @Option(name: .long, help: ArgumentHelp("A video file of the mat.", valueName: "file"))
    var video: String?

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Photos of the mat (PNG, JPEG).", valueName: "file"))
    var image: [String] = []

    @Option(name: .long, help: ArgumentHelp("The colour profile (default: templates/capture-colors.jsonc).", valueName: "profile"))
    var colors: String?

    /// Called first in each command's run(), not as validate(): ArgumentParser validates `capture`
    /// before `capture calibrate` too, so a validate() here would answer `capture calibrate --help`
    /// with this error and capture's help. Still a usage error: exit 64.
    func requireOneSource(command: String) throws {
        let given = [camera != nil, video != nil, !image.isEmpty].filter { $0 }.count
        guard given != 1 else { return }
        StandardStreams.writeError("Error: give exactly one of --camera DEVICE, --video FILE or --image FILE...\n"
                                       + "  See 'gridedit \(command) --help' for more information.\n")
        throw ExitCode.validationFailure
    }

    var spec: FrameSourceSpec {
        if let camera { return .camera(camera) }
        if let video { return .video(video) }
        return .images(image)
    }

    /// The profile named by --colors, else the templates' (in $GRIDEDIT_TEMPLATES, or
    /// templates/ here, above here or above this executable, as `gridedit mat` finds it).
    func loadProfile() throws(CaptureError) -> ColorProfile {
        let path: String
        if let colors {
            path = colors
        } else if let folder = ProcessInfo.processInfo.environment["GRIDEDIT_TEMPLATES"] {
            path = folder + "/" + (ColorProfile.defaultRelativePath.split(separator: "/").last.map(String.init) ?? "")
        } else {
            guard let found = ColorProfile.findDefault(from: FileManager.default.currentDirectoryPath,
                                                       executable: Bundle.main.executablePath) else {
                throw CaptureError(.input, "no templates folder with capture-colors.jsonc found; pass --colors PROFILE or set GRIDEDIT_TEMPLATES")
            }
            path = found
        }
        do { return try ColorProfile.load(path: path) } catch {
            throw CaptureError(.input, "\(error)")
        }
    }
}

/// -o and --force, shared by `capture` and `capture calibrate`: ArgumentParser lets a parent
/// command take its own options from after the subcommand's name, so were each command to declare
/// `-o` itself, `capture` would take calibrate's `-o` and calibrate would report it missing. One
/// group declared by both is parsed once and seen by both.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("Write the puzzle (capture; default: print it) or the profile (calibrate) here.",
                                                    valueName: "file"))
    var output: String?

    @Flag(name: .long, help: "Replace --output if it exists.")
    var force = false
}

/// Exit codes shared with gridedit: 1 when the layout is the problem, 2 for input and output.
func captureExitCode(for error: CaptureError) -> ExitCode {
    switch error.category {
    case .layout: ExitCode(1)
    case .input, .output: ExitCode(2)
    }
}

func printError(_ message: String) {
    StandardStreams.writeError("error: " + message + "\n")
}


struct CaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Turn physical pieces on the printed mat into an exact tangram puzzle.",
        discussion: """
        Lay the seven pieces in the play area of the mat (`gridedit mat`), keep its markers \
        visible, and capture from a camera, a video or photos. The pieces are fitted, snapped to \
        exact poses by the grid and anchoring every edit uses, validated like `gridedit check`, and \
        written to --output (or printed). Nothing is written when anything is wrong. \
        See docs/capture.md.
        """,
        subcommands: [CalibrateCommand.self])

    @OptionGroup var source: SourceOptions

    @OptionGroup var destination: OutputOptions
    var output: String? { destination.output }
    var force: Bool { destination.force }

    @Flag(name: .long, help: "Stream pose events (touch-file lines) for the REPL instead of writing a puzzle.")
    var stream = false

    @Flag(name: .long, help: ArgumentHelp("With --stream: stop when standard input closes (the REPL holds it open).", visibility: .hidden))
    var stopWhenInputCloses = false

    @Flag(name: .long, help: "Print each piece's colour, fit, confidence and snap (for a refused frame too).")
    var verbose = false

    func run() throws {
        try source.requireOneSource(command: "capture")
        do {
            let profile = try source.loadProfile()
            let frames = try FrameSource(source.spec)
            if stream {
                if stopWhenInputCloses { PoseStream.exitWhenInputCloses() }
                try PoseStream(analyzer: FrameAnalyzer(profile: profile), source: frames).run()
                return
            }
            if let output, !force, FileSystem.exists(output) {
                throw CaptureError(.output, "\(output) already exists; pass --force to replace it, or choose another name")
            }
            var capture = LayoutCapture(analyzer: FrameAnalyzer(profile: profile))
            capture.status = { StandardStreams.writeError($0 + "\n") }
            // With --verbose, a refusal shows the last refused frame's pieces and their evidence
            // (the message names only the doubtful ones).
            var lastRefused: CapturedLayout?
            if verbose { capture.refused = { lastRefused = $0 } }
            let result: LayoutCapture.Result
            do { result = try capture.run(frames) } catch {
                if let layout = lastRefused {
                    StandardStreams.writeError("refused frame, every piece:\n")
                    for line in pieceLines(layout) { StandardStreams.writeError(line + "\n") }
                }
                throw error
            }
            let now = PuzzleMetadata.now(environment: ProcessInfo.processInfo.environment)
            let puzzle: TangramPuzzle
            do { puzzle = try CapturedPuzzle.make(result.layout, output: output, now: now) } catch {
                // Name what was captured, as every other capture message does.
                let name: String
                if case .images(let paths) = source.spec, paths.count == 1 { name = paths[0] } else { name = source.spec.description }
                throw CaptureError(error.category, "\(name): \(error.message)")
            }
            try CapturedPuzzle.write(puzzle, to: output, force: force)
            report(result, puzzle: puzzle)
        } catch let error as CaptureError {
            printError(error.message)
            throw captureExitCode(for: error)
        }
    }

    func report(_ result: LayoutCapture.Result, puzzle: TangramPuzzle) {
        let target = output ?? "the puzzle"
        var line = "\(target): 7 pieces from \(source.spec.description)"
        if result.framesRead > 1 { line += " (\(result.framesAgreeing) of \(result.framesRead) frames agree)" }
        line += ", difficulty \(puzzle.metadata.difficulty.rawValue)"
        StandardStreams.writeError(line + "\n")
        for other in result.disagreeing { StandardStreams.writeError("warning: \(other)\n") }
        // A piece half under a hand can fit more than one way; say so rather than trust it silently.
        let hidden = result.layout.pieces.filter(\.sighting.occluded).map(\.piece.rawValue)
        if !hidden.isEmpty {
            StandardStreams.writeError("warning: \(hidden.joined(separator: ", ")) partly hidden (a hand?); "
                                           + "check \(hidden.count == 1 ? "its pose" : "their poses"), or capture again with nothing over the pieces\n")
        }
        guard verbose else { return }
        for line in pieceLines(result.layout) { StandardStreams.writeError(line + "\n") }
    }

    /// One line per piece: where it was seen, where it was snapped, its colour, confidence and
    /// the four measures, and how it was snapped.
    func pieceLines(_ layout: CapturedLayout) -> [String] {
        var lines: [String] = []
        for captured in layout.pieces {
            let (sighting, pose, fit) = (captured.sighting, captured.pose, captured.fit)
            var line = "  \(pose.piece.rawValue): seen at (\(f(sighting.x)), \(f(sighting.y))) "
                + "\(f(Self.degrees(sighting.degrees)))°\(sighting.flipped ? " flipped" : ""), fit \(f(fit.fit))"
                + " → (\(pose.position.x), \(pose.position.y)) \(pose.rotation.degrees)°\(pose.flipped ? " flipped" : "")"
            line += "; colour \(fit.colour), confidence \(f(fit.confidence)) (explained \(f(fit.explained)), "
                + "lead \(f(fit.margin)) over \(fit.rival ?? "no rival"), settled \(f(fit.settled)), grid \(f(fit.gridClear))\(fit.gridByGroup ? " with the pieces it touches" : ""))"
            if let report = captured.report { line += "; snapped \(report.howSettled)" }
            if !fit.isTrusted { line += "; NOT SURE (under \(f(PieceFit.threshold)))" }
            lines.append(line)
        }
        return lines
    }

    /// A turn in [0, 360) that stays there once rounded to hundredths (359.996° is 0°, not 360°).
    static func degrees(_ value: Double) -> Double {
        let r = (value * 100).rounded() / 100
        return r >= 360 ? r - 360 : r
    }

    func f(_ value: Double) -> String {
        let r = (value * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
