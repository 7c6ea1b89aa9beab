import SpendlyCore

/// Numbers and dates as statements write them, read exactly (never through a float).
public enum StatementValues {
  /// "-1,234.56", "+420", "1.234,56" (with `decimalComma`), "(12.00)", "420.00-" as minor units
  /// of a currency with `exponent` digits, read by `AmountReader` in the statement style; nil
  /// when it is not a number or has too many digits.
  public static func amount(_ text: String, exponent: Int, decimalComma: Bool = false, thousands: Character? = nil)
    -> Int64?
  {
    let style =
      !decimalComma && thousands == nil ? plainStyle : AmountStyle.statement(decimalComma: decimalComma, thousands: thousands)
    return amount(text, style: style, exponent: exponent)
  }

  /// `text` in `style` at `exponent` decimals (signed), or nil.
  public static func amount(_ text: String, style: AmountStyle, exponent: Int, side: AmountReader.Side? = nil)
    -> Int64?
  {
    var currency = Currency(code: "", symbol: "", exponent: exponent, name: "")
    return try? AmountReader.scan(Substring(text).utf8, style: style, currency: &currency, side: side)
  }

  static let plainStyle = AmountStyle.statement()

  /// Why `text` is no amount of `currency`, as a refusal naming the field `what`: "TRNAMT
  /// '12.345' has more than 2 decimal places for INR" (the reader's reason, in its one wording).
  public static func refusal(
    _ what: String, _ text: String, currency: Currency, style: AmountStyle = .statement(),
    side: AmountReader.Side? = nil
  ) -> String {
    let quoted = TextSanitizer.quoted(text)
    var read = currency
    do {
      _ = try AmountReader.scan(Substring(text).utf8, style: style, currency: &read, side: side)
    } catch {
      switch error {
      case .tooManyDecimals:
        return currency.exponent == 0
          ? "\(what) \(quoted) has decimals but \(currency.code) has no minor unit"
          : "\(what) \(quoted) has more than \(currency.exponent) decimal places for \(currency.code)"
      case .tooLarge:
        return "\(what) \(quoted) is too large"
          + (style.digitLimit.map { " (at most \($0) digits)" } ?? " (at most \(style.maximumMajorUnits) \(currency.code))")
      case .badGrouping: return "\(what) \(quoted) has misplaced thousands separators"
      case .zero: return "\(what) \(quoted) is zero"
      case .signedTwice: return "\(what) \(quoted) is signed two ways (a minus, parentheses or Dr/Cr: give one)"
      case .empty, .notANumber, .negative: break
      }
    }
    return "\(what) \(quoted) is not an amount"
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

  /// A date in `format`, written with YYYY (four digits), YY (2000 to 2069, then 1970 to 1999), MM,
  /// M, DD, D (one or two digits) and MMM (a month's name or its first three letters), any other
  /// character matching itself: "DD/MM/YYYY", "MM/DD/YY", "D MMM YYYY", "YYYY.MM.DD", "YYYY/M/D".
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
        // Four digits: 01/11/26 is no DD/MM/YYYY date (it would be the year 26).
        let before = i
        year = number(maxDigits: 4)
        guard i - before == 4 else { return nil }
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

  /// A reference as a file gives it, or nil when the text only says there is none: empty, only
  /// dashes, dots and spaces ("-", "--", " - "), only zeros ("0000000000000000", as some banks
  /// fill a reference column), "NA", "N/A" or ISO 20022's "NOTPROVIDED" (any case). Such a row
  /// gets `hashReference`, as a row with an empty cell does; two of them are never one reference.
  public static func reference(_ text: String?) -> String? {
    guard let text else { return nil }
    let trimmed = text.trimmingSpaces()
    if trimmed.allSatisfy({ $0 == "-" || $0 == "." || $0 == " " || $0 == "\u{2013}" || $0 == "\u{2014}" }) {
      return nil
    }
    if trimmed.allSatisfy({ $0 == "0" }) { return nil }
    let upper = trimmed.uppercased()
    return ["NA", "N/A", "N.A.", "NOTPROVIDED"].contains(upper) ? nil : trimmed
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
