/// `animc fmt`: not implemented yet.
enum FmtCommand {
  static let summary = "Format .anim files in the canonical layout."

  static func run(_ args: [String]) -> ExitStatus {
    Console.fail("`animc fmt` is not implemented yet")
  }
}
