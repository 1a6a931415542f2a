import GridEditCore
import GridEditLayout

// Pins: the designer fixes pieces that are where they belong, so that neither a stray command
// nor settling moves them. Kept apart from TangramEditor.swift, whose placing and moving code
// changes with the settling engine; that code only calls `requireUnpinned` first.

extension TangramEditor {
    /// Refuses an edit that would move `piece` while it (or, unless `alone`, a piece of its
    /// group, which moves with it) is pinned. The message names the pin to take out, because
    /// a refusal the designer cannot act on reads like a bug.
    func requireUnpinned(_ piece: TangramPiece, alone: Bool = false) throws(EditError) {
        guard !pinned.isEmpty else { return }
        if pinned.contains(piece) {
            throw EditError("\(piece.rawValue) is pinned; `unpin \(piece.rawValue)` first")
        }
        guard !alone else { return }
        let held = groups.group(of: piece, in: layer).filter(pinned.contains)
        guard let first = held.first else { return }
        let names = held.map(\.rawValue).joined(separator: ", ")
        throw EditError("\(piece.rawValue) moves with its group, and \(names) \(held.count == 1 ? "is" : "are") pinned; "
                        + "`unpin \(first.rawValue)` first (or `detach \(piece.rawValue)`)")
    }

    /// Pins placed pieces where they are. Refuses pieces that are not placed or already
    /// pinned, so a typo is never silently a no-op.
    public func pin(_ pieces: [TangramPiece]) throws(EditError) -> Proposal {
        let unique = Array(Set(pieces)).sorted()
        guard !unique.isEmpty else { throw EditError("pin needs a piece, like `pin square`") }
        for piece in unique {
            guard pose(of: piece) != nil else {
                throw EditError("\(piece.rawValue) is not placed in the \(layer.rawValue); only a piece on the board can be pinned")
            }
            guard !pinned.contains(piece) else { throw EditError("\(piece.rawValue) is already pinned") }
        }
        var notes: [String] = []
        for piece in unique {
            let mates = groups.group(of: piece, in: layer).filter { $0 != piece }
            if !mates.isEmpty {
                notes.append("note: \(mates.map(\.rawValue).joined(separator: ", ")) in \(piece.rawValue)'s group cannot move either")
            }
        }
        let names = unique.map(\.rawValue).joined(separator: ", ")
        let change = Change.pins(layer: layer, before: pinned, after: pinned.union(unique))
        return Proposal(command: EditCommand(label: "pin \(names)", changes: [change]), notes: notes)
    }

    /// Lets pinned pieces move again; refuses a piece that is not pinned.
    public func unpin(_ pieces: [TangramPiece]) throws(EditError) -> Proposal {
        let unique = Array(Set(pieces)).sorted()
        guard !unique.isEmpty else { throw EditError("unpin needs a piece, like `unpin square`, or all") }
        for piece in unique where !pinned.contains(piece) {
            throw EditError("\(piece.rawValue) is not pinned" + (pinned.isEmpty ? "" : "; pinned: \(Self.list(pinned))"))
        }
        let change = Change.pins(layer: layer, before: pinned, after: pinned.subtracting(unique))
        return Proposal(command: EditCommand(label: "unpin \(unique.map(\.rawValue).joined(separator: ", "))", changes: [change]))
    }

    /// Unpins every piece of the layer.
    public func unpinAll() throws(EditError) -> Proposal {
        guard !pinned.isEmpty else { throw EditError("nothing is pinned in the \(layer.rawValue)") }
        return Proposal(command: EditCommand(label: "unpin \(Self.list(pinned))", changes: [.pins(layer: layer, before: pinned, after: [])]))
    }

    /// `large-1, square`: pieces in piece order, for messages and labels.
    static func list(_ pieces: Set<TangramPiece>) -> String {
        pieces.sorted().map(\.rawValue).joined(separator: ", ")
    }
}
