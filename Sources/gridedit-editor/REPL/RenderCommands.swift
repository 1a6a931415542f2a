#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore
import GridEditProcess
import GridEditEditor
import GridEditLayout
import GridEditRender

/// `render` and `preview`: the active puzzle, as it stands (work in progress included), through
/// GridEditRender, the engine of `gridedit render`.
enum RenderCommands {
    static func register(on interpreter: CommandInterpreter, templatesFolder: String?, environment: [String: String]) {
        interpreter.register(CommandSpec(
            "render", group: .documents, usage: "render PATH [--card] [--solution] [--grid] [--size N]",
            summary: "draw the active puzzle to a PNG, SVG or PDF file (the format comes from the name)",
            details: """
                The same drawing as `gridedit render`, of the puzzle as it is now, unsaved changes included. \
                --card draws the puzzle card, --solution the answer, --grid the 8×8 play area (Tangram), \
                --size the PNG width in pixels. The look comes from templates/style.jsonc (docs/rendering.md).
                """,
            arguments: [.path(extensions: ["png", "svg", "pdf"])], flags: ["--card", "--solution", "--grid", "--size"])
        ) { (a, interpreter) throws(EditError) in
            let path = try a.next("a file name ending in .png, .svg or .pdf")
            try a.end()
            let document = try interpreter.requireDocument()
            let options = try renderOptions(a)
            try render(document, to: path, options: options, templatesFolder: templatesFolder)
            interpreter.console.say("rendered \(document.displayName) to \(path)", .edit)
        }
        interpreter.register(CommandSpec(
            "preview", group: .documents, usage: "preview [--solution] [--card]",
            summary: "render the active puzzle to a PNG in the temporary folder and open it if there is a display",
            details: "The file is $TMPDIR/gridedit-preview/ID.png; with a graphical session it opens with xdg-open.",
            flags: ["--card", "--solution"])
        ) { (a, interpreter) throws(EditError) in
            try a.end()
            let document = try interpreter.requireDocument()
            let folder = (environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/gridedit-preview"
            do throws(FileSystem.Failure) {
                try FileSystem.makeFolders(folder, permissions: .ownerReadWriteExecute)
            } catch {
                throw EditError(error.message)
            }
            let path = folder + "/\(document.puzzle.metadata.id).png"
            try render(document, to: path, options: try renderOptions(a), templatesFolder: templatesFolder)
            if open(path, environment: environment) {
                interpreter.console.say("preview: \(path) (opened)", .edit)
            } else {
                interpreter.console.say("preview: \(path)", .edit)
            }
        }
    }

    static func renderOptions(_ a: Arguments) throws(EditError) -> RenderOptions {
        var size: Int?
        if let text = a.option("--size") {
            guard let n = Int(text), (16...8192).contains(n) else { throw EditError("--size takes a number of pixels from 16 to 8192") }
            size = n
        }
        return RenderOptions(product: a.flag("--card") ? .card : .preview, solution: a.flag("--solution"),
                             grid: a.flag("--grid"), size: size)
    }

    static func render(_ document: EditorDocument, to path: String, options: RenderOptions, templatesFolder: String?) throws(EditError) {
        guard let folder = templatesFolder else { throw EditError("no templates folder, so no style.jsonc; set GRIDEDIT_TEMPLATES") }
        do {
            let renderer = try Renderer(style: try Style.load(folder + "/style.jsonc"))
            try renderer.write(document.fileDocument, options: options, to: path)
        } catch {
            throw EditError("cannot render: \(error)")
        }
    }

    /// Opens a file with the desktop's viewer when there is a graphical session.
    static func open(_ path: String, environment: [String: String]) -> Bool {
        guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else { return false }
        return ChildProcess.start("xdg-open", arguments: [path], environment: environment)
    }
}
