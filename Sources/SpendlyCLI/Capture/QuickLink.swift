import SpendlyCore

/// A quick-add link, `spendly://quickadd?amount=420&category=Food&method=UPI`, read strictly:
/// it comes from outside (a browser, a desktop hotkey, another program), so anything that is
/// not plainly a quick-add link is refused with one line naming what is wrong, before any
/// draft is made.
///
/// - the scheme is `spendly` and the action (the host) `quickadd`, with no port, user, path or
///   fragment;
/// - the link is at most `maximumLength` bytes of printable ASCII: anything else is
///   percent-encoded (`%20`, or `+`, for a space);
/// - every `%` starts a `%XX` escape; the decoded value is valid UTF-8 with no control
///   characters (escape sequences, newlines) and no hidden characters (zero-width, bidi:
///   `Validator.refuseHidden`, as at every entrance);
/// - each key is one of `keys` and is given once.
struct QuickLink: Equatable {
  static let maximumLength = 2048
  /// The keys a link may give, in the order their values apply to the draft after `text`.
  static let keys = [
    "text", "kind", "currency", "amount", "category", "method", "from", "to", "merchant", "note", "date", "time",
  ]
  /// Keys that may be empty: an empty merchant or note is none, an empty text a bare link.
  static let mayBeEmpty: Set<String> = ["text", "merchant", "note"]

  /// The decoded values, by key.
  var values: [String: String]

  subscript(key: String) -> String? { values[key] }

  static func parse(_ link: String) throws(CLIError) -> QuickLink {
    let bytes = Array(link.utf8)
    guard bytes.count <= maximumLength else {
      throw refusal("it is \(bytes.count) bytes long; a quick-add link is at most \(maximumLength)")
    }
    if let index = bytes.firstIndex(where: { $0 < 0x21 || $0 > 0x7E }) {
      let what = bytes[index] == 0x20 ? "a space" : bytes[index] > 0x7E ? "a non-ASCII byte" : "a control character"
      throw refusal("\(what) at byte \(index + 1); a link carries it percent-encoded (%20 for a space)")
    }
    guard let separator = link.range(of: "://") else {
      throw refusal("expected spendly://quickadd?KEY=VALUE&...")
    }
    let scheme = link[..<separator.lowerBound]
    guard scheme.lowercased() == "spendly" else {
      throw refusal("'\(Render.safe(String(scheme.prefix(20)))):' is not a spendly:// link")
    }
    let rest = link[separator.upperBound...]
    if rest.contains("#") { throw refusal("a fragment (#...) is not read; write # as %23") }
    let question = rest.firstIndex(of: "?")
    var action = String(rest[..<(question ?? rest.endIndex)])
    if action.hasSuffix("/") { action.removeLast() }
    guard action.lowercased() == "quickadd" else {
      throw refusal("unknown action \(Render.quoted(String(action.prefix(40)))) (expected spendly://quickadd)")
    }
    var values: [String: String] = [:]
    guard let question else { return QuickLink(values: values) }
    let query = rest[rest.index(after: question)...]
    if query.isEmpty { return QuickLink(values: values) }
    for pair in query.split(separator: "&", omittingEmptySubsequences: false) {
      guard !pair.isEmpty else { throw refusal("an empty parameter (two & in a row, or one at the end)") }
      guard let equals = pair.firstIndex(of: "=") else {
        throw refusal("\(Render.quoted(String(pair.prefix(40)))) has no value (write KEY=VALUE)")
      }
      let key = try decode(pair[..<equals], key: nil)
      guard keys.contains(key) else {
        throw refusal("unknown key \(Render.quoted(String(key.prefix(40)))) (keys: \(keys.joined(separator: ", ")))")
      }
      guard values[key] == nil else { throw refusal("key '\(key)' is given twice; a link gives each key once") }
      let value = try decode(pair[pair.index(after: equals)...], key: key).trimmingSpaces()
      guard !value.isEmpty || mayBeEmpty.contains(key) else { throw refusal("'\(key)' is empty") }
      values[key] = value
    }
    return QuickLink(values: values)
  }

  /// Percent-decodes one key or value (`+` is a space, as forms write queries); `key` names the
  /// value in errors, nil while decoding a key.
  static func decode(_ text: Substring, key: String?) throws(CLIError) -> String {
    let what = key.map { "the value of '\($0)'" } ?? "a key"
    var decoded: [UInt8] = []
    var bytes = Array(text.utf8)[...]
    while let byte = bytes.popFirst() {
      switch byte {
      case UInt8(ascii: "+"): decoded.append(0x20)
      case UInt8(ascii: "%"):
        guard bytes.count >= 2, let high = hexValue(bytes[bytes.startIndex]),
          let low = hexValue(bytes[bytes.startIndex + 1])
        else {
          let shown = String(decoding: [byte] + bytes.prefix(2), as: UTF8.self)
          throw refusal("malformed escape \(Render.quoted(shown)) in \(what) (a % starts %XX, two hex digits)")
        }
        decoded.append(high << 4 | low)
        bytes.removeFirst(2)
      default: decoded.append(byte)
      }
    }
    guard let string = String(validating: decoded, as: UTF8.self) else {
      throw refusal("\(what) is not valid UTF-8 once decoded")
    }
    // Hidden characters (zero-width, bidi) meet the rule every entrance meets.
    do {
      try Validator.refuseHidden(string, field: key ?? "a key")
    } catch {
      throw refusal("\(what) \(error.reason)")
    }
    for scalar in string.unicodeScalars {
      let category = scalar.properties.generalCategory
      if category == .control || category == .lineSeparator || category == .paragraphSeparator {
        let code = "U+" + String(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))
        let name = scalar.value == 0x1B ? "an escape sequence (\(code))" : "a control character (\(code))"
        throw refusal("\(what) holds \(name)")
      }
    }
    return string
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// A refused link: a data error (exit 65), nothing saved.
  static func refusal(_ why: String) -> CLIError { .data("link refused: \(why); nothing saved") }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
