#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore
import GridEditGeometry
import GridEditLayout

/// Applies input events to the active document the way live input would: touches are turned
/// into gestures with hit testing against the document as it is when each event arrives, and
/// every gesture or pose becomes one ordinary edit (snapped, anchored, undoable, journaled,
/// validated).
///
/// Gestures:
/// - **drag**: a finger goes down on a piece, moves more than ``slop`` and lifts: the piece (and
///   its group) moves by the finger's displacement, then grid snapping and anchoring apply.
/// - **two-finger rotate**: while one finger holds a piece, a second finger goes down; when either
///   lifts, the piece (and its group) turns by the change of the angle between the fingers,
///   snapped to 45° steps. The rest of that touch is ignored.
/// - **flip tap**: a finger goes down on a piece and lifts within ``tapTime`` without moving more
///   than ``slop``: the piece (and its group) is mirrored in place.
/// A finger that goes down on no piece does nothing; a long press without moving does nothing.
/// A finger that moves or lifts without having gone down here (its `down` went to a connection
/// that was lost, so its drag began before the page reconnected) is not dropped in silence: its
/// first move and its lift are reported as ignored, and nothing moves.
///
/// Pose events (a camera): `detected`/`moved` set the object's pose (placing it if needed and
/// detaching it from its group), `removed` takes it off. Events under ``minConfidence``, events
/// from a frame older than one already seen for the object and events for a pinned piece are
/// ignored.
public final class LiveInput {
    public enum Outcome {
        case edited(EditOutcome)
        /// The event (or gesture) changed nothing; why.
        case ignored(String)
        /// The resulting edit was refused.
        case failed(String)
    }

    public let service: GridEditorService
    public var minConfidence: Double
    /// Seconds: a press shorter than this without moving is a tap.
    public var tapTime = 0.35
    /// Units a finger may wander before a press becomes a drag.
    public var slop = 0.15

    private struct Spot { var x: Double; var y: Double }

    private enum Gesture {
        case press(piece: TangramPiece, pointer: Int, start: Spot, startTime: Double, dragging: Bool)
        case rotate(piece: TangramPiece, first: Int, second: Int, startAngle: Double)
        /// Waiting for these fingers to lift.
        case finishing(Set<Int>)
    }

    private var pointers: [Int: Spot] = [:]
    /// Fingers seen moving without a `down` here, already reported once (until they lift).
    private var strays: Set<Int> = []
    private var gesture: Gesture?
    private var lastFrame: [TangramPiece: Int] = [:]

    public init(service: GridEditorService, minConfidence: Double = 0.5) {
        self.service = service
        self.minConfidence = minConfidence
    }

    /// Handles one event; most touch events only update the gesture and report nothing.
    public func handle(_ event: InputEvent) -> [Outcome] {
        switch event {
        case .touch(let touch): handle(touch)
        case .pose(let pose): handle(pose)
        }
    }

    // MARK: Touches

    private func handle(_ event: TouchEvent) -> [Outcome] {
        let spot = Spot(x: event.x, y: event.y)
        switch event.phase {
        case .down:
            pointers[event.pointer] = spot
            strays.remove(event.pointer)
            switch gesture {
            case nil:
                guard let editor = tangramEditor() else { return [.ignored("the active document is not a tangram")] }
                if let piece = editor.piece(atApproximate: event.x, event.y) {
                    gesture = .press(piece: piece, pointer: event.pointer, start: spot, startTime: event.timestamp, dragging: false)
                } else {
                    gesture = .finishing([event.pointer])
                }
            case .press(let piece, let first, _, _, _) where first != event.pointer:
                guard let anchor = pointers[first] else { return [] }
                gesture = .rotate(piece: piece, first: first, second: event.pointer,
                                  startAngle: Self.angle(from: anchor, to: spot))
            case .finishing(var waiting):
                waiting.insert(event.pointer)
                gesture = .finishing(waiting)
            default:
                break  // a third finger during a rotation: ignored
            }
            return []
        case .move:
            guard pointers[event.pointer] != nil else {
                guard strays.insert(event.pointer).inserted else { return [] }
                return [.ignored("pointer \(event.pointer) moves without having gone down here (a drag begun before "
                                 + "the connection was lost): it moves nothing until it lifts")]
            }
            pointers[event.pointer] = spot
            if case .press(let piece, let pointer, let start, let time, false) = gesture, pointer == event.pointer,
               Self.distance(start, spot) > slop {
                gesture = .press(piece: piece, pointer: pointer, start: start, startTime: time, dragging: true)
            }
            return []
        case .up:
            guard let last = pointers.removeValue(forKey: event.pointer) else {
                strays.remove(event.pointer)
                return [.ignored("pointer \(event.pointer) lifted without having gone down here (a drag begun before "
                                 + "the connection was lost): nothing moved; drag the piece again")]
            }
            switch gesture {
            case .press(let piece, let pointer, let start, let startTime, let dragging) where pointer == event.pointer:
                gesture = nil
                if dragging || Self.distance(start, spot) > slop {
                    return [drag(piece, dx: spot.x - start.x, dy: spot.y - start.y)]
                }
                if event.timestamp - startTime <= tapTime { return [perform { (editor: TangramEditor) throws(EditError) in try editor.flip(piece) }] }
                return [.ignored("long press on \(piece.rawValue)")]
            case .rotate(let piece, let first, let second, let startAngle) where event.pointer == first || event.pointer == second:
                let a = event.pointer == first ? spot : (pointers[first] ?? last)
                let b = event.pointer == second ? spot : (pointers[second] ?? last)
                let other = event.pointer == first ? second : first
                gesture = pointers[other] == nil ? nil : .finishing([other])
                var turn = Self.angle(from: a, to: b) - startAngle
                while turn > 180 { turn -= 360 }
                while turn <= -180 { turn += 360 }
                return [rotate(piece, by: turn)]
            case .finishing(var waiting):
                waiting.remove(event.pointer)
                gesture = waiting.isEmpty ? nil : .finishing(waiting)
                return []
            default:
                return []
            }
        }
    }

