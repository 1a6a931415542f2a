import ArgumentParser
import Foundation
import GridEditCore
import GridEditRender

/// `gridedit curriculum`: draft a plan of days from packs, and draw it. Checking is `gridedit
/// check`'s, like any file (docs/format.md, "Curricula").
struct CurriculumCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curriculum",
        abstract: "Draft and draw curricula: plans of days built from packs.",
        subcommands: [Plan.self, CurriculumRender.self]
    )

    struct Plan: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draft an N-day curriculum from the packs in a folder.",
            discussion: """
                Orders the packs' puzzles by measured difficulty (the Sudoku grader's score, the tangram \
                solver's estimate), spreads them over the days within the difficulty step and the reuse \
                window, interleaves the games and the activity types, and adds spaced review. The same \
                packs and --seed give the same file. The draft is checked with the curriculum rules \
                before it is written; put it in FOLDER/curricula/ so `gridedit check FOLDER` checks it. \
                Exit status: 0 written, 1 the draft breaks a rule (it is written anyway, for editing), \
                2 a file cannot be read or written, 64 bad usage.
                """
        )

        @Argument(help: "The folder of packs (each a folder with a pack.json).")
        var packs: String = "puzzles"

        @Option(name: .shortAndLong, help: ArgumentHelp("The curriculum file to write.", valueName: "file"))
        var output: String

        @Option(help: "The curriculum's id (lower-case letters, digits, dashes; default: from the file name).")
        var id: String?

        @Option(help: "The curriculum's name (default: from the id).")
        var name: String?

        @Option(help: "Number of days.")
        var days = 100

        @Option(help: "Seed for breaking ties.")
        var seed: UInt64 = 1

        @Option(name: .customLong("pack"), help: ArgumentHelp("Only this pack (repeatable; default: every pack).", valueName: "id"))
        var onlyPacks: [String] = []

        @Option(help: ArgumentHelp("Ages, like 6-10 (default: from the hardest puzzle and the packs' ages).", valueName: "MIN-MAX"))
        var ages: String?

        @Flag(help: "Overwrite an existing file.")
        var force = false

        var planID: String {
            id ?? FileSystem.lastComponent(of: output).replacingOccurrences(of: ".json", with: "")
        }

        func validate() throws {
            guard (1...Curriculum.maxDays).contains(days) else { throw ValidationError("--days must be from 1 to \(Curriculum.maxDays)") }
            guard PuzzleMetadata.isValidID(planID) else {
                throw ValidationError("the id \"\(planID)\" must be lower-case letters and digits joined by single dashes; give --id")
            }
            if let ages, Self.ageRange(ages) == nil { throw ValidationError("--ages takes MIN-MAX from 2 to 18, like 6-10") }
        }

        static func ageRange(_ text: String) -> ClosedRange<Int>? {
            let parts = text.split(separator: "-")
            guard parts.count == 2, let low = Int(parts[0]), let high = Int(parts[1]), 2 <= low, low <= high, high <= 18 else { return nil }
            return low...high
        }

        func run() throws {
            guard FileSystem.isDirectory(packs) else {
                StandardStreams.errorLine("\(packs): not a folder of packs")
                throw ExitCode(2)
            }
            if !force, FileSystem.exists(output) {
                StandardStreams.errorLine("\(output): exists; give --force to overwrite it")
                throw ExitCode(2)
            }
            let library = PackLibrary.load(folder: packs, jobs: ProcessInfo.processInfo.activeProcessorCount)
            let title = name ?? planID.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
            let options = CurriculumPlanner.Options(id: planID, name: title, days: days, seed: seed, packs: onlyPacks,
                                                    ageRange: ages.flatMap(Self.ageRange))
            let curriculum: Curriculum
            do {
                curriculum = try CurriculumPlanner(library: library, options: options).plan()
            } catch {
                StandardStreams.errorLine("\(packs): \(error)")
                throw ExitCode(2)
            }
            let text = curriculum.canonicalText()
            do {
                try FileSystem.makeFolders(FileSystem.folder(of: output))
                try AtomicFile.write(Array(text.utf8), to: output)
            } catch {
                StandardStreams.errorLine("\(error)")
                throw ExitCode(2)
            }
            // Check the draft as `gridedit check` will, against the same packs.
            let findings = CurriculumView(curriculum: curriculum, library: library, curricula: [:]).validate()
            StandardStreams.errorLine("\(output): \(curriculum.days.count) days, ages \(curriculum.ageRange.lowerBound)–\(curriculum.ageRange.upperBound), "
                                      + "\(Set(curriculum.days.flatMap { $0.activities.flatMap(\.puzzles) }).count) puzzles; "
                                      + (findings.isEmpty ? "the curriculum rules pass" : "\(findings.count) findings: run `gridedit check \(output)`"))
            if !findings.isEmpty { throw ExitCode(1) }
        }
    }
}

