import SpendlyCore

/// One cell of a workbook sheet, typed so that a spreadsheet sees numbers as numbers and dates as
/// dates. Amounts travel as exact decimal text ("-1046.50"), never through a Double.
public enum WorkbookCell: Sendable, Equatable {
  case text(String)
  /// Decimal text: optional "-" or "+", digits, optional "." and digits ("-1046.50", "0.125");
  /// `format` is a number format code such as `#,##0.00` or `0.0%`, nil for General.
  case number(String, format: String?)
  case integer(Int64)
  /// A date cell shown as yyyy-mm-dd.
  case date(LocalDate)
  /// A time of day (0:00 to 23:59), a time cell shown as hh:mm.
  case time(hour: Int, minute: Int)
  case empty

  /// `units` scaled down by `scale` (0 or more) decimal places as an exact number: (-104650, 2)
  /// is -1046.50.
  public static func decimal(_ units: Int64, scale: Int, format: String?) -> WorkbookCell {
    precondition(scale >= 0, "a negative scale")
    var digits = String(units.magnitude)
    if scale > 0 {
      if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
      digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -scale))
    }
    return .number(units < 0 ? "-" + digits : digits, format: format)
  }

  /// The fraction of a day that `hour`:`minute` is, as a spreadsheet stores a time, in decimal
  /// text to 15 places worked out in integers ("0.416666666666667" for 10:00), or nil for no time of day.
  static func dayFraction(hour: Int, minute: Int) -> String? {
    guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
    let minutes = Int64(hour * 60 + minute)
    guard minutes > 0 else { return "0" }
    let scale: Int64 = 1_000_000_000_000_000
    // minutes / 1440 to 15 places, rounded half up; 2 × 1439 × 10^15 fits in 63 bits.
    let scaled = (minutes * scale * 2 / 1440 + 1) / 2
    var digits = String(scaled)
    digits = String(repeating: "0", count: max(0, 15 - digits.count)) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    return "0." + digits
  }

  /// The decimal text as it goes into the sheet ("+" dropped), or nil when it is not one.
  static func numberText(_ text: String) -> Substring? {
    var body = Substring(text)
    if body.hasPrefix("+") { body = body.dropFirst() }
    let unsigned = body.hasPrefix("-") ? body.dropFirst() : body
    let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = parts.first, !whole.isEmpty,
      parts.allSatisfy({ part in !part.isEmpty && part.utf8.allSatisfy { (0x30...0x39).contains($0) } })
    else { return nil }
    return body
  }
}

/// The names a spreadsheet accepts for a sheet: 1 to 31 characters, none of \ / ? * [ ] :, not
/// starting or ending with an apostrophe, not "History", each used once (case aside).
public enum WorkbookSheetName {
  static let forbidden: Set<Character> = ["\\", "/", "?", "*", "[", "]", ":"]
  public static let maximumLength = 31

  /// Why `name` cannot name a sheet, or nil when it can.
  public static func problem(_ name: String) -> String? {
    if name.isEmpty { return "a sheet name cannot be empty" }
    if name.utf16.count > maximumLength { return "a sheet name has at most \(maximumLength) characters" }
    if let bad = name.first(where: { forbidden.contains($0) }) { return "a sheet name cannot contain '\(bad)'" }
    if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0xFFFE || $0.value == 0xFFFF }) {
      return "a sheet name cannot contain control characters"
    }
    if name.hasPrefix("'") || name.hasSuffix("'") { return "a sheet name cannot start or end with an apostrophe" }
    if name.lowercased() == "history" { return "'History' is reserved by Excel" }
    return nil
  }

  /// `proposed` made into a valid name that is not among `taken`: forbidden characters become
  /// spaces (one for a run of them and of spaces), long names are cut, and a name already taken gets " (2)", " (3)"….
  public static func fitting(_ proposed: String, taken: [String] = []) -> String {
    var name = ""
    for character in proposed {
      let bad = forbidden.contains(character) || character.unicodeScalars.contains { $0.value < 0x20 }
      if !bad && character != " " {
        name.append(character)
      } else if name.last != " " {
        name.append(" ")
      }
    }
    name = name.trimming(["'", " "])
    if name.isEmpty || name.lowercased() == "history" { name = "Sheet" + (name.isEmpty ? "" : " " + name) }
    let lowered = Set(taken.map { $0.lowercased() })
    var candidate = cut(name, to: maximumLength)
    var number = 2
    while lowered.contains(candidate.lowercased()) {
      let suffix = " (\(number))"
      candidate = cut(name, to: maximumLength - suffix.count).trimming(["'", " "]) + suffix
      number += 1
    }
    return candidate
  }

  static func cut(_ name: String, to length: Int) -> String {
    var result = ""
    for character in name {
      guard result.utf16.count + character.utf16.count <= length else { break }
      result.append(character)
    }
    return result
  }
}

extension String {
  fileprivate func trimming(_ set: Set<Character>) -> String {
    String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}
