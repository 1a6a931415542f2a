import GridEditCore

/// One camera frame, read: where the mat is and which pieces lie on it.
public struct FrameAnalysis: Sendable {
    public enum Outcome: Sendable {
        /// The mat could not be found; nothing is known about the pieces.
        case noMat(MatLocator.Failure)
        /// The mat was found; `failures` lists pieces missing or merged.
        case seen(view: MatView, sightings: [PieceSighting], failures: [PieceFinder.Failure])
    }

    public var outcome: Outcome

    public var sightings: [PieceSighting] {
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
        switch locator.locate(in: frame) {
        case .failure(let failure):
            return FrameAnalysis(outcome: .noMat(failure))
        case .success(let view):
            guard let top = TopView(frame: frame, view: view) else {
                return FrameAnalysis(outcome: .noMat(.inconsistent(view.visibleMarkers)))
            }
            let labels = PixelLabels(view: top, profile: profile)
            let (sightings, failures) = finder.find(in: labels)
            return FrameAnalysis(outcome: .seen(view: view, sightings: sightings, failures: failures))
        }
    }

    /// The top view and labels of a frame, for calibration and for looking at what capture sees.
    public func topView(_ frame: VisionImage) -> Result<(MatView, TopView), MatLocator.Failure> {
        locator.locate(in: frame).flatMap { view in
            guard let top = TopView(frame: frame, view: view) else { return .failure(.inconsistent(view.visibleMarkers)) }
            return .success((view, top))
        }
    }
}
