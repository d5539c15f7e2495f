import AnimOutput

/// PNG files by path, for the checker (header only) and the renderer (the whole image).
///
/// The path is opened without waiting (`InputFile`, through symbolic links) and only the
/// open file is looked at: only a regular file is read, so a pipe or device named as an
/// image is refused rather than blocking the compiler on a read (§12.3), and so is a file
/// of `/proc` or `/sys`, regular by its type. The file's size is checked against the
/// limits before any of it is read.
package enum PNGFile {
  /// The header of the PNG at `path`; reads at most its first 33 bytes.
  package static func header(atPath path: String, limits: ImageLimits = .standard) throws(ImageError) -> PNGHeader {
    let file = try open(path, limits: limits)
    defer { file.close() }
    return try PNGImage.header(read(file, upTo: 33), limits: limits)
  }

  /// The whole image at `path`.
  package static func decode(atPath path: String, limits: ImageLimits = .standard) throws(ImageError) -> DecodedImage {
    let file = try open(path, limits: limits)
    defer { file.close() }
    // One byte past the limit tells a file that grew since its size was checked.
    let cap = limits.maxFileBytes.addingReportingOverflow(1)
    return try PNGImage.decode(read(file, upTo: cap.overflow ? Int.max : cap.partialValue), limits: limits)
  }

  /// The whole file at `path`, checked as `decode` checks it before reading (a regular file
  /// within the size limit), not decoded: what an output embedding the PNG needs.
  package static func bytes(atPath path: String, limits: ImageLimits = .standard) throws(ImageError) -> [UInt8] {
    let file = try open(path, limits: limits)
    defer { file.close() }
    let cap = limits.maxFileBytes.addingReportingOverflow(1)
    let bytes = try read(file, upTo: cap.overflow ? Int.max : cap.partialValue)
    try limits.check(fileSize: bytes.count)
    return bytes
  }

  /// Up to `count` bytes; an empty file gives none.
  private static func read(_ file: InputFile, upTo count: Int) throws(ImageError) -> [UInt8] {
    guard let bytes = file.readAll(limit: count) else { throw ImageError("the file cannot be read") }
    return bytes
  }

  /// The file at `path`, opened first and then looked at (`InputFile`): a regular file
  /// within the size limit, or an error naming what it is.
  private static func open(_ path: String, limits: ImageLimits) throws(ImageError) -> InputFile {
    let file: InputFile
    switch InputFile.open(path) {
    case .success(let opened): file = opened
    case .failure(.missing): throw ImageError("the file does not exist or cannot be examined")
    case .failure(.loop): throw ImageError("the path's symbolic links form a loop")
    case .failure(.notRead(let kind)):
      throw ImageError("the path names \(kind.refused(streams: false) ?? "a special file"), not a regular file")
    case .failure(let refusal): throw ImageError("the file cannot be opened: \(refusal.reason)")
    }
    do {
      try limits.check(fileSize: file.size)
    } catch {
      file.close()
      throw error
    }
    return file
  }
}
