import Foundation
import Testing

@testable import AnimPreview

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The preview's scene file (issue 33, items 8 and 9): a link to a scene is previewed as
/// the scene; a pipe put in its place is refused without blocking the watch; a loop of
/// links is said to be one.
@Suite(.timeLimit(.minutes(1))) struct SceneFileTests {
  static func folder() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animc-scenefile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  @Test func aLinkedSceneIsPreviewed() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try ServerSafetyTests.scene.write(to: dir.appendingPathComponent("real.anim"), atomically: true, encoding: .utf8)
    let link = dir.appendingPathComponent("link.anim").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.anim")
    guard case .scene = SceneWatcher.load(link) else {
      Issue.record("the linked scene did not load")
      return
    }
    let server = try PreviewServer(path: link)
    #expect(server.initialDiagnostics == nil)
  }

  @Test func aPipeInTheScenesPlaceIsRefused() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("tap.anim").path
    try ServerSafetyTests.scene.write(toFile: path, atomically: true, encoding: .utf8)
    var watcher = SceneWatcher(path: path)
    guard case .scene = watcher.poll() else {
      Issue.record("the scene did not load")
      return
    }
    // Swapped for a named pipe nobody writes to: a blocking open would wait for ever.
    try FileManager.default.removeItem(atPath: path)
    #expect(mkfifo(path, 0o600) == 0)
    guard case .failed(let text) = watcher.poll() else {
      Issue.record("the pipe was not refused")
      return
    }
    #expect(text == "\(path): cannot read the file: it is a pipe or socket, not a regular file\n")
  }

  @Test func aLoopOfLinksIsSaidToBeALoop() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let a = dir.appendingPathComponent("a.anim").path
    try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: "b.anim")
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent("b.anim").path, withDestinationPath: "a.anim")
    guard case .failed(let text) = SceneWatcher.load(a) else {
      Issue.record("the loop was read")
      return
    }
    #expect(text == "\(a): cannot read the file: its symbolic links form a loop\n")
    #expect(throws: PreviewError.self) { try PreviewServer(path: a) }
  }
}
