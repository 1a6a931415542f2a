import GridEditCore
import GridEditMat
import GridEditLayout

/// Why one frame gave no layout, in words for the designer.
public struct CaptureProblem: Error, Sendable {
    public var message: String
    /// The pieces concerned (missing or merged), if the problem is about pieces.
    public var pieces: [TangramPiece]
    /// When the frame was refused for a doubtful piece: the layout it settled to, every piece
    /// with its evidence, for `--verbose` to show (nothing writes it).
    public var refusedLayout: CapturedLayout?
}

/// The layout one frame shows, settled to exact poses by ``CameraLayout`` (as the stream settles it).
public struct CapturedLayout: Sendable {
    /// Exact poses, in piece order.
    public var poses: [Pose]
    /// What the frame showed before snapping, one per piece, in piece order.
    public var sightings: [ApproximatePose]
    /// How each piece was snapped (grid, corner, edge) and how far it moved.
    public var reports: [LayoutSnapper.PieceReport]
    /// Identifies the layout: equal for frames that snapped to the same footprints.
    public var key: [Pose.Footprint]
    /// The evidence for each piece, in piece order, settling included: every one is trusted
    /// (``PieceFit/isTrusted``), or there is no layout (only a refusal's
    /// ``CaptureProblem/refusedLayout``, which is shown, never written).
    public var fits: [PieceFit]

    /// The snapped layout of a frame, or why there is none.
    public static func make(from analysis: FrameAnalysis, profile: ColorProfile? = nil) -> Result<CapturedLayout, CaptureProblem> {
        switch analysis.outcome {
        case .noMat(let failure):
            return .failure(CaptureProblem(message: failure.message, pieces: []))
        case .seen(_, let sightings, let failures):
            guard failures.isEmpty else {
                // Every missing piece in one sentence, where the first was (a profile for another
                // set misses all seven, and seven sentences saying the same would bury the advice).
                let missing = failures.flatMap { failure -> [TangramPiece] in
                    if case .missing(let pieces) = failure { return pieces }
                    return []
                }
                var grouped: [PieceFinder.Failure] = []
                for failure in failures {
                    if case .missing = failure {
                        if !grouped.contains(.missing(missing)) { grouped.append(.missing(missing)) }
                    } else {
                        grouped.append(failure)
                    }
                }
                return .failure(CaptureProblem(message: grouped.map { describe($0, profile: profile) }.joined(separator: "; "),
                                               pieces: failures.flatMap(\.pieces)))
            }
            let ordered = sightings.sorted { $0.piece < $1.piece }
            let snapped: LayoutSnapper.Result
            do { snapped = try CameraLayout.settle(ordered) } catch {
                return .failure(CaptureProblem(message: error.message, pieces: []))
            }
            let poses = snapped.poses.sorted { $0.piece < $1.piece }
            let fits = settledFits(analysis, reports: snapped.reports, poses: poses)
            let layout = CapturedLayout(poses: poses, sightings: ordered, reports: snapped.reports,
                                        key: poses.map { $0.footprint }, fits: fits)
            let doubtful = fits.filter { !$0.isTrusted }
            guard doubtful.isEmpty else {
                return .failure(CaptureProblem(message: describe(doubtful: doubtful, profile: profile),
                                               pieces: doubtful.map(\.piece), refusedLayout: layout))
            }
            return .success(layout)
        }
    }

