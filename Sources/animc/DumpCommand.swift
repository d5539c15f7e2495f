/// `animc dump`: not implemented yet.
enum DumpCommand {
  static let summary = "Write the frames of a scene as JSON Lines or CSV."

  static func run(_ args: [String]) -> ExitStatus {
    Console.fail("`animc dump` is not implemented yet")
  }
}
