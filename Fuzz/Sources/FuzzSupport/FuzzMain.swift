#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The harness a fuzz executable runs on each input. Set once by `fuzzMain` before the
/// fuzzer starts, read by the one fuzzing thread only.
nonisolated(unsafe) private var harness: ([UInt8]) -> Void = { _ in }

/// Runs `body` on inputs. Built with `-DFUZZING` and `-sanitize=fuzzer` (Fuzz/run),
/// libFuzzer drives it and takes the command line (`-runs=`, corpus folders, …). Without
/// them the executable replays the files named on the command line once each, so an
/// input can be retried under a debugger or a plain build.
public func fuzzMain(_ body: @escaping ([UInt8]) -> Void) -> Never {
  harness = body
  #if FUZZING
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(
      runFuzzerDriver(&argc, &argv) { data, size in
        harness(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
      })
  #else
    for path in CommandLine.arguments.dropFirst() {
      guard let bytes = readFile(path) else {
        print("\(path): cannot read")
        exit(2)
      }
      harness(bytes)
      print("\(path): ok")
    }
    exit(0)
  #endif
}

/// The bytes of the file at `path`, or nil when it cannot be read.
public func readFile(_ path: String) -> [UInt8]? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let n = fread(&chunk, 1, chunk.count, file)
    if n <= 0 { break }
    bytes += chunk[0..<n]
  }
  return ferror(file) == 0 ? bytes : nil
}

/// Stops the run with a message libFuzzer records as a crash: a harness's own check
/// (a round trip that lost a key) that failed.
public func fuzzFinding(_ message: String) -> Never {
  let line = Array("fuzz finding: \(message)\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  abort()
}

#if FUZZING
  /// libFuzzer's driver for a program that has its own `main` (LLVM 13 and later).
  @_silgen_name("LLVMFuzzerRunDriver")
  private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt
#endif
