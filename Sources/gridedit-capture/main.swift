import ArgumentParser

/// `gridedit-capture`: the half of gridedit that links OpenCV. Users reach it as `gridedit mat`
/// and `gridedit capture` (gridedit hands those over with exec), so its usage reads "gridedit".
struct GridEditCapture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gridedit",
        abstract: "Camera capture: print the mat, turn photos of pieces on it into puzzles.",
        subcommands: [MatCommand.self, CaptureCommand.self])
}

GridEditCapture.main()
