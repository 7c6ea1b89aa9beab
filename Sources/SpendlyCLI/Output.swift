import SpendlyCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes: stdout and stderr, with colour only on a terminal without NO_COLOR.
/// Everything written passes one sanitizer (`TextSanitizer.printable`): no escape sequence or
/// control character from stored rows, files or typed text reaches the terminal; the only
/// escapes written are this type's own styles.
final class Output {
  var colour: Bool
  private var buffer = ""
  /// Set when stdout could not be written (a full disk, a closed pipe): the command must not exit 0.
  private(set) var writeFailed = false

  init(colour: Bool) {
    self.colour = colour
  }

  /// Writes a line to stdout (buffered until `flush`), without hidden characters: a bidi
  /// control in a stored name must not turn the rest of the line around.
  func line(_ text: String = "") {
    buffer += printable(text)
    buffer += "\n"
    if buffer.utf8.count > 1 << 16 { flush() }
  }

  /// Writes text with no newline and flushes (prompts).
  func prompt(_ text: String) {
    buffer += printable(text)
    flush()
  }

  /// `text` sanitized, with this type's style marks (see `style`) turned into escapes.
  func printable(_ text: String) -> String {
    // The common case: printable ASCII needs no work.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    // Several lines at once (JSON, help) keep their line breaks; each is sanitized.
    if text.utf8.contains(0x0A) {
      return text.split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0)) }
        .joined(separator: "\n")
    }
    let clean = TextSanitizer.printable(text)
    guard clean.unicodeScalars.contains(where: { $0 == Output.markOpen || $0 == Output.markClose }) else {
      return clean
    }
    var result = String.UnicodeScalarView()
    var scalars = clean.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      if scalar == Output.markOpen {
        // A mark is open, one of this type's style codes, close; anything else (forged in
        // data) is dropped, so no other escape (conceal, clear screen) can be written.
        let code = String(String.UnicodeScalarView(scalars.prefix { $0.isASCII && $0.properties.numericType != nil }))
        let rest = scalars.dropFirst(code.unicodeScalars.count)
        if rest.first == Output.markClose, Output.styleCodes.contains(code) {
          if colour { result.append(contentsOf: "\u{1B}[\(code)m".unicodeScalars) }
          scalars = rest.dropFirst()
        }
      } else if scalar != Output.markClose {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// Private-use characters that stand for a style's escape until the text is written.
  static let markOpen: Unicode.Scalar = "\u{F8F0}"
  static let markClose: Unicode.Scalar = "\u{F8F1}"
  /// The codes a mark may carry: the styles, and 0 that ends one.
  static let styleCodes: Set<String> = Set(Style.allCases.map(\.rawValue) + ["0"])

  /// Text from outside (stored rows, files) without style marks, so it cannot forge one.
  static func unmarked(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 == markOpen || $0 == markClose }) else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != markOpen && $0 != markClose }))
  }

  func flush() {
    guard !buffer.isEmpty else { return }
    if !writeAll(1, buffer) { writeFailed = true }
    buffer = ""
  }

  /// Writes one line to stderr at once.
  func error(_ text: String) {
    flush()
    // Each line is made safe on its own, so a phrase error keeps its caret line under the input.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      TextSanitizer.printable(String($0))
    }
    writeAll(2, "spendly: " + lines.joined(separator: "\n") + "\n")
  }

  /// Writes "spendly: warning: …" to stderr: something the person should know, the rest still shown.
  func warning(_ text: String) {
    error("warning: " + text)
  }

  /// ANSI styles used sparingly: dim for inferred fields, colour for amounts.
  enum Style: String, CaseIterable {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case cyan = "36"
  }

  /// `text` in a style, when colour is on. The escapes are written by `line` and `prompt`.
  func style(_ text: String, _ style: Style) -> String {
    colour
      ? "\(Output.markOpen)\(style.rawValue)\(Output.markClose)\(text)\(Output.markOpen)0\(Output.markClose)" : text
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
