import AnimJSON
import AnimSource
import Testing

@testable import AnimServer

/// A hostile client: the server must log, answer with errors where a request was meant,
/// and keep serving.
@Suite struct AbuseTests {
  @Test func theServerSurvivesAnAbusiveSession() throws {
    let client = try LSPClient()
    // Before initialize.
    #expect(
      client.request("textDocument/completion", J.at("file:///a.anim", 0, 0))?["error"]?["code"] == .number(-32002))
    client.initialize()
    // Garbage bytes between messages, a bad JSON body, a bad length, an array batch.
    client.sendRaw(Array("garbage\r\n\u{01}\u{02}\u{FF}more garbage\r\n\r\n".utf8) + [0xFF, 0xFE])
    client.sendRaw(Array("Content-Length: 9\r\n\r\n{\"jsonrpc".utf8))
    client.sendRaw(Array("Content-Length: banana\r\n\r\n".utf8))
    client.sendRaw(Array("Content-Length: -4\r\n\r\n".utf8))
    client.send(.array([.number(1), .number(2)]))
    client.send(.string("just a string"))
    client.send(.object([("jsonrpc", .string("2.0")), ("id", .number(77)), ("method", .number(5))]))
    #expect(client.waitFor { $0["id"] == .number(77) }?["error"]?["code"] == .number(-32600))
    // A header whose length overshoots runs into the next message, which must survive.
    client.sendRaw(
      Array(
        "Content-Length: 5000\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{\"jsonrpc\":\"2.0\","
          .utf8))
    let symbols = client.request("textDocument/documentSymbol", .object([("textDocument", J.doc("file:///a.anim"))]))
    #expect(symbols?["error"]?["code"] == .number(-32803))  // not open, but answered
    // Wrong params.
    #expect(
      client.request("textDocument/hover", .object([("textDocument", .number(3))]))?["error"]?["code"]
        == .number(-32602))
    #expect(client.request("textDocument/hover", .array([]))?["error"]?["code"] == .number(-32602))
    #expect(
      client.request(
        "textDocument/hover", .object([("textDocument", J.doc("file:///a.anim")), ("position", J.pos(-1, 0))]))?[
          "error"]?["code"] == .number(-32602))
    // Unknown methods and notifications.
    #expect(client.request("workspace/frobnicate")?["error"]?["code"] == .number(-32601))
    client.notify("$/unknownNotification", .object([("x", .number(1))]))
    client.notify("textDocument/didChange", .object([("textDocument", J.doc("file:///never-opened.anim"))]))
    client.notify("textDocument/didOpen", .object([("textDocument", .string("nope"))]))
    // Unopened document.
    #expect(
      client.request("textDocument/definition", J.at("file:///nope.anim", 0, 0))?["error"]?["code"] == .number(-32803))
    // Positions far outside the document clamp instead of trapping.
    client.open("file:///a.anim", "let a = 1\n")
    let far = client.request("textDocument/hover", J.at("file:///a.anim", 9999, 9999))
    #expect(far?["error"] == nil)
    client.notify(
      "textDocument/didChange",
      .object([
        ("textDocument", .object([("uri", .string("file:///a.anim")), ("version", .number(2))])),
        ("contentChanges", .array([.object([("range", J.range(50, 3, 2, 1)), ("text", .string("x"))])])),
      ]))
    // And a valid request still gets a proper answer.
    let hover = client.request("textDocument/hover", J.at("file:///a.anim", 0, 0))
    #expect(hover?["result"]?["contents"]?["value"]?.stringValue?.contains("let NAME = EXPR") == true)
    #expect(client.shutdownAndExit() == 0)
    #expect(client.stderr.contains("malformed JSON"))
    #expect(client.stderr.contains("bad Content-Length"))
  }

  @Test func framerSplitsAndRecovers() {
    var framer = MessageFramer()
    let a = Array("{\"a\":1}".utf8)
    let b = Array("{\"b\":2}".utf8)
    // Split across reads, LF-only headers, extra headers, junk in between.
    let stream =
      Array("Content-Length: 7\r\nContent-Type: x\r\n\r\n".utf8) + a + Array("\r\njunk\n\ncontent-length:7\n\n".utf8)
      + b
    var out: [[UInt8]] = []
    for byte in stream {
      framer.append([byte])
      while let body = framer.next() { out.append(body) }
    }
    #expect(out == [a, b])
    // A length that overshoots gives way to the next header.
    framer.append(Array("Content-Length: 100\r\n\r\n{".utf8) + Array("Content-Length: 7\r\n\r\n".utf8) + a)
    #expect(framer.next() == a)
    #expect(framer.takeComplaints().contains { $0.contains("runs into the next message") })
    // …even when later bytes make the wrong length satisfiable.
    framer.append(Array("Content-Length: 30\r\n\r\n{".utf8) + Array("Content-Length: 7\r\n\r\n".utf8) + a)
    framer.append(Array("Content-Length: 7\r\n\r\n".utf8) + b)
    #expect(framer.next() == a)
    #expect(framer.next() == b)
    // Absurd lengths are refused.
    framer.append(Array("Content-Length: 99999999999999\r\n\r\nContent-Length: 7\r\n\r\n".utf8) + b)
    #expect(framer.next() == b)
  }

  @Test func aBodyThatQuotesAHeaderIsKept() {
    // A document whose text holds `// Content-Length: 12` then a line break, which JSON
    // writes as the two characters `\n`; another message follows in the same read.
    var framer = MessageFramer()
    let a = Array(#"{"text":"// Content-Length: 12\nscene s {}"}"#.utf8)
    let b = Array("{\"b\":2}".utf8)
    framer.append(Array("Content-Length: \(a.count)\r\n\r\n".utf8) + a + Array("Content-Length: 7\r\n\r\n".utf8) + b)
    #expect(framer.next() == a)
    #expect(framer.next() == b)
    #expect(framer.takeComplaints() == [])
    // The same with the body's bytes arriving one at a time.
    var out: [[UInt8]] = []
    for byte in Array("Content-Length: \(a.count)\r\n\r\n".utf8) + a + Array("Content-Length: 7\r\n\r\n".utf8) + b {
      framer.append([byte])
      while let body = framer.next() { out.append(body) }
    }
    #expect(out == [a, b])
    // A quoted header with blanks after its digits, or other text on its line, is text too.
    let c = Array(#"{"text":"Content-Length: 3 \nx Content-Length: 4x"}"#.utf8)
    framer.append(Array("Content-Length: \(c.count)\r\n\r\n".utf8) + c + Array("Content-Length: 7\r\n\r\n".utf8) + b)
    #expect(framer.next() == c)
    #expect(framer.next() == b)
    #expect(framer.takeComplaints() == [])
  }

  @Test func minimalEditKeepsUnchangedLines() {
    let old = Array("a\nb  c\nd\n".utf8)
    let new = Array("a\nb c\nd\n".utf8)
    let edit = LanguageServer.minimalEdit(from: old, to: new)
    #expect(edit?.0 == SourceRange(start: 2, end: 7))
    #expect(edit?.1 == "b c\n")
    #expect(LanguageServer.minimalEdit(from: old, to: old) == nil)
    #expect(LanguageServer.minimalEdit(from: [], to: Array("x".utf8))?.1 == "x")
    #expect(LanguageServer.minimalEdit(from: Array("x".utf8), to: [])?.0 == SourceRange(start: 0, end: 1))
    #expect(LanguageServer.minimalEdit(from: Array("ab".utf8), to: Array("xab".utf8))?.1 == "x")
  }
}
