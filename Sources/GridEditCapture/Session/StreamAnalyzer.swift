import GridEditCore

/// The frame analyser for a stream from one camera (the REPL's live stream, a video): frames that
/// show what an earlier frame showed are not worked out again.
///
/// Each frame is shrunk to a thumbnail of cells (``cellSize`` pixels square, the colour averaged,
/// which averages camera noise away) and compared with two earlier ones:
/// - with the frame the last analysis was made from: when no cell's colour moved by more than
///   ``changeThreshold`` in any channel, nothing on the mat moved and that analysis stands
///   (a piece moved by a twentieth of a unit changes its edge's cells by several times that);
/// - with the frame the markers were last found in, in the cells over the mat's markers (all of
///   them, seen or not then): when none changed, the camera and the mat have not moved, and the
///   perspective (with the lens) and the top view's warp are kept; only the pieces are fitted.
/// The markers' sharpness is compared too (their pixels' contrast with their neighbours): a
/// shaken camera blurs them while leaving their cells' averages nearly as they were, and a mat
/// located in a blurred frame is not kept for sharp ones. Anything else is analysed in full. Both comparisons are with the frame the result came from,
/// never with the previous frame, so a slow drift adds up until it is seen. A frame without the
/// mat is never kept.
public final class StreamAnalyzer {
    public let analyzer: FrameAnalyzer

    /// 0…255 per channel, for a cell's average colour (camera noise of σ = 8 averages to 1 over
    /// 64 pixels; a JPEG block's mean moves less than 2).
    public static let changeThreshold = 12

    /// How the frames so far were read.
    public struct Counts: Sendable, Equatable {
        /// Worked out in full: markers, perspective, top view, pieces.
        public var full = 0
        /// The mat kept from an earlier frame; the pieces fitted again.
        public var matKept = 0
        /// Nothing moved: an earlier frame's analysis taken as it is.
        public var unchanged = 0

        public init(full: Int = 0, matKept: Int = 0, unchanged: Int = 0) {
            (self.full, self.matKept, self.unchanged) = (full, matKept, unchanged)
        }
    }

    public private(set) var counts = Counts()

    /// The mat as last located, with what is needed to keep it.
    private struct KnownMat {
        var view: MatView
        var warp: TopView.Warp
        var thumbnail: Thumbnail
        /// The cells over the mat's markers.
        var markerCells: [Int]
        /// The frame pixels around each marker, and how sharp the marker was there.
        var markerBoxes: [PixelBox]
        var markerDetail: [Double]
    }

    /// Markers sharper or blurrier than this share of what they were have the mat located again.
    static let detailTolerance = 0.15

    private var mat: KnownMat?
    private var last: (thumbnail: Thumbnail, analysis: FrameAnalysis)?

    public init(analyzer: FrameAnalyzer) {
        self.analyzer = analyzer
    }

    public func analyze(_ frame: VisionImage) -> FrameAnalysis {
        guard let thumbnail = Thumbnail(frame) else {
            mat = nil
            last = nil
            counts.full += 1
            return analyzer.analyze(frame)
        }
        if let last, last.thumbnail.hasSameCells(as: thumbnail), !thumbnail.differs(from: last.thumbnail) {
            counts.unchanged += 1
            return last.analysis
        }
        if let mat, mat.thumbnail.hasSameCells(as: thumbnail), !thumbnail.differs(from: mat.thumbnail, in: mat.markerCells),
           zip(mat.markerDetail, Self.detail(of: frame, in: mat.markerBoxes)).allSatisfy({ abs($1 - $0) <= Self.detailTolerance * max($0, 1) }) {
            counts.matKept += 1
            let analysis = analyzer.analyze(frame, view: mat.view, warp: mat.warp)
            last = (thumbnail, analysis)
            return analysis
        }
        counts.full += 1
        mat = nil
        last = nil
        switch analyzer.mat(in: frame) {
        case .failure(let failure):
            return FrameAnalysis(outcome: .noMat(failure))
        case .success(let (view, warp)):
            let analysis = analyzer.analyze(frame, view: view, warp: warp)
            // Each marker where the frame shows it, projected once for its cells and its box.
            let extents = analyzer.locator.layout.markers.compactMap { Extent(of: $0.corners, seenThrough: view) }
            let boxes = extents.compactMap { PixelBox(around: $0, width: frame.width, height: frame.height) }
            mat = KnownMat(view: view, warp: warp, thumbnail: thumbnail, markerCells: thumbnail.cells(covering: extents),
                           markerBoxes: boxes, markerDetail: Self.detail(of: frame, in: boxes))
            last = (thumbnail, analysis)
            return analysis
        }
    }

    /// The frame pixels a quadrilateral of mat units (a marker's corners) spans as the frame
    /// shows it through a view; nil when the view puts it nowhere near the frame.
    struct Extent {
        var minX: Double, minY: Double, maxX: Double, maxY: Double

