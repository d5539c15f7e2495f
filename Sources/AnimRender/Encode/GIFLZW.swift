/// GIF's variable-width LZW (GIF89a appendix F): codes grow from `minCodeSize + 1` to 12
/// bits, and a clear code restarts the table when it fills.
struct GIFLZW {
  private static let maxCode = 4095
  private static let tableSize = 1 << 13  // power of two, over twice the 4096 codes

  /// Open-addressed map from `prefix << 8 | byte` to code; reused across frames.
  private var keys = [Int32](repeating: -1, count: GIFLZW.tableSize)
  private var values = [UInt16](repeating: 0, count: GIFLZW.tableSize)

  /// Appends the image data block for `indices`: the minimum code size byte, the codes in
  /// sub-blocks of at most 255 bytes, and the zero-length terminator.
  ///
  /// `alternates`, when given (as long as `indices`), holds for each pixel a second index
  /// that shows the same colour there (an unchanged pixel: the transparent index or the
  /// index of the colour already on screen). A string in the table is extended by either,
  /// so the codes grow longer than with `indices` alone; a new string starts with the
  /// entry of `indices`. Every pixel decodes to one of its two indices.
  mutating func encode(
    _ indices: [UInt8], alternates: [UInt8]? = nil, minCodeSize: Int, to out: inout [UInt8]
  ) {
    let clear = 1 << minCodeSize
    let end = clear + 1
    var bits = BitWriter(capacity: indices.count / 2 + 16)
    var width = minCodeSize + 1
    // `next` is the code the following new string gets; the width grows once it no longer
    // fits, mirroring the decoder, which is one entry behind but reads before it grows.
    var next = end + 1
    bits.write(UInt32(clear), width: width)
    for i in keys.indices { keys[i] = -1 }
    if var prefix = indices.first.map(Int.init) {
      let mask = GIFLZW.tableSize - 1
      for index in 1..<indices.count {
        let byte = Int(indices[index])
        let key = Int32(prefix << 8 | byte)
        var slot = Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 19) & mask
        var found = false
        while keys[slot] != -1 {
          if keys[slot] == key {
            prefix = Int(values[slot])
            found = true
            break
          }
          slot = (slot + 1) & mask
        }
        if !found, let alternates, alternates[index] != indices[index] {
          let other = Int32(prefix << 8 | Int(alternates[index]))
          var probe = Int((UInt32(bitPattern: other) &* 2_654_435_761) >> 19) & mask
          while keys[probe] != -1 {
            if keys[probe] == other {
              prefix = Int(values[probe])
              found = true
              break
            }
            probe = (probe + 1) & mask
          }
        }
        if found { continue }
        bits.write(UInt32(prefix), width: width)
        prefix = byte
        if next < GIFLZW.maxCode {
          keys[slot] = key
          values[slot] = UInt16(next)
          next += 1
          if next > 1 << width && width < 12 { width += 1 }
        } else {
          // Table full: the decoder has just grown to 12 bits; start over.
          bits.write(UInt32(clear), width: width)
          for i in keys.indices { keys[i] = -1 }
          width = minCodeSize + 1
          next = end + 1
        }
      }
      bits.write(UInt32(prefix), width: width)
      // The decoder adds an entry after this last code too, and may widen before EOI.
      if next < GIFLZW.maxCode {
        next += 1
        if next > 1 << width && width < 12 { width += 1 }
      }
    }
    bits.write(UInt32(end), width: width)
    bits.alignToByte()
    out.append(UInt8(minCodeSize))
    let data = bits.bytes
    var start = 0
    while start < data.count {
      let stop = min(start + 255, data.count)
      out.append(UInt8(stop - start))
      out.append(contentsOf: data[start..<stop])
      start = stop
    }
    out.append(0)
  }
}
