import FuzzSupport

#if FUZZING
  // The parser is internal to the preview: the fuzz build enables testability.
  @testable import AnimPreview
#endif

/// The preview's HTTP/1.1 request parser on arbitrary bytes, as one read of a socket, and
/// the request guard (token and Host checks) on whatever parses.
@main enum FuzzHTTP {
  static func main() {
    fuzzMain { bytes in
      #if FUZZING
        if case .complete(let request) = HTTPParser.parse(bytes) {
          _ = RequestGuard(token: "0123456789abcdef", port: 8000).refusal(request)
        }
      #endif
    }
  }
}
