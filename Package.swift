// swift-tools-version:6.2
import PackageDescription

// gridedit: authoring tools for Tangram and Sudoku puzzles.
//
// Layers, bottom to top (each only imports the ones above it in this list):
//   GridEditGeometry  exact ℤ[√2] numbers, points, polygons (no I/O)
//   GridEditJSON      strict JSON over json-c with source locations, canonical writer, JSON Lines
//   GridEditCore      puzzle kinds, packs, the `Pose` codec, store, documents and their findings (no terminal); in
//                     System/ the one file-system, process, standard-stream and parallel-map helper each
//   GridEditCheck     `gridedit check` for CI: runs over trees, reports in every format, shard merging, the cache
//   GridEditProcess   running a child program and reading its lines, for the front ends
//   GridEditLayout    the layout engine: approximate poses in (`ApproximatePose`, touch-file lines,
//                     camera frames through `PoseTracker`), exact poses out (the settling engine
//                     `Settler` over `LayoutSnapper` over `AnchorManager`; `SnapSettings`, `CameraLayout`)
//   GridEditEditor    the editor core: documents, undo, journal, validation, live input, the command
//                     interpreter
//   GridEditMat       the printed capture mat and the colour profiles (for Render and Capture)
//   GridEditRender    Cairo previews, cards and sheets (Mat and below, never Layout or the editor)
//   GridEditCapture   mat finding, piece segmentation and fitting, calibration (Core and Layout,
//                     never the editor)
//   GridEditPageProtocol  the page's messages to `gridedit serve`, decoded (JSON only: no HTTP, no editor)
//   GridEditServe     `gridedit serve`: HTTP + WebSocket (Hummingbird) over one editing session, and
//                     the page (plain HTML/CSS/JS modules); every page edit goes through the editor
//   gridedit, gridedit-editor, gridedit-capture, gridedit-bench   the front ends
//
// Camera capture lives apart, because OpenCV costs ~0.4 s of start-up to any process that links it:
//   CVision           a small C++ target over OpenCV with a plain C header (gridedit_vision.h)
//   gridedit-capture  the executable behind `gridedit mat` and `gridedit capture`; `gridedit` itself
//                     never links OpenCV and hands those commands over with exec. Its one-shot
//                     capture and the REPL's live `capture` (which reads `gridedit-capture capture
//                     --stream`) settle through `CameraLayout` and save through Core's `PuzzleStore`.
// The modules whose loops the test suite spends its time in (exact geometry, the Sudoku solver and
// grader, settling, pixel fitting, the frame generators, and reading JSON and checking it, which
// the end-to-end tests' debug `gridedit` does on megabyte files) are optimised in debug builds too: the
// suite runs their seeded shares several times faster, and every other module stays debuggable.
// (Release builds are optimised as always.) No library is exported as a product: a package
// cannot depend on targets built with unsafe flags, and gridedit's API is its commands and files.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

// The Swift runtime and Foundation linked in (release): `gridedit check FILE` started in 13 ms
// instead of 20 (loading and relocating their shared libraries was the difference).
let fastStart: [LinkerSetting] = [.unsafeFlags(["-static-stdlib", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims",
                                                "-l_FoundationCollections"], .when(configuration: .release))]

// The capture's per-pixel loops (the lens map, the colour conversion, the fits) built for x86-64
// CPUs with AVX2 and FMA (x86-64-v3: Intel Haswell and AMD Excavator, 2013–2015, and later), in
// release: the eight-lane SIMD code then runs in 256-bit registers, a 720p frame in 1 ms less
// (docs/measurements.md, 2026-11-30 night) with the same results to the bit (`gridedit-bench
// capture-digest`). gridedit-capture checks the CPU before anything else and refuses with a
// message on an older one (Sources/gridedit-capture/main.swift).
#if arch(x86_64)
let captureCPU: [SwiftSetting] = [.unsafeFlags(["-target-cpu", "haswell"], .when(configuration: .release))]
#else
let captureCPU: [SwiftSetting] = []
#endif

