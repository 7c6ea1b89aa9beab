import SpendlyCore

/// A number in a phrase that could be the amount, with what marks it as one.
struct AmountCandidate {
  let tokens: Range<Int>
  let money: Money
  /// A currency symbol or word, a sign or a suffix (k, lakh) marks a number as money.
  let marked: Bool
  let sign: Kind?
  let hasCurrency: Bool
}

extension PhraseRun {
  /// Picks the amount: one marked number, else one bare number. Two candidates of equal
  /// standing leave the amount missing with a warning; nothing is ever invented.
  mutating func amount() throws(PhraseError) {
    var candidates: [AmountCandidate] = []
    for i in tokens.indices where !tokens[i].used && !tokens[i].quoted {
      if let candidate = try candidate(at: i) { candidates.append(candidate) }
    }
    if let explicitAmount {
      draft.amount = explicitAmount
      draft.currency = explicitAmount.currency
      return
    }
    let marked = candidates.filter(\.marked)
    let pool = marked.isEmpty ? candidates : marked
    guard pool.count == 1, let chosen = pool.first else {
      draft.missing.append(.amount)
      if pool.isEmpty {
        draft.warnings.append("no amount in the phrase (example: 420 upi food)")
      } else {
        let shown = pool.prefix(3).map { "'" + tokenText($0.tokens) + "'" }.joined(separator: " and ")
        let advice =
          marked.isEmpty
          ? "mark one with a currency, like \(parser.settings.currency.symbol.trimmingSpaces())\(tokenText(pool.last!.tokens))"
          : "keep one"
        draft.warnings.append("\(shown) could each be the amount; \(advice)")
      }
      if let currency = explicitCurrency ?? pool.first(where: \.hasCurrency)?.money.currency { draft.currency = currency }
      return
    }
    draft.amount = chosen.money
    draft.currency = chosen.money.currency
    signKind = chosen.sign
    for j in chosen.tokens {
      tokens[j].used = true
      amountOrMarker.insert(j)
    }
  }

