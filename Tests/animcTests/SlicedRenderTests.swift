import AnimTestSupport
import Foundation
import Testing

/// `render --frames A..B` (issue 34): slices of one run, rendered at once by GNU parallel,
/// add up to the render of the whole run. Frames are deterministic (§7), so
/// - PNG slices written to one folder (which does not exist yet) are the whole run's files,
///   byte for byte, and the APNG joined from them (`--from DIR/`) is the one APNG render;
/// - video segments joined by ffmpeg's concat demuxer without re-encoding are the run's
///   frames at its rate, within a lossy codec's error of its PNGs.
@Suite struct SlicedRenderTests {
  /// 20 frames of love-burst at 20 fps, in four slices of five frames.
  static let common = ["examples/love-burst.anim", "--duration", "1s", "--fps", "20", "--scale", "0.25"]
  static let slices = ["0..4", "5..9", "10..14", "15..19"]

  /// Runs `animc render` once per slice through `parallel -j 4`; `output` holds `{#}` (the
  /// slice's number, from 1) where each slice's file differs.
  static func parallelRender(_ args: [String], output: String) throws {
    let animc = CLITests.root.appendingPathComponent(".build/debug/animc").path
    let p = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["parallel", "--halt", "now,fail=1", "-j", "4", animc, "render"] + args + ["-o", output, "--frames", "{}"]
        + [":::"] + slices,
      directory: CLITests.root)
    guard p.status != 127 else { throw CLITests.CLIError(message: "GNU parallel is missing: apt-get install parallel") }
    #expect(p.status == 0, "\(String(decoding: p.stderr, as: UTF8.self))")
  }

  @Test func fourSlicesThroughParallelAreOneRender() throws {
    let dir = try RenderCommandTests.workDirectory("sliced")
    let sliced = dir.appendingPathComponent("sliced").path + "/"
    let whole = dir.appendingPathComponent("whole").path + "/"
    try Self.parallelRender(Self.common, output: sliced)
    _ = try RenderCommandTests.animcOK(["render"] + Self.common + ["-o", whole])
    let names = try FileManager.default.contentsOfDirectory(atPath: whole).sorted()
    #expect(names.count == 20)
    #expect(try FileManager.default.contentsOfDirectory(atPath: sliced).sorted() == names)
    for name in names {
      let a = try Data(contentsOf: URL(fileURLWithPath: sliced + name))
      let b = try Data(contentsOf: URL(fileURLWithPath: whole + name))
      #expect(a == b, "\(name) differs")
    }

    // The APNG joined from the slices' folder is the APNG drawn in one render.
    let joined = dir.appendingPathComponent("joined.apng").path
    let one = dir.appendingPathComponent("one.apng").path
    _ = try RenderCommandTests.animcOK(["render"] + Self.common + ["-o", joined, "--from", sliced, "--loop", "3"])
    _ = try RenderCommandTests.animcOK(["render"] + Self.common + ["-o", one, "--loop", "3"])
    let joinedBytes = try Data(contentsOf: URL(fileURLWithPath: joined))
    #expect(joinedBytes.count > 1000)
    #expect(joinedBytes == (try Data(contentsOf: URL(fileURLWithPath: one))))
  }

  /// A folder that lacks a frame of the run, or holds frames of another size, is refused
  /// with one line, and the old target stays.
  @Test func joiningAnIncompleteFolderFails() throws {
    let dir = try RenderCommandTests.workDirectory("sliced-incomplete")
    let folder = dir.appendingPathComponent("frames").path + "/"
    let target = dir.appendingPathComponent("run.apng").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    _ = try RenderCommandTests.animcOK(["render"] + Self.common + ["-o", folder, "--frames", "0..14"])
    let missing = try CLITests.animc(["render"] + Self.common + ["-o", target, "--from", folder])
    #expect(missing.status == 2)
    #expect(
      missing.stderr.hasPrefix("animc: error: cannot join `\(folder)frame-00015.png`: the file does not exist"),
      "\(missing.stderr)")
    #expect(missing.stderr.hasSuffix("(the run has frames 0…19)\n"), "\(missing.stderr)")
    let resized = try CLITests.animc(
      ["render", "examples/love-burst.anim", "--duration", "0.5s", "--fps", "20", "-o", target, "--from", folder])
    #expect(resized.status == 2)
    #expect(resized.stderr.contains("is not an 8-bit 375×667 frame of this render"), "\(resized.stderr)")
    #expect(try String(contentsOf: URL(fileURLWithPath: target), encoding: .utf8) == "old")
  }

  /// The MD5 of each decoded frame of the video, in order (ffmpeg's `framemd5`).
  static func frameHashes(_ path: String) throws -> [String] {
    let p = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["ffmpeg", "-v", "error", "-i", path, "-map", "0:v", "-f", "framemd5", "-"])
    #expect(p.status == 0, "\(String(decoding: p.stderr, as: UTF8.self))")
    return String(decoding: p.stdout, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
      .compactMap { $0.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } }
  }

  /// Four segments, joined as the README says: `ffmpeg -f concat -safe 0 -i LIST -c copy`.
  @Test(arguments: ["mp4", "webm"])
  func fourVideoSegmentsJoinWithoutReencoding(_ ext: String) throws {
    let dir = try RenderCommandTests.workDirectory("sliced-\(ext)")
    try Self.parallelRender(Self.common, output: dir.path + "/segment-{#}.\(ext)")
    let list = dir.appendingPathComponent("segments.txt")
    try (1...4).map { "file 'segment-\($0).\(ext)'\n" }.joined().write(to: list, atomically: true, encoding: .utf8)
    let joined = dir.appendingPathComponent("joined.\(ext)").path
    let concat = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["ffmpeg", "-v", "error", "-f", "concat", "-safe", "0", "-i", list.path, "-c", "copy", joined])
    #expect(concat.status == 0, "\(String(decoding: concat.stderr, as: UTF8.self))")

    let probe = try VideoTests.probe(joined)
    let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
    #expect(stream["codec_name"] as? String == (ext == "mp4" ? "h264" : "vp9"))
    #expect(stream["pix_fmt"] as? String == "yuv420p")
    // 4 segments × 5 frames = 20 frames, at 20 fps: 1 s.
    #expect(stream["nb_read_frames"] as? String == "20", "\(stream)")
    let duration = Double((probe["format"] as? [String: Any])?["duration"] as? String ?? "") ?? 0
    #expect(abs(duration - 1.0) < 0.001, "\(probe)")
    // Not re-encoded: the joined video decodes to the segments' frames exactly (a second
    // lossy encoding would change them).
    var segmentFrames: [String] = []
    for k in 1...4 { segmentFrames += try Self.frameHashes(dir.path + "/segment-\(k).\(ext)") }
    #expect(segmentFrames.count == 20)
    #expect(try Self.frameHashes(joined) == segmentFrames)

    let folder = dir.appendingPathComponent("frames").path + "/"
    _ = try RenderCommandTests.animcOK(["render"] + Self.common + ["-o", folder])
    let read = try RenderCommandTests.python(VideoTests.psnr, [joined, folder])
    #expect(read["decoded"] as? Int == 20)
    #expect((read["worst"] as? Double ?? 0) >= 35, "\(read)")
  }

  @Test func slicesGoWithFoldersAndVideosOnly() throws {
    let gif = try CLITests.animc(["render", "examples/heart-view.anim", "-o", "/tmp/x.gif", "--frames", "0..3"])
    #expect(gif.status == 2)
    #expect(gif.stderr.contains("`--frames` goes with a folder of PNGs (`-o DIR/`)"), "\(gif.stderr)")
    let apng = try CLITests.animc(["render", "examples/heart-view.anim", "-o", "/tmp/x.apng", "--frames", "0..3"])
    #expect(apng.status == 2)
    #expect(apng.stderr.contains("then join them with `-o OUT.apng --from DIR/`"), "\(apng.stderr)")
    let sticker = try CLITests.animc(
      ["render", "examples/heart-view.anim", "-o", "/tmp/x.webm", "--telegram", "--frames", "0..3"])
    #expect(sticker.status == 2)
    #expect(sticker.stderr.contains("`--frames` does not go with `--telegram`"), "\(sticker.stderr)")
    let from = try CLITests.animc(["render", "examples/heart-view.anim", "-o", "/tmp/x.gif", "--from", "/tmp/"])
    #expect(from.status == 2)
    #expect(from.stderr.contains("`--from` goes with an APNG"), "\(from.stderr)")
    // heart-view runs 8 s at 60 fps: 480 frames, 0…479.
    let past = try CLITests.animc(["render", "examples/heart-view.anim", "-o", "/tmp/x.mp4", "--frames", "480..500"])
    #expect(past.status == 2)
    #expect(
      past.stderr == "animc: error: `--frames 480..500` is past the run, whose frames are 0…479\n", "\(past.stderr)")
  }
}
