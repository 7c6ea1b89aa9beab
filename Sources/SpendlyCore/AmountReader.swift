/// The one reader of amount text: every front end (phrases, options, links, statements, CSVs,
/// `reconcile`, budgets, debts) turns text into exact minor units here, each with its own
/// `AmountStyle`. Works on UTF-8 bytes and allocates nothing unless it fails.
public enum AmountReader {
  /// Why text is no amount, before it is worded: `error(_:currency:)` words it as a `MoneyError`.
  public enum Failure: Error, Sendable, Equatable {
    case empty, notANumber, negative, badGrouping, tooManyDecimals, tooLarge, zero
    /// Two sign marks on one number ("-52,080.00 Cr", "(-100)"): which is meant is not clear.
    case signedTwice

    /// The one wording, naming the text as it was `shown` and the `currency` it was read in.
    public func error(_ shown: String, currency: Currency) -> MoneyError {
      switch self {
      case .empty: return shown.isEmpty ? .empty : .notANumber(shown)
      case .notANumber: return .notANumber(shown)
      case .negative: return .negative(shown)
      case .badGrouping: return .badGrouping(shown)
      case .tooManyDecimals: return .tooManyDecimals(shown, currency: currency.code, allowed: currency.exponent)
      case .tooLarge: return .tooLarge(shown)
      case .zero: return .zero
      case .signedTwice: return .signedTwice(shown)
      }
    }
  }

  /// Which way a sign mark or a sign column says the money went.
  public enum Side: Sendable, Hashable {
    /// Out of the account: negative.
    case debit
    /// Into the account: positive.
    case credit
  }

  /// An amount read: signed minor units and the currency they are in (a symbol's or code's, else the one given).
  public struct Reading: Sendable, Hashable {
    public var minorUnits: Int64
    public var currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
      self.minorUnits = minorUnits
      self.currency = currency
    }

