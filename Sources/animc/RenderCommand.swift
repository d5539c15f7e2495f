/// `animc render`: not implemented yet.
enum RenderCommand {
  static let summary = "Render a scene to GIF, PNG or SVG."

  static func run(_ args: [String]) -> ExitStatus {
    Console.fail("`animc render` is not implemented yet")
  }
}
