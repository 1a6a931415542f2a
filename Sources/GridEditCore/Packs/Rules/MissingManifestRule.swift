/// A folder of puzzles directly under a `puzzles` folder has no `pack.json`. Such folders are
/// meant to be packs; without a manifest the app cannot show the puzzles as one, nor order them.
/// A warning, reported at the folder's first checked file, since every puzzle in it is still fine.
public enum MissingManifestRule: DocumentedRule {
    public static let id = "pack.missing-manifest"
    public static let summary = "A folder of puzzles without pack.json."
    public static let severity = Finding.Severity.warning
}
