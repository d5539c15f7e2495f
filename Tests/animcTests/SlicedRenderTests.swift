import AnimTestSupport
import Foundation
import Testing

/// `render --frames A..B -o DIR/` (issue 34): slices of one run, rendered at once by GNU
/// parallel into one folder that does not exist yet, add up to the render of the whole
/// run, byte for byte (frames are deterministic, §7).
@Suite struct SlicedRenderTests {
  @Test func fourSlicesThroughParallelAreOneRender() throws {
    let dir = try RenderCommandTests.workDirectory("sliced")
    let sliced = dir.appendingPathComponent("sliced").path + "/"
    let whole = dir.appendingPathComponent("whole").path + "/"
    let animc = CLITests.root.appendingPathComponent(".build/debug/animc").path
    let common = ["examples/love-burst.anim", "--duration", "1s", "--fps", "20", "--scale", "0.25"]
    let p = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["parallel", "--halt", "now,fail=1", "-j", "4", animc, "render"] + common + ["-o", sliced, "--frames", "{}"]
        + [":::", "0..4", "5..9", "10..14", "15..19"],
      directory: CLITests.root)
    guard p.status != 127 else { throw CLITests.CLIError(message: "GNU parallel is missing: apt-get install parallel") }
    #expect(p.status == 0, "\(String(decoding: p.stderr, as: UTF8.self))")
    _ = try RenderCommandTests.animcOK(["render"] + common + ["-o", whole])
    let names = try FileManager.default.contentsOfDirectory(atPath: whole).sorted()
    #expect(names.count == 20)
    #expect(try FileManager.default.contentsOfDirectory(atPath: sliced).sorted() == names)
    for name in names {
      let a = try Data(contentsOf: URL(fileURLWithPath: sliced + name))
      let b = try Data(contentsOf: URL(fileURLWithPath: whole + name))
      #expect(a == b, "\(name) differs")
    }
  }

  @Test func framesGoWithAFolderOnly() throws {
    let r = try CLITests.animc(["render", "examples/heart-view.anim", "-o", "/tmp/x.gif", "--frames", "0..3"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("`--frames` goes with a folder of PNGs"), "\(r.stderr)")
  }
}
