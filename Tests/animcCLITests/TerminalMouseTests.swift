import Testing

@testable import animc

/// `TerminalMouse.scan` on hand-written xterm SGR reports (`ESC [ < b ; x ; y M|m`,
/// modes 1002 + 1006): what each report means, where it ends, and what is dropped of
/// bytes that are not one. `animc run` reads its input through it (`Tests/run` drives
/// that in tmux).
@Suite struct TerminalMouseTests {
  static func bytes(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

  static func scan(_ text: String) -> TerminalMouse.Scan { TerminalMouse.scan(bytes(text)) }

  @Test func leftButtonPressMotionAndRelease() {
    // 3 bytes of `ESC [ <`, the fields and their separators, and the final byte.
    #expect(Self.scan("\u{1B}[<0;10;20M") == .report(.press(column: 10, row: 20), length: 3 + 7 + 1))
    #expect(Self.scan("\u{1B}[<32;1;1M") == .report(.drag(column: 1, row: 1), length: 3 + 6 + 1))
    #expect(Self.scan("\u{1B}[<0;160;49m") == .report(.release(column: 160, row: 49), length: 3 + 8 + 1))
  }

  @Test func modifierBitsDoNotChangeTheEvent() {
    // Shift 4, Meta 8, Control 16 are added to the button code.
    #expect(Self.scan("\u{1B}[<4;5;6M") == .report(.press(column: 5, row: 6), length: 9))
    #expect(Self.scan("\u{1B}[<28;5;6M") == .report(.press(column: 5, row: 6), length: 10))
    #expect(Self.scan("\u{1B}[<48;5;6M") == .report(.drag(column: 5, row: 6), length: 10))
    #expect(Self.scan("\u{1B}[<16;5;6m") == .report(.release(column: 5, row: 6), length: 10))
  }

  @Test(arguments: [
    "\u{1B}[<64;5;6M",  // wheel up
    "\u{1B}[<65;5;6M",  // wheel down
    "\u{1B}[<1;5;6M",  // middle button
    "\u{1B}[<2;5;6M",  // right button
    "\u{1B}[<2;5;6m",  // right button released
    "\u{1B}[<34;5;6M",  // motion with the right button
    "\u{1B}[<35;5;6M",  // motion with no button (mode 1003)
    "\u{1B}[<32;5;6m",  // a motion's code with a release's final byte
  ])
  func otherButtonsAndTheWheelAreIgnored(_ report: String) {
    #expect(Self.scan(report) == .report(.other, length: report.utf8.count))
  }

  /// A report cut anywhere is incomplete until its last byte has arrived.
  @Test(arguments: ["\u{1B}[<0;10;20M", "\u{1B}[<32;99999;99999M", "\u{1B}[<0;1;1m"])
  func aSplitReportWaitsForItsEnd(_ report: String) {
    let whole = Array(report.utf8)
    for cut in 1..<whole.count {
      #expect(TerminalMouse.scan(whole[..<cut]) == .incomplete, "cut after \(cut) bytes")
    }
    guard case .report(_, let length) = TerminalMouse.scan(whole[...]) else {
      Issue.record("the whole report is not one")
      return
    }
    #expect(length == whole.count)
  }

  @Test func onlyTheFirstOfTwoReportsIsRead() {
    let two = Self.bytes("\u{1B}[<0;3;4M\u{1B}[<0;3;4m")
    #expect(TerminalMouse.scan(two) == .report(.press(column: 3, row: 4), length: 9))
    // A slice further into its buffer: lengths count from the slice's start.
    #expect(TerminalMouse.scan(two[(two.startIndex + 9)...]) == .report(.release(column: 3, row: 4), length: 9))
  }

  @Test func controlSequencesThatAreNotReportsAreDroppedWhole() {
    // Through their final byte (0x40–0x7E), so that neither `p` (pause) nor `q` (quit)
    // is read as a key.
    #expect(Self.scan("\u{1B}[<0;1p") == .invalid(skip: 7))
    #expect(Self.scan("\u{1B}[<0;1;2;3q") == .invalid(skip: 11))
    #expect(Self.scan("\u{1B}[A") == .invalid(skip: 3))  // cursor up
    #expect(Self.scan("\u{1B}[15~") == .invalid(skip: 5))  // F5
    #expect(Self.scan("\u{1B}[<;1;2M") == .invalid(skip: 8))  // an empty field
    #expect(Self.scan("\u{1B}[<0;1M") == .invalid(skip: 7))  // two fields
    #expect(Self.scan("\u{1B}[<0;;2M") == .invalid(skip: 8))
    #expect(Self.scan("\u{1B}[<0;1;2Mq") == .report(.press(column: 1, row: 2), length: 9))
    // What follows a bad sequence is left to be read.
    #expect(Self.scan("\u{1B}[<0;1pq") == .invalid(skip: 7))
  }

  @Test func anEscapeThatStartsNoControlSequenceDropsOnlyItself() {
    #expect(Self.scan("\u{1B}q") == .invalid(skip: 1))
    #expect(Self.scan("\u{1B}\u{1B}[<0;1;1M") == .invalid(skip: 1))
    #expect(Self.scan("[<0;1;1M") == .invalid(skip: 1))
  }

  @Test func aBadSequenceWithoutItsEndYetDropsWhatHasArrived() {
    // `:` and `;` are no final bytes: the sequence may go on in the next read.
    #expect(Self.scan("\u{1B}[<0;1:") == .invalid(skip: 7))
    #expect(Self.scan("\u{1B}[<0;1;2;") == .invalid(skip: 9))
  }

  @Test func hugeNumbersAreRefusedNotRead() {
    // Five digits a field at most: 99999 is read, a sixth digit ends the report as bad.
    #expect(Self.scan("\u{1B}[<0;99999;99999M") == .report(.press(column: 99999, row: 99999), length: 17))
    #expect(Self.scan("\u{1B}[<0;100000;1M") == .invalid(skip: 14))
    #expect(Self.scan("\u{1B}[<99999999999999999999999;1;1M") == .invalid(skip: 31))
    let endless = "\u{1B}[<0;1;" + String(repeating: "9", count: 10_000)
    #expect(Self.scan(endless) == .invalid(skip: endless.utf8.count))
  }

  /// The legacy X10 encoding, `ESC [ M` and three bytes 32 + b, 32 + x, 32 + y, from a
  /// terminal that ignores mode 1006: a space is button 0, `!` is 1, `@` is 32 (motion),
  /// `#` is 3 (a release), ``` ` `` is 64 (wheel).
  @Test func legacyX10Reports() {
    #expect(Self.scan("\u{1B}[M !!") == .report(.press(column: 1, row: 1), length: 6))
    #expect(Self.scan("\u{1B}[M@*+") == .report(.drag(column: 10, row: 11), length: 6))
    #expect(Self.scan("\u{1B}[M#*+") == .report(.release(column: 10, row: 11), length: 6))
    // Shift (4) on a release is still a release; the wheel is another event.
    #expect(Self.scan("\u{1B}[M'*+") == .report(.release(column: 10, row: 11), length: 6))
    #expect(Self.scan("\u{1B}[M`*+") == .report(.other, length: 6))
    // Column 223, the last a byte can hold: 32 + 223 = 255.
    #expect(
      TerminalMouse.scan([0x1B, 0x5B, 0x4D, 0x20, 0xFF, 0x21][...]) == .report(.press(column: 223, row: 1), length: 6))
    // Split reads wait for the rest; a byte below 32 cannot be a field.
    #expect(Self.scan("\u{1B}[M !") == .incomplete)
    #expect(Self.scan("\u{1B}[M\u{1B}[<") == .invalid(skip: 3))
  }

