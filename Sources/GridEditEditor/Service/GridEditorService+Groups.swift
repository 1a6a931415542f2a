import GridEditCore
import GridEditLayout

/// A run of edits that ends as one undo step, or is taken back whole: a camera capture makes
/// dozens of edits as pieces are put down, which the designer keeps or cancels as one thing.
/// Each edit inside is still performed, journaled and validated as it happens (the live view
/// follows the camera, and a crash loses nothing).
public struct EditGroup {
    public let document: EditorDocument
    /// How many edits the document had when the group began.
    let depth: Int
    /// What redo would have brought back before the group's first edit cleared it.
    let redo: [EditCommand]
    let savedDepth: Int?
}

extension GridEditorService {
    /// Starts a group of edits on a document (see ``EditGroup``).
    public func beginGroup(on document: EditorDocument) -> EditGroup {
        document.openGroups += 1
        return EditGroup(document: document, depth: document.undoStack.count, redo: document.redoStack, savedDepth: document.savedDepth)
    }

    /// Replaces the edits made since the group began with one edit, labelled `label`, holding
    /// their net changes. Returns it, or nil when they cancel out: then no undo step is left and
    /// redo is as it was before the group.
    @discardableResult
    public func commitGroup(_ group: EditGroup, label: String) throws(EditError) -> EditCommand? {
        let document = group.document
        let edits = try editsSince(group)
        document.openGroups = max(0, document.openGroups - 1)
        document.undoStack.removeLast(edits.count)
        let net = EditCommand.netEffect(of: edits, label: label)
        if net.isEmpty {
            document.redoStack = group.redo
            document.savedDepth = group.savedDepth
            forgetJournalAtSavedPoint(document)
            return nil
        }
        document.undoStack.append(net)
        return net
    }

    /// Takes back every edit made since the group began, as one journaled edit: the document,
    /// its undo and redo history and its saved point are as they were. Nil when there was nothing
    /// to take back.
    @discardableResult
    public func cancelGroup(_ group: EditGroup) throws(EditError) -> EditOutcome? {
        let document = group.document
        let edits = try editsSince(group)
        document.openGroups = max(0, document.openGroups - 1)
        let net = EditCommand.netEffect(of: edits, label: "cancel")
        var outcome: EditOutcome?
        if !net.isEmpty {
            try record(net.inverse, on: document)
            outcome = validate(document, after: net.inverse, notes: [])
        }
        document.undoStack.removeLast(edits.count)
        document.redoStack = group.redo
        document.savedDepth = group.savedDepth
        forgetJournalAtSavedPoint(document)
        return outcome
    }

    private func editsSince(_ group: EditGroup) throws(EditError) -> ArraySlice<EditCommand> {
        let document = group.document
        guard document.undoStack.count >= group.depth else {
            throw EditError("\(document.displayName): edits from before the group were undone while it was open")
        }
        return document.undoStack[group.depth...]
    }
}

extension EditCommand {
    /// One command with the net effect of several applied in order: for each puzzle part, group
    /// table, pin set and the details, the value before the first and after the last; what ends as it
    /// began is left out. Every change touches its own part of the state, so applying the net
    /// changes in any order does what applying the commands did.
    static func netEffect(of commands: ArraySlice<EditCommand>, label: String) -> EditCommand {
        enum Slot: Hashable {
            case part(String)
            case groups(Layer)
            case pins(Layer)
            case metadata
            case marks(String)
        }
        var order: [Slot] = []
        var net: [Slot: Change] = [:]
        for change in commands.flatMap(\.changes) {
            let slot: Slot
            switch change {
            case .part(let name, _, _): slot = .part(name)
            case .groups(let layer, _, _): slot = .groups(layer)
            case .pins(let layer, _, _): slot = .pins(layer)
            case .metadata: slot = .metadata
            case .marks(let part, _, _): slot = .marks(part)
            }
            guard let first = net[slot] else {
                order.append(slot)
                net[slot] = change
                continue
            }
            switch (first, change) {
            case let (.part(name, before, _), .part(_, _, after)): net[slot] = .part(name: name, before: before, after: after)
            case let (.groups(layer, before, _), .groups(_, _, after)): net[slot] = .groups(layer: layer, before: before, after: after)
            case let (.pins(layer, before, _), .pins(_, _, after)): net[slot] = .pins(layer: layer, before: before, after: after)
            case let (.metadata(before, _), .metadata(_, after)): net[slot] = .metadata(before: before, after: after)
            case let (.marks(part, before, _), .marks(_, _, after)): net[slot] = .marks(part: part, before: before, after: after)
            default: break
            }
        }
        let changes = order.compactMap { net[$0] }.filter { !$0.isEmpty }
        return EditCommand(label: label, changes: changes)
    }
}
