import SpendlyCore

/// A JSON value with ordered keys, written by hand so the output is stable: keys in the order given, numbers and strings exactly as Spendly writes them.
indirect enum JSON: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int64)
  /// A number with a fixed count of decimals, from an integer of that many tenths, hundredths…:
  /// `.decimal(813, places: 1)` is 81.3 (no floating point on the way).
  case decimal(Int64, places: Int)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.rendered() == rhs.rendered() }

  static func optional(_ text: String?) -> JSON { text.map { .string($0) } ?? .null }

  /// Compact when `indent` is nil, otherwise pretty-printed.
  func rendered(indent: Int? = 2) -> String {
    var out = ""
    write(into: &out, indent: indent, level: 0)
    return out
  }

  private func write(into out: inout String, indent: Int?, level: Int) {
    let newline = indent == nil ? "" : "\n"
    let pad = { (n: Int) in String(repeating: " ", count: (indent ?? 0) * n) }
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let i): out += String(i)
    case .decimal(let value, let places): out += MoneyFormat.plain(value, exponent: places)
    case .string(let s): JSON.escape(s, into: &out)
    case .array(let items):
      if items.isEmpty {
        out += "[]"
        return
      }
      out += "[" + newline
      for (i, item) in items.enumerated() {
        out += pad(level + 1)
        item.write(into: &out, indent: indent, level: level + 1)
        out += (i < items.count - 1 ? "," : "") + newline
      }
      out += pad(level) + "]"
    case .object(let pairs):
      if pairs.isEmpty {
        out += "{}"
        return
      }
      out += "{" + newline
      for (i, (key, value)) in pairs.enumerated() {
        out += pad(level + 1)
        JSON.escape(key, into: &out)
        out += indent == nil ? ":" : ": "
        value.write(into: &out, indent: indent, level: level + 1)
        out += (i < pairs.count - 1 ? "," : "") + newline
      }
      out += pad(level) + "}"
    }
  }

  /// Writes `text` as a JSON string. Hidden characters (zero-width, bidi controls) are left
  /// out, so JSON never carries them, even from rows stored before they were refused.
  static func escape(_ text: String, into out: inout String) {
    out += "\""
    for scalar in TextSanitizer.visible(text).unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7f {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }
}
