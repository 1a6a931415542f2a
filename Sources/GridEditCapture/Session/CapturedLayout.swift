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

/// One piece of a captured layout, end to end: what the frame showed, the exact pose it
/// settled to, how it was settled, and the evidence for it.
public struct CapturedPiece: Sendable {
    /// What the frame showed before snapping.
    public var sighting: ApproximatePose
    /// The exact pose.
    public var pose: Pose
    /// How it was snapped (grid, corner, edge) and how far it moved.
    public var report: LayoutSnapper.PieceReport?
    /// The evidence, settling included: fit, rival, confidence (``PieceFit/isTrusted``).
    public var fit: PieceFit

    public var piece: TangramPiece { pose.piece }
}

/// The layout one frame shows, settled to exact poses by ``CameraLayout`` (as the stream settles it).
public struct CapturedLayout: Sendable {
    /// Every piece, in piece order. Every one is trusted, or there is no layout (only a
    /// refusal's ``CaptureProblem/refusedLayout``, which is shown, never written).
    public var pieces: [CapturedPiece]
    /// Identifies the layout: equal for frames that snapped to the same footprints.
    public var key: [Pose.Footprint]

    /// The exact poses, in piece order.
    public var poses: [Pose] { pieces.map(\.pose) }
    /// The evidence for each piece, in piece order.
    public var fits: [PieceFit] { pieces.map(\.fit) }

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
            let pieces = settledPieces(analysis, reports: snapped.reports, poses: snapped.poses)
            let layout = CapturedLayout(pieces: pieces, key: pieces.map(\.pose.footprint))
            let doubtful = layout.fits.filter { !$0.isTrusted }
            guard doubtful.isEmpty else {
                return .failure(CaptureProblem(message: describe(doubtful: doubtful, profile: profile),
                                               pieces: doubtful.map(\.piece), refusedLayout: layout))
            }
            return .success(layout)
        }
    }

    /// The analysis's evidence in piece order, each with how far settling moved the piece.
    public static func settledFits(_ analysis: FrameAnalysis, reports: [LayoutSnapper.PieceReport], poses: [Pose]) -> [PieceFit] {
        settledPieces(analysis, reports: reports, poses: poses).map(\.fit)
    }

    /// Each settled piece with its sighting, report and evidence, in piece order: the one place
    /// they are matched by piece. A sighting without evidence (an analysis made by hand) counts
    /// as fully explained.
    static func settledPieces(_ analysis: FrameAnalysis, reports: [LayoutSnapper.PieceReport], poses: [Pose]) -> [CapturedPiece] {
        let fitOf = Dictionary(analysis.fits.map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })
        var seen: [TangramPiece: (sighting: ApproximatePose, fit: PieceFit?)] = [:]
        for sighting in analysis.sightings where seen[sighting.piece] == nil { seen[sighting.piece] = (sighting, fitOf[sighting.piece]) }
        let reportOf = Dictionary(reports.map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })
        let notSeenWhole = Set(seen.values.filter { $0.fit.map { !$0.isSeenWhole } ?? $0.sighting.occluded }.map(\.sighting.piece))
        let groups = GroupPlacement.judge(sightings: analysis.sightings, poses: poses, reports: reports, notSeenWhole: notSeenWhole)
        var pieces = poses.sorted { $0.piece < $1.piece }.compactMap { pose -> CapturedPiece? in
            guard let (sighting, found) = seen[pose.piece] else { return nil }
            var fit = found ?? PieceFit(piece: pose.piece, colour: "", fit: sighting.confidence, explained: sighting.confidence,
                                        margin: 1, rival: nil, settleShift: 0, hiddenShare: 0)
            let report = reportOf[pose.piece]
            if let report {
                fit.settleShift = report.distance
                fit.settleTurn = report.turn
                fit.take(groups)
            }
            return CapturedPiece(sighting: sighting, pose: pose, report: report, fit: fit)
        }
        let ruled = RivalCheck.ruleOut(pieces.map(\.fit), sightings: analysis.sightings, poses: pieces.map(\.pose))
        for i in pieces.indices { pieces[i].fit = ruled[i] }
        return pieces
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
