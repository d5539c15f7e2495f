import AnimFormat
import AnimSource

/// `animc-bench fmt`: formatter throughput on the check benchmark's generated file.
enum FmtBench {
  static func run(megabytes: Double = 2) {
    let source = CheckBench.generate(bytes: Int(megabytes * 1_000_000))
    let file = SourceFile(name: "bench.anim", text: source)
    let size = Double(file.bytes.count) / 1_000_000
    var changed = false
    let seconds = Measure.best(runs: 3) { changed = AnimFormat.Formatter.format(file).changed }
    print(
      String(
        format: "fmt:    %7.1f MB/s on %.2f MB (self-check re-parse included; %@)", size / seconds, size,
        changed ? "changed" : "already canonical"))
  }
}
