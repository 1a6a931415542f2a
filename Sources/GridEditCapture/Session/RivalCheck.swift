import GridEditCore
import GridEditLayout

/// Whether a piece's rival fit could be true, given the rest of the layout.
///
/// A piece fitted with a rival nearly as good (a small triangle half hidden under a finger that
/// fits almost as well turned 135°) is doubtful by its pixels alone. But physical pieces never
/// overlap: settled with the rest of the layout, a rival that would cover a good part of a
/// trusted neighbour is no rival at all, and the fit's lead over it no longer counts. Only a
/// rival ruled out this way is dropped, only when the chosen pose itself lies clear of every
/// other piece, and the fit's other measures (how much of its pixels its shape explains, how it
/// settled, how clearly the grid places it) still hold the confidence down as before.
enum RivalCheck {
    /// The share of the rival's area that must lie on a trusted neighbour for the rival to be
    /// ruled out: more than settling's slack or a neighbour's fitting error could make.
    static let overlapShare = 0.15

    /// The fits, with each rival that cannot be dropped (lead 1, and the reason in `rival`).
    static func ruleOut(_ fits: [PieceFit], sightings: [ApproximatePose], poses: [Pose]) -> [PieceFit] {
        let trusted = Set(fits.filter(\.isTrusted).map(\.piece))
        var fits = fits
        for i in fits.indices where fits[i].distinct < 1 {
            guard let rivalPose = fits[i].rivalPose, let chosen = poses.first(where: { $0.piece == fits[i].piece }) else { continue }
            let piece = chosen.piece
            let others = poses.filter { $0.piece != piece }
            guard !others.contains(where: { $0.polygon.interiorsOverlap(chosen.polygon) }) else { continue }
            var alternative = sightings
            guard let k = alternative.firstIndex(where: { $0.piece == piece }) else { continue }
            var rival = rivalPose
            rival.piece = piece
            rival.alternatives = alternative[k].alternatives
            alternative[k] = rival
            guard let settled = try? CameraLayout.settle(alternative),
                  let rivalExact = settled.poses.first(where: { $0.piece == piece }) else { continue }
            let area = piece.shape.area.doubleValue
            guard let blocker = others.first(where: { other in
                trusted.contains(other.piece) && rivalExact.polygon.approximateOverlapArea(other.polygon) >= overlapShare * area
            }) else { continue }
            fits[i].margin = 1
            fits[i].rival = "\(fits[i].rival ?? "another pose") (ruled out: it would overlap \(blocker.piece.rawValue))"
        }
        return fits
    }
}
