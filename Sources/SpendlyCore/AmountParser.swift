/// Parses amount text ("420", "1,250.50", "₹1,50,000", "$12.50") into exact minor units.
///
/// Validates the text itself: trailing garbage, misplaced separators, too many
/// decimals for the currency, a sign, zero and absurd values are all errors.
public enum AmountParser {
  /// The largest amount accepted, in major units.
  public static let maximumMajorUnits: Int64 = 999_999_999_999

  /// Parses `text`; a currency symbol prefix (₹, $, €, S$, Rs) picks the currency,
  /// otherwise `currency` is used. `multiplier` scales the value (1.2k → 1200).
  public static func parse(_ text: String, currency: Currency, multiplier: Int64 = 1) throws(MoneyError) -> Money {
    var rest = Substring(text.trimmingSpaces())
    var chosen = currency
    if let (symbol, symbolCurrency) = leadingSymbol(of: rest) {
      chosen = symbolCurrency
      rest = rest.dropFirst(symbol.count)
      while rest.first == " " { rest.removeFirst() }
    }
    let minor = try minorUnits(of: rest, original: text, currency: chosen, multiplier: multiplier)
    return Money(minorUnits: minor, currency: chosen)
  }

  /// The currency symbol that starts `text`, if any.
  public static func leadingSymbol(of text: Substring) -> (String, Currency)? {
    for (symbol, currency) in Currency.prefixSymbols {
      if symbol.first?.isLetter == true {
        // Letter symbols (Rs, AED) need a case-insensitive match followed by a digit or space.
        guard text.count > symbol.count else { continue }
        let head = text.prefix(symbol.count)
        guard head.lowercased() == symbol.lowercased() else { continue }
        let next = text[text.index(text.startIndex, offsetBy: symbol.count)]
        if next.isNumber || next == " " { return (symbol, currency) }
      } else if text.hasPrefix(symbol) {
        return (symbol, currency)
      }
    }
    return nil
  }

  /// Minor units for a bare decimal (no symbol).
  static func minorUnits(of body: Substring, original: String, currency: Currency, multiplier: Int64) throws(MoneyError)
    -> Int64
  {
    let shown = original.trimmingSpaces()
    if body.isEmpty { throw shown.isEmpty ? .empty : .notANumber(shown) }
    if body.first == "-" || body.first == "−" { throw .negative(shown) }
    var digits = body
    if digits.first == "+" { digits.removeFirst() }
    let parts = digits.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count <= 2 else { throw .notANumber(shown) }
    let integerText = parts[0]
    let fractionText = parts.count == 2 ? parts[1] : ""
    if integerText.isEmpty && fractionText.isEmpty { throw .notANumber(shown) }
    guard fractionText.allSatisfy(\.isASCIIDigit) else { throw .notANumber(shown) }
    guard integerText.allSatisfy({ $0.isASCIIDigit || $0 == "," }) else { throw .notANumber(shown) }
    if integerText.contains(",") && !validGrouping(integerText) { throw .badGrouping(shown) }
    let integerDigits = integerText.filter(\.isASCIIDigit)
    if integerDigits.isEmpty && parts.count == 2 && fractionText.isEmpty { throw .notANumber(shown) }

    let significant = integerDigits.drop { $0 == "0" }
    if significant.count > 15 || fractionText.count > 15 { throw .tooLarge(shown) }
    var fraction = Substring(fractionText)
    while fraction.count > 0 && fraction.last == "0" && fraction.count > 0 { fraction.removeLast() }

    // value = N / 10^f where N is all digits; minor = N * multiplier * 10^exp / 10^f.
    var n: Int64 = 0
    for character in significant + fraction {
      let (times10, overflowA) = n.multipliedReportingOverflow(by: 10)
      let (next, overflowB) = times10.addingReportingOverflow(Int64(character.asciiValue! - 48))
      if overflowA || overflowB { throw .tooLarge(shown) }
      n = next
    }
    var scale = Int64(1)
    for _ in 0..<currency.exponent { scale *= 10 }
    var divisor = Int64(1)
    for _ in 0..<fraction.count { divisor *= 10 }
    let (scaled, overflow1) = n.multipliedReportingOverflow(by: multiplier)
    let (numerator, overflow2) = scaled.multipliedReportingOverflow(by: scale)
    if overflow1 || overflow2 { throw .tooLarge(shown) }
    guard numerator % divisor == 0 else {
      throw .tooManyDecimals(shown, currency: currency.code, allowed: currency.exponent)
    }
    let minor = numerator / divisor
    if minor == 0 { throw .zero }
    if minor / scale > maximumMajorUnits { throw .tooLarge(shown) }
    return minor
  }

  /// True for western (1,234,567) or Indian (12,34,567) grouping.
  static func validGrouping(_ text: Substring) -> Bool {
    let groups = text.split(separator: ",", omittingEmptySubsequences: false).map(\.count)
    guard groups.count >= 2, let first = groups.first, let last = groups.last, text.first != "0" else { return false }
    guard first >= 1 && first <= 3 && last == 3 else { return false }
    let middle = groups.dropFirst().dropLast()
    if middle.allSatisfy({ $0 == 3 }) { return true }
    return first <= 2 && middle.allSatisfy { $0 == 2 }
  }
}

extension Character {
  var isASCIIDigit: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }
}
