import GridEditJSON

/// Rewrites puzzle files and manifests in canonical form (the engine of `gridedit format`).
/// Files that do not decode are left untouched and reported.
public enum CanonicalFormatter {
    public struct Outcome: Sendable {
        public var messages: [String] = []
        /// Files that were (or, when only checking, would be) rewritten.
        public var changed: [String] = []
        public var hadError = false
    }

    /// Formats (or with `write: false` only checks) every file named or found under a folder
    /// named, reading and writing only within each path's ``TreeRoot``.
    public static func format(_ paths: [String], write: Bool, policy: FileAccessPolicy = FileAccessPolicy()) -> Outcome {
        var outcome = Outcome()
        for path in paths {
            let files: [TreeEntry]
            let root: TreeRoot
            switch FileSystem.kind(of: path) {
            case .directory:
                root = TreeRoot(folder: path, policy: policy)
                files = root.jsonFiles(under: path)
            case .file:
                root = TreeRoot(argument: path, policy: policy)
                files = [TreeEntry(path: path)]
            case .missing:
                outcome.messages.append("\(path): no such file or folder")
                outcome.hadError = true
                continue
            }
            for file in files { format(file, root: root, write: write, into: &outcome) }
        }
        return outcome
    }

    static func format(_ entry: TreeEntry, root: TreeRoot, write: Bool, into outcome: inout Outcome) {
        let file = entry.path
        let bytes: [UInt8]
        switch root.read(entry) {
        case .success(let read): bytes = read
        case .failure(let refusal):
            outcome.messages.append(Finding(refusal).line(in: file))
            outcome.hadError = true
            return
        }
        let result = DocumentLoader.load(bytes, isManifest: PackManifest.isManifest(file))
        let canonical: String
        switch result.document {
        case .puzzle(let document)?: canonical = document.canonicalText()
        case .pack(let manifest)?: canonical = CanonicalJSONWriter.write(manifest.encode())
        case .curriculum(let curriculum)?: canonical = curriculum.canonicalText()
        case nil:
            outcome.messages.append("\(Excerpt.escaped(file)): not formatted: it does not load; run `gridedit check \(Excerpt.escaped(file))`")
            outcome.hadError = true
            return
        }
        guard Array(canonical.utf8) != bytes else { return }
        outcome.changed.append(file)
        if write {
            do {
                // A link inside the root is written through (the link stays a link); anything
                // leading out of the root was refused when it was read, and is checked again.
                let target: String
                switch root.writableTarget(file) {
                case .success(let path): target = path
                case .failure(let refusal):
                    outcome.messages.append(Finding(refusal).line(in: file))
                    outcome.hadError = true
                    return
                }
                try AtomicFile.write(Array(canonical.utf8), to: target)
                outcome.messages.append("formatted \(Excerpt.escaped(file))")
            } catch {
                outcome.messages.append(error.description)
                outcome.hadError = true
            }
        } else {
            outcome.messages.append("\(Excerpt.escaped(file)): not in canonical form; run `gridedit format \(Excerpt.escaped(file))`")
        }
    }
}
