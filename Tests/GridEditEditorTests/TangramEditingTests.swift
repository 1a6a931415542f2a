import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditLayout
import Testing

@Suite("Tangram editing: place, move, nudge, rotate, flip, groups")
struct TangramEditingTests {
    @Test("Placing snaps inexact input to the grid and keeps exact input as typed")
    func placing() throws {
        let e = editor([])
        let snapped = try e.place(.square, at: .approximate(2.1, 3.9), rotation: .degrees(40))
        #expect(try after(snapped, on: e) == [pose(.square, "2", "4", 45)])
        #expect(snapped.notes.contains { $0.contains("0.25 grid") } && snapped.notes.contains { $0.contains("45°") })
        let exact = try e.place(.medium, at: PositionInput(point("4+√2", "1")), rotation: .exact(Rotation(degrees: 90)!))
        #expect(try after(exact, on: e) == [pose(.medium, "4+√2", "1", 90)])
        #expect(exact.notes.isEmpty)
        #expect(throws: EditError.self) { try editor([pose(.square, "0", "0")]).place(.square, at: .approximate(1, 1)) }
    }

    @Test("Placing near a piece anchors; nudging never does")
    func nudgeDoesNotAnchor() throws {
        let e = editor([pose(.square, "0", "0"), pose(.small1, "1.5", "0")])
        let nudged = try after(try e.nudge(.small1, by: Vector(x("-0.25"), .zero)), on: e)
        #expect(nudged.contains(pose(.small1, "1.25", "0")), "a nudge moves exactly as asked")
        let moved = try after(try e.move(.small1, to: PositionInput(point("1.25", "0"))), on: e)
        #expect(moved.contains(pose(.small1, "1", "0")), "a move within the radius lands flush")
    }

    @Test("Rotating about a corner keeps that corner; the automatic pivot keeps the piece in place")
    func rotating() throws {
        let e = editor([pose(.large1, "2", "2")])
        let aboutCorner = try after(try e.rotate(.large1, by: .exact(Rotation(degrees: 45)!), about: point("4", "2")), on: e)
        #expect(aboutCorner[0].vertices.contains(point("4", "2")))
        #expect(aboutCorner[0].rotation.degrees == 45)
        for degrees in [45, 90, 135, 180, -45] {
            let turned = try after(try e.rotate(.large1, by: .exact(Rotation(degrees: degrees)!)), on: e)[0]
            let before = e.poses[0].vertices, now = turned.vertices
            let (bx, by) = (before.map(\.doubleX).reduce(0, +) / 3, before.map(\.doubleY).reduce(0, +) / 3)
            let (nx, ny) = (now.map(\.doubleX).reduce(0, +) / 3, now.map(\.doubleY).reduce(0, +) / 3)
            #expect(((bx - nx) * (bx - nx) + (by - ny) * (by - ny)).squareRoot() < 1, "\(degrees)°: the piece stays roughly in place")
        }
        #expect(throws: EditError.self) { try e.rotate(.large1, by: .exact(.identity)) }
        #expect(throws: EditError.self, "a pivot that needs eighths is refused") {
            try e.rotate(.large1, by: .exact(Rotation(degrees: 45)!), about: point("2.25", "2"))
        }
    }

    @Test("A group turns as one, exactly, and keeps its contacts; offsets that would need eighths are refused")
    func groupRotation() throws {
        var groups = GroupTable()
        groups[.solution] = [[.large1, .large2]]
        let flush = editor([pose(.large1, "4", "4", 135), pose(.large2, "4", "4", 45)], groups: groups)
        let turned = try after(try flush.rotate(.large1, by: .exact(Rotation(degrees: 45)!)), on: flush)
        #expect(turned.map(\.rotation.degrees) == [180, 90])
        #expect(turned[0].polygon.sharesBoundarySegment(with: turned[1].polygon))

        let odd = editor([pose(.square, "0", "0"), pose(.small1, "1.25", "0")], groups: GroupTable([.solution: [[.square, .small1]]]))
        #expect(throws: EditError.self) { try odd.rotate(.square, by: .exact(Rotation(degrees: 45)!)) }
        #expect(try after(try odd.rotate(.square, by: .exact(Rotation(degrees: 90)!)), on: odd).count == 2)
    }

    @Test("Flipping mirrors in place; twice is the identity")
    func flipping() throws {
        let e = editor([pose(.parallelogram, "1", "1", 45)])
        let once = try after(try e.flip(.parallelogram), on: e)
        #expect(once[0].flipped && once[0].rotation.degrees == 315)
        let box = e.poses[0].polygon.boundingBox, flippedBox = once[0].polygon.boundingBox
        #expect(abs(box.minX.doubleValue + box.maxX.doubleValue - flippedBox.minX.doubleValue - flippedBox.maxX.doubleValue) <= 0.5)
        let e2 = editor(once)
        #expect(try after(try e2.flip(.parallelogram), on: e2) == e.poses)
        // A triangle's flip is a turn; the shape covers the mirrored ground.
        let t = editor([pose(.small1, "1", "1")])
        let flippedTriangle = try after(try t.flip(.small1), on: t)[0]
        #expect(!flippedTriangle.flipped)
    }

    @Test("Attach, detach and remove manage groups")
    func groups() throws {
        let e = editor([pose(.small1, "0", "0"), pose(.small2, "1", "1", 180), pose(.square, "5", "5")])
        let attach = try e.attach([.small1, .small2])
        var state = EditorState(puzzle: e.puzzle)
        try attach.command.apply(to: &state)
        #expect(state.groups[.solution] == [[.small1, .small2]])
        #expect(attach.notes.isEmpty, "touching pieces need no warning")
        #expect(try e.attach([.small1, .square]).notes.contains { $0.contains("do not all touch") })
        let e2 = TangramEditor(puzzle: state.tangram!, groups: state.groups, layer: .solution, settings: SnapSettings())
        var removed = state
        try e2.remove(.small2).command.apply(to: &removed)
        #expect(removed.groups[.solution].isEmpty && removed.solution.count == 2)
        #expect(throws: EditError.self) { try e.detach(.square) }
        #expect(throws: EditError.self) { try e.attach([.small1]) }
    }

    @Test("Hit testing finds the topmost piece under a finger")
    func hitTesting() {
        let e = editor([pose(.square, "0", "0"), pose(.large1, "3", "3")])
        #expect(e.piece(atApproximate: 0.5, 0.5) == .square)
        #expect(e.piece(atApproximate: 3.2, 3.2) == .large1)
        #expect(e.piece(atApproximate: 2.5, 0.5) == nil)
    }
}
