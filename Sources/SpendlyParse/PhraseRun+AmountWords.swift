import SpendlyCore

/// A number in a phrase that could be the amount, with what marks it as one.
struct AmountCandidate {
  let tokens: Range<Int>
  let minorUnits: Int64
  /// Index in `Currency.all` of a currency marked on the number (₹420, 50 eur), or -1.
  let currency: Int
  /// A currency symbol or word, a sign or a suffix (k, lakh) marks a number as money.
  let marked: Bool
  let sign: Kind?
}

extension PhraseRun {
  /// The currency of an amount with no currency of its own.
  var defaultCurrency: Currency { explicitCurrency ?? parser.settings.currency }

  func currency(of candidate: AmountCandidate) -> Currency {
    candidate.currency >= 0 ? Currency.all[candidate.currency] : defaultCurrency
  }

  /// Picks the amount: one marked number, else one bare number. Two candidates of equal
  /// standing leave the amount missing with a warning; nothing is ever invented.
  mutating func amount() throws(PhraseError) {
    var candidates: [AmountCandidate] = []
    var markedCount = 0
    for i in tokens.indices where free(i) && tokens[i].hasDigit {
      if let candidate = try candidate(at: i) {
        candidates.append(candidate)
        if candidate.marked { markedCount += 1 }
      }
    }
    if let explicitAmount {
      draft.amount = explicitAmount
      draft.currency = explicitAmount.currency
      return
    }
    if foreignAmount(candidates) { return }
    let pool = markedCount == 0 ? candidates : candidates.filter(\.marked)
    guard pool.count == 1, let chosen = pool.first else {
      draft.missing.append(.amount)
      if pool.isEmpty {
        draft.warnings.append(.noAmount)
      } else {
        let shown = pool.prefix(3).map { "'" + tokenText($0.tokens) + "'" }.joined(separator: " and ")
        let advice =
          markedCount == 0
          ? "mark one with a currency, like \(parser.settings.currency.symbol.trimmingSpaces())\(tokenText(pool.last!.tokens))"
          : "keep one"
        draft.warnings.append(.severalAmounts(shown: shown, advice: advice))
      }
      if let marked = pool.first(where: { $0.currency >= 0 }), explicitCurrency == nil {
        draft.currency = currency(of: marked)
      } else if let explicitCurrency {
        draft.currency = explicitCurrency
      }
      return
    }
    let currency = currency(of: chosen)
    draft.amount = Money(minorUnits: chosen.minorUnits, currency: currency)
    draft.currency = currency
    if let sign = chosen.sign { signKind = sign }
    for j in chosen.tokens {
      tokens[j].used = true
      tokens[j].amountOrMarker = true
    }
  }

