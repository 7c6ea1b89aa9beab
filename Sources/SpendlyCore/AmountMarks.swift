/// The words and symbols that may stand beside an amount's digits, for `AmountReader`: currency
/// symbols and codes, Dr/Cr, and the multiplier words k, lakh/L and crore/cr. Matched on UTF-8
/// bytes, letters in any case.
enum AmountMarks {
  /// "−" (U+2212), the typographic minus.
  static let minusSign: [UInt8] = [0xE2, 0x88, 0x92]

  struct Mark {
    let bytes: [UInt8]
    let currency: Currency
    let isWord: Bool
  }

  /// The symbols (₹, $, S$, Rs, Rs., AED) as `Currency.prefixSymbols` lists them, then every
  /// currency's code (INR 420, 1200 INR, 15 €), longest first.
  static let marks: [Mark] = {
    let symbols = Currency.prefixSymbols.map { symbol, currency in
      Mark(bytes: Array(symbol.utf8), currency: currency, isWord: symbol.utf8.first.map(isLetter) ?? false)
    }
    let codes = Currency.all.map { Mark(bytes: Array($0.code.utf8), currency: $0, isWord: true) }
    return (symbols + codes).enumerated().sorted { ($0.element.bytes.count, -$0.offset) > ($1.element.bytes.count, -$1.offset) }
      .map(\.element)
  }()

  /// Multiplier words, as the phrase lexicon's suffixes list them.
  static let multipliers: [([UInt8], Int64)] = [
    ("crores", 10_000_000), ("crore", 10_000_000), ("lakhs", 100_000), ("lakh", 100_000), ("lacs", 100_000),
    ("lac", 100_000), ("cr", 10_000_000), ("l", 100_000), ("k", 1_000),
  ].map { (Array($0.0.utf8), $0.1) }

  static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

  static func same(_ a: UInt8, _ b: UInt8) -> Bool { isLetter(a) ? (a | 0x20) == (b | 0x20) : a == b }

  static func hasSuffix(_ bytes: Substring.UTF8View, _ suffix: [UInt8]) -> Bool {
    guard bytes.count >= suffix.count else { return false }
    return zip(bytes.suffix(suffix.count), suffix).allSatisfy { same($0, $1) }
  }

  static func hasPrefix(_ bytes: Substring.UTF8View, _ prefix: [UInt8]) -> Bool {
    guard bytes.count >= prefix.count else { return false }
    return zip(bytes.prefix(prefix.count), prefix).allSatisfy { same($0, $1) }
  }

  /// "52,080.00 Cr", "250.00DR": the rest and the side; a letter before it makes it part of a word.
  static func drCr(_ bytes: Substring.UTF8View) -> (Substring.UTF8View, AmountReader.Side)? {
    for (word, side) in [([UInt8]("dr".utf8), AmountReader.Side.debit), (Array("cr".utf8), .credit)]
    where hasSuffix(bytes, word) {
      let rest = bytes.dropLast(2)
      // A letter before it is part of a word, unless that word is a currency code (1200 INRDr).
      if let before = rest.last, isLetter(before), symbol(endOf: rest) == nil { continue }
      return (rest, side)
    }
    return nil
  }

  /// A currency symbol or code ending `bytes` after a digit or a space: the rest and its currency.
  static func symbol(endOf bytes: Substring.UTF8View) -> (Substring.UTF8View, Currency)? {
    for mark in marks where hasSuffix(bytes, mark.bytes) {
      let rest = bytes.dropLast(mark.bytes.count)
      guard let before = rest.last, before &- 0x30 < 10 || before == 0x20 || (!mark.isWord && before == 0x2E) else {
        continue
      }
      return (rest, mark.currency)
    }
    return nil
  }

  /// A currency symbol starting `bytes`; a letter symbol (Rs, AED) needs a digit or space after it.
  static func symbol(startOf bytes: Substring.UTF8View) -> (Substring.UTF8View, Currency)? {
    guard let first = bytes.first, first &- 0x30 >= 10, first != 0x2E else { return nil }
    for mark in marks where hasPrefix(bytes, mark.bytes) {
      let rest = bytes.dropFirst(mark.bytes.count)
      if mark.isWord {
        // A digit, a space or a sign after it: Rs 420, BD−12 (never a longer word: RSVP).
        guard let next = rest.first, next &- 0x30 < 10 || next == 0x20 || next == 0x2D || next == 0x2B || next == 0xE2
        else { continue }
      }
      return (rest, mark.currency)
    }
    return nil
  }

  /// A multiplier word ending `bytes` (1.5k, 2 lakh, 1.2L, 3 cr): the rest and the multiplier. A
  /// one-letter word must touch the digits ("2 l" is not 2 lakh).
  static func multiplier(endOf bytes: Substring.UTF8View) -> (Substring.UTF8View, Int64)? {
    for (word, times) in multipliers where hasSuffix(bytes, word) {
      let rest = bytes.dropLast(word.count)
      guard let before = rest.last, !isLetter(before) else { continue }
      if word.count == 1 && before == 0x20 { continue }
      return (rest, times)
    }
    return nil
  }
}
