import Foundation
import CVision
import PhotoFrames
import SyntheticFrames

/// Synthetic camera frames written out for a person to look at: when capture misreads a frame,
/// or the frame generator changes, seeing the pictures is the quickest check. These were tests
/// that returned early unless an environment variable named a folder; a test that cannot fail is
/// a tool, so they are commands here.
enum FrameTools {
    /// `gridedit-bench frames DIR`: six random scenes (three 1280×720, three 1920×1080), each
    /// with a hand, as `frame-SEED.png`.
    static func samples(into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for seed in 0..<6 as Range<UInt64> {
            let scene = try Scene.random(seed: seed, width: seed % 2 == 0 ? 1280 : 1920, height: seed % 2 == 0 ? 720 : 1080)
            try SyntheticFrames.render(scene).write(png: "\(folder)/frame-\(seed).png")
            print("\(folder)/frame-\(seed).png")
        }
    }

    /// `gridedit-bench capture-frames DIR`: the frames the capture end-to-end tests read
    /// (``CaptureFrameSet``), exactly as the tests draw them.
    static func captureFrames(into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let set = try CaptureFrameSet(drawingInto: folder)
        for file in set.views + [set.video, set.plain, set.cropped, set.sixPieces, set.sharedProfile, set.merged,
                                 set.outside, set.slots, set.slotsWithoutSquare, set.ownSet] {
            print(file)
        }
    }

    /// `gridedit-bench photo-frames DIR`: the photograph-like frames of seeds 0–11 (the first of
    /// the capture tests' seeded share), as `photo-SEED.png`.
    static func photoFrames(into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for seed in 0..<12 as Range<UInt64> {
            let frame = try PhotoFrames.render(PhotoScene.random(seed: seed))
            defer { gev_image_free(frame) }
            guard gev_image_write(frame, "\(folder)/photo-\(seed).png") == 0 else {
                throw SyntheticFrameError("cannot write \(folder)/photo-\(seed).png: \(String(cString: gev_last_error()))")
            }
            print("\(folder)/photo-\(seed).png")
        }
    }
}
