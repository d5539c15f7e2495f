import Foundation
import Testing

/// `grammar/anim.tmLanguage.json` is valid JSON, its regexes compile (ICU's syntax is
/// close to Oniguruma's for what the grammar uses), and a small TextMate-style scanner
/// over sample lines gives the expected scopes.
struct GrammarTests {
  static let url = Fixture.root.appendingPathComponent("grammar/anim.tmLanguage.json")

  static func grammar() throws -> [String: Any] {
    let data = try Data(contentsOf: url)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func isValidJSONWithTheRightIdentity() throws {
    let g = try Self.grammar()
    #expect(g["scopeName"] as? String == "source.anim")
    #expect(g["fileTypes"] as? [String] == ["anim"])
  }

  @Test func everyRegexCompiles() throws {
    var bad: [String] = []
    func walk(_ o: Any) {
      if let d = o as? [String: Any] {
        for key in ["match", "begin", "end"] {
          if let r = d[key] as? String, (try? NSRegularExpression(pattern: r, options: [.anchorsMatchLines])) == nil {
            bad.append(r)
          }
        }
        d.values.forEach(walk)
      } else if let a = o as? [Any] {
        a.forEach(walk)
      }
    }
    walk(try Self.grammar())
    #expect(bad.isEmpty, "\(bad)")
  }

  @Test(arguments: [
    ("// a comment", "// a comment", "comment.line"),
    ("let a = 1 /* x /* nested */ y */ + 2", "y */", "comment.block"),
    ("let s = \"a\\tb\"", "\\t", "constant.character.escape"),
    ("let s = \"a\\tb\"", "\"a", "string.quoted"),
    ("  duration 10s", "10", "constant.numeric"),
    ("  duration 10s", "s", "keyword.other.unit"),
    ("let r = random(0..10)", "10", "constant.numeric"),
    ("let r = random(0..10)", "..", "keyword.operator.range"),
    ("let r = random(0...10)", "...", "invalid.illegal"),
    ("  fill #FF2D55", "#FF2D55", "constant.other.color"),
    ("  fill #FF2D55", "fill", "variable.other.property"),
    ("node button = circle(40) {", "node", "storage.type"),
    ("node button = circle(40) {", "button", "entity.name.declaration"),
    ("node button = circle(40) {", "circle", "support.function.constructor"),
    ("timing pop = spring(damping: 0.6)", "spring", "support.function.timing"),
    ("timing pop = spring(damping: 0.6)", "damping", "variable.parameter.label"),
    ("  animate scale from 0 to 1 over 0.5s timing pop", "over", "keyword.other.clause"),
    ("  animate scale from 0 to 1 over 0.5s timing pop", "animate", "keyword.control"),
    ("  animate scale from 0 to 1 over 0.5s timing pop", "scale", "variable.other.property"),
    ("  animate x to 1 over 1s fill .forwards", "forwards", "constant.other.enum-case"),
    ("  animate x to 1 over 1s timing easeInOut", "easeInOut", "support.constant.timing"),
    ("  origin button.position", "position", "variable.other.member"),
    ("  fill white", "white", "support.constant.color"),
    ("  position (scene.width - 70, 600)", "scene", "variable.language"),
    ("  position (scene.width - 70, 600)", "-", "keyword.operator.arithmetic"),
    ("  let dir = choose(-1, 1)", "choose", "support.function.builtin"),
    ("  move (40, 600); line (70, 560)", "line", "keyword.other.path-command"),
    ("  instance transform rotate(1turn / dots)", "rotate", "support.function.builtin"),
    ("  instance transform rotate(1turn / dots)", "turn", "keyword.other.unit"),
    ("  animate position along drawn over 3s rotate .auto", "rotate", "keyword.other.clause"),
  ])
  func scopes(_ line: String, _ token: String, _ scope: String) throws {
    let scanner = try Scanner(grammar: try Self.grammar())
    let found = scanner.scope(of: token, in: line)
    #expect(found?.hasPrefix(scope) == true, "`\(token)` in `\(line)` got \(found ?? "no scope")")
  }
}

/// A small TextMate scanner: at each position the rule whose match starts first wins
/// (ties go to the earlier rule); begin/end rules cover everything up to their end.
struct Scanner {
  struct Rule {
    var match: NSRegularExpression?
    var begin: NSRegularExpression?
    var end: NSRegularExpression?
    var name: String?
    var captures: [Int: String]
    /// Match rules inside a begin/end rule (string escapes).
    var inner: [Rule] = []
    /// A begin/end rule that includes itself (nested block comments).
    var nests = false
  }

