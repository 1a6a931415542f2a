import GridEditJSON

/// Turns the bytes of one `.json` file into a puzzle or a pack manifest plus every finding
/// about it, each located at a line and column. Shared by the checker, the store and the editor.
public enum DocumentLoader {
    public enum Document: Sendable {
        case puzzle(PuzzleDocument)
        case pack(PackManifest)
        case curriculum(Curriculum)
    }

    public struct Result: Sendable {
        /// The parsed tree, unless the file is not JSON at all.
        public var root: JSONNode?
        /// The decoded document, unless decoding failed.
        public var document: Document?
        /// Schema and rule findings, located.
        public var findings: [Finding]
        /// What the file holds: "tangram", "sudoku", "pack", "curriculum" or "unknown".
        public var kind: String
    }

    /// Loads a file's bytes; `isManifest` when the file is named `pack.json`.
    public static func load(_ bytes: [UInt8], isManifest: Bool) -> Result {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            return Result(root: nil, document: nil, findings: [Finding(error)], kind: "unknown")
        }
        let context = DecodeContext(source: bytes)
        var kind = "unknown"
        var document: Document?
        var ruleFindings: [Finding] = []
        if isManifest {
            kind = "pack"
            if let manifest = PackManifest.decode(root, context: context) {
                document = .pack(manifest)
                ruleFindings += schemaReferenceFindings(manifest.schemaReference, expected: "pack.schema.json")
            }
        } else if Curriculum.isCurriculum(root) {
            // Its rules need the packs beside it: the checker runs them (Checker.curriculumView).
            kind = Curriculum.kindName
            if let curriculum = Curriculum.decode(root, context: context) {
                document = .curriculum(curriculum)
                ruleFindings += schemaReferenceFindings(curriculum.schemaReference, expected: "curriculum.schema.json")
            }
        } else if case .object = root.value, root["kind"] == nil, root["formatVersion"] == nil {
            context.report(SchemaUnknownDocumentRule.self,
                           "not a gridedit puzzle (no \"kind\" or \"formatVersion\") and not named pack.json; move it out of the puzzle folders",
                           at: root)
        } else {
            if case .string(let name) = root["kind"]?.value, PuzzleKinds.named(name) != nil { kind = name }
            if let puzzle = PuzzleDocument.decode(root, context: context) {
                document = .puzzle(puzzle)
                ruleFindings += puzzle.validate()
                ruleFindings += schemaReferenceFindings(puzzle.schemaReference, expected: "puzzle.schema.json")
            }
        }
        let located = (context.findings + ruleFindings.map { locate($0, in: root) }).sorted(by: Finding.displayOrder)
        return Result(root: root, document: document, findings: located, kind: kind)
    }

    /// Fills in the line and column of a finding from its JSON path.
    public static func locate(_ finding: Finding, in root: JSONNode) -> Finding {
        guard finding.location == nil, let path = finding.path else { return finding }
        var located = finding
        located.location = root.node(at: path)?.location ?? root.location
        return located
    }

    static func schemaReferenceFindings(_ reference: String?, expected: String) -> [Finding] {
        guard let reference else {
            return [FormatSchemaReferenceRule.finding(
                "no \"$schema\": add \"$schema\": \"../../schemas/\(expected)\" so editors check the file while you type",
                at: .root)]
        }
        guard reference.hasSuffix(expected) else {
            return [FormatSchemaReferenceRule.finding(
                "\"$schema\" points at \(Excerpt.quoted(reference)); gridedit files use \(expected)",
                at: JSONPath.root.appending(key: "$schema"))]
        }
        return []
    }
}

extension JSONNode {
    /// The node at a path below this one, if the path exists.
    public func node(at path: JSONPath) -> JSONNode? {
        var node = self
        for component in path.components {
            switch (component, node.value) {
            case (.key(let key), .object):
                guard let next = node[key] else { return nil }
                node = next
            case (.index(let i), .array(let items)) where items.indices.contains(i):
                node = items[i]
            default:
                return nil
            }
        }
        return node
    }
}
