import AnimModel
import AnimSim
import Foundation
import Testing

@testable import AnimWriters

/// §12.2 in dumps: a gradient fill or stroke is an object in place of the colour string,
/// `{"type":"linear","stops":[[l,"#RRGGBBAA"],…],"start":[x,y],"end":[x,y]}` (radial:
/// `"center"`, `"radius"`), positions in the shape's box in points. The expected text is
/// written from the specification by hand: unit points times the box's size.
@Suite struct GradientDumpTests {
  static let scene = """
    scene "G" { size 200, 200; duration 1s; fps 2 }
    shape tile = rect(40, 20) {
      fill radialGradient([white, #FF000080], locations: [0.25, 1], center: (0.25, 0.5), radius: 0.5)
    }
    node a = rect(100, 60) {
      position (60, 40)
      fill linearGradient([clear, black])
    }
    node b = tile {
      position (150, 40)
      stroke linearGradient([red, green, blue], start: (0, 0), end: (1, 1))
      lineWidth 2
    }
    node c = rect(10, 10) {
      position (20, 150)
      fill linearGradient([clear, black])
      fill red
    }
    emitter e {
      at 0s
      spawn rect(30, 10) {
        fill radialGradient([black, white])
        animate opacity to 0 over 2s
      }
    }
    replicate r count 2 {
      position (100, 150)
      instance transform translate(30, 0)
      instance color #FFFFFF80
      node copy = rect(20, 20) { fill linearGradient([red, blue], start: (0, 0.5), end: (1, 0.5)) }
    }
    """

  static func records(_ format: String) throws -> [String] {
    let sim = try Simulator(try checkedScene(scene))
    let sink = MemorySink()
    if format == "csv" {
      var writer = CSVWriter(to: sink)
      try FrameRun.write(sim, frames: 0...0, to: &writer)
    } else {
      var writer = JSONLinesWriter(to: sink)
      try FrameRun.write(sim, frames: 0...0, to: &writer)
    }
    return sink.text.split(separator: "\n").map(String.init)
  }

  /// The record of node `id` in the frame line, as text.
  static func node(_ id: String, in frame: String) -> String? {
    guard let start = frame.range(of: "{\"id\":\"\(id)\"") else { return nil }
    let rest = frame[start.lowerBound...]
    // The record ends with its matrix (§9); gradients hold `]}` of their own.
    guard let matrix = rest.range(of: "\"matrix\":["),
      let end = rest[matrix.upperBound...].range(of: "]}")
    else { return nil }
    return String(rest[..<end.upperBound])
  }

  @Test func gradientObjectsInTheJSONLinesDump() throws {
    let lines = try Self.records("json")
    let frame = try #require(lines.last)
    // Default start (0.5, 0) and end (0.5, 1) in a 100 × 60 box; stops evenly spaced.
    let a = try #require(Self.node("a", in: frame))
    #expect(
      a.contains(
        ##","opacity":1,"fill":{"type":"linear","stops":[[0,"#00000000"],[1,"#000000FF"]],"start":[50,0],"end":[50,60]},"z":0,"##
      ), "\(a)")
    // The shape's radial fill: centre (0.25·40, 0.5·20), radii (0.5·40, 0.5·20); then the
    // node's linear stroke from (0, 0) to (40, 20), three stops at 0, 0.5, 1.
    let b = try #require(Self.node("b", in: frame))
    #expect(
      b.contains(
        ##""fill":{"type":"radial","stops":[[0.25,"#FFFFFFFF"],[1,"#FF000080"]],"center":[10,10],"radius":[20,10]},"stroke":{"type":"linear","stops":[[0,"#FF0000FF"],[0.5,"#00FF00FF"],[1,"#0000FFFF"]],"start":[0,0],"end":[40,20]},"lineWidth":2,"z":0,"##
      ), "\(b)")
    // A later colour replaces the gradient.
    let c = try #require(Self.node("c", in: frame))
    #expect(c.contains(##""fill":"#FF0000FF","z":0"##), "\(c)")
    // A spawn (the planned path of emitters) and replicator copies, tint after the paint.
    let e = try #require(Self.node("e#0", in: frame))
    #expect(
      e.contains(
        ##""fill":{"type":"radial","stops":[[0,"#000000FF"],[1,"#FFFFFFFF"]],"center":[15,5],"radius":[15,5]},"z":0"##),
      "\(e)")
    for i in 0..<2 {
      let copy = try #require(Self.node("copy[\(i)]", in: frame))
      // `instance color` with no offsets: every copy's tint is that colour (§3.2).
      let tint = "#FFFFFF80"
      #expect(
        copy.contains(
          ##""fill":{"type":"linear","stops":[[0,"#FF0000FF"],[1,"#0000FFFF"]],"start":[0,10],"end":[20,10]},"tint":""##
            + tint), "\(copy)")
    }
    // Every line stays one JSON object.
    for line in lines { #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any]) }
  }

  @Test func gradientCellsInTheCSVDump() throws {
    let lines = try Self.records("csv")
    let row = try #require(lines.first { $0.contains(",a,a,") })
    // The object of the JSON dump as one RFC 4180 cell: quoted, its quotes doubled.
    #expect(
      row.contains(
        ##",1,"{""type"":""linear"",""stops"":[[0,""#00000000""],[1,""#000000FF""]],""start"":[50,0],""end"":[50,60]}",,,,,,0,"##
      ), "\(row)")
  }
}
