import GridEditGeometry
import GridEditJSON

/// Tangram files: `pieces` (the solution arrangement), `silhouette`, `tray`.
public enum TangramKind: PuzzleKind {
    public static let name = "tangram"
    public static let keys = ["pieces", "silhouette", "tray"]

    public static let rules: [any Rule<TangramPuzzle>] = [
        PieceSetRule(),
        OverlapRule(),
        OutOfBoundsRule(),
        DisconnectedRule(),
        SilhouetteShapeRule(),
        SilhouetteAreaRule(),
        SolutionMismatchRule(),
        UnsolvableRule(),
        TangramDifficultyMismatchRule(),
    ]

    public static func decode(_ object: ObjectReader, metadata: PuzzleMetadata,
                              context: DecodeContext) -> TangramPuzzle? {
        let pieces = object.optional("pieces").flatMap { decodePoses($0, allowed: "a tangram has 7 pieces", context: context) }
        let silhouette = object.optional("silhouette").flatMap { decodeSilhouette($0, context: context) }
        let tray = object.optional("tray").flatMap { decodePoses($0, allowed: "a tray holds at most the 7 pieces", context: context) }
        if object.optional("pieces") == nil && object.optional("silhouette") == nil {
            context.report(SchemaRequiredRule.self,
                           "a tangram needs \"pieces\" (the solution arrangement), \"silhouette\", or both",
                           at: object.node)
        }
        guard !context.hasErrors else { return nil }
        return TangramPuzzle(metadata: metadata, pieces: pieces, silhouette: silhouette, tray: tray)
    }

    public static func encodeFields(_ puzzle: TangramPuzzle) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        if let pieces = puzzle.pieces { members.append(.init("pieces", .array(pieces.map(encode)))) }
        if let silhouette = puzzle.silhouette {
            members.append(.init("silhouette", .array(silhouette.map { ring in
                .array(ring.vertices.map { .array([encode($0.x), encode($0.y)]) })
            })))
        }
        if let tray = puzzle.tray { members.append(.init("tray", .array(tray.map(encode)))) }
        return members
    }

    public static func summary(_ puzzle: TangramPuzzle) -> String {
        puzzle.pieces.map { "\($0.count) pieces" } ?? "silhouette"
    }

    // MARK: Poses
    //
    // The one `Pose` codec: puzzle files and the editor's journal both write poses with
    // ``encode(_:)-(Pose)`` and read them with ``decodePose(_:context:)``.

    static let poseKeys = ["piece", "x", "y", "rotation", "flip"]

    /// The most entries a pose list may hold: the seven pieces.
    static let maxPoses = TangramPiece.allCases.count
    /// Seven pieces have 23 corners in all, and every corner of their outline is a piece corner;
    /// these bounds leave room for redundant points while keeping the exact geometry of a
    /// silhouette to microseconds.
    static let maxSilhouetteRings = 16
    static let maxRingPoints = 64

    static func decodePoses(_ node: JSONNode, allowed: String, context: DecodeContext) -> [Pose]? {
        guard let items = context.array(node, atMost: maxPoses, allowed: allowed) else { return nil }
        let poses = items.compactMap { decodePose($0, context: context) }
        return poses.count == items.count ? poses : nil
    }

    /// A pose object; problems are reported to `context` (with its rule ids) and give nil.
    public static func decodePose(_ node: JSONNode, context: DecodeContext) -> Pose? {
        guard let object = context.object(node, allowedKeys: poseKeys) else { return nil }
        let piece = object.required("piece").flatMap { context.choice($0, of: TangramPiece.self, what: "piece id") }
        let x = object.required("x").flatMap(context.exact)
        let y = object.required("y").flatMap(context.exact)
        let rotation = object.required("rotation").flatMap { node -> Rotation? in
            guard case .number(let n) = node.value, let degrees = n.intValue,
                  (0..<360).contains(degrees), let rotation = Rotation(degrees: degrees) else {
                context.report(SchemaValueRule.self,
                               "rotation must be one of 0, 45, 90, 135, 180, 225, 270, 315 (degrees, counter-clockwise)",
                               at: node)
                return nil
            }
            return rotation
        }
        var flip: Bool? = false
        if let node = object.optional("flip") { flip = context.bool(node) }
        guard let piece, let x, let y, let rotation, let flip else { return nil }
        return Pose(piece: piece, position: Point(x, y), rotation: rotation, flipped: flip)
    }

    /// `{"piece": …, "x": …, "y": …, "rotation": …}`, coordinates as ``encode(_:)-(Exact)``
    /// writes them, and `"flip": true` only for a flipped piece.
    public static func encode(_ pose: Pose) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("piece", .string(pose.piece.rawValue)),
            .init("x", encode(pose.position.x)),
            .init("y", encode(pose.position.y)),
            .init("rotation", .number(String(pose.rotation.degrees))),
        ]
        if pose.flipped { members.append(.init("flip", .bool(true))) }
        return .object(members)
    }

    /// Numbers for quarter-grid values, strings (`"1+0.5√2"`) when a √2 part is present.
    static func encode(_ value: Exact) -> JSONValue {
        value.isOnQuarterGrid ? .number(value.description) : .string(value.description)
    }

    // MARK: Silhouette

    static func decodeSilhouette(_ node: JSONNode, context: DecodeContext) -> [Polygon]? {
        guard let rings = context.array(node, atMost: maxSilhouetteRings,
                                        allowed: "a silhouette has at most \(maxSilhouetteRings) rings") else { return nil }
        if rings.isEmpty {
            context.report(SchemaValueRule.self, "the silhouette has no rings; give at least one outline", at: node)
            return nil
        }
        var polygons: [Polygon] = []
        for ring in rings {
            guard let items = context.array(ring, atMost: maxRingPoints,
                                            allowed: "a silhouette ring has at most \(maxRingPoints) points") else { continue }
            let points = items.compactMap(context.point)
            guard points.count == items.count else { continue }
            guard let polygon = Polygon(points) else {
                context.report(SilhouetteShapeRule.self,
                               "this ring is not a simple polygon (it needs 3 or more distinct points, no repeated or collinear-only points, no self-crossing)",
                               at: ring)
                continue
            }
            polygons.append(polygon)
        }
        return polygons.count == rings.count ? polygons : nil
    }
}
