import CVision
import Foundation
import Testing

/// OpenCV's imgcodecs and videoio are loaded when a file or camera is first opened
/// (Sources/CVision/io.cpp), each function found by its C++ name: a name that does not match the
/// installed OpenCV would only show when a designer opens a photo, so every one is looked up here.
@Suite("OpenCV's image and video modules, loaded on first use")
struct LazyOpenCVTests {
    @Test("imgcodecs and videoio load, with every function gridedit calls")
    func everyFunctionIsFound() {
        let ready = gev_image_codecs_ready()
        #expect(ready == 1, "\(String(cString: gev_last_error()))")
    }

    @Test("an image written and read back through the loaded codecs keeps every byte (PNG)")
    func imagesRoundTrip() throws {
        let (w, h) = (67, 41)
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        for i in pixels.indices { pixels[i] = UInt8((i * 37 + i / 7) % 256) }
        let image = try #require(gev_image_from_bgr(pixels, Int32(w), Int32(h), Int32(3 * w)))
        defer { gev_image_free(image) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazy-opencv-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("a.png").path
        #expect(gev_image_write(image, png) == 0)
        let read = try #require(gev_image_read(png), "\(String(cString: gev_last_error()))")
        defer { gev_image_free(read) }
        var stride: Int32 = 0
        let bytes = try #require(gev_image_bytes(read, &stride))
        var same = true
        for y in 0..<h { for x in 0..<(3 * w) where bytes[y * Int(stride) + x] != pixels[y * 3 * w + x] { same = false } }
        #expect(same && gev_image_width(read) == Int32(w) && gev_image_height(read) == Int32(h))
        // Not an image: refused with a message, nothing crashes.
        let text = folder.appendingPathComponent("b.png").path
        try "not a picture".write(toFile: text, atomically: true, encoding: .utf8)
        #expect(gev_image_read(text) == nil)
        #expect(String(cString: gev_last_error()).contains("not a readable image"))
    }

    @Test("gridedit-capture does not link imgcodecs or videoio, only the modules every frame uses")
    func notLinked() throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gridedit-capture")
        let bytes = try Data(contentsOf: executable)
        func names(_ library: String) -> Bool { bytes.range(of: Data(library.utf8)) != nil }
        #expect(names("libopencv_core.so"), "\(executable.path) should link OpenCV's core")
        #expect(!names("libopencv_imgcodecs.so"), "\(executable.path) links imgcodecs: it should load it on first use (io.cpp)")
        #expect(!names("libopencv_videoio.so"), "\(executable.path) links videoio: it should load it on first use (io.cpp)")
    }
}
