import AnimPreview
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `animc preview FILE` (and `animc run FILE --web`): plays the scene live in the browser.
/// The page's URL is the first line of stdout; the server runs until Ctrl-C.
enum PreviewCommand {
  static let summary = "Play a scene live in the browser, reloading it as the file changes."

  static let options: [OptionSpec] = [
    OptionSpec(names: ["--port"], value: "N", help: "Listen on 127.0.0.1:N (default: a free port)."),
    OptionSpec(names: ["--open"], value: nil, help: "Open the page in the desktop's browser."),
  ]

  static let spec = CommandSpec(
    name: "preview",
    summary: summary,
    usage: "[options] FILE",
    options: options + [OptionSpec(names: ["--seed"], value: "N", help: "Random seed (default: the scene's).")],
    details: """
      The page plays the scene at its fps. A click taps the scene there; space taps at the
      origins; p pauses and resumes; r restarts; ← and → step while paused. The timeline
      seeks, the seed field replays with another seed, and the URL's fragment keeps the
      moment (#t=1.5&paused&seed=7); ?embed shows the canvas alone. Saving the file reloads
      it; errors show over the last good frame. Only 127.0.0.1 is served, and only to
      requests that carry the URL's token.
      """)

  static func run(_ args: [String]) -> ExitStatus {
    let (arguments, exit) = spec.parse(args)
    guard let parsed = arguments else { return exit }
    guard parsed.positionals.count == 1, let path = parsed.positionals.first, path != "-" else {
      return Console.fail("give one scene file (the preview watches it, so not stdin)\n\n" + spec.helpText)
    }
    return serve(path: path, parsed)
  }

  /// Serves `path` until Ctrl-C, with `--port`, `--open` and `--seed` from `parsed`.
  static func serve(path: String, _ parsed: Arguments) -> ExitStatus {
    var port: Int? = nil
    if let p = parsed.value("--port") {
      guard let v = Int(p), (1...65_535).contains(v) else {
        return Console.fail("`--port` takes a port number in 1…65535, not `\(p)`")
      }
      port = v
    }
    let seed: UInt64?
    do { seed = try SimulationRequest.options(parsed).seed } catch { return Console.fail(error.message) }
    let server: PreviewServer
    do { server = try PreviewServer(path: path, port: port, seed: seed) } catch {
      return Console.fail(error.message)
    }
    previewStop = 0
    signal(SIGINT) { _ in previewStop = 1 }
    signal(SIGTERM) { _ in previewStop = 1 }
    do { try server.start() } catch {
      server.stop()
      return Console.fail(error.message)
    }
    Console.out(server.url + "\n")
    if let diagnostics = server.initialDiagnostics { Console.err(diagnostics) }
    Console.err("animc preview: serving \(path) on 127.0.0.1:\(server.port); Ctrl-C stops.\n")
    if parsed.has("--open") { openInBrowser(server.url) }
    while previewStop == 0 { usleep(100_000) }
    server.stop()
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    return .success
  }

  /// Asks the desktop to open `url`; says nothing when there is no desktop to ask.
  static func openInBrowser(_ url: String) {
    #if canImport(Darwin)
      let opener = "open"
    #else
      let opener = "xdg-open"
    #endif
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [opener, url]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try? process.run()
  }
}

/// Set by SIGINT/SIGTERM; the serving loop polls it and stops the server.
nonisolated(unsafe) var previewStop: sig_atomic_t = 0
