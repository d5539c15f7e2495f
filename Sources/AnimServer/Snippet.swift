/// LSP snippet text (the TextMate-style syntax of LSP 3.17 §"Snippet Syntax") turned into
/// the plain text a client without snippet support inserts.
enum Snippet {
  /// Each placeholder becomes its default text (`${1:opacity}` → `opacity`, nested
  /// placeholders too), a choice its first option (`${1|a,b|}` → `a`), and a tab stop
  /// (`$1`, `${2}`, `$0`) nothing; `\$`, `\}` and `\\` become the character they escape.
  /// Text that is not well-formed snippet syntax is kept as written, so the result never
  /// loses the user's characters. Variables (`$TM_FILENAME`) are not used by the server
  /// and are kept as text.
  static func plainText(_ snippet: String) -> String {
    var reader = Reader(chars: Array(snippet))
    return reader.text(until: nil)
  }

  private struct Reader {
    let chars: [Character]
    var i = 0

    /// Text up to `stop` (outside any escape) or the end; the stop is not consumed.
    mutating func text(until stop: Character?) -> String {
      var out = ""
      while i < chars.count, chars[i] != stop {
        let c = chars[i]
        if c == "\\", i + 1 < chars.count, "$}\\,|".contains(chars[i + 1]) {
          out.append(chars[i + 1])
          i += 2
        } else if c == "$", let replacement = tabStop() {
          out += replacement
        } else {
          out.append(c)
          i += 1
        }
      }
      return out
    }

    /// At a `$`: reads `$N`, `${N}`, `${N:…}` or `${N|…|}` and returns its plain text, or
    /// returns nil with `i` unchanged when what follows is none of them.
    mutating func tabStop() -> String? {
      let start = i
      i += 1
      if i < chars.count, chars[i].isASCII, chars[i].isNumber {
        while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1 }
        return ""
      }
      guard i < chars.count, chars[i] == "{" else {
        i = start
        return nil
      }
      i += 1
      let digits = i
      while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1 }
      guard i > digits, i < chars.count else {
        i = start
        return nil
      }
      switch chars[i] {
      case "}":
        i += 1
        return ""
      case ":":
        i += 1
        let inner = text(until: "}")
        guard i < chars.count else { break }
        i += 1
        return inner
      case "|":
        i += 1
        let first = text(until: "|").split(separator: ",", omittingEmptySubsequences: false).first.map(String.init)
        guard i + 1 < chars.count, chars[i + 1] == "}" else { break }
        i += 2
        return first ?? ""
      default: break
      }
      i = start
      return nil
    }
  }
}