let package = Package(
    name: "gridedit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "gridedit", targets: ["gridedit"]),
        .executable(name: "gridedit-editor", targets: ["gridedit-editor"]),
        .executable(name: "gridedit-capture", targets: ["gridedit-capture"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // File descriptors and paths with EINTR handled (GridEditCore/System/FileSystem.swift).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // Child processes (GridEditProcess/ChildProcess.swift): the REPL's camera, the benchmark.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        // `gridedit serve` (GridEditServe): HTTP and WebSocket without hand-written HTTP. No traits:
        // their defaults build swift-configuration in, which serve does not read.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // NIOCore for GridEditServe's own channel handlers (Hummingbird builds on it).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .systemLibrary(name: "CJSONC", pkgConfig: "json-c",
                       providers: [.apt(["libjson-c-dev"])]),
        .target(name: "GridEditGeometry", swiftSettings: optimisedInDebug),
        .target(name: "GridEditJSON", dependencies: ["CJSONC"], swiftSettings: optimisedInDebug),
        // SHA-256 for `gridedit check`'s content cache (GridEditCheck/SHA256.swift): OpenSSL's,
        // from Debian. (swift-crypto would compile a whole BoringSSL into every clean build.)
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),
        .target(name: "GridEditCore", dependencies: [
            "GridEditGeometry", "GridEditJSON",
            .product(name: "SystemPackage", package: "swift-system"),
        ], swiftSettings: optimisedInDebug),
        // Running a program and reading its lines (`ChildProcess`, over swift-subprocess): for the
        // front ends (the REPL's camera and renderer, serve's hand-over, the benchmark, the browser
        // tests' chromedriver), never the domain.
        .target(name: "GridEditProcess", dependencies: [
            "GridEditCore", .product(name: "Subprocess", package: "swift-subprocess"), .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // `gridedit check` for CI: the checker's run over trees (shards, time limits), its reports
        // (text, JSON, JUnit, SARIF, GitHub annotations), merging shards' reports, the content cache.
        .target(name: "GridEditCheck", dependencies: ["GridEditCore", "GridEditJSON", "CCrypto"], swiftSettings: optimisedInDebug),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo-ft",
                       providers: [.apt(["libcairo2-dev"])]),
        // The printed capture mat and the colour profile that tells the pieces apart: Render draws
        // the mat, Capture finds it; neither is the puzzles' domain, so neither lives in Core.
        .target(name: "GridEditMat", dependencies: ["GridEditCore", "GridEditGeometry", "GridEditJSON"]),
        .target(name: "GridEditRender", dependencies: ["GridEditCore", "GridEditMat", "GridEditGeometry", "GridEditJSON", "CCairo"]),
        // The render benchmark's baseline: the same drawing with plain cairo from C.
        .executableTarget(name: "cairo-baseline", dependencies: ["CCairo"]),
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit",
                       providers: [.apt(["libedit-dev"])]),
        .target(name: "CEditLineShim", dependencies: ["CEditLine"]),
        .target(name: "GridEditLayout", dependencies: ["GridEditCore", "GridEditGeometry", "GridEditJSON"], swiftSettings: optimisedInDebug),
        .target(name: "GridEditEditor", dependencies: ["GridEditCore", "GridEditGeometry", "GridEditJSON", "GridEditLayout", .product(name: "SystemPackage", package: "swift-system")]),
        // The page's messages, decoded into typed requests: the server and the fuzz targets read them.
        .target(name: "GridEditPageProtocol", dependencies: ["GridEditJSON"]),
        // Entry points that read untrusted text (JSON, puzzle documents, page messages, touch lines,
        // Sudoku lines and links, tangram importers), one function each: fuzzed by gridedit-fuzz
        // (scripts/fuzz.sh) and replayed over their corpus by the tests.
        .target(name: "GridEditFuzzTargets", dependencies: ["GridEditJSON", "GridEditCore", "GridEditLayout", "GridEditPageProtocol"]),
        // libFuzzer's driver over GridEditFuzzTargets when built with -DFUZZING and
        // --sanitize=fuzzer (scripts/fuzz.sh); otherwise it replays files through a target.
        .executableTarget(name: "gridedit-fuzz", dependencies: ["GridEditFuzzTargets"]),
        // The visual editor in the browser: HTTP + WebSocket over one shared editing session, and
        // the page itself (Resources/page: plain HTML/CSS/JS modules, no build step).
        .target(name: "GridEditServe", dependencies: [
            "GridEditCore", "GridEditCheck", "GridEditGeometry", "GridEditJSON", "GridEditRender", "GridEditLayout", "GridEditEditor",
            "GridEditPageProtocol",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
        ], resources: [.copy("Resources/page")]),
        // gridedit: the one-shot commands (`check`, `render`, `sudoku`, `tangram` …), which CI
        // steps, editor hooks and scripts start again and again. It links neither the server nor
        // libedit: the REPL and `serve` are gridedit-editor's, and gridedit hands them over with
        // exec (Forwarding.swift), as it does `mat` and `capture` to gridedit-capture.
        .executableTarget(name: "gridedit", dependencies: [
            "GridEditCore", "GridEditCheck", "GridEditGeometry", "GridEditJSON", "GridEditRender", "GridEditLayout", "GridEditProcess",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: fastStart),
        // gridedit-editor: the REPL and `gridedit serve`, one executable because the REPL's
        // `serve` shares its editing session with the pages.
        .executableTarget(name: "gridedit-editor", dependencies: [
            "GridEditCore", "GridEditGeometry", "GridEditJSON", "GridEditRender", "GridEditLayout", "GridEditEditor", "GridEditServe",
            "GridEditProcess", "CEditLine", "CEditLineShim",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "SystemPackage", package: "swift-system"),
        ], linkerSettings: fastStart),
        // Only the OpenCV modules capture uses, not all of opencv4: each one linked costs load time.
        // imgcodecs and videoio (and the ~240 libraries they bring) are loaded when a file or
        // camera is first opened (Sources/CVision/io.cpp), not linked.
        .target(name: "CVision",
                cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"]), .unsafeFlags(["-O2"], .when(configuration: .debug))],
                linkerSettings: ["opencv_core", "opencv_imgproc", "opencv_calib3d", "opencv_aruco"].map { .linkedLibrary($0) }),
        .target(name: "GridEditCapture", dependencies: ["CVision", "GridEditCore", "GridEditMat", "GridEditGeometry", "GridEditLayout"],
                swiftSettings: optimisedInDebug + captureCPU),
        .executableTarget(name: "gridedit-capture", dependencies: [
            "GridEditCapture", "GridEditCore", "GridEditMat", "GridEditRender", "CVision",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "gridedit-bench", dependencies: ["GridEditCore", "GridEditCheck", "GridEditProcess", "GridEditJSON", "GridEditRender", "cairo-baseline", "GridEditLayout", "GridEditEditor",
                                                                 "GridEditCapture", "SyntheticFrames", "PhotoFrames", "CVision", "PoseSequences", "GridEditTestSupport",
                                                                 "GridEditServe", "ServeTestClient"]),

        // Sources/Support: what the tests and gridedit-bench share, so a benchmark measures exactly
        // what a test checks (no benchmark is built from a test target).
        // Workloads and test helpers: mixed and grown packs, hostile trees, the real binary, temporary folders.
        .target(name: "GridEditTestSupport", dependencies: ["GridEditCore", "GridEditJSON", "CCairo"], path: "Sources/Support/GridEditTestSupport",
                swiftSettings: optimisedInDebug),
        // Camera frames drawn by the project's own renderer (mat and pieces at exact poses), then
        // seen in perspective with blur, noise, uneven light and a hand: for tests and the benchmark.
        .target(name: "SyntheticFrames", dependencies: ["GridEditCore", "GridEditMat", "GridEditGeometry", "GridEditRender", "GridEditLayout", "CVision", "CCairo",
                                                        "GridEditTestSupport"],
                path: "Sources/Support/SyntheticFrames", swiftSettings: optimisedInDebug),
        // Photograph-like frames drawn independently of the capture renderer's pieces (bevel,
        // shadow, gloss, a lens with distortion, colour temperature, JPEG, a hand): the second
        // frame source of the capture tests and `gridedit-bench capture`.
        .target(name: "PhotoFrames", dependencies: ["GridEditCore", "GridEditMat", "GridEditGeometry", "GridEditRender", "GridEditLayout", "GridEditCapture",
                                                    "CVision", "CCairo", "SyntheticFrames", "PoseSequences"],
                path: "Sources/Support/PhotoFrames", swiftSettings: optimisedInDebug),
        // Noisy pose sequences that lay out exact figures piece by piece, replayed through the
        // editor's commands and checked against the figure: for the settling test and benchmark.
        .target(name: "PoseSequences", dependencies: ["GridEditCore", "GridEditGeometry", "GridEditLayout", "GridEditEditor", "GridEditTestSupport"],
                path: "Sources/Support/PoseSequences", swiftSettings: optimisedInDebug),
        // A W3C WebDriver client over chromedriver and Debian's chromium, with screenshot comparison
        // against reference PNGs: the real-browser harness of the browser tests (docs/testing.md).
        .target(name: "BrowserSupport", dependencies: [
            "GridEditCore", "GridEditJSON", "GridEditProcess", "GridEditTestSupport", "ServeTestClient",
        ], path: "Tests/BrowserSupport"),
        .testTarget(name: "GridEditCaptureTests", dependencies: ["GridEditCapture", "GridEditMat", "SyntheticFrames", "PhotoFrames", "GridEditCore", "GridEditGeometry",
                                                                 "GridEditLayout", "GridEditRender", "CVision", "GridEditTestSupport"]),
        .testTarget(name: "GridEditGeometryTests", dependencies: ["GridEditGeometry", "GridEditCore"]),  // Core: its SplitMix64
        .testTarget(name: "GridEditJSONTests", dependencies: ["GridEditJSON", "GridEditCore"]),  // Core: its SplitMix64
        .testTarget(name: "GridEditFuzzTargetsTests", dependencies: ["GridEditFuzzTargets", "GridEditCore", "GridEditTestSupport"]),
        .testTarget(name: "GridEditCoreTests", dependencies: ["GridEditCore", "GridEditGeometry", "GridEditJSON", "GridEditTestSupport",
                                                              "GridEditCheck", .product(name: "SystemPackage", package: "swift-system")]),  // Check: generated and stored packs pass it
        .testTarget(name: "GridEditCheckTests", dependencies: ["GridEditCheck", "GridEditCore", "GridEditJSON", "GridEditTestSupport"]),
        .testTarget(name: "GridEditRenderTests", dependencies: ["GridEditRender", "GridEditMat", "GridEditCore", "GridEditGeometry", "CCairo", "GridEditTestSupport"]),
        .testTarget(name: "GridEditLayoutTests", dependencies: ["GridEditLayout", "GridEditCore", "GridEditGeometry", "GridEditJSON",
                                                                "GridEditTestSupport"]),
        // The toy kind: a puzzle kind that lives only in the tests, the proof that a kind is one
        // folder and one registration line (Tests/ToyKind/MarkGridKind.swift).
        .target(name: "ToyKind", dependencies: ["GridEditEditor", "GridEditLayout", "GridEditCore", "GridEditGeometry", "GridEditJSON"], path: "Tests/ToyKind"),
        .testTarget(name: "GridEditEditorTests", dependencies: ["GridEditEditor", "GridEditLayout", "GridEditTestSupport", "PoseSequences", "ToyKind",
                                                                "GridEditCheck"]),
        // A page's end of the WebSocket protocol: for the serve tests, the end-to-end tests of the
        // real binary and `gridedit-bench serve`; and the kill -9 run of the real `gridedit serve`
        // (ServeKillRun), for its test and `gridedit-bench serve-faults`.
        .target(name: "ServeTestClient", dependencies: [
            "GridEditJSON", "GridEditCore", "GridEditGeometry", "GridEditTestSupport",
        ], path: "Sources/Support/ServeTestClient", swiftSettings: optimisedInDebug),
        .testTarget(name: "GridEditServeTests", dependencies: [
            "GridEditServe", "GridEditEditor", "GridEditLayout", "GridEditCore", "GridEditGeometry", "GridEditJSON", "GridEditTestSupport",
            "ServeTestClient", "ToyKind",
        ]),
        .testTarget(name: "GridEditEndToEndTests", dependencies: ["GridEditTestSupport", "GridEditMat", "SyntheticFrames", "GridEditCore", "GridEditGeometry", "CVision",
                                                                  "GridEditJSON", "ServeTestClient", "GridEditCapture", "PhotoFrames"]),
        // The page of `gridedit serve` in chromium: the real binary, its saved files read back with
        // Core, expected poses worked out by the editor's own settling engine.
        .testTarget(name: "GridEditBrowserTests", dependencies: ["BrowserSupport", "GridEditTestSupport", "GridEditCore", "GridEditCheck", "GridEditGeometry",
                                                                 "GridEditJSON", "GridEditEditor", "GridEditLayout", "PoseSequences",
                                                                 "GridEditServe", "ToyKind"]),  // Serve, ToyKind: the toy kind in chromium, served in-process
    ]
)
