import SpendlyCore

/// Numbers and dates as statements write them, read exactly (never through a float).
public enum StatementValues {
  /// "-1,234.56", "+420", "1.234,56" (with `decimalComma`), "(12.00)" as minor units of a
  /// currency with `exponent` digits; nil when it is not a number or has too many digits.
  public static func amount(_ text: String, exponent: Int, decimalComma: Bool = false, thousands: Character? = nil)
    -> Int64?
  {
    if !decimalComma, thousands == nil, let fast = plainAmount(text.utf8, exponent: exponent) { return fast }
    var body = text.trimmingSpaces()
    var negative = false
    if body.hasPrefix("(") && body.hasSuffix(")") {
      negative = true
      body = String(body.dropFirst().dropLast())
    }
    if body.hasPrefix("-") || body.hasPrefix("−") {
      negative.toggle()
      body = String(body.dropFirst())
    } else if body.hasPrefix("+") {
      body = String(body.dropFirst())
    }
    if body.hasSuffix("-") {  // "420.00-", as some banks write a debit
      negative.toggle()
      body = String(body.dropLast())
    }
    let point: Character = decimalComma ? "," : "."
    let grouping: Character? = thousands ?? (decimalComma ? "." : ",")
    var whole: Int64 = 0
    var fraction: [Int64] = []
    var seenPoint = false
    var digits = 0
    for character in body {
      if character == point {
        guard !seenPoint else { return nil }
        seenPoint = true
      } else if character == grouping || character == " " || character == "'" || character == "\u{00A0}" {
        guard !seenPoint else { return nil }
      } else if let digit = character.wholeNumberValue, character.isASCII {
        digits += 1
        guard digits <= 17 else { return nil }
        if seenPoint { fraction.append(Int64(digit)) } else { whole = whole * 10 + Int64(digit) }
      } else {
        return nil
      }
    }
    guard digits > 0, fraction.count <= exponent || fraction.dropFirst(exponent).allSatisfy({ $0 == 0 }) else {
      return nil
    }
    var minor = whole
    for place in 0..<exponent {
      let (scaled, overflow) = minor.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      minor = scaled + (place < fraction.count ? fraction[place] : 0)
    }
    return negative ? -minor : minor
  }

  /// "-1234.56", "+420", "1,234.56": the common form, read on the bytes; nil for any other
  /// (which the general reader then tries).
  static func plainAmount(_ bytes: String.UTF8View, exponent: Int) -> Int64? {
    var negative = false
    var whole: Int64 = 0
    var fraction: Int64 = 0
    var fractionDigits = 0
    var digits = 0
    var seenPoint = false
    var index = bytes.startIndex
    if index < bytes.endIndex, bytes[index] == 0x2D || bytes[index] == 0x2B {
      negative = bytes[index] == 0x2D
      index = bytes.index(after: index)
    }
    while index < bytes.endIndex {
      let byte = bytes[index]
      switch byte {
      case 0x30...0x39:
        digits += 1
        guard digits <= 17 else { return nil }
        if seenPoint {
          fractionDigits += 1
          guard fractionDigits <= exponent else { return nil }
          fraction = fraction * 10 + Int64(byte - 0x30)
        } else {
          whole = whole * 10 + Int64(byte - 0x30)
        }
      case 0x2E where !seenPoint: seenPoint = true
      case 0x2C where !seenPoint: break
      default: return nil
      }
      index = bytes.index(after: index)
    }
    guard digits > 0 else { return nil }
    var minor = whole
    for _ in 0..<exponent {
      let (scaled, overflow) = minor.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      minor = scaled
    }
    var scale: Int64 = 1
    for _ in 0..<(exponent - fractionDigits) { scale *= 10 }
    let (sum, overflow) = minor.addingReportingOverflow(fraction * scale)
    guard !overflow else { return nil }
    return negative ? -sum : sum
  }