    public var money: Money { Money(minorUnits: minorUnits, currency: currency) }
  }

  /// Reads `text` in `style`; `currency` is the currency of a number that names none. `side`
  /// is a sign given apart from the number (a DR/CR column), which wins over any in the text.
  /// `multiplier` scales a number whose multiplier word the caller read (a phrase's "2 lakh").
  public static func read(
    _ text: some StringProtocol, style: AmountStyle, currency: Currency, side: Side? = nil, multiplier: Int64 = 1
  ) throws(MoneyError) -> Reading {
    var chosen = currency
    do {
      let minor = try scan(Substring(text).utf8, style: style, currency: &chosen, side: side, multiplier: multiplier)
      return Reading(minorUnits: minor, currency: chosen)
    } catch {
      throw error.error(text.trimmingSpaces(), currency: chosen)
    }
  }

  /// The Dr/Cr mark that ends `text` ("52,080.00 Cr", "250.00DR"), as `read` in a style with
  /// `.drCr` takes it, or nil: a front end whose sign turns on the account (a card's Dr is owed)
  /// asks it of the text it read.
  public static func drCrMark(_ text: some StringProtocol) -> Side? {
    var bytes = trimmed(Substring(text).utf8)
    if bytes.first == 0x28, bytes.last == 0x29 { bytes = trimmed(bytes.dropFirst().dropLast()) }
    return AmountMarks.drCr(bytes)?.1
  }

  /// As `read`, with the reason unworded (nil-returning front ends and the fast paths use it).
  public static func scan(
    _ text: Substring.UTF8View, style: AmountStyle, currency: inout Currency, side: Side? = nil, multiplier: Int64 = 1
  ) throws(Failure) -> Int64 {
    var bytes = trimmed(text)
    guard !bytes.isEmpty else { throw .empty }
    if let first = bytes.first, first &- 0x30 < 10, bytes.allSatisfyNumberBytes(style) {
      return try signed(number(bytes, style: style, exponent: currency.exponent, multiplier: multiplier), side, false)
    }
    // Each sign mark in the text counts once; more than one is refused, never cancelled out.
    var minuses = 0
    var parenthesised = false
    var textMark: Side?
    if style.signs.contains(.parentheses), bytes.first == 0x28, bytes.last == 0x29 {
      parenthesised = true
      bytes = trimmed(bytes.dropFirst().dropLast())
    }
    if style.signs.contains(.drCr), let (rest, mark) = AmountMarks.drCr(bytes) {
      textMark = mark
      bytes = trimmed(rest)
    }
    var multiplier = multiplier
    if style.symbols, let (rest, found) = AmountMarks.symbol(endOf: bytes) {
      currency = found
      bytes = trimmed(rest)
    }
    if style.multipliers, let (rest, times) = AmountMarks.multiplier(endOf: bytes) {
      multiplier = times
      bytes = trimmed(rest)
    }
    var signSeen = try leadingSign(&bytes, style, &minuses)
    if style.symbols, let (rest, found) = AmountMarks.symbol(startOf: bytes) {
      currency = found
      bytes = trimmed(rest)
      if !signSeen { signSeen = try leadingSign(&bytes, style, &minuses) }
    }
    if style.signs.contains(.trailingMinus), bytes.last == 0x2D {
      minuses += 1
      bytes = bytes.dropLast()
    }
    let minor = try number(bytes, style: style, exponent: currency.exponent, multiplier: multiplier)
    if minuses + (parenthesised ? 1 : 0) + (textMark == nil ? 0 : 1) > 1 { throw .signedTwice }
    // A sign column (`side`) wins over the text's own sign.
    return try signed(minor, side ?? textMark, minuses == 1 || parenthesised)
  }

  /// Digits with the style's decimal and grouping marks only (no sign, symbol or word): the
  /// amount's minor units at `exponent`, times `multiplier`. The phrase parser calls this on a
  /// token's bytes directly; it is the hot path, and allocates nothing.
  public static func number(_ bytes: Substring.UTF8View, style: AmountStyle, exponent: Int, multiplier: Int64 = 1)
    throws(Failure) -> Int64
  {
    var value: Int64 = 0
    var decimals = -1  // fraction digits taken into `value`; -1 before the decimal mark
    var pendingZeros = 0  // fraction zeros not yet taken (trailing zeros never are)
    var digits = 0
    var group = 0  // digits in the whole part's current group
    var marks = 0
    var firstGroup = 0
    var middleThree = true
    var middleTwo = true
    var leadingZero = false
    let strict = style.grouping == .westernOrLakh
    var index = bytes.startIndex
    let end = bytes.endIndex
    while index < end {
      let byte = bytes[index]
      index = bytes.index(after: index)
      let digit = byte &- 0x30
      if digit < 10 {
        digits += 1
        if decimals < 0 {
          if digits == 1 && digit == 0 { leadingZero = true }
          group += 1
          let (times10, overflowA) = value.multipliedReportingOverflow(by: 10)
          let (next, overflowB) = times10.addingReportingOverflow(Int64(digit))
          if overflowA || overflowB { throw .tooLarge }
          value = next
        } else if digit == 0 {
          pendingZeros += 1
        } else {
          // Past Int64 here: a long fraction is too many decimals, a long whole part too large.
          let overflowed: Failure = decimals + pendingZeros + 1 > 18 ? .tooManyDecimals : .tooLarge
          for _ in 0...pendingZeros {
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { throw overflowed }
            value = times10
          }
          let (next, overflow) = value.addingReportingOverflow(Int64(digit))
          if overflow { throw overflowed }
          value = next
          decimals += pendingZeros + 1
          pendingZeros = 0
        }
      } else if byte == style.decimalMark {
        if decimals >= 0 { throw .notANumber }
        decimals = 0
      } else if byte == style.groupMark || (style.spaceGroups && (byte == 0x20 || byte == 0x27)) {
        if decimals >= 0 { throw .notANumber }
        if strict {
          if group == 0 { throw .badGrouping }
          if marks == 0 {
            firstGroup = group
          } else {
            middleThree = middleThree && group == 3
            middleTwo = middleTwo && group == 2
          }
          marks += 1
          group = 0
        }
      } else if style.spaceGroups, byte == 0xC2, index < end, bytes[index] == 0xA0 {  // no-break space
        if decimals >= 0 { throw .notANumber }
        index = bytes.index(after: index)
      } else {
        throw .notANumber
      }
    }
    guard digits > 0 else { throw .notANumber }
    if let limit = style.digitLimit, digits > limit { throw .notANumber }
    if strict && marks > 0 {
      guard !leadingZero, (1...3).contains(firstGroup), group == 3, middleThree || (firstGroup <= 2 && middleTwo)
      else { throw .badGrouping }
    }
    // minor = value × multiplier × 10^exponent / 10^decimals, which must divide exactly.
    var (minor, overflow) = value.multipliedReportingOverflow(by: multiplier)
    if overflow { throw .tooLarge }
    for _ in 0..<exponent {
      (minor, overflow) = minor.multipliedReportingOverflow(by: 10)
      if overflow { throw .tooLarge }
    }
    for _ in 0..<max(decimals, 0) {
      guard minor % 10 == 0 else { throw .tooManyDecimals }
      minor /= 10
    }
    if minor == 0 {
      if !style.allowsZero { throw .zero }
      return 0
    }
    var whole = minor
    for _ in 0..<exponent { whole /= 10 }
    if whole > style.maximumMajorUnits { throw .tooLarge }
    return minor
  }

  /// A leading minus or plus, if the style has it: true when one was there.
  static func leadingSign(_ bytes: inout Substring.UTF8View, _ style: AmountStyle, _ minuses: inout Int)
    throws(Failure) -> Bool
  {
    if bytes.first == 0x2D || bytes.starts(with: AmountMarks.minusSign) {
      guard style.signs.contains(.leadingMinus) else { throw .negative }
      minuses += 1
      bytes = bytes.dropFirst(bytes.first == 0x2D ? 1 : 3)
      return true
    }
    if bytes.first == 0x2B, style.signs.contains(.leadingPlus) {
      bytes = bytes.dropFirst()
      return true
    }
    return false
  }

  static func signed(_ minor: Int64, _ side: Side?, _ negative: Bool) throws(Failure) -> Int64 {
    switch side {
    case .debit: return -minor
    case .credit: return minor
    case nil: return negative ? -minor : minor
    }
  }

  static func trimmed(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
    var bytes = bytes
    while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
    while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
    return bytes
  }
}

extension Substring.UTF8View {
  /// True when every byte is a digit or one of the style's marks: the common case, which skips
  /// the sign, symbol and word checks.
  fileprivate func allSatisfyNumberBytes(_ style: AmountStyle) -> Bool {
    for byte in self where byte &- 0x30 >= 10 && byte != style.decimalMark && byte != style.groupMark {
      return false
    }
    return true
  }
}
