import ArgumentParser
import Foundation
import GridEditCapture
import GridEditCore
import GridEditMat

struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Measure a colour profile from the pieces lying on their outlines on the mat.",
        discussion: """
        Put each piece on its dashed outline (printed by `gridedit mat`), in the light you will \
        capture in, and run this once. The profile says which colour is which piece; pass it to \
        `gridedit capture --colors`.
        """)

    @OptionGroup var source: SourceOptions

    @OptionGroup var destination: OutputOptions
    var output: String { destination.output ?? "" }
    var force: Bool { destination.force }

    @Option(name: .long, help: "The profile's name.")
    var name = "calibrated pieces"

    func validate() throws {
        guard destination.output != nil else { throw ValidationError("give -o PROFILE: where to write the measured colour profile") }
    }

    /// Frames measured from a video or camera; their per-piece medians are used.
    static let frames = 10
    /// Seconds a camera may show nothing usable before calibration gives up.
    static let cameraTimeout = 30.0

    func run() throws {
        try source.requireOneSource(command: "capture calibrate")
        do {
            if !force, FileSystem.exists(output) {
                throw CaptureError(.output, "\(output) already exists; pass --force to replace it, or choose another name")
            }
            // The measurement does not need a profile: a neutral one only locates the mat.
            let analyzer = FrameAnalyzer(profile: try source.colors.map { path throws(CaptureError) in
                do { return try ColorProfile.load(path: path) } catch { throw CaptureError(.input, "\(error)") }
            } ?? source.loadProfile())
            let calibration = Calibration(analyzer: analyzer)
            let frames = try FrameSource(source.spec)
            var samples: [[Calibration.Measurement]] = []
            var lastError: CaptureError?
            let started = MonotonicTime.now
            while samples.count < Self.frames, let frame = try frames.next() {
                do { samples.append(try calibration.measure(frame)) } catch { lastError = CaptureError(error.category, "\(frames.currentName): \(error.message)") }
                // A camera never runs out of frames: give up when it shows nothing usable.
                if source.spec.isLive, samples.isEmpty, MonotonicTime.now - started > Self.cameraTimeout {
                    throw lastError ?? CaptureError(.layout, "\(source.spec.description): no usable frame in \(Int(Self.cameraTimeout)) s")
                }
            }
            guard !samples.isEmpty else {
                throw lastError ?? CaptureError(.input, "\(source.spec.description): no frames")
            }
            let merged = Calibration.merge(samples)
            let (profile, notes) = Calibration.profile(from: merged, name: name)
            do { try profile.save(to: output) } catch { throw CaptureError(.output, "\(error)") }
            StandardStreams.writeError("\(output): colours of 7 pieces from \(samples.count) frame\(samples.count == 1 ? "" : "s")\n")
            for note in notes { StandardStreams.writeError("note: \(note)\n") }
        } catch let error as CaptureError {
            printError(error.message)
            throw captureExitCode(for: error)
        }
    }
}
