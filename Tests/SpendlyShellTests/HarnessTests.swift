import SpendlyTestSupport
import Testing

/// The harness's terminal model: if it misread libedit's redraws, the terminal tests would
/// assert on the wrong text.
@Suite("screen model")
struct ScreenModelTests {
  func screen(_ chunks: String..., width: Int = 20, height: Int = 5) -> Screen {
    var screen = Screen(width: width, height: height)
    for chunk in chunks { screen.feed(Array(chunk.utf8)) }
    return screen
  }

  @Test func carriageReturnAndLineFeed() {
    let s = screen("abc\r\ndef\rX", "\nY")
    #expect(s.lines == ["abc", "Xef", " Y"])
    #expect(s.cursorLine == " Y")
  }

  @Test func backspaceAndCursorMoves() {
    #expect(screen("abcd\u{8}\u{8}X").text == "abXd")
    #expect(screen("abcdef\u{1B}[3DX\u{1B}[CY").text == "abcXeY")
    #expect(screen("one\r\ntwo\u{1B}[AZ").lines == ["oneZ", "two"])
    #expect(screen("abc\u{1B}[1GZ").text == "Zbc")
  }

  @Test func erasing() {
    #expect(screen("abcdef\u{1B}[3D\u{1B}[K").text == "abc")
    #expect(screen("abcdef\u{1B}[3D\u{1B}[1K").text == "    ef")
    #expect(screen("abc\r\ndef\r\nghi\u{1B}[A\r\u{1B}[J").text == "abc")
    #expect(screen("abcdef\r\u{1B}[2P").text == "cdef")
    #expect(screen("abcdef\r\u{1B}[2@").text == "  abcdef")
  }

  @Test func coloursAndModesShowNothing() {
    #expect(screen("\u{1B}[2mCash?\u{1B}[0m  \u{1B}[?1034h\u{1B}=Food\u{1B}]0;title\u{7}!").text == "Cash?  Food!")
  }

  @Test func utf8SplitAcrossReads() {
    let rupee = Array("₹250".utf8)
    var s = Screen(width: 20, height: 5)
    s.feed(rupee[0..<1])
    s.feed(rupee[1..<2])
    s.feed(rupee[2...])
    #expect(s.text == "₹250")
    // One column per character: the cursor stands after four characters, not six bytes.
    s.feed(Array("\u{8}\u{8}\u{8}\u{8}X".utf8))
    #expect(s.text == "X250")
  }

  @Test func escapeSplitAcrossReads() {
    #expect(screen("abcdef\u{1B}", "[", "3", "D", "X").text == "abcXef")
  }

  @Test func wrapsAtTheWidthAndScrollsKeepingHistory() {
    #expect(screen("abcdefgh", width: 5).lines == ["abcde", "fgh"])
    // A full row leaves the cursor waiting in the last column until the next character.
    #expect(screen("abcde\r\nx", width: 5).lines == ["abcde", "x"])
    let s = screen("1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\u{1B}[9A*", height: 3)
    #expect(s.lines == ["1", "2", "3", "4", "5*", "6", "7"], "cursor up stops at the top of the visible rows")
  }
}

/// The harness itself: the child runs in its own session with the pseudo-terminal as its
/// controlling terminal (so /dev/tty opens), with the window size set.
@Suite("pty harness")
struct PTYHarnessTests {
  @Test func childHasTheTerminalAndItsOwnSession() throws {
    let script = """
      if (: </dev/tty) 2>/dev/null; then echo ctty=yes; else echo ctty=no; fi
      echo "sid=$(cut -d' ' -f6 /proc/$$/stat) pid=$$"
      echo "size=$(stty size </dev/tty)"
      """
    let terminal = try PTYSession(
      executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"], columns: 77, rows: 22)
    #expect(try terminal.waitForExit() == 0)
    let text = terminal.screen.text
    #expect(text.contains("ctty=yes"), "\(text)")
    #expect(text.contains("sid=\(terminal.pid) pid=\(terminal.pid)"), "\(text)")
    #expect(text.contains("size=22 77"), "\(text)")
  }
}
