import GridEditCore
import Testing
@testable import GridEditCapture

/// A refusal says why for each doubtful piece, then what to do: the remedy for that doubt (a
/// hand over the piece, a piece between two grid places, a wrong contact), each once, naming the
/// pieces it concerns, rather than the same generic advice after every piece.
@Suite("A refusal's advice fits the doubt")
struct RefusalAdviceTests {
    func fit(_ piece: TangramPiece, lead: Double = 1, rival: String? = nil, hidden: Double = 0, gridMargin: Double = 1,
             apart: Double = 0) -> PieceFit {
        var fit = PieceFit(piece: piece, colour: "", fit: 1, explained: 1, margin: lead, rival: rival, settleShift: 0,
                           hiddenShare: hidden)
        fit.gridMargin = gridMargin
        fit.gridSeenWhole = true
        fit.groupApart = apart
        return fit
    }

    @Test("each doubt has its remedy")
    func remedies() {
        #expect(fit(.small1, lead: 0.05, rival: "turned 90°", hidden: 0.2).remedy == .uncover)
        #expect(fit(.small1, lead: 0.05, rival: "turned 90°").remedy == .evenLight)
        #expect(fit(.large1, lead: 0.05, rival: "with the touching piece of its colour split another way").remedy == .separateFromColour)
        #expect(fit(.square, gridMargin: 0.01).remedy == .nudgeOntoGrid)
        #expect(fit(.square, gridMargin: -0.03).remedy == .nudgeOntoGrid)
        #expect(fit(.large2, apart: 0.2).remedy == .pushFlush)
        var turned = fit(.medium)
        turned.settleTurn = 20
        #expect(turned.remedy == .turnSquarely)
        var moved = fit(.medium)
        moved.settleShift = 0.45
        #expect(moved.remedy == .lieFlat)
        var faint = fit(.parallelogram)
        faint.explained = 0.4
        #expect(faint.remedy == .lightOrCalibrate)
    }

    @Test("two pieces of one colour split either way are told to part")
    func sharedColour() {
        let split = "with the touching piece of its colour split another way"
        let message = CapturedLayout.describe(doubtful: [fit(.large1, lead: 0, rival: split), fit(.large2, lead: 0, rival: split)], profile: nil)
        #expect(message.hasSuffix("so nothing was written: move large-1 and large-2 apart, or turn one of them"), "\(message)")
        #expect(PieceFit.Remedy.separateFromColour.advice(for: ["square"]) == "move square apart from the touching piece of its colour, or turn it")
    }

    @Test("pieces with one remedy share its sentence, in the order the pieces come")
    func grouped() {
        let message = CapturedLayout.describe(doubtful: [fit(.large1, lead: 0.02, rival: "turned 135°", hidden: 0.3),
                                                         fit(.small1, lead: 0.1, rival: "turned -135°", hidden: 0.15),
                                                         fit(.square, gridMargin: 0.01)], profile: nil)
        #expect(message == "large-1: not sure of its pose (confidence 0.08, under 0.60: it fits almost as well turned 135°); "
            + "small-1: not sure of its pose (confidence 0.40, under 0.60: it fits almost as well turned -135°); "
            + "square: not sure of its pose (confidence 0.29, under 0.60: it lies nearly half-way between two places on the "
            + "grid (the nearer by only 0.01 units)), so nothing was written: make sure nothing hides part of "
            + "large-1 and small-1 (a hand, a glare) and photograph again; nudge square a little so that it sits squarely on the grid (a corner on a grid point, or an "
            + "edge flush with a neighbour), or photograph from more nearly straight above", "\(message)")
    }
}