    /// The analysis's evidence in piece order, each with how far settling moved the piece. A
    /// sighting without evidence (an analysis made by hand) counts as fully explained.
    public static func settledFits(_ analysis: FrameAnalysis, reports: [LayoutSnapper.PieceReport], poses: [Pose]) -> [PieceFit] {
        let byPiece = Dictionary(analysis.fits.map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })
        let reports = Dictionary(reports.map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })
        let sightings = Dictionary(analysis.sightings.map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })
        let notSeenWhole = Set(analysis.sightings.filter { byPiece[$0.piece].map { !$0.isSeenWhole } ?? $0.occluded }.map(\.piece))
        let groups = GroupPlacement.judge(sightings: analysis.sightings, poses: poses, reports: Array(reports.values),
                                          notSeenWhole: notSeenWhole)
        let fits = poses.sorted { $0.piece < $1.piece }.map { pose in
            let piece = pose.piece
            var fit = byPiece[piece] ?? PieceFit(piece: piece, colour: "", fit: sightings[piece]?.confidence ?? 1,
                                                 explained: sightings[piece]?.confidence ?? 1, margin: 1, rival: nil,
                                                 settleShift: 0, hiddenShare: 0)
            if let report = reports[piece] {
                fit.settleShift = report.distance
                fit.settleTurn = report.turn
                fit.take(groups)
            }
            return fit
        }
        return RivalCheck.ruleOut(fits, sightings: analysis.sightings, poses: poses)
    }

    /// `small-2 (pink): not sure of its pose (confidence 0.41, under 0.60: …)`, one clause per
    /// piece, then `so nothing was written:` and what to do, each remedy once with the pieces it
    /// concerns (`make sure nothing hides part of large-1 and small-1 (a hand, a glare) and …`).
    static func describe(doubtful fits: [PieceFit], profile: ColorProfile?) -> String {
        let reasons = fits.map { fit in
            "\(named([fit.piece], profile: profile)): not sure of its pose (confidence \(PieceFit.hundredths(fit.confidence)), "
                + "under \(PieceFit.hundredths(PieceFit.threshold)): \(fit.weakness))"
        }
        var remedies: [(PieceFit.Remedy, [String])] = []
        for fit in fits {
            if let i = remedies.firstIndex(where: { $0.0 == fit.remedy }) { remedies[i].1.append(fit.piece.rawValue) }
            else { remedies.append((fit.remedy, [fit.piece.rawValue])) }
        }
        return reasons.joined(separator: "; ") + ", so nothing was written: "
            + remedies.map { $0.0.advice(for: $0.1) }.joined(separator: "; ")
    }

    static func named(_ pieces: [TangramPiece], profile: ColorProfile?) -> String {
        let names = pieces.map { piece in
            guard let colour = profile?.colors[piece] else { return piece.rawValue }
            return "\(piece.rawValue) (\(ColourNames.name(hue: colour.hue, saturation: colour.saturation, value: colour.value)))"
        }
        return names.count <= 2 ? names.joined(separator: " and ")
            : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    static func describe(_ failure: PieceFinder.Failure, profile: ColorProfile?) -> String {
        func named(_ pieces: [TangramPiece]) -> String { Self.named(pieces, profile: profile) }
        switch failure {
        case .missing(let pieces):
            return "\(named(pieces)) not found on the mat: put \(pieces.count == 1 ? "it" : "them") inside the play area, "
                + "or calibrate the colours for this light (gridedit capture calibrate)"
        case .merged(let pieces) where pieces.count > 1:
            return "\(named(pieces)) look alike and touch, and no way of telling them apart by shape explains what shows: "
                + "move them apart, or use a profile that gives them different colours"
        case .merged(let pieces):
            return "\(named(pieces)): the mat shows about twice as much of this colour as one piece: "
                + "are two pieces of this colour on the mat? Take one off, or calibrate a profile for this set"
        }
    }
}

/// Rough colour words for messages ("medium (green) not found").
enum ColourNames {
    /// A colour class of the labels in words, with the frame's cluster it was given:
    /// `red (cluster at hue 349°, 3012 px; profile 355°)`, or `red (hue 355°, no cluster)`.
    static func describe(_ colour: PixelLabels.ColourClass) -> String {
        let name = name(hue: Double(colour.profileHue), saturation: Double(colour.saturation), value: 1)
        guard colour.clusterPixels > 0 else { return "\(name) (hue \(Int(colour.hue.rounded()))°, no cluster)" }
        return "\(name) (cluster at hue \(Int(colour.hue.rounded()))°, \(colour.clusterPixels) px; profile \(Int(colour.profileHue.rounded()))°)"
    }

    static func name(hue: Double, saturation: Double, value: Double) -> String {
        if saturation < 0.2 { return value > 0.7 ? "white" : value > 0.3 ? "grey" : "black" }
        switch hue {
        case ..<15, 345...: return "red"
        case ..<40: return "orange"
        case ..<70: return "yellow"
        case ..<165: return "green"
        case ..<195: return "cyan"
        case ..<255: return "blue"
        case ..<290: return "purple"
        default: return "pink"
        }
    }
}
