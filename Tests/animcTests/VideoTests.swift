import AnimTestSupport
import Foundation
import Testing

/// `render -o OUT.mp4 | OUT.webm` (issue 34): videos made by ffmpeg, an external tool
/// (`apt-get install ffmpeg`), checked by ffprobe and by decoding them back.
@Suite struct VideoTests {
  static func probe(_ path: String) throws -> [String: Any] {
    let p = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffprobe", "-v", "error", "-count_frames", "-show_entries",
        "stream=codec_name,pix_fmt,width,height,nb_read_frames:stream_tags=alpha_mode:format=duration", "-of", "json",
        path,
      ])
    guard p.status == 0, let json = try JSONSerialization.jsonObject(with: p.stdout) as? [String: Any] else {
      throw CLITests.CLIError(message: "ffprobe failed (install ffmpeg): \(String(decoding: p.stderr, as: UTF8.self))")
    }
    return json
  }

  /// PSNR in dB of each of the video's frames against the PNG of the same number, decoded
  /// by ffmpeg into PNGs and compared by Pillow; the lowest is printed.
  static let psnr = """
    import glob, json, math, subprocess, sys, tempfile
    from PIL import Image, ImageChops, ImageStat
    video, folder = sys.argv[1], sys.argv[2]
    out = tempfile.mkdtemp()
    subprocess.run(["ffmpeg", "-v", "error", "-i", video, out + "/%05d.png"], check=True)
    decoded = sorted(glob.glob(out + "/*.png"))
    frames = sorted(glob.glob(folder + "/*.png"))
    worst = 1000.0
    for d, f in zip(decoded, frames):
        a = Image.open(f).convert("RGB")
        b = Image.open(d).convert("RGB").crop((0, 0) + a.size)
        mse = sum(r * r for r in ImageStat.Stat(ImageChops.difference(a, b)).rms) / 3
        worst = min(worst, 100.0 if mse == 0 else 10 * math.log10(255 * 255 / mse))
    print(json.dumps({"decoded": len(decoded), "frames": len(frames), "worst": worst}))
    """

  @Test func mp4IsH264WithTheFramesAskedFor() throws {
    let dir = try RenderCommandTests.workDirectory("video-mp4")
    let video = dir.appendingPathComponent("run.mp4").path
    let folder = dir.appendingPathComponent("frames").path + "/"
    let common = ["--duration", "1.5s", "--fps", "20", "--scale", "0.5"]
    _ = try RenderCommandTests.animcOK(["render", "examples/love-burst.anim", "-o", video] + common)
    _ = try RenderCommandTests.animcOK(["render", "examples/love-burst.anim", "-o", folder] + common)
    let probe = try Self.probe(video)
    let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
    #expect(stream["codec_name"] as? String == "h264")
    #expect(stream["pix_fmt"] as? String == "yuv420p")
    // 375 × 667 at 0.5: 187.5 → 188 by 333.5 → 334, both even already.
    #expect(stream["width"] as? Int == 188 && stream["height"] as? Int == 334, "\(stream)")
    #expect(stream["nb_read_frames"] as? String == "30")
    let duration = Double((probe["format"] as? [String: Any])?["duration"] as? String ?? "") ?? 0
    #expect(abs(duration - 1.5) < 0.001, "\(probe)")
    let read = try RenderCommandTests.python(Self.psnr, [video, folder])
    #expect(read["decoded"] as? Int == 30)
    #expect((read["worst"] as? Double ?? 0) >= 35, "\(read)")
  }

  @Test func webmKeepsAlphaOnAClearBackground() throws {
    let dir = try RenderCommandTests.workDirectory("video-webm")
    let scene = dir.appendingPathComponent("clear.anim")
    try """
    scene "Clear" {
      size 63, 47
      fps 10
      duration 1s
      background clear
    }
    node dot = circle(8) {
      position (10, 24)
      fill #FF2D55
      animate x to 54 over 1s
    }
    """.write(to: scene, atomically: true, encoding: .utf8)
    let video = dir.appendingPathComponent("clear.webm").path
    _ = try RenderCommandTests.animcOK(["render", scene.path, "-o", video])
    let stream = try #require((try Self.probe(video)["streams"] as? [[String: Any]])?.first)
    #expect(stream["codec_name"] as? String == "vp9")
    #expect((stream["tags"] as? [String: Any])?["alpha_mode"] as? String == "1", "\(stream)")
    #expect(stream["nb_read_frames"] as? String == "10")
    // An odd size is kept in WebM; only MP4's yuv420p H.264 is padded to even.
    #expect(stream["width"] as? Int == 63 && stream["height"] as? Int == 47, "\(stream)")
  }

  /// A failing or missing ffmpeg: exit 2, one line, and the old target unchanged.
  @Test func aFailingOrMissingFFmpegLeavesTheTarget() throws {
    let dir = try RenderCommandTests.workDirectory("video-fail")
    let target = dir.appendingPathComponent("keep.mp4")
    try Data("old".utf8).write(to: target)
    let fake = dir.appendingPathComponent("fake-ffmpeg")
    try "#!/bin/sh\necho 'boom: no encoder' >&2\nexit 1\n".write(to: fake, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
    let args = ["render", "examples/heart-view.anim", "-o", target.path, "--duration", "0.5s", "--scale", "0.2"]
    let failed = try CLITests.animc(args + ["--ffmpeg", fake.path])
    #expect(failed.status == 2)
    #expect(
      failed.stderr == "animc: error: ffmpeg exited 1 while frames were sent: boom: no encoder\n", "\(failed.stderr)")
    #expect(try String(contentsOf: target, encoding: .utf8) == "old")

    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = "/nonexistent"
    let binary = CLITests.root.appendingPathComponent(".build/debug/animc")
    let missing = try ChildProcess.run(binary, args, environment: environment, directory: CLITests.root)
    let stderr = String(decoding: missing.stderr, as: UTF8.self)
    #expect(missing.status == 2)
    #expect(stderr.contains("install it (`apt install ffmpeg`, `brew install ffmpeg`)"), "\(stderr)")
    #expect(stderr.split(separator: "\n").count == 1)
    #expect(try String(contentsOf: target, encoding: .utf8) == "old")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".animc-") }
    #expect(leftovers.isEmpty, "\(leftovers)")
  }

  /// An ffmpeg that fails midway (after reading part of the frames) or at the end (after
  /// reading them all), for a whole video and for a segment: exit 2, one line with its
  /// last message, the old target unchanged and nothing left beside it.
  @Test(arguments: [
    ("midway", "head -c 20000 >/dev/null\necho 'boom: midway' >&2\nexit 1\n"),
    ("at the end", "cat >/dev/null\necho 'boom: at the end' >&2\nexit 1\n"),
  ])
  func anFFmpegFailingLaterLeavesTheTarget(_ when: String, _ script: String) throws {
    let dir = try RenderCommandTests.workDirectory("video-fail-\(when.replacingOccurrences(of: " ", with: "-"))")
    let fake = dir.appendingPathComponent("fake-ffmpeg")
    try "#!/bin/sh\n\(script)".write(to: fake, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
    for slice in [[], ["--frames", "3..9"]] {
      let target = dir.appendingPathComponent("keep.webm")
      try Data("old".utf8).write(to: target)
      // 10 frames of 75 × 133 RGBA: 399,000 bytes, far more than the midway fake reads.
      let r = try CLITests.animc(
        ["render", "examples/love-burst.anim", "-o", target.path, "--duration", "1s", "--fps", "10", "--scale", "0.2"]
          + slice + ["--ffmpeg", fake.path])
      #expect(r.status == 2, "\(when) \(slice): \(r.stderr)")
      #expect(r.stderr.hasPrefix("animc: error: ffmpeg exited 1"), "\(when) \(slice): \(r.stderr)")
      #expect(r.stderr.hasSuffix(": boom: \(when)\n"), "\(when) \(slice): \(r.stderr)")
      #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
      #expect(try String(contentsOf: target, encoding: .utf8) == "old")
      let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
      #expect(names == ["fake-ffmpeg", "keep.webm"], "\(names)")
    }
  }

  /// Telegram's video-sticker limits: VP9 WebM, no audio, 512 px on the long side, at
  /// most 3 s, 30 fps and 256 KB; a run that breaks one is refused before any frame.
  @Test func aTelegramStickerIsWithinItsLimits() throws {
    let dir = try RenderCommandTests.workDirectory("video-telegram")
    let video = dir.appendingPathComponent("loves.webm").path
    let args = ["render", "examples/love-burst.anim", "-o", video, "--telegram", "--only", "loves"]
    _ = try RenderCommandTests.animcOK(args + ["--duration", "3s", "--fps", "30"])
    let probe = try Self.probe(video)
    let streams = try #require(probe["streams"] as? [[String: Any]])
    #expect(streams.count == 1, "one video stream, no audio: \(streams)")
    #expect(streams.first?["codec_name"] as? String == "vp9")
    // love-burst is 375 × 667: the long side 667 → 512, the other 375 × 512 / 667 = 287.9 → 288.
    #expect(streams.first?["width"] as? Int == 288 && streams.first?["height"] as? Int == 512, "\(streams)")
    let duration = Double((probe["format"] as? [String: Any])?["duration"] as? String ?? "") ?? 99
    #expect(duration <= 3.0)
    let size = try FileManager.default.attributesOfItem(atPath: video)[.size] as? Int ?? .max
    #expect(size <= 256 * 1024)

    let long = try CLITests.animc(args)
    #expect(long.status == 2)
    #expect(long.stderr.contains("lasts at most 3 s, and this run lasts 5 s: add `--duration 3s`"), "\(long.stderr)")
    let fast = try CLITests.animc(args + ["--duration", "3s"])
    #expect(fast.status == 2)
    #expect(fast.stderr.contains("at most 30 frames a second, not 60: add `--fps 30`"), "\(fast.stderr)")
    let mp4 = try CLITests.animc(["render", "examples/love-burst.anim", "-o", dir.path + "/x.mp4", "--telegram"])
    #expect(mp4.status == 2 && mp4.stderr.contains("`--telegram` goes with a WebM"), "\(mp4.stderr)")
  }
}