  /// Reads token `i` (with a currency word or suffix word beside it) as an amount, or nil
  /// when it is not a number. A number that cannot be money (too many decimals, too large)
  /// is an error at that token. Works on the word's UTF-8 bytes (lowercased, trailing
  /// punctuation gone): sign, currency prefix, digits, suffix.
  func candidate(at i: Int) throws(PhraseError) -> AmountCandidate? {
    let bytes = tokens[i].word.utf8
    var index = bytes.startIndex
    var sign: Kind?
    if bytes[index] == 0x2B {  // +
      sign = .income
      index = bytes.index(after: index)
    } else if bytes[index] == 0x2D {  // -
      sign = .expense
      index = bytes.index(after: index)
    } else if bytes.starts(with: [0xE2, 0x88, 0x92]) {  // −
      sign = .expense
      index = bytes.index(index, offsetBy: 3)
    }
    var currency = -1
    if index < bytes.endIndex, !isDigit(bytes[index]), bytes[index] != 0x2E {
      let offset = bytes.distance(from: bytes.startIndex, to: index)
      guard let (length, found) = currencyPrefix(bytes[index...]) ?? typedCodePrefix(i, at: offset) else { return nil }
      currency = found
      index = bytes.index(index, offsetBy: length)
    }
    var bodyEnd = index
    while bodyEnd < bytes.endIndex, isDigit(bytes[bodyEnd]) || bytes[bodyEnd] == 0x2C || bytes[bodyEnd] == 0x2E {
      bodyEnd = bytes.index(after: bodyEnd)
    }
    guard index < bodyEnd else { return nil }
    let second = bytes.index(after: index)
    guard isDigit(bytes[index]) || (bytes[index] == 0x2E && second < bodyEnd && isDigit(bytes[second])) else {
      return nil
    }
    var body = bytes[index..<bodyEnd]
    var multiplier: Int64 = 1
    // 420/- : the Indian way of writing a whole amount ("and no paise").
    let slashDash =
      bytes.distance(from: bodyEnd, to: bytes.endIndex) == 2 && bytes[bodyEnd] == 0x2F
      && bytes[bytes.index(after: bodyEnd)] == 0x2D
    if bodyEnd == bytes.endIndex || slashDash {
      if let last = body.last, last == 0x2E || last == 0x2C { body = body.dropLast() }
    } else {
      let suffix = parser.info(String(decoding: bytes[bodyEnd...], as: UTF8.self))
      if suffix.multiplier > 0 {
        multiplier = suffix.multiplier
      } else if currency < 0, suffix.currency >= 0 {
        currency = Int(suffix.currency)
      } else if currency < 0, bytes.distance(from: bodyEnd, to: bytes.endIndex) == 3,
        case let code = typedCode(i, at: bytes.distance(from: bytes.startIndex, to: bodyEnd)), code >= 0
      {
        currency = Int(code)  // 12.345KWD
      } else {
        return nil  // 2nd, 4g, 12abc: a word, not an amount
      }
    }
    var range = i..<(i + 1)
    // A suffix word after it: 2 lakh, 1.5 cr (one letter must touch: "2 l" is not 2 lakh).
    if multiplier == 1, i + 1 < tokens.count, !tokens[i + 1].used, tokens[i + 1].info.multiplier > 0,
      tokens[i + 1].word.utf8.count > 1
    {
      multiplier = tokens[i + 1].info.multiplier
      range = i..<(i + 2)
    }
    // A currency word or symbol after or before it: 50 eur, rs 420, 15 €.
    if currency < 0 {
      let after = range.upperBound
      if after < tokens.count, !tokens[after].used, !tokens[after].quoted, tokens[after].info.currency >= 0 {
        currency = Int(tokens[after].info.currency)
        range = i..<(after + 1)
      } else if i > 0, !tokens[i - 1].used, !tokens[i - 1].quoted, tokens[i - 1].info.currency >= 0 {
        currency = Int(tokens[i - 1].info.currency)
        range = (i - 1)..<range.upperBound
      }
    }
    let chosen = currency >= 0 ? Currency.all[currency] : defaultCurrency
    let minor: Int64
    do {
      minor = try AmountReader.number(body, style: .phrase, exponent: chosen.exponent, multiplier: multiplier)
    } catch {
      let shown = String(decoding: body, as: UTF8.self)
      let reason = error.error(shown, currency: chosen)
      var failure = PhraseError("amount: \(reason)", column: tokens[i].column, length: tokens[i].length)
      failure.showsExample = reason.showsExample
      throw failure
    }
    return AmountCandidate(
      tokens: range, minorUnits: minor, currency: currency, marked: currency >= 0 || sign != nil || multiplier != 1,
      sign: sign)
  }

  /// A currency symbol (₹, $, s$) or word (rs, rs., inr) at the start of `bytes`, touching
  /// the digits: its length in bytes and its index in `Currency.all`.
  func currencyPrefix(_ bytes: Substring.UTF8View) -> (Int, Int)? {
    for (symbol, currency) in parser.vocabulary.currencySymbols where bytes.starts(with: symbol) {
      return (symbol.count, currency)
    }
    guard let digit = bytes.firstIndex(where: isDigit) else { return nil }
    let head = bytes[..<digit]
    let info = parser.info(String(decoding: head, as: UTF8.self))
    return info.currency >= 0 ? (head.count, Int(info.currency)) : nil
  }
}

extension PhraseRun {
  /// An ISO 4217 code typed in capitals touching the digits of token `i` at byte `offset` of its
  /// word (12.345KWD, BRL50): its index in `Currency.all`, or -1 (see `Vocabulary.capitalCode`).
  func typedCode(_ i: Int, at offset: Int) -> Int16 {
    let typed = Array(Token.trimmed(tokens[i].text).utf8)
    guard typed.count == tokens[i].word.utf8.count, offset >= 0, offset + 3 <= typed.count else { return -1 }
    return Vocabulary.capitalCode(String(decoding: typed[offset..<(offset + 3)], as: UTF8.self))
  }

  /// `typedCode` before the digits (BRL50): its length in bytes and its index, or nil.
  func typedCodePrefix(_ i: Int, at offset: Int) -> (Int, Int)? {
    let word = Array(tokens[i].word.utf8)
    guard offset + 3 < word.count, isDigit(word[offset + 3]) else { return nil }
    let code = typedCode(i, at: offset)
    return code >= 0 ? (3, Int(code)) : nil
  }
}

/// True for an ASCII digit.
@inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
