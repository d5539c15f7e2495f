import Foundation
import FuzzSupport

#if FUZZING
  // The framer and the dispatch are internal to the server: the fuzz build enables
  // testability.
  @testable import AnimServer
#endif

/// The language server's message framer and JSON-RPC dispatch on an arbitrary byte
/// stream. The first byte sets the size of the reads the stream arrives in (1 to 256
/// bytes, so headers and bodies are split anywhere); every framed body is handled as
/// `run()` handles it, and the checks it schedules are run at the end. Replies go to
/// /dev/null.
@main enum FuzzLSP {
  static func main() {
    #if FUZZING
      guard let sink = FileHandle(forWritingAtPath: "/dev/null") else { fuzzFinding("cannot open /dev/null") }
    #endif
    fuzzMain { bytes in
      #if FUZZING
        guard let first = bytes.first else { return }
        let stream = bytes.dropFirst()
        let readSize = Int(first) + 1
        let server = LanguageServer(input: FileHandle.nullDevice, output: sink)
        var framer = MessageFramer()
        var offset = stream.startIndex
        while offset < stream.endIndex {
          let end = min(offset + readSize, stream.endIndex)
          framer.append(stream[offset..<end])
          offset = end
          while let body = framer.next() {
            _ = framer.takeComplaints()
            if server.handle(body) != nil { return }
          }
        }
        for uri in server.scheduledChecks.keys.sorted() { server.publishDiagnostics(uri) }
      #endif
    }
  }
}
