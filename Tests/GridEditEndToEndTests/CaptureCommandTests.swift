import Foundation
import GridEditCore
import GridEditMat
import GridEditTestSupport
import CVision
import GridEditCapture
import PhotoFrames
import SyntheticFrames
import Testing

/// `gridedit capture`, `gridedit capture calibrate` and `gridedit mat` as a designer runs them:
/// the real `gridedit`, which hands them to the real `gridedit-capture` with exec. Photos and a
/// video drawn by SyntheticFrames in; exit status, messages and files out. Every failure names
/// the file or device, says what to do, and writes nothing.
@Suite("gridedit capture")
struct CaptureCommandTests {
    /// The files in a folder, sorted, to show that nothing was written.
    func files(in folder: TemporaryFolder) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    func stderrLines(_ run: CaptureBinary.Output) -> [String] {
        run.stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("[ WARN") }
    }

    // MARK: Capturing a layout

    @Test("a photo from each of three cameras: exit 0, a file that passes check, the scene's exact poses",
          arguments: 0..<3)
    func photo(_ view: Int) throws {
        let frames = try CaptureFixtures.get()
        let out = try TemporaryFolder()
        let target = out.file("house.json").path
        // The last through gridedit-capture itself, as gridedit hands it over.
        let run = try CaptureBinary.run(["capture", "--image", frames.views[view], "-o", target], direct: view == 2)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(stderrLines(run).first?.hasPrefix("\(target): 7 pieces from image \(frames.views[view]), difficulty ") == true,
                "\(run.stderr)")
        #expect(run.stdout == "")
        let puzzle = try loadTangram(target)
        #expect(puzzle.metadata.id == "house")
        #expect(footprints(puzzle.pieces ?? []) == footprints(frames.poses))
        let check = try GridEditBinary.run(["check", target])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let format = try GridEditBinary.run(["format", "--check", target])
        #expect(format.status == 0, "the file is not canonical: \(format.stdout)")
    }

    @Test("several photos of one layout make one puzzle; a photo that shows something else is named")
    func severalPhotos() throws {
        let frames = try CaptureFixtures.get()
        let out = try TemporaryFolder()
        let target = out.file("house.json").path
        let run = try CaptureBinary.run(["capture", "--image"] + frames.views + ["-o", target])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(stderrLines(run).first?.hasPrefix("\(target): 7 pieces from 3 images (3 of 3 frames agree), difficulty ") == true,
                "\(run.stderr)")
        #expect(footprints(try loadTangram(target).pieces ?? []) == footprints(frames.poses))

        // Most photos show the layout; the one without small-2 is named, and the layout wins.
        let mixed = out.file("mixed.json").path
        let second = try CaptureBinary.run(["capture", "--image"] + frames.views + [frames.sixPieces, "-o", mixed])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("(3 of 4 frames agree)"), "\(second.stderr)")
        #expect(stderrLines(second).contains("warning: \(frames.sixPieces): small-2 (pink) not found on the mat: put it inside the play area, "
                                             + "or calibrate the colours for this light (gridedit capture calibrate)"), "\(second.stderr)")
        #expect(footprints(try loadTangram(mixed).pieces ?? []) == footprints(frames.poses))
    }

    @Test("--verbose prints each piece's fit, colour, confidence and snap, turns in [0, 360)")
    func verbose() throws {
        let frames = try CaptureFixtures.get()
        let out = try TemporaryFolder()
        let run = try CaptureBinary.run(["capture", "--image", frames.views[0], "-o", out.file("house.json").path, "--verbose"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = stderrLines(run).dropFirst()
        #expect(lines.map { String($0.prefix { $0 != ":" }) } == TangramPiece.allCases.map { "  \($0.rawValue)" }, "\(run.stderr)")
        for line in lines {
            #expect(line.contains(": seen at (") && line.contains(", fit 0.") && line.contains(" → ("), "\(line)")
            #expect(line.contains("; colour ") && line.contains(", confidence ") && line.contains("; snapped "), "\(line)")
            #expect(!line.contains("360°"), "\(line)")
        }
    }

    @Test("--verbose on a refused photo: every piece with its evidence, the doubtful ones marked, then the refusal; nothing written")
    func verboseRefusal() throws {
        // Photo-like frames (Sources/Support/PhotoFrames) that capture refuses for a doubtful piece: the
        // first of these seeds that still is (capture may one day take some of them).
        let analyzer = FrameAnalyzer(profile: try SyntheticFrames.templateProfile())
        let seed = try [149, 511, 533, 542].map(UInt64.init).first { seed in
            try PhotoEvaluation.run(seed: seed, analyzer: analyzer).message.contains("not sure of its pose")
        }
        let refusedSeed = try #require(seed, "none of these photo frames is refused for a doubtful piece any more: pick others")
        let out = try TemporaryFolder()
        let photo = out.file("photo.png").path
        let frame = try PhotoFrames.render(PhotoScene.random(seed: refusedSeed))
        defer { gev_image_free(frame) }
        #expect(gev_image_write(frame, photo) == 0)
        let target = out.file("refused.json").path
        let run = try CaptureBinary.run(["capture", "--image", photo, "-o", target, "--verbose"])
        #expect(run.status != 0)
        let lines = stderrLines(run)
        #expect(lines.first == "refused frame, every piece:", "\(run.stderr)")
        let pieces = Array(lines.dropFirst().prefix(TangramPiece.allCases.count))
        #expect(pieces.map { String($0.prefix { $0 != ":" }) } == TangramPiece.allCases.map { "  \($0.rawValue)" }, "\(run.stderr)")
        for line in pieces {
            #expect(line.contains(", confidence ") && line.contains("; snapped "), "\(line)")
        }
        // The pieces marked not sure are the ones the refusal names.
        let error = try #require(lines.last)
        #expect(error.hasPrefix("error: \(photo): "), "\(run.stderr)")
        let marked = pieces.filter { $0.contains("NOT SURE") }.map { String($0.dropFirst(2).prefix { $0 != ":" }) }
        #expect(!marked.isEmpty)
        for piece in marked { #expect(error.contains("\(piece) ("), "\(piece) is marked but not named: \(error)") }
        #expect(files(in: out) == ["photo.png"])
    }

    @Test("a video: the layout once it holds still for five frames")
    func video() throws {
        let frames = try CaptureFixtures.get()
        let out = try TemporaryFolder()
        let target = out.file("take.json").path
        let run = try CaptureBinary.run(["capture", "--video", frames.video, "-o", target])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(stderrLines(run).first?.hasPrefix("\(target): 7 pieces from video \(frames.video) (5 of 5 frames agree)") == true,
                "\(run.stderr)")
        #expect(footprints(try loadTangram(target).pieces ?? []) == footprints(frames.poses))
        #expect(try GridEditBinary.run(["check", target]).status == 0)
    }

    @Test("without -o the canonical puzzle goes to standard output, the report to standard error")
    func standardOutput() throws {
        let frames = try CaptureFixtures.get()
        let here = try TemporaryFolder()
        let run = try CaptureBinary.run(["capture", "--image", frames.views[0]], in: here.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(stderrLines(run).first?.hasPrefix("the puzzle: 7 pieces from image ") == true, "\(run.stderr)")
        #expect(files(in: here) == [], "nothing written beside")
        try here.write(run.stdout, to: "captured.json")
        let puzzle = try loadTangram(here.file("captured.json").path)
        #expect(puzzle.metadata.id == "captured")
        #expect(footprints(puzzle.pieces ?? []) == footprints(frames.poses))
        // What went to stdout is what a file gets: canonical, and check passes it.
        #expect(try GridEditBinary.run(["format", "--check", here.file("captured.json").path]).status == 0)
        #expect(try GridEditBinary.run(["check", here.file("captured.json").path]).status == 0)
    }

    @Test("an existing -o is kept without --force (exit 2) and replaced with it")
    func existingOutput() throws {
        let frames = try CaptureFixtures.get()
        let out = try TemporaryFolder()
        try out.write("keep me\n", to: "house.json")
        let target = out.file("house.json").path
        let refused = try CaptureBinary.run(["capture", "--image", frames.views[1], "-o", target])
        #expect(refused.status == 2)
        #expect(stderrLines(refused) == ["error: \(target) already exists; pass --force to replace it, or choose another name"])
        #expect(try out.read("house.json") == "keep me\n")
        let forced = try CaptureBinary.run(["capture", "--image", frames.views[1], "-o", target, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(footprints(try loadTangram(target).pieces ?? []) == footprints(frames.poses))
        #expect(files(in: out) == ["house.json"], "no temporary file left")
    }

    @Test("two large triangles of one red, flush against each other, are told apart by shape")
    func sharedColourTouching() throws {
        let frames = try CaptureFixtures.get()
        let out = try TemporaryFolder()
        let target = out.file("square.json").path
        let result = try CaptureBinary.run(["capture", "--image", frames.merged, "--colors", frames.sharedProfile, "-o", target])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(footprints(try loadTangram(target).pieces ?? []) == footprints(frames.mergedPoses))
    }

    // MARK: Failures: exit status, a message that names the file and says what to do, nothing written

    struct Failure: Sendable, CustomTestStringConvertible {
        var name: String
        /// The arguments after `capture` (`-o` into an empty folder follows them).
        var arguments: @Sendable (CaptureFixtures) -> [String]
        var status: Int32
        /// Texts the error output must contain.
        var messages: @Sendable (CaptureFixtures) -> [String]
        var testDescription: String { name }
    }

    static let failures: [Failure] = [
        Failure(name: "no camera at /dev/video9", arguments: { _ in ["--camera", "/dev/video9"] }, status: 2,
                messages: { _ in ["error: no camera at /dev/video9; "] }),
        Failure(name: "no camera 7", arguments: { _ in ["--camera", "7"] }, status: 2,
                messages: { _ in ["error: no camera at /dev/video7; "] }),
        Failure(name: "not a camera device", arguments: { _ in ["--camera", "/dev/null"] }, status: 2,
                messages: { _ in ["error: /dev/null is not a camera device; give /dev/videoN or its number N"] }),
        Failure(name: "a picture without a mat", arguments: { ["--image", $0.plain] }, status: 1,
                messages: { ["error: \($0.plain): the mat is not in view (none of its 8 markers found); point the camera at the whole mat"] }),
        Failure(name: "only one marker in view", arguments: { ["--image", $0.cropped] }, status: 1,
                messages: { ["error: \($0.cropped): only 1 of the mat's 8 markers is visible (id 0); at least 3 must be: "
                             + "keep hands and objects off the black squares and show the whole mat"] }),
        Failure(name: "a piece missing", arguments: { ["--image", $0.sixPieces] }, status: 1,
                messages: { ["error: \($0.sixPieces): small-2 (pink) not found on the mat: put it inside the play area, "
                             + "or calibrate the colours for this light (gridedit capture calibrate)"] }),
        Failure(name: "a piece half out of the play area", arguments: { ["--image", $0.outside] }, status: 1,
                messages: { ["error: \($0.outside): the captured layout is not a valid puzzle; nothing was written",
                             "tangram.out-of-bounds: square leaves the 8×8 play area (its corner (8.5, 2) is outside); move it inside 0…8"] }),
        Failure(name: "another set's colours with the default profile", arguments: { ["--image", $0.ownSet] }, status: 1,
                // The frame's colour clusters within 35° of the profile's are taken for its colours,
                // so some of this set's are, but not all, and what is taken does not add up: refused
                // (with the other pieces that do not add up, which depend on the frame's light).
                messages: { ["error: \($0.ownSet): ",
                             "square (green): the mat shows about twice as much of this colour as one piece: "
                             + "are two pieces of this colour on the mat? Take one off, or calibrate a profile for this set"] }),
        Failure(name: "a missing image", arguments: { [ "--image", $0.views[0], $0.folder.file("nope.png").path] }, status: 2,
                messages: { ["error: \($0.folder.file("nope.png").path): cannot read the image (No such file or directory); check the path"] }),
        Failure(name: "a file that is no image", arguments: { ["--image", $0.sharedProfile] }, status: 2,
                messages: { ["error: \($0.sharedProfile): not a readable image; give a PNG or JPEG photo of the mat"] }),
        Failure(name: "a missing video", arguments: { ["--video", $0.folder.file("nope.avi").path] }, status: 2,
                messages: { ["error: \($0.folder.file("nope.avi").path): cannot read the video (No such file or directory); check the path"] }),
        Failure(name: "a missing colour profile", arguments: { ["--image", $0.views[0], "--colors", $0.folder.file("none.jsonc").path] },
                status: 2, messages: { ["error: \($0.folder.file("none.jsonc").path): cannot read the colour profile: no such file"] }),
        Failure(name: "no source", arguments: { _ in [] }, status: 64,
                messages: { _ in ["Error: give exactly one of --camera DEVICE, --video FILE or --image FILE...",
                                  "See 'gridedit capture --help'"] }),
        Failure(name: "two sources", arguments: { ["--image", $0.views[0], "--video", $0.video] }, status: 64,
                messages: { _ in ["Error: give exactly one of --camera DEVICE, --video FILE or --image FILE..."] }),
        Failure(name: "an unknown option", arguments: { ["--image", $0.views[0], "--colour", "x"] }, status: 64,
                messages: { _ in ["Error: Unknown option '--colour'"] }),
    ]

    @Test("failures: the exit status, a message naming the file or device, nothing written", arguments: failures)
    func failure(_ failure: Failure) throws {
        let frames = try CaptureFixtures.get()
        if failure.name.contains("camera"), FileManager.default.fileExists(atPath: "/dev/video7")
            || FileManager.default.fileExists(atPath: "/dev/video9") { return }  // a machine with many cameras
        let out = try TemporaryFolder()
        let run = try CaptureBinary.run(["capture"] + failure.arguments(frames) + ["-o", out.file("p.json").path], in: out.url)
        #expect(run.status == failure.status, "\(run.stderr)")
        for message in failure.messages(frames) {
            #expect(run.stderr.contains(message), "expected \(String(reflecting: message)) in:\n\(run.stderr)")
        }
        #expect(run.stdout == "")
        #expect(files(in: out) == [], "nothing may be written")
    }

    @Test("OpenCV's image module missing: exit 2, the library and what to install named, nothing written")
    func imageModuleMissing() throws {
        let frames = try CaptureFixtures.get()
        let out = try TemporaryFolder()
        // A broken library of that name found first: gridedit-capture loads the module only when
        // it reads a photo (Sources/CVision/io.cpp), and must say so when it cannot.
        let libraries = try TemporaryFolder()
        try libraries.write("", to: "libopencv_imgcodecs.so.\(gev_opencv_soversion())")
        let run = try CaptureBinary.run(["capture", "--image", frames.views[0], "-o", out.file("p.json").path],
                                        environment: ["LD_LIBRARY_PATH": libraries.path])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("error: \(frames.views[0]): OpenCV's imgcodecs module could not be loaded ("), "\(run.stderr)")
        #expect(run.stderr.contains("install it: ./scripts/setup.sh does, or apt-get install libopencv-imgcodecs-dev"), "\(run.stderr)")
        #expect(!run.stderr.contains("give a PNG or JPEG photo"), "the file is not the problem: \(run.stderr)")
        #expect(files(in: out) == [], "nothing may be written")
    }

    @Test("without -o a failure prints nothing on standard output")
    func failureWithoutOutput() throws {
        let frames = try CaptureFixtures.get()
        let run = try CaptureBinary.run(["capture", "--image", frames.sixPieces])
        #expect(run.status == 1)
        #expect(run.stdout == "")
    }

    @Test("an invalid colour profile is reported at its line and column: exit 2, nothing written")
    func invalidProfile() throws {
        let frames = try CaptureFixtures.get()
        let out = try TemporaryFolder()
        let text = try Repository.text("templates/capture-colors.jsonc").replacingOccurrences(of: "\"#2065C7\"", with: "\"blue\"")
        try out.write(text, to: "colours.jsonc")
        let profile = out.file("colours.jsonc").path
        let run = try CaptureBinary.run(["capture", "--image", frames.views[0], "--colors", profile, "-o", out.file("p.json").path])
        #expect(run.status == 2)
        let at = try #require(TextPosition.ofOnly("\"blue\"", in: text))
        #expect(stderrLines(run) == [
            "error: \(profile): the colour profile has 1 problem(s); fix them, or run `gridedit capture calibrate` to measure your pieces again",
            "\(profile):\(at): error: [schema.value] pieces[\"large-2\"].color: \"blue\" is not a colour; write \"#RRGGBB\" in hex, like \"#D62839\"",
        ])
        #expect(files(in: out) == ["colours.jsonc"])
    }

    // MARK: Calibration

    @Test("calibrate measures another set in warm light; with its profile capture recovers the layout the default profile cannot")
    func calibrate() throws {
        let frames = try CaptureFixtures.get()
        let out = try TemporaryFolder()
        let profile = out.file("my.jsonc").path
        let run = try CaptureBinary.run(["capture", "calibrate", "--image", frames.slots, "-o", profile, "--name", "wooden set"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(stderrLines(run).first == "\(profile): colours of 7 pieces from 1 frame", "\(run.stderr)")
        let measured = try ColorProfile.load(path: profile)
        #expect(measured.name == "wooden set")
        // The light's warm cast is balanced away on the paper: each hue is near the set's own.
        for piece in TangramPiece.allCases {
            let truth = try #require(frames.ownProfile.colors[piece]), seen = try #require(measured.colors[piece])
            #expect(PieceColor.hueDistance(truth.hue, seen.hue) < 8, "\(piece.rawValue): \(seen.hex) for \(truth.hex)")
        }

        let target = out.file("own.json").path
        let capture = try CaptureBinary.run(["capture", "--colors", profile, "--image", frames.ownSet, "-o", target])
        #expect(capture.status == 0, "\(capture.stderr)")
        #expect(footprints(try loadTangram(target).pieces ?? []) == footprints(frames.poses))
        let without = try CaptureBinary.run(["capture", "--image", frames.ownSet, "-o", out.file("default.json").path])
        #expect(without.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out.file("default.json").path))

        // An existing profile is kept unless --force.
        let again = try CaptureBinary.run(["capture", "calibrate", "--image", frames.slots, "-o", profile])
        #expect(again.status == 2)
        #expect(stderrLines(again) == ["error: \(profile) already exists; pass --force to replace it, or choose another name"])
    }

    @Test("calibrate with a piece off its outline names the piece: exit 1, nothing written")
    func calibrateEmptySlot() throws {
        let frames = try CaptureFixtures.get()
        let out = try TemporaryFolder()
        let run = try CaptureBinary.run(["capture", "calibrate", "--image", frames.slotsWithoutSquare, "-o", out.file("my.jsonc").path])
        #expect(run.status == 1)
        #expect(stderrLines(run) == ["error: \(frames.slotsWithoutSquare): no coloured piece on the outline of square: "
                                     + "put every piece on its dashed outline (gridedit mat prints them) and keep the light even"])
        #expect(files(in: out) == [])
        let noMat = try CaptureBinary.run(["capture", "calibrate", "--image", frames.plain, "-o", out.file("my.jsonc").path])
        #expect(noMat.status == 1)
        #expect(noMat.stderr.contains("error: \(frames.plain): the mat is not in view"), "\(noMat.stderr)")
        #expect(files(in: out) == [])
    }

    @Test("calibrate usage: -o is required, one source, --help is calibrate's own")
    func calibrateUsage() throws {
        let frames = try CaptureFixtures.get()
        let noOutput = try CaptureBinary.run(["capture", "calibrate", "--image", frames.slots])
        #expect(noOutput.status == 64)
        #expect(noOutput.stderr.contains("Error: give -o PROFILE: where to write the measured colour profile"), "\(noOutput.stderr)")
        let noSource = try CaptureBinary.run(["capture", "calibrate", "-o", "/tmp/never-written.jsonc"])
        #expect(noSource.status == 64)
        #expect(noSource.stderr.contains("See 'gridedit capture calibrate --help'"), "\(noSource.stderr)")
        let help = try CaptureBinary.run(["capture", "calibrate", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Measure a colour profile"), "\(help.stdout)")
        #expect(help.stdout.contains("USAGE: gridedit capture calibrate"))
    }

    // MARK: The mat

    @Test("mat -o mat.pdf: exit 0, the summary, an A4 page (Letter with --paper letter, and a pieces page)")
    func mat() throws {
        let out = try TemporaryFolder()
        let a4 = out.file("mat.pdf").path
        let run = try CaptureBinary.run(["mat", "-o", a4], direct: true)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "\(a4): A4, 1 unit = 18 mm, markers DICT_4X4_50 ids 0–7\n")
        let bytes = try Data(contentsOf: out.file("mat.pdf"))
        #expect(bytes.starts(with: Array("%PDF".utf8)))
        #expect(String(decoding: bytes, as: UTF8.self).contains("/MediaBox [ 0 0 595.275591 841.889764 ]"), "210 × 297 mm")

        let letter = out.file("letter.pdf").path
        let second = try CaptureBinary.run(["mat", "-o", letter, "--paper", "letter", "--pieces"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasPrefix("\(letter): Letter, 1 unit = 18 mm"), "\(second.stdout)")
        #expect(second.stdout.contains("page 2: the pieces to cut out (gridedit printed pieces)"))
        if let info = try pdfinfo(letter) {
            #expect(info.contains("Pages:           2"), "\(info)")
            #expect(info.contains("Page size:       612 x 792 pts (letter)"), "\(info)")
        }
        if let info = try pdfinfo(a4) { #expect(info.contains("Page size:       595.276 x 841.89 pts (A4)"), "\(info)") }
        #expect(files(in: out) == ["letter.pdf", "mat.pdf"])
    }

    @Test("mat usage errors exit 64 and write nothing")
    func matUsage() throws {
        let out = try TemporaryFolder()
        for (arguments, message) in [(["-o", out.file("mat.gif").path], "end the file name in .pdf, .png or .svg"),
                                     (["-o", out.file("mat.png").path, "--pieces"], "--pieces adds a second page"),
                                     (["-o", out.file("mat.pdf").path, "--paper", "a3"], "a3")] {
            let run = try CaptureBinary.run(["mat"] + arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
        }
        #expect(files(in: out) == [])
    }

    /// `pdfinfo`'s report, or nil where poppler-utils is not installed.
    func pdfinfo(_ path: String) throws -> String? {
        guard let tool = ["/usr/bin/pdfinfo", "/usr/local/bin/pdfinfo"].first(where: FileManager.default.isExecutableFile) else { return nil }
        return try GridEditBinary.runProgram(URL(fileURLWithPath: tool), [path]).stdout
    }
}