  /// "20261129", "20261129120000.000[+5.30:IST]": OFX dates (the day only).
  public static func ofxDate(_ text: String) -> LocalDate? {
    var digits: [Int] = []
    digits.reserveCapacity(8)
    for byte in text.utf8 {
      if digits.isEmpty && byte == 0x20 { continue }
      guard digits.count < 8 else { break }
      guard byte >= 0x30 && byte <= 0x39 else { return nil }
      digits.append(Int(byte - 0x30))
    }
    guard digits.count == 8 else { return nil }
    let year = digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3]
    return LocalDate(year: year, month: digits[4] * 10 + digits[5], day: digits[6] * 10 + digits[7])
  }

  /// "2026-11-29" or "2026-11-29T10:15:00+01:00": ISO dates (the day only).
  public static func isoDate(_ text: String) -> LocalDate? { LocalDate(iso: text.trimmingSpaces().prefix(10)) }

  /// A date in `format`, written with YYYY, YY, MM, M, DD, D and MMM (a month's name), any
  /// other character matching itself: "DD/MM/YYYY", "MM/DD/YY", "D MMM YYYY", "YYYY-MM-DD".
  public static func date(_ text: String, format: String) -> LocalDate? {
    let input = Array(text.trimmingSpaces().lowercased())
    let pattern = Array(format)
    var i = 0
    var p = 0
    var year: Int?
    var month: Int?
    var day: Int?
    func number(maxDigits: Int) -> Int? {
      var value = 0
      var count = 0
      while i < input.count, count < maxDigits, let digit = input[i].wholeNumberValue, input[i].isASCII {
        value = value * 10 + digit
        i += 1
        count += 1
      }
      return count == 0 ? nil : value
    }
    while p < pattern.count {
      let rest = String(pattern[p...])
      if rest.hasPrefix("YYYY") {
        year = number(maxDigits: 4)
        p += 4
      } else if rest.hasPrefix("YY") {
        year = number(maxDigits: 2).map { $0 < 70 ? 2000 + $0 : 1900 + $0 }
        p += 2
      } else if rest.hasPrefix("MMM") {
        let letters = String(input[i...].prefix { $0.isLetter })
        guard letters.count >= 3,
          let index = LocalDate.monthAbbreviations.firstIndex(where: { letters.hasPrefix($0.lowercased()) })
        else { return nil }
        month = index + 1
        i += letters.count
        p += 3
      } else if rest.hasPrefix("MM") || rest.hasPrefix("DD") {
        let value = number(maxDigits: 2)
        if rest.hasPrefix("MM") { month = value } else { day = value }
        p += 2
      } else if pattern[p] == "M" || pattern[p] == "D" {
        let value = number(maxDigits: 2)
        if pattern[p] == "M" { month = value } else { day = value }
        p += 1
      } else {
        while i < input.count, input[i] == " ", pattern[p] != " " { i += 1 }
        guard i < input.count, input[i] == Character(pattern[p].lowercased()) else { return nil }
        i += 1
        p += 1
      }
    }
    guard i == input.count, let year, let month, let day else { return nil }
    return LocalDate(year: year, month: month, day: day)
  }

  /// A stable reference for a row its file gives none: FNV-1a over account, date, amount and payee.
  public static func hashReference(account: String, date: LocalDate, amount: Int64, payee: String?, ordinal: Int)
    -> String
  {
    let text = "\(account)|\(date)|\(amount)|\(payee ?? "")|\(ordinal)"
    return "h:" + String(ContentHash.fnv1a(Array(text.utf8)), radix: 16)
  }
}

/// A 64-bit FNV-1a hash: stable across runs and machines, for references and file contents.
public enum ContentHash {
  public static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// The hash and the length, as text: two files are the same file when both agree.
  public static func file(_ bytes: [UInt8]) -> String { String(fnv1a(bytes), radix: 16) + "-" + String(bytes.count) }
}
