import AnimOutput
import Foundation

/// PNG files by path, for the checker (header only) and the renderer (the whole image).
///
/// The path is resolved through symbolic links and its type checked before it is opened:
/// only a regular file is opened, so a pipe or device named as an image is refused rather
/// than blocking the compiler on a read (§12.3). The file's size is checked against the
/// limits before any of it is read, and the open file is checked again (`InputFileKind`),
/// which also refuses a file of `/proc` or `/sys`, regular by its type.
package enum PNGFile {
  /// The header of the PNG at `path`; reads at most its first 33 bytes.
  package static func header(atPath path: String, limits: ImageLimits = .standard) throws(ImageError) -> PNGHeader {
    let handle = try open(path, limits: limits)
    defer { close(handle) }
    return try PNGImage.header(read(handle, upTo: 33), limits: limits)
  }

  /// The whole image at `path`.
  package static func decode(atPath path: String, limits: ImageLimits = .standard) throws(ImageError) -> DecodedImage {
    let handle = try open(path, limits: limits)
    defer { close(handle) }
    // One byte past the limit tells a file that grew since its size was checked.
    let cap = limits.maxFileBytes.addingReportingOverflow(1)
    return try PNGImage.decode(read(handle, upTo: cap.overflow ? Int.max : cap.partialValue), limits: limits)
  }

  /// The whole file at `path`, checked as `decode` checks it before reading (a regular file
  /// within the size limit), not decoded: what an output embedding the PNG needs.
  package static func bytes(atPath path: String, limits: ImageLimits = .standard) throws(ImageError) -> [UInt8] {
    let handle = try open(path, limits: limits)
    defer { close(handle) }
    let cap = limits.maxFileBytes.addingReportingOverflow(1)
    let bytes = try read(handle, upTo: cap.overflow ? Int.max : cap.partialValue)
    try limits.check(fileSize: bytes.count)
    return bytes
  }

  /// Up to `count` bytes; an empty file gives none (`read` returns nil at the end).
  private static func read(_ handle: FileHandle, upTo count: Int) throws(ImageError) -> [UInt8] {
    guard #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) else {
      return [UInt8](handle.readData(ofLength: count))
    }
    do {
      return [UInt8](try handle.read(upToCount: count) ?? Data())
    } catch {
      throw ImageError("the file cannot be read: \(error.localizedDescription)")
    }
  }

  /// `close()` where it exists (it reports errors; there is nothing to do about one here).
  private static func close(_ handle: FileHandle) {
    guard #available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *) else { return handle.closeFile() }
    try? handle.close()
  }

  private static func open(_ path: String, limits: ImageLimits) throws(ImageError) -> FileHandle {
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved) else {
      throw ImageError("the file does not exist or cannot be examined")
    }
    let type = attributes[.type] as? FileAttributeType
    guard type == .typeRegular else {
      let kind =
        switch type {
        case .typeDirectory?: "a directory"
        case .typeCharacterSpecial?, .typeBlockSpecial?: "a device"
        case .typeSocket?: "a socket"
        default: "a pipe or other special file"
        }
      throw ImageError("the path names \(kind), not a regular file")
    }
    if let size = attributes[.size] as? NSNumber { try limits.check(fileSize: size.intValue) }
    guard let handle = FileHandle(forReadingAtPath: resolved) else { throw ImageError("the file cannot be opened") }
    // The open file itself, whatever the path names now: a file of /proc could block.
    if let kind = InputFileKind.of(handle.fileDescriptor)?.refused(streams: false) {
      close(handle)
      throw ImageError("the path names \(kind), not a regular file")
    }
    return handle
  }
}
