import SpendlyCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes: stdout and stderr, with colour only on a terminal without NO_COLOR.
public final class Output {
  public var colour: Bool
  private var buffer = ""
  /// Set when stdout could not be written (a full disk, a closed pipe): the command must not exit 0.
  public private(set) var writeFailed = false

  public init(colour: Bool) {
    self.colour = colour
  }

  /// Writes a line to stdout (buffered until `flush`).
  public func line(_ text: String = "") {
    buffer += text
    buffer += "\n"
    if buffer.utf8.count > 1 << 16 { flush() }
  }

  /// Writes text with no newline and flushes (prompts).
  public func prompt(_ text: String) {
    buffer += text
    flush()
  }

  public func flush() {
    guard !buffer.isEmpty else { return }
    if !writeAll(1, buffer) { writeFailed = true }
    buffer = ""
  }

  /// Writes one line to stderr at once.
  public func error(_ text: String) {
    flush()
    // Each line is made safe on its own, so a phrase error keeps its caret line under the input.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      TextSanitizer.printable(String($0))
    }
    writeAll(2, "spendly: " + lines.joined(separator: "\n") + "\n")
  }

  /// Writes "spendly: warning: …" to stderr: something the person should know, the rest still shown.
  public func warning(_ text: String) {
    error("warning: " + text)
  }

  /// ANSI styles used sparingly: dim for inferred fields, colour for amounts.
  public enum Style: String {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case cyan = "36"
  }

  public func style(_ text: String, _ style: Style) -> String {
    colour ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }
}

/// Writes all of `text` to a file descriptor, retrying short writes; false when it failed.
@discardableResult
func writeAll(_ fd: Int32, _ text: String) -> Bool {
  var text = text
  return text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }
}
