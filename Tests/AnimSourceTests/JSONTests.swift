import AnimJSON
import Testing

/// The small JSON library: numbers as dumps write them (§9), escaping, parsing.
@Suite struct JSONTests {
  @Test func numbersHaveAtMostSixDecimalsAndNoExponent() {
    #expect(JSONNumber.format(1) == "1")
    #expect(JSONNumber.format(0.1 + 0.2) == "0.3")
    #expect(JSONNumber.format(-0.0) == "0")
    #expect(JSONNumber.format(-0.0000004) == "0")  // rounds to -0, written 0
    #expect(JSONNumber.format(1.0000005) == "1.000001")
    #expect(JSONNumber.format(-12.5) == "-12.5")
    #expect(JSONNumber.format(0.000001) == "0.000001")
    #expect(JSONNumber.format(1e21) == "1000000000000000000000")
    #expect(JSONNumber.format(.nan) == "null")
  }

  @Test func stringsEscapeOnlyQuotesBackslashesAndControls() {
    #expect(JSONString.quoted("a\"b\\c") == #""a\"b\\c""#)
    #expect(JSONString.quoted("tab\tnl\n\u{01}") == #""tab\tnl\n\u0001""#)
    #expect(JSONString.quoted("💖 é") == "\"💖 é\"")
  }

  @Test func objectsKeepTheirKeyOrder() {
    let v = JSONValue.object([("type", .string("frame")), ("a", .number(1)), ("list", .array([.bool(true), .null]))])
    #expect(v.serialized == #"{"type":"frame","a":1,"list":[true,null]}"#)
  }

  @Test func parsingRoundTrips() throws {
    let text = #"{"jsonrpc":"2.0","id":7,"params":{"text":"x\n\"y\" \u00e9 \ud83d\udc96","n":-1.5e2,"ok":false}}"#
    let v = try JSONValue.parse(text)
    #expect(v["id"]?.intValue == 7)
    #expect(v["params"]?["text"]?.stringValue == "x\n\"y\" é 💖")
    #expect(v["params"]?["n"]?.doubleValue == -150)
    #expect(v["params"]?["ok"]?.boolValue == false)
    #expect(try JSONValue.parse(v.serialized) == v)
  }

  @Test func everyEscapeAndRawUTF8Decode() throws {
    // Each escape, a lone high surrogate (U+FFFD), raw multi-byte UTF-8 between escapes,
    // and a long document of escaped newlines, as a language client sends one.
    let v = try JSONValue.parse(#"["\"\\\/\b\f\n\r\t", "a\ud800b", "é\n💖\té", "\u0041\u00e9"]"#)
    #expect(v.arrayValue?.map { $0.stringValue } == ["\"\\/\u{8}\u{C}\n\r\t", "a\u{FFFD}b", "é\n💖\té", "Aé"])
    let lines = (0..<50_000).map { "line \($0)" }
    let document = try JSONValue.parse("\"" + lines.joined(separator: "\\n") + "\"")
    #expect(document.stringValue == lines.joined(separator: "\n"))
  }

  @Test func badInputIsAnErrorNotATrap() {
    for bad in ["", "{", "[1,", #"{"a" 1}"#, "tru", #""\q""#, "1 2", #""\u12""#, String(repeating: "[", count: 10_000)]
    {
      #expect(throws: JSONParseError.self, "\(bad.prefix(20))") { try JSONValue.parse(bad) }
    }
  }
}
