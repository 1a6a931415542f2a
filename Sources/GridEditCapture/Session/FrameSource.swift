#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CVision

/// Where frames come from: a camera, a video file, or still images.
public enum FrameSourceSpec: Sendable, Hashable {
    /// A V4L2 camera: `/dev/video0`, or just its number `0`.
    case camera(String)
    case video(String)
    case images([String])

    /// For messages and stream headers: "camera /dev/video0", "video take.avi", "2 images".
    public var description: String {
        switch self {
        case .camera(let device): "camera \(device)"
        case .video(let path): "video \(path)"
        case .images(let paths): paths.count == 1 ? "image \(paths[0])" : "\(paths.count) images"
        }
    }

    public var isImages: Bool {
        if case .images = self { return true }
        return false
    }

    public var isLive: Bool {
        if case .camera = self { return true }
        return false
    }
}

/// Reads frames one at a time; opened from a ``FrameSourceSpec`` with errors that name the
/// device or file and say what to do.
public final class FrameSource {
    public let spec: FrameSourceSpec
    private var video: OpaquePointer?
    private var remaining: [String] = []
    /// The name of the file the last frame came from (images), for messages.
    public private(set) var currentName: String
    public private(set) var framesRead = 0

    public init(_ spec: FrameSourceSpec, width: Int = 1280, height: Int = 720) throws(CaptureError) {
        self.spec = spec
        currentName = spec.description
        switch spec {
        case .camera(let device):
            let index = try Self.cameraIndex(device)
            guard let handle = gev_video_open_camera(Int32(index), Int32(width), Int32(height)) else {
                throw CaptureError(.input, "camera \(device): \(VisionError.last); check that no other program is using it")
            }
            video = handle
        case .video(let path):
            guard access(path, R_OK) == 0 else {
                throw CaptureError(.input, "\(path): cannot read the video (\(String(cString: strerror(errno)))); check the path")
            }
            guard let handle = gev_video_open_file(path) else {
                throw CaptureError(.input, "\(path): \(VisionError.last); record it as MJPEG .avi or MP4")
            }
            video = handle
        case .images(let paths):
            guard !paths.isEmpty else { throw CaptureError(.input, "no images given; pass --image FILE") }
            // Every file up front: a missing third photo fails before the first two are read.
            for path in paths where access(path, R_OK) != 0 {
                throw CaptureError(.input, "\(path): cannot read the image (\(String(cString: strerror(errno)))); check the path")
            }
            remaining = paths
        }
    }

    deinit { if let video { gev_video_close(video) } }

    /// The camera number of `/dev/videoN` or `N`, after checking the device exists.
    static func cameraIndex(_ device: String) throws(CaptureError) -> Int {
        let path = Int(device) != nil ? "/dev/video\(device)" : device
        guard path.hasPrefix("/dev/video"), let index = Int(path.dropFirst("/dev/video".count)), index >= 0 else {
            throw CaptureError(.input, "\(device) is not a camera device; give /dev/videoN or its number N")
        }
        guard access(path, F_OK) == 0 else {
            let present = (0..<64).map { "/dev/video\($0)" }.filter { (p: String) in access(p, F_OK) == 0 }
            let hint = present.isEmpty ? "no cameras are connected (no /dev/video*)"
                : "cameras here: \(present.joined(separator: ", "))"
            throw CaptureError(.input, "no camera at \(path); \(hint)")
        }
        guard access(path, R_OK | W_OK) == 0 else {
            throw CaptureError(.input, "\(path): permission denied; add yourself to the video group (sudo adduser $USER video)")
        }
        return index
    }

    /// The next frame, nil at the end of a file or the image list.
    public func next() throws(CaptureError) -> VisionImage? {
        if let video {
            var frame: OpaquePointer?
            switch gev_video_read(video, &frame) {
            case 1:
                framesRead += 1
                return VisionImage(taking: frame!)
            case 0:
                return nil
            default:
                throw CaptureError(.input, "\(spec.description): \(VisionError.last)")
            }
        }
        guard !remaining.isEmpty else { return nil }
        let path = remaining.removeFirst()
        currentName = path
        framesRead += 1
        return try VisionImage.read(path: path)
    }

    /// Frames per second the source reports (0 for images or when unknown).
    public var framesPerSecond: Double { video.map { gev_video_fps($0) } ?? 0 }
}
