/// A progress bar on stderr, drawn only when stderr is a terminal and the work is long
/// enough to watch (pictures; not dumps, whose stderr stays clean).
struct ProgressBar {
  let total: Int
  let visible: Bool
  var lastDrawn = -1

  init(total: Int, visible: Bool = true) {
    self.total = max(total, 1)
    self.visible = visible && Console.stderrIsTerminal
  }

  /// Shows `done` of `total` frames written.
  mutating func show(_ done: Int, of total: Int) {
    guard visible else { return }
    let total = max(total, 1)
    let percent = done * 100 / total
    guard percent != lastDrawn else { return }
    lastDrawn = percent
    let width = 30
    let filled = width * done / total
    Console.err(
      "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        + "] \(percent)% (\(done)/\(total) frames)")
  }

  func finish() {
    if visible && lastDrawn >= 0 { Console.err("\n") }
  }
}
