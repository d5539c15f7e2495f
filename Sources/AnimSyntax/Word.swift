/// The words the language gives meaning to. Each is interned first in every
/// `SymbolTable`, so a word's raw value is its symbol id and keyword tests are integer
/// compares. The order is fixed: reserved words, then clause words, then contextual words.
@usableFromInline package enum Word: Int32, CaseIterable, Sendable {
  // Reserved words (§1): never names.
  case scene, `let`, shape, path, timing, node, emitter, replicate, spawn, animate, group
  case sequence, input, `true`, `false`, `self`, trigger
  /// §16's drags and live values.
  case drag, release, live, `if`, `else`, emit
  // Clause words (§1): never declared names; end an expression; `max(…)` and
  // `rotate(…)` are still calls.
  case from, to, by, over, delay, `repeat`, `for`, forever, autoreverse, fill, additive
  case cumulative, interpolate, pacing, rotate, at, every, until, after, count, keyframes
  case along, on, tap, burst, max, origin, remove, instance
  // Contextual words: ordinary names except in one position.
  case ccw, pause, resume, speed, transform, color, offset, move, line, quad, cubic, arc, close, `in`
  /// `animate position with MOTION` (§15).
  case with
  case birth, death, of

  /// How the word is written.
  package var spelling: String { Word.spellings[Int(rawValue)] }

  /// Written out in the cases' order (a test checks it against `String(describing:)`):
  /// mapping `allCases` through `String(describing:)` goes through reflection, on the
  /// first parse's serial start.
  private static let spellings: [String] = [
    "scene", "let", "shape", "path", "timing", "node", "emitter", "replicate", "spawn", "animate", "group",
    "sequence", "input", "true", "false", "self", "trigger",
    "drag", "release", "live", "if", "else", "emit",
    "from", "to", "by", "over", "delay", "repeat", "for", "forever", "autoreverse", "fill", "additive",
    "cumulative", "interpolate", "pacing", "rotate", "at", "every", "until", "after", "count", "keyframes",
    "along", "on", "tap", "burst", "max", "origin", "remove", "instance",
    "ccw", "pause", "resume", "speed", "transform", "color", "offset", "move", "line", "quad", "cubic", "arc", "close",
    "in", "with", "birth", "death", "of",
  ]

  /// The clause words' spellings, for "may not be a declared name" (§1).
  package static let clauseWordSpellings: Set<String> = Set(Word.allCases.filter(\.isClauseWord).map(\.spelling))

  package var isReserved: Bool { rawValue <= Word.lastReserved.rawValue }

  /// The last reserved word: reserved words are the cases up to it.
  @usableFromInline package static let lastReserved = Word.emit
  package var isClauseWord: Bool { rawValue >= Word.from.rawValue && rawValue <= Word.instance.rawValue }

  /// Words that begin a top-level declaration.
  package var startsDeclaration: Bool {
    switch self {
    case .scene, .let, .shape, .path, .timing, .node, .emitter, .replicate, .input: return true
    default: return false
    }
  }

  /// Clause words that can only continue an `animate` (used to spot a clause that
  /// wandered onto the next line of a one-line animation).
  package var isAnimationClause: Bool {
    switch self {
    case .from, .to, .by, .over, .delay, .repeat, .autoreverse, .additive, .cumulative, .interpolate,
      .pacing, .keyframes, .along, .timing, .rotate:
      return true
    default: return false
    }
  }
}

/// An interned identifier: an index into a `SymbolTable`.
@usableFromInline package struct Symbol: Hashable, Sendable, Comparable {
  @usableFromInline package let id: Int32
  @inlinable package init(_ id: Int32) { self.id = id }
  package init(_ word: Word) { self.id = word.rawValue }

  /// Inlined: the parser asks a token's word at every statement and clause, and a call
  /// would cost more than the one compare it wraps.
  @inline(__always) @usableFromInline package var word: Word? { Word(rawValue: id) }
  @usableFromInline package static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
  package static func == (s: Symbol, w: Word) -> Bool { s.id == w.rawValue }
}
