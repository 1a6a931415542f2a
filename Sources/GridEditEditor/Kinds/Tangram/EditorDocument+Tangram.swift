import GridEditCore
import GridEditLayout

/// A document's Tangram side: the editor for its active layer, and what settling was given.
extension EditorDocument {
    /// The Tangram editor for the active layer (nil for another kind).
    public var tangramEditor: TangramEditor? {
        guard let tangram = state.puzzle as? TangramPuzzle else { return nil }
        let memory = settledInputs[layer] ?? [:]
        var remembered: [TangramPiece: ApproximatePose] = [:]
        for pose in TangramKind.poses(layer.arrangement, of: tangram) {
            if let input = memory[pose.piece]?[pose] { remembered[pose.piece] = input.given }
        }
        return TangramEditor(puzzle: tangram, groups: state.groups, layer: layer, settings: settings, remembered: remembered,
                             pinned: state.pins[layer])
    }

    /// Remembers what a performed proposal's pieces were settled from.
    func remember(_ proposal: Proposal) {
        // On a play board the pieces a child has put down stay put: later pieces settle against
        // them, never the other way round.
        guard play == nil else { return }
        guard !proposal.settledInputs.isEmpty, let tangram = state.puzzle as? TangramPuzzle else { return }
        for (layer, inputs) in proposal.settledInputs {
            for pose in TangramKind.poses(layer.arrangement, of: tangram) {
                guard let given = inputs[pose.piece] else { continue }
                rememberedCount += 1
                var memory = settledInputs[layer]?[pose.piece] ?? [:]
                memory[pose] = RememberedInput(given: given, order: rememberedCount)
                if memory.count > Self.rememberedInputsPerPiece {
                    // Keep the latest half: forgetting runs once in every sixteen inputs, not each time.
                    let latest = memory.sorted { $0.value.order > $1.value.order }.prefix(Self.rememberedInputsPerPiece / 2)
                    memory = Dictionary(uniqueKeysWithValues: latest.map { ($0.key, $0.value) })
                }
                settledInputs[layer, default: [:]][pose.piece] = memory
            }
        }
    }

    /// The pieces pinned in a layer of a Tangram: what settling must leave where they are.
    public func pinnedPieces(in layer: Layer) -> Set<TangramPiece> { state.pins[layer] }
}
