import Foundation
import Testing

@testable import AnimImage

/// What outputs embed of a PNG (issue 33, items 4 and 6): the chunks that draw the
/// picture, and nothing of its metadata.
@Suite struct EmbeddedBytesTests {
  @Test func ancillaryChunksAreLeftOutAndTheDrawingOnesKept() throws {
    let text = TestPNG.chunk("tEXt", Array("Author\u{0}someone's name and address".utf8))
    let gamma = TestPNG.chunk("gAMA", [0, 0, 0xB1, 0x8F])
    let transparency = TestPNG.chunk("tRNS", [0, 7])
    let raw: [UInt8] = [0, 7, 9]
    let file = TestPNG.file(width: 2, height: 1, color: 0, before: [text, gamma, transparency], raw: raw)
    let asset = try ImageAsset.load(name: "a.png", path: "a.png", from: .given { _ in file })
    // By hand: the same file built without the tEXt and gAMA chunks.
    let expected = TestPNG.file(width: 2, height: 1, color: 0, before: [transparency], raw: raw)
    #expect(asset.fileBytes == expected)
    #expect(asset.fileBytes.count == file.count - text.count - gamma.count)
    // The kept bytes draw the same picture: grey 7 transparent by tRNS, grey 9 opaque.
    #expect(try PNGImage.decode(asset.fileBytes).rgba8 == asset.image.rgba8)
    #expect(asset.image.rgba8 == [0, 0, 0, 0, 9, 9, 9, 255] || asset.image.rgba8 == [7, 7, 7, 0, 9, 9, 9, 255])
  }
}

/// A PNG file is at most 64 MiB (issue 33, item 6): a larger one is refused by its size,
/// before any of it is read, with the cap in the message.
@Suite struct FileSizeCapTests {
  @Test func aFileOverTheCapIsRefusedBeforeItIsRead() throws {
    let fm = FileManager.default
    let path = fm.temporaryDirectory.appendingPathComponent("animimage-cap-\(UUID().uuidString).png").path
    defer { try? fm.removeItem(atPath: path) }
    // A valid head, then a hole to 64 MiB + 1 bytes (sparse: nothing is written there).
    let head = TestPNG.signature + TestPNG.ihdr(width: 1, height: 1)
    #expect(fm.createFile(atPath: path, contents: Data(head)))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(64 * 1024 * 1024 + 1))
    try handle.close()
    for read in [{ _ = try PNGFile.header(atPath: path) }, { _ = try PNGFile.bytes(atPath: path) }] {
      do {
        try read()
        Issue.record("no error")
      } catch {
        #expect((error as? ImageError)?.message == "the file has 67108865 bytes, more than the 67108864 allowed")
      }
    }
  }
}
