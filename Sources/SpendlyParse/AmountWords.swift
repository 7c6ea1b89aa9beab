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
    var text = Substring(token.text)
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
    guard let first = text.first, first.isASCIIDigitCharacter || (first == "." && text.dropFirst().first?.isASCIIDigitCharacter == true)
    else { return nil }
    let body = text.prefix { $0.isASCIIDigitCharacter || $0 == "," || $0 == "." }
    var rest = String(text.dropFirst(body.count)).lowercased()
    var trimmedBody = body
    if rest.isEmpty, trimmedBody.last == "." || trimmedBody.last == "," { trimmedBody = trimmedBody.dropLast() }
    var multiplier: Int64 = 1
    if !rest.isEmpty {
      if let factor = lexicon.suffixes[rest] {
        multiplier = factor
      } else if let suffixCurrency = lexicon.currencyWords[rest] ?? symbolCurrency(rest), currency == nil {
        currency = suffixCurrency
      } else {
        rest = ""
        return nil  // 2nd, 4g, 12abc: a word, not an amount
      }
    }
    var range = i..<(i + 1)
    // A suffix word after it: 2 lakh, 1.5 cr.
    if multiplier == 1, i + 1 < tokens.count, !tokens[i + 1].used, let factor = lexicon.suffixes[tokens[i + 1].word],
      tokens[i + 1].word.count > 1
    {
      multiplier = factor
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
    do {
      money = try AmountParser.parse(String(trimmedBody), currency: chosenCurrency, multiplier: multiplier)
    } catch {
      throw PhraseError("amount: \(error)", column: token.column, length: token.length)
    }
    return AmountCandidate(
      tokens: range, money: money, marked: currency != nil || sign != nil || multiplier != 1, sign: sign,
      hasCurrency: currency != nil)
  }

  /// A currency symbol (₹, $, S$) or a word (rs, inr) touching the digits.
  func leadingCurrency(_ text: Substring) -> (String, Currency)? {
    guard let first = text.first, !first.isASCIIDigitCharacter else { return nil }
    for (symbol, currency) in lexicon.currencySymbols where text.hasPrefix(symbol) {
      return (symbol, currency)
    }
    let lowered = text.lowercased()
    for (word, currency) in lexicon.currencyWords where lowered.hasPrefix(word) {
      let after = lowered.dropFirst(word.count).first
      if after?.isASCIIDigitCharacter == true { return (word, currency) }
    }
    return nil
  }

  /// A token that is a currency word or a symbol on its own: `eur`, `rs`, `€`.
  func currencyWord(_ token: Token) -> Currency? {
    if token.quoted { return nil }
    return lexicon.currencyWords[token.word] ?? symbolCurrency(token.word)
  }

  func symbolCurrency(_ text: String) -> Currency? {
    lexicon.currencySymbols.first { $0.0 == text }?.1
  }
}
