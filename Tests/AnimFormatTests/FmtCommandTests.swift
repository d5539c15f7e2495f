import AnimTestSupport
import Foundation
import Testing

/// `animc fmt` end to end, through the built binary (`swift build --product animc`).
enum AnimcBinary {
  static let path = Fixture.root.appendingPathComponent(".build/debug/animc").path
  static var exists: Bool { FileManager.default.isExecutableFile(atPath: path) }
}

@Suite(.enabled(if: AnimcBinary.exists, "build `animc` first: swift build --product animc"))
struct FmtCommandTests {
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  func animc(_ args: [String], stdin: String? = nil) throws -> Output {
    let r = try ChildProcess.run(
      URL(fileURLWithPath: AnimcBinary.path), ["fmt"] + args, stdin: Data((stdin ?? "").utf8))
    return Output(
      status: r.status, stdout: String(decoding: r.stdout, as: UTF8.self),
      stderr: String(decoding: r.stderr, as: UTF8.self))
  }

  /// A fresh folder with the given files.
  func folder(_ files: [String: String]) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animc-fmt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
    return dir
  }

  func read(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "<unreadable>" }

  func inode(_ url: URL) -> UInt64? {
    (try? FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? NSNumber)?.uint64Value
  }

  let messy = "let a=1\nnode n=circle(1){\nfill red}\n"
  let clean = "let a = 1\n\nnode n = circle(1) {\n  fill red\n}\n"

  @Test func checkListsFilesThatWouldChangeAndWritesNothing() throws {
    let dir = try folder(["messy.anim": messy, "clean.anim": clean])
    defer { try? FileManager.default.removeItem(at: dir) }
    let m = dir.appendingPathComponent("messy.anim")
    let c = dir.appendingPathComponent("clean.anim")
    let r = try animc(["--check", m.path, c.path])
    #expect(r.status == 1)
    #expect(r.stdout == m.path + "\n")
    #expect(read(m) == messy)
    let ok = try animc(["--check", c.path])
    #expect(ok.status == 0)
    #expect(ok.stdout.isEmpty)
  }

  @Test func formatsInPlaceOnlyFilesThatChange() throws {
    let dir = try folder(["messy.anim": messy, "clean.anim": clean])
    defer { try? FileManager.default.removeItem(at: dir) }
    let m = dir.appendingPathComponent("messy.anim")
    let c = dir.appendingPathComponent("clean.anim")
    let before = inode(c)
    let r = try animc([m.path, c.path])
    #expect(r.status == 0)
    #expect(r.stdout.isEmpty)
    #expect(read(m) == clean)
    #expect(read(c) == clean)
    #expect(inode(c) == before, "an unchanged file must not be rewritten")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(leftovers == ["clean.anim", "messy.anim"])
  }

  @Test func stdinToStdout() throws {
    let r = try animc(["-"], stdin: messy)
    #expect(r.status == 0)
    #expect(r.stdout == clean)
    let check = try animc(["--check", "-"], stdin: messy)
    #expect(check.status == 1)
    #expect(check.stdout == "<stdin>\n")
    #expect(try animc(["--check", "-"], stdin: clean).status == 0)
  }

  @Test func syntaxErrorsReportAndLeaveTheFileAlone() throws {
    let broken = "let a = (1,\nnode n = circle(1)\n"
    let dir = try folder(["broken.anim": broken])
    defer { try? FileManager.default.removeItem(at: dir) }
    let b = dir.appendingPathComponent("broken.anim")
    let r = try animc([b.path])
    #expect(r.status == 1)
    #expect(r.stderr.contains("broken.anim:2:1: error:"))
    #expect(read(b) == broken)
    let s = try animc(["-"], stdin: broken)
    #expect(s.status == 1)
    #expect(s.stdout.isEmpty)
  }

  @Test func unreadableFileAndBadArguments() throws {
    #expect(try animc(["/nonexistent/x.anim"]).status == 2)
    #expect(try animc([]).status == 2)
    #expect(try animc(["--frobnicate", "x.anim"]).status == 2)
    #expect(try animc(["-", "x.anim"]).status == 2)
  }

  @Test func help() throws {
    let r = try animc(["--help"])
    #expect(r.status == 0)
    #expect(r.stdout.contains("USAGE: animc fmt"))
    #expect(r.stdout.contains("--check"))
  }
}