        init?(of quad: [(x: Double, y: Double)], seenThrough view: MatView) {
            let pixels = quad.map { view.pixel($0.x, $0.y) }
            guard pixels.allSatisfy({ $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e6 && abs($0.y) < 1e6 }) else { return nil }
            (minX, maxX) = (pixels.map(\.x).min()!, pixels.map(\.x).max()!)
            (minY, maxY) = (pixels.map(\.y).min()!, pixels.map(\.y).max()!)
        }
    }

    /// The frame pixels (inclusive ranges) around an extent, a few pixels out; nil when it is
    /// not in the frame.
    struct PixelBox {
        var columns: ClosedRange<Int>, rows: ClosedRange<Int>

        init?(around extent: Extent, width: Int, height: Int) {
            let left = max(0, Int(extent.minX) - 3), right = min(width - 2, Int(extent.maxX) + 3)
            let top = max(0, Int(extent.minY) - 3), bottom = min(height - 2, Int(extent.maxY) + 3)
            guard left < right, top < bottom else { return nil }
            (columns, rows) = (left...right, top...bottom)
        }
    }

    /// How sharp the frame is in each box: the sum of the green channel's differences between
    /// neighbouring pixels, across and down.
    static func detail(of frame: VisionImage, in boxes: [PixelBox]) -> [Double] {
        frame.withBytes { bytes, stride in
            boxes.map { box in
                var sum = 0
                for row in box.rows {
                    let line = bytes + row * stride + 1, below = line + stride
                    for column in box.columns {
                        let here = Int(line[3 * column])
                        sum += abs(Int(line[3 * column + 3]) - here) + abs(Int(below[3 * column]) - here)
                    }
                }
                return Double(sum)
            }
        }
    }

    /// A frame shrunk to cells of about ``cellSize`` pixels, each its pixels' average colour.
    struct Thumbnail {
        /// Frame pixels a cell spans: a 1080p frame gives 240 × 135 cells, 720p 160 × 90. (A
        /// whole number of pixels, which OpenCV averages on its fast path.)
        static func cellSize(width: Int) -> Int { width >= 640 ? 8 : 4 }

        let frameWidth: Int, frameHeight: Int
        let columns: Int, rows: Int
        /// BGR, row by row.
        let bytes: [UInt8]

        init?(_ frame: VisionImage) {
            let cell = Self.cellSize(width: frame.width)
            frameWidth = frame.width
            frameHeight = frame.height
            columns = max(1, frame.width / cell)
            rows = max(1, frame.height / cell)
            guard let small = frame.resized(width: columns, height: rows) else { return nil }
            let (columns, rows) = (columns, rows)
            bytes = small.withBytes { pointer, stride in
                var bytes = [UInt8]()
                bytes.reserveCapacity(columns * rows * 3)
                for row in 0..<rows { bytes.append(contentsOf: UnsafeBufferPointer(start: pointer + row * stride, count: columns * 3)) }
                return bytes
            }
        }

        func hasSameCells(as other: Thumbnail) -> Bool {
            frameWidth == other.frameWidth && frameHeight == other.frameHeight && columns == other.columns && rows == other.rows
        }

        /// Whether any cell's colour (of `cells`, or all) moved by more than the threshold.
        func differs(from other: Thumbnail, in cells: [Int]? = nil) -> Bool {
            let limit = StreamAnalyzer.changeThreshold
            return bytes.withUnsafeBufferPointer { a in
                other.bytes.withUnsafeBufferPointer { b in
                    func moved(_ cell: Int) -> Bool {
                        let i = 3 * cell
                        return abs(Int(a[i]) - Int(b[i])) > limit || abs(Int(a[i + 1]) - Int(b[i + 1])) > limit
                            || abs(Int(a[i + 2]) - Int(b[i + 2])) > limit
                    }
                    if let cells { return cells.contains(where: moved) }
                    return (0..<(columns * rows)).contains(where: moved)
                }
            }
        }

        /// The cells over each extent (a marker as the frame shows it), and one cell around them.
        func cells(covering extents: [Extent]) -> [Int] {
            let cellWidth = Double(frameWidth) / Double(columns), cellHeight = Double(frameHeight) / Double(rows)
            var cells = Set<Int>()
            for extent in extents {
                let low = (x: Int((extent.minX / cellWidth).rounded(.down)) - 1, y: Int((extent.minY / cellHeight).rounded(.down)) - 1)
                let high = (x: Int((extent.maxX / cellWidth).rounded(.down)) + 1, y: Int((extent.maxY / cellHeight).rounded(.down)) + 1)
                guard high.x >= 0, high.y >= 0, low.x < columns, low.y < rows else { continue }
                for row in max(0, low.y)...min(rows - 1, high.y) {
                    for column in max(0, low.x)...min(columns - 1, high.x) { cells.insert(row * columns + column) }
                }
            }
            return cells.sorted()
        }
    }
}
