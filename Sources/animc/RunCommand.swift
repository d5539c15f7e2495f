/// `animc run`: not implemented yet.
enum RunCommand {
  static let summary = "Play a scene live in the terminal (or dump it when not a terminal)."

  static func run(_ args: [String]) -> ExitStatus {
    Console.fail("`animc run` is not implemented yet")
  }
}
