import AnimModel
import AnimSim
import Foundation
import Testing

@testable import AnimWriters

/// §14/§15's dump keys: after `"z"` (and `doubleSided`/`backFacing`), only where not the
/// default, `"blend":"additive"` and `"blur":R`; a CSV dump has `blend,blur` columns
/// after `z` only when the scene sets them.
@Suite struct BlendBlurDumpTests {
  static let scene = """
    scene "FX" { size 100, 100; duration 0.3s; fps 10 }
    node a = circle(5) {
      position (30, 30)
      blend .additive
      animate blur from 0 to 4 over 0.2s timing linear
    }
    node b = rect(10, 10) { position (70, 70); blur 1.5; doubleSided false; scaleX -1 }
    node c = rect(10, 10) { position (50, 50); blend .normal }
    """

  static func lines(_ source: String, csv: Bool) throws -> [String] {
    let sink = MemorySink()
    if csv {
      var writer = CSVWriter(to: sink)
      try FrameRun.write(try Simulator(try checkedScene(source)), to: &writer)
    } else {
      var writer = JSONLinesWriter(to: sink)
      try FrameRun.write(try Simulator(try checkedScene(source)), to: &writer)
    }
    return sink.text.split(separator: "\n").map(String.init)
  }

  @Test func keysComeAfterZOnlyWhereNotTheDefault() throws {
    let frames = try Self.lines(Self.scene, csv: false).filter { $0.hasPrefix("{\"type\":\"frame\"") }
    #expect(frames.count == 3)
    // Frame 0: blur 0 (the default) is not written; frame 1: 4 · 0.1 / 0.2 = 2.
    #expect(frames[0].contains("\"z\":0,\"blend\":\"additive\",\"matrix\""))
    #expect(frames[1].contains("\"z\":0,\"blend\":\"additive\",\"blur\":2,\"matrix\""))
    #expect(frames[0].contains("\"z\":0,\"doubleSided\":false,\"backFacing\":true,\"blur\":1.5,\"matrix\""))
    // `.normal` is the default: nothing after z.
    #expect(frames[0].contains("\"fill\":\"#000000FF\",\"z\":0,\"matrix\":[1,0,0,1,45,45]"))
  }

  @Test func csvColumnsAfterZ() throws {
    let rows = try Self.lines(Self.scene, csv: true)
    let header = try #require(rows.first).split(separator: ",").map(String.init)
    let z = try #require(header.firstIndex(of: "z"))
    #expect(Array(header[z...(z + 5)]) == ["z", "doubleSided", "backFacing", "blend", "blur", "a"])
    func cells(_ frame: Int, _ id: String) throws -> [String] {
      let row = try #require(rows.first { $0.hasPrefix("\(frame),") && $0.contains(",\(id),\(id),") })
      return Array(row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)[z...(z + 4)])
    }
    #expect(try cells(1, "a") == ["0", "", "", "additive", "2"])
    #expect(try cells(0, "b") == ["0", "false", "true", "", "1.5"])
    #expect(try cells(0, "c") == ["0", "", "", "", ""])
    // A scene that sets neither has no such columns.
    let plain = try Self.lines("scene \"P\" { size 10, 10; duration 0.1s; fps 10 }\nnode a = rect(2, 2)", csv: true)
    #expect(plain.first == CSVWriter.columns)
  }
}