  /// Every scan of arbitrary bytes after an ESC keeps within them: a report or a skip is
  /// never longer than the bytes, a skip never empty, and only a short run of bytes is
  /// incomplete. Feeding a buffer through it as `animc run` does always ends.
  @Test func arbitraryBytesNeverTrapOrStall() {
    let alphabet = Array("\u{1B}[<;0123456789Mm~Ap".utf8) + [0x00, 0x7F, 0xFF, 0x40, 0x7E, 0x3F]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ n: Int) -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % UInt64(n))
    }
    for _ in 0..<2_000 {
      var buffer: [UInt8] = [0x1B] + (0..<next(40)).map { _ in alphabet[next(alphabet.count)] }
      var steps = 0
      while let first = buffer.first, steps <= 100 {
        steps += 1
        guard first == 0x1B else {
          buffer.removeFirst()
          continue
        }
        switch TerminalMouse.scan(buffer[...]) {
        case .incomplete:
          #expect(buffer.count < TerminalMouse.maxLength, "\(buffer)")
          buffer = []
        case .invalid(let skip):
          #expect((1...buffer.count).contains(skip), "\(buffer)")
          buffer.removeFirst(min(max(skip, 1), buffer.count))
        case .report(_, let length):
          #expect((1...buffer.count).contains(length), "\(buffer)")
          buffer.removeFirst(min(max(length, 1), buffer.count))
        }
      }
      #expect(steps <= 100)
    }
  }
}