  var rules: [Rule] = []

  init(grammar: [String: Any]) throws {
    let repository = grammar["repository"] as? [String: Any] ?? [:]
    var seen: Set<String> = []
    func add(_ patterns: [Any], key: String? = nil, to rules: inout [Rule]) throws {
      for case let p as [String: Any] in patterns {
        if let include = p["include"] as? String {
          let key = String(include.dropFirst())
          guard !seen.contains(key), let entry = repository[key] as? [String: Any] else { continue }
          seen.insert(key)
          if entry["patterns"] != nil && entry["begin"] == nil {
            try add(entry["patterns"] as? [Any] ?? [], to: &rules)
          } else {
            try add([entry], key: key, to: &rules)
          }
          continue
        }
        func regex(_ k: String) throws -> NSRegularExpression? {
          try (p[k] as? String).map { try NSRegularExpression(pattern: $0, options: [.anchorsMatchLines]) }
        }
        var captures: [Int: String] = [:]
        for (k, v) in p["captures"] as? [String: Any] ?? [:] {
          if let i = Int(k), let n = (v as? [String: Any])?["name"] as? String { captures[i] = n }
        }
        var rule = Rule(
          match: try regex("match"), begin: try regex("begin"), end: try regex("end"), name: p["name"] as? String,
          captures: captures)
        if rule.begin != nil {
          let includes = (p["patterns"] as? [[String: Any]] ?? []).compactMap { $0["include"] as? String }
          rule.nests = key.map { includes.contains("#" + $0) } ?? false
          var inner: [Rule] = []
          try add((p["patterns"] as? [[String: Any]] ?? []).filter { $0["include"] == nil }, to: &inner)
          rule.inner = inner
        }
        rules.append(rule)
      }
    }
    try add(grammar["patterns"] as? [Any] ?? [], to: &rules)
  }

  /// The scope given to the first occurrence of `token` in `line` (its first character).
  func scope(of token: String, in line: String) -> String? {
    let ns = line as NSString
    let target = ns.range(of: token)
    guard target.location != NSNotFound else { return nil }
    var p = 0
    while p < ns.length {
      var best: (NSTextCheckingResult, Rule)?
      for rule in rules {
        guard let re = rule.match ?? rule.begin else { continue }
        let m = re.firstMatch(
          in: line, options: [.withTransparentBounds, .withoutAnchoringBounds],
          range: NSRange(location: p, length: ns.length - p))
        if let m, m.range.length > 0, best == nil || m.range.location < best!.0.range.location { best = (m, rule) }
      }
      guard let (m, rule) = best else { return nil }
      var covered = m.range
      if let end = rule.end, let begin = rule.begin {
        var q = NSMaxRange(m.range)
        var depth = 1
        while depth > 0 && q < ns.length {
          let rest = NSRange(location: q, length: ns.length - q)
          guard let e = end.firstMatch(in: line, options: [.withTransparentBounds], range: rest) else {
            q = ns.length
            break
          }
          if rule.nests, let b = begin.firstMatch(in: line, options: [.withTransparentBounds], range: rest),
            b.range.location < e.range.location
          {
            depth += 1
            q = NSMaxRange(b.range)
          } else {
            depth -= 1
            q = NSMaxRange(e.range)
          }
        }
        covered = NSRange(location: m.range.location, length: q - m.range.location)
        let body = NSRange(location: NSMaxRange(m.range), length: max(0, q - NSMaxRange(m.range)))
        for inner in rule.inner {
          guard let re = inner.match, NSLocationInRange(target.location, body) else { continue }
          for im in re.matches(in: line, options: [.withTransparentBounds], range: body)
          where NSLocationInRange(target.location, im.range) {
            return inner.name
          }
        }
      }
      if NSLocationInRange(target.location, covered) {
        for (i, name) in rule.captures where i < m.numberOfRanges && NSLocationInRange(target.location, m.range(at: i))
        {
          return name
        }
        return rule.name
      }
      if target.location < covered.location { return nil }
      p = NSMaxRange(covered)
    }
    return nil
  }
}