    private func drag(_ piece: TangramPiece, dx: Double, dy: Double) -> Outcome {
        perform { editor throws(EditError) in
            let origin = try editor.requirePose(piece).position
            return try editor.move(piece, to: .approximate(origin.doubleX + dx, origin.doubleY + dy))
        }
    }

    private func rotate(_ piece: TangramPiece, by degrees: Double) -> Outcome {
        guard let editor = tangramEditor() else { return .ignored("the active document is not a tangram") }
        let turn: Rotation
        do throws(EditError) { turn = try editor.settings.resolve(.degrees(degrees)).rotation } catch { return .ignored(error.message) }
        guard turn != .identity else { return .ignored("a turn of \(Int(degrees.rounded()))° is less than half a step; nothing turned") }
        return perform { (editor: TangramEditor) throws(EditError) in try editor.rotate(piece, by: .exact(turn)) }
    }

    // MARK: Poses

    private func handle(_ event: PoseEvent) -> [Outcome] {
        let pose = event.pose
        let piece = pose.piece
        guard pose.confidence >= minConfidence else {
            return [.ignored("\(piece.rawValue) at frame \(event.frame): confidence \(pose.confidence.decimalText(places: 2)) is below \(minConfidence.decimalText(places: 2))")]
        }
        if let seen = lastFrame[piece], event.frame < seen {
            return [.ignored("\(piece.rawValue): frame \(event.frame) is older than frame \(seen)")]
        }
        lastFrame[piece] = event.frame
        // A pin outranks the camera: the designer fixed the piece, so its sightings are noise.
        if let document = service.active, document.pinnedPieces(in: document.layer).contains(piece) {
            return [.ignored("\(piece.rawValue) is pinned; its pose at frame \(event.frame) is ignored (`unpin \(piece.rawValue)` to follow it)")]
        }
        switch event.kind {
        case .detected, .moved:
            guard let editor = tangramEditor() else { return [.ignored("the active document is not a tangram")] }
            do throws(EditError) {
                // An exact pose was snapped by its source with the rest of the layout: kept as is.
                let position = pose.exact.map(PositionInput.init) ?? .approximate(pose.x, pose.y)
                guard let proposal = try editor.setPose(piece, position: position, rotation: .degrees(pose.degrees),
                                                         flipped: pose.flipped, anchoring: pose.exact == nil) else {
                    return [.ignored("\(piece.rawValue) is already there")]
                }
                return [commit(proposal)]
            } catch {
                return [.failed(error.message)]
            }
        case .removed:
            guard let editor = tangramEditor() else { return [.ignored("the active document is not a tangram")] }
            guard editor.pose(of: piece) != nil else { return [.ignored("\(piece.rawValue) is not placed")] }
            return [perform { (editor: TangramEditor) throws(EditError) in try editor.remove(piece) }]
        }
    }

    // MARK: Helpers

    private func tangramEditor() -> TangramEditor? { service.active?.tangramEditor }

    private func perform(_ make: (TangramEditor) throws(EditError) -> Proposal) -> Outcome {
        guard let editor = tangramEditor() else { return .ignored("the active document is not a tangram") }
        do throws(EditError) { return commit(try make(editor)) } catch { return .failed(error.message) }
    }

    private func commit(_ proposal: Proposal) -> Outcome {
        guard let document = service.active else { return .ignored("no document is open") }
        guard !proposal.command.isEmpty else { return .ignored("\(proposal.command.label): nothing changed") }
        do throws(EditError) { return .edited(try service.perform(proposal, on: document)) } catch { return .failed(error.message) }
    }

    private static func distance(_ a: Spot, _ b: Spot) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    private static func angle(from a: Spot, to b: Spot) -> Double {
        atan2(b.y - a.y, b.x - a.x) * 180 / Double.pi
    }
}