  /// Reads token `i` (with a currency word or suffix word beside it) as an amount, or nil
  /// when it is not a number. A number that cannot be money (too many decimals, too large)
  /// is an error at that token.
  func candidate(at i: Int) throws(PhraseError) -> AmountCandidate? {
    let token = tokens[i]
    guard token.hasDigit else { return nil }
    var text = Substring(token.word)  // lowercased, trailing punctuation gone
    var sign: Kind?
    if let first = text.first, first == "+" || first == "-" || first == "−" {
      sign = first == "+" ? .income : .expense
      text = text.dropFirst()
    }
    var currency: Currency?
    if let (symbol, symbolCurrency) = leadingCurrency(text) {
      currency = symbolCurrency
      text = text.dropFirst(symbol.count)
    }
    guard let first = text.first,
      first.isASCIIDigitCharacter || (first == "." && text.dropFirst().first?.isASCIIDigitCharacter == true)
    else { return nil }
    var body = text.prefix { $0.isASCIIDigitCharacter || $0 == "," || $0 == "." }
    let rest = text.dropFirst(body.count)
    if rest.isEmpty, body.last == "." || body.last == "," { body = body.dropLast() }
    var multiplier: Int64 = 1
    if !rest.isEmpty {
      let suffix = String(rest)
      if let factor = lexicon.suffixes[suffix] {
        multiplier = factor
      } else if currency == nil, let suffixCurrency = lexicon.currencyWords[suffix] ?? symbolCurrency(suffix) {
        currency = suffixCurrency
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
    // A currency word after or before it: 50 eur, rs 420.
    if currency == nil {
      let after = range.upperBound
      if after < tokens.count, !tokens[after].used, let word = currencyWord(tokens[after]) {
        currency = word
        range = i..<(after + 1)
      } else if i > 0, !tokens[i - 1].used, let word = currencyWord(tokens[i - 1]) {
        currency = word
        range = (i - 1)..<range.upperBound
      }
    }
    let chosenCurrency = currency ?? explicitCurrency ?? parser.settings.currency
    let money: Money
    if let minor = PhraseRun.plainMinorUnits(body, exponent: chosenCurrency.exponent, multiplier: multiplier) {
      money = Money(minorUnits: minor, currency: chosenCurrency)
    } else {
      do {
        money = try AmountParser.parse(String(body), currency: chosenCurrency, multiplier: multiplier)
      } catch {
        throw PhraseError("amount: \(error)", column: token.column, length: token.length)
      }
    }
    return AmountCandidate(
      tokens: range, money: money, marked: currency != nil || sign != nil || multiplier != 1, sign: sign,
      hasCurrency: currency != nil)
  }

  /// Minor units of digits with an optional fraction within the currency's decimals and
  /// optional western or Indian grouping (420, 1.5, 1,250.50, 1,50,000): the common case,
  /// without allocating. Anything else (bad grouping, too many digits, zero, too large)
  /// returns nil and goes to AmountParser, which decides the same way and words the errors.
  static func plainMinorUnits(_ body: Substring, exponent: Int, multiplier: Int64) -> Int64? {
    var value: Int64 = 0
    var digits = 0
    var decimals = -1  // digits after the point; -1 before one
    var group = 0  // digits in the current group of the integer part
    var commas = 0
    var firstGroup = 0
    var middleAllThree = true
    var middleAllTwo = true
    var startsWithZero = false
    for byte in body.utf8 {
      if byte == 0x2C {  // ,
        if decimals >= 0 || group == 0 { return nil }
        if commas == 0 {
          firstGroup = group
        } else {
          middleAllThree = middleAllThree && group == 3
          middleAllTwo = middleAllTwo && group == 2
        }
        commas += 1
        group = 0
        continue
      }
      if byte == 0x2E {  // .
        if decimals >= 0 { return nil }
        decimals = 0
        continue
      }
      guard byte >= 0x30 && byte <= 0x39, digits < 15 else { return nil }
      if decimals >= 0 {
        decimals += 1
        if decimals > exponent { return nil }
      } else {
        if digits == 0 && byte == 0x30 { startsWithZero = true }
        group += 1
      }
      value = value * 10 + Int64(byte - 0x30)
      digits += 1
    }
    if commas > 0 {
      guard !startsWithZero, (1...3).contains(firstGroup), group == 3,
        middleAllThree || (firstGroup <= 2 && middleAllTwo)
      else { return nil }
    }
    guard digits > 0, decimals != 0 else { return nil }
    var scale: Int64 = 1
    for _ in 0..<(exponent - max(decimals, 0)) { scale *= 10 }
    var unit: Int64 = 1
    for _ in 0..<exponent { unit *= 10 }
    let (scaled, overflow) = value.multipliedReportingOverflow(by: scale)
    let (minor, overflow2) = scaled.multipliedReportingOverflow(by: multiplier)
    guard !overflow, !overflow2, minor > 0, minor / unit <= AmountParser.maximumMajorUnits else { return nil }
    return minor
  }

  /// A currency symbol (₹, $, s$) or word (rs, rs., inr) touching the digits, in lowercased text.
  func leadingCurrency(_ text: Substring) -> (String, Currency)? {
    guard let first = text.first, !first.isASCIIDigitCharacter, first != "." else { return nil }
    for (symbol, currency) in lexicon.currencySymbols where text.hasPrefix(symbol) {
      return (symbol, currency)
    }
    let head = text.prefix { !$0.isASCIIDigitCharacter }
    guard head.count < text.count, let currency = lexicon.currencyWords[String(head)] else { return nil }
    return (String(head), currency)
  }

  /// A token that is a currency word or a symbol on its own: `eur`, `rs`, `€`.
  func currencyWord(_ token: Token) -> Currency? {
    token.quoted || token.info.currency < 0 ? nil : Currency.all[Int(token.info.currency)]
  }

  func symbolCurrency(_ text: String) -> Currency? {
    lexicon.currencySymbols.first { $0.0 == text }?.1
  }
}
