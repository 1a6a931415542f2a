import GridEditCore
import GridEditMat
import GridEditLayout

/// One camera frame, read: where the mat is and which pieces lie on it.
public struct FrameAnalysis: Sendable {
    public enum Outcome: Sendable {
        /// The mat could not be found; nothing is known about the pieces.
        case noMat(MatLocator.Failure)
        /// The mat was found; `failures` lists pieces missing or merged.
        case seen(view: MatView, sightings: [ApproximatePose], failures: [PieceFinder.Failure])
    }

    public var outcome: Outcome
    /// The evidence for each sighting (same order as `sightings`): fit, rival, confidence.
    public var fits: [PieceFit] = []

    public var sightings: [ApproximatePose] {
        if case .seen(_, let s, _) = outcome { return s }
        return []
    }

    public var matView: MatView? {
        if case .seen(let view, _, _) = outcome { return view }
        return nil
    }
}

/// Runs the per-frame pipeline: markers → perspective → top view → colour labels → fitted pieces.
public struct FrameAnalyzer: Sendable {
    public var locator: MatLocator
    public var profile: ColorProfile
    public var finder = PieceFinder()

    public init(profile: ColorProfile, layout: MatLayout = .standard) {
        self.profile = profile
        locator = MatLocator(layout: layout)
    }

    public func analyze(_ frame: VisionImage) -> FrameAnalysis {
        switch mat(in: frame) {
        case .failure(let failure): return FrameAnalysis(outcome: .noMat(failure))
        case .success(let (view, warp)): return analyze(frame, view: view, warp: warp)
        }
    }

    /// Where the mat is in a frame, and the warp of its top view: the first step of
    /// ``analyze(_:)``, which ``StreamAnalyzer`` keeps while the markers hold still.
    public func mat(in frame: VisionImage) -> Result<(view: MatView, warp: TopView.Warp), MatLocator.Failure> {
        locator.locate(in: frame).flatMap { view in
            guard let warp = TopView.Warp(view: view) else { return .failure(.inconsistent(view.visibleMarkers)) }
            return .success((view, warp))
        }
    }

    /// The pieces of a frame whose mat is already known: top view through `warp` (made from
    /// `view`), colour labels, fitted pieces. ``StreamAnalyzer`` calls it for the frames of a
    /// stream whose markers have not moved.
    public func analyze(_ frame: VisionImage, view: MatView, warp: TopView.Warp) -> FrameAnalysis {
        guard let top = TopView(frame: frame, warp: warp) else { return FrameAnalysis(outcome: .noMat(.inconsistent(view.visibleMarkers))) }
        let (sightings, failures, fits) = finder.find(in: PixelLabels(view: top, profile: profile))
        return FrameAnalysis(outcome: .seen(view: view, sightings: sightings, failures: failures), fits: fits)
    }

    /// The mat and the top view of a frame: the first steps of ``analyze(_:)``, and all that
    /// calibration needs.
    public func topView(_ frame: VisionImage) -> Result<(MatView, TopView), MatLocator.Failure> {
        mat(in: frame).flatMap { view, warp in
            guard let top = TopView(frame: frame, warp: warp) else { return .failure(.inconsistent(view.visibleMarkers)) }
            return .success((view, top))
        }
    }
}
