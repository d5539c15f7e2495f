import AnimMath
import AnimSource
import AnimSyntax

/// Seeded mutants of a source file, one random edit each: bytes deleted, duplicated,
/// swapped or inserted (invalid UTF-8 too), the file truncated, tokens swapped, deleted
/// or inserted from the language's words. The same seed and name give the same mutants.
public struct SourceMutator {
  let original: [UInt8]
  let tokens: [SourceRange]
  var random: RandomStream

  public init(_ original: [UInt8], seed: UInt64, name: String) {
    self.original = original
    var lexer = Lexer(bytes: original)
    tokens = lexer.tokenize().dropLast().map(\.range)
    random = RandomStream(seed: seed, name: name)
  }

  static let vocabulary = [
    "{", "}", "(", ")", "[", "]", ",", ":", ";", "=", "..", "...", "-", "*", "/", ".", "animate", "node", "let",
    "scene",
    "spawn", "from", "to", "over", "keyframes", "along", "repeat", "forever", "#FF0000", "1s", "30deg", "\"s", "/*",
    "\n", "emitter", "replicate", "count", "instance", "input", "tap", "at", "every", "self.index", "trigger.position",
    "random(0..1)", "1e999", "0/0", "sqrt(-1)",
  ]

  /// The next mutant: one random edit of the original.
  public mutating func next() -> [UInt8] {
    var b = original
    var random = self.random
    defer { self.random = random }
    let n = b.count
    func pick(_ count: Int) -> Int { count <= 0 ? 0 : random.int(0, count - 1) }
    switch pick(8) {
    case 0:  // delete a run of bytes
      let s = pick(n)
      b.removeSubrange(s..<min(n, s + 1 + pick(20)))
    case 1:  // duplicate a run
      let s = pick(n)
      let run = b[s..<min(n, s + 1 + pick(40))]
      b.insert(contentsOf: run, at: pick(n))
    case 2:  // swap two tokens
      guard tokens.count > 2 else { break }
      var x = tokens[pick(tokens.count)]
      var y = tokens[pick(tokens.count)]
      if x.start > y.start { swap(&x, &y) }
      guard x.end <= y.start else { break }
      let bx = Array(b[x.start..<x.end])
      let by = Array(b[y.start..<y.end])
      b.replaceSubrange(y.start..<y.end, with: bx)
      b.replaceSubrange(x.start..<x.end, with: by)
    case 3:  // truncate
      b = Array(b.prefix(pick(n)))
    case 4:  // random bytes, invalid UTF-8 included
      var junk: [UInt8] = []
      for _ in 0...pick(6) { junk.append(UInt8(pick(256))) }
      b.insert(contentsOf: junk, at: pick(n))
    case 5:  // a token from the language, somewhere
      let word = Self.vocabulary[pick(Self.vocabulary.count)]
      b.insert(contentsOf: Array((" " + word + " ").utf8), at: pick(n))
    case 6:  // delete a token
      guard !tokens.isEmpty else { break }
      let t = tokens[pick(tokens.count)]
      b.removeSubrange(t.start..<t.end)
    default:  // swap two bytes
      guard n > 1 else { break }
      b.swapAt(pick(n), pick(n))
    }
    return b
  }
}
