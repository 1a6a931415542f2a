import ArgumentParser
import CVision
import Foundation

/// `gridedit-capture`: the half of gridedit that links OpenCV. Users reach it as `gridedit mat`
/// and `gridedit capture` (gridedit hands those over with exec), so its usage reads "gridedit".
struct GridEditCapture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gridedit",
        abstract: "Camera capture: print the mat, turn photos of pieces on it into puzzles.",
        subcommands: [MatCommand.self, CaptureCommand.self])
}

// GridEditCapture's release build runs on x86-64-v3 CPUs (Package.swift, captureCPU): on an older
// one, say so rather than stop at an illegal instruction.
guard gev_cpu_supported() != 0 else {
    FileHandle.standardError.write(Data(("gridedit: capture needs an x86-64 CPU with AVX2 and FMA (Intel Haswell, AMD Excavator "
        + "or later), and this one has not: build gridedit on this machine with captureCPU emptied in Package.swift\n").utf8))
    exit(1)
}
GridEditCapture.main()
