#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal window the desktop entry opens for a link (`spendly open --desktop`): it closes
/// when the command exits, so the last words must stay until they can be read. After a refusal
/// it waits for Enter (`press Enter to close`); after a save, 2 seconds or until a key.
enum DesktopWindow {
  /// How long a saved line stays on screen when no key is pressed.
  static let savedMilliseconds: Int32 = 2000
  static let closePrompt = "press Enter to close"

  /// Runs `body` (the link's command) and holds the window before it closes: what `body`
  /// printed, or its error, is written first. The error is rethrown with its exit status,
  /// without its words (they are already on the screen).
  static func holding(_ context: Context, _ body: () throws(CLIError) -> Rendered) throws(CLIError) -> Rendered {
    do {
      let rendered = try body()
      context.show(rendered)
      context.output.flush()
      waitForKey(milliseconds: savedMilliseconds)
      return .nothing
    } catch {
      if !error.message.isEmpty { context.output.error(error.message) }
      context.output.prompt(closePrompt + " ")
      waitForEnter()
      throw CLIError(error.kind, "")
    }
  }

  /// Reads standard input up to a line's end, or its end.
  static func waitForEnter() {
    var byte: UInt8 = 0
    while true {
      let count = read(0, &byte, 1)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 || byte == 0x0A || byte == 0x0D { return }
    }
  }

  /// Waits until a key is pressed (a terminal is read a key at a time, without echo) or
  /// `milliseconds` pass; standard input at its end or closed ends the wait at once.
  static func waitForKey(milliseconds: Int32) {
    var saved = termios()
    let terminal = isatty(0) == 1 && tcgetattr(0, &saved) == 0
    if terminal {
      var raw = saved
      raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
      withUnsafeMutableBytes(of: &raw.c_cc) { cc in
        cc[Int(VMIN)] = 1
        cc[Int(VTIME)] = 0
      }
      tcsetattr(0, TCSANOW, &raw)
    }
    defer { if terminal { tcsetattr(0, TCSANOW, &saved) } }
    var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, milliseconds) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return }
    var byte: UInt8 = 0
    _ = read(0, &byte, 1)
  }
}