/// `gridedit curriculum render`: the chart of difficulty by day and the printable overview.
struct CurriculumRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a curriculum: the chart of difficulty by day and a printable PDF overview.",
        discussion: """
            --chart FILE draws each game's measured difficulty by day (PNG, SVG or PDF by the file's \
            extension; reviews as rings). --overview FILE.pdf prints one line a day with the day's \
            puzzle thumbnails. The packs are those beside the curriculum's folder, as for `gridedit \
            check`; findings of the curriculum rules are printed as notes and the drawing is made \
            anyway (an unresolved puzzle is an empty box). The look comes from templates/style.jsonc. \
            The same files give the same bytes. Exit status: 0 written, 1 the file is not a readable \
            curriculum, 2 a file cannot be read or written, 64 bad usage.
            """
    )

    @Argument(help: "The curriculum file.")
    var file: String

    @Option(help: ArgumentHelp("Write the chart of difficulty by day here (.png, .svg or .pdf).", valueName: "file"))
    var chart: String?

    @Option(help: ArgumentHelp("Write the printable overview here (.pdf).", valueName: "file"))
    var overview: String?

    @Option(help: ArgumentHelp("Chart PNG width in pixels (default 1200).", valueName: "n"))
    var size: Int?

    @Option(help: ArgumentHelp("The style file (default: templates/style.jsonc of the repository).", valueName: "file"))
    var style: String?

    func validate() throws {
        guard chart != nil || overview != nil else { throw ValidationError("name what to draw: --chart FILE, --overview FILE.pdf or both") }
        if let overview, RenderFormat(path: overview) != .pdf { throw ValidationError("--overview writes a PDF; name the file .pdf") }
        if let chart, RenderFormat(path: chart) == nil { throw ValidationError("--chart: end the file name in .png, .svg or .pdf") }
        if let size, !(200...8192).contains(size) { throw ValidationError("--size must be from 200 to 8192") }
    }

    func run() throws {
        let root = TreeRoot(argument: file)
        let bytes: [UInt8]
        switch root.read(file) {
        case .success(let read): bytes = read
        case .failure(let refusal):
            StandardStreams.errorLine(Finding(refusal).line(in: file))
            throw ExitCode(2)
        }
        let loaded = DocumentLoader.load(bytes, isManifest: false)
        guard case .curriculum(let curriculum)? = loaded.document, let tree = loaded.root else {
            for finding in loaded.findings where finding.severity == .error { StandardStreams.errorLine(finding.line(in: file)) }
            StandardStreams.errorLine("\(file): not drawn: it is not a readable curriculum; run `gridedit check \(file)`")
            throw ExitCode(1)
        }
        let view = CurriculumView.load(curriculum, at: file)
        for finding in view.validate() {
            StandardStreams.errorLine("note: " + DocumentLoader.locate(finding, in: tree).line(in: file))
        }
        let plot = CurriculumPlot(curriculum: curriculum, library: view.library)
        do {
            let renderer = try Renderer(style: Style.load(try Render.stylePath(style)))
            if let chart {
                let format = try Renderer.format(nil, for: chart)
                try Renderer.writeFile(renderer.renderCurriculumChart(plot, as: format, size: size), to: chart)
                StandardStreams.errorLine("\(chart): difficulty by day, \(curriculum.days.count) days")
            }
            if let overview {
                try Renderer.writeFile(renderer.renderCurriculumOverview(plot), to: overview)
                StandardStreams.errorLine("\(overview): \(renderer.curriculumOverviewPageCount(plot)) pages, one line a day")
            }
        } catch let error as RenderError {
            StandardStreams.errorLine("gridedit curriculum render: \(error)")
            throw ExitCode(2)
        }
    }
}
