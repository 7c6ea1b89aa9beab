import SpendlyCore

extension PhraseRun {
  // MARK: Merchant: "at Social", "@Social", "from Acme"

  /// The first merchant marker with a name after it gives the merchant.
  mutating func merchants() {
    guard draft.merchant == nil else { return }
    for i in tokens.indices where free(i) {
      if tokens[i].word.utf8.first == 0x40, tokens[i].word.utf8.count > 1 {  // @Social
        draft.merchant = canonicalMerchant(String(tokens[i].bare.dropFirst()))
        tokens[i].used = true
        return
      }
      guard tokens[i].info.has(.merchantMarker) else { continue }
      // A known name is taken whole ("at cafe coffee day"), else the words up to a soft stop.
      let (hard, soft) = nameRuns(after: i)
      let known = knownPrefix(of: hard)
      guard known != nil || !soft.isEmpty else { continue }
      let (name, length) = known ?? (tokenText(soft, bare: true), soft.count)
      draft.merchant = name
      for k in i..<(i + 1 + length) { tokens[k].used = true }
      return
    }
  }

  /// The words after a marker that can be a name, in one pass: up to five, stopping at a used
  /// or quoted token, a filler or marker, a number, or a clause end ("Social,") (`hard`);
  /// `soft` also stops before a lower-case word after the first that has a meaning of its
  /// own ("at Social lunch") or names a currency or month, and before a lower-case word after
  /// capitalised ones unless it joins a name ("at Pret a Manger london", "at Third Wave
  /// Coffee hdfc").
  func nameRuns(after marker: Int) -> (hard: Range<Int>, soft: Range<Int>) {
    var end = marker + 1
    var softEnd: Int?
    var capitalised = true
    while end < tokens.count, end - marker <= 5 {
      let token = tokens[end]
      if token.used || token.quoted || token.info.has(.filler) || token.info.has(.merchantMarker)
        || token.text.first?.isASCIIDigitCharacter == true
      {
        break
      }
      if softEnd == nil && end > marker + 1 && token.isLowercase {
        let info = token.info
        if info.has(.meaningful) || info.currency >= 0 || info.month > 0 || info.method >= 0
          || (capitalised && !info.has(.nameJoiner))
        {
          softEnd = end
        }
      }
      if capitalised && token.text.first?.isUppercase != true && !token.info.has(.nameJoiner) {
        capitalised = false
      }
      end += 1
      if token.endsClause { break }
    }
    return ((marker + 1)..<end, (marker + 1)..<(softEnd ?? end))
  }

  /// The longest start of `run` (up to three words) that is a known merchant, with its spelling.
  mutating func knownPrefix(of run: Range<Int>) -> (String, Int)? {
    for n in stride(from: min(3, run.count), through: 1, by: -1) {
      let name = tokenText(run.lowerBound..<(run.lowerBound + n), bare: true)
      if let known = knownMerchant(name) { return (known, n) }
    }
    return nil
  }

  /// A merchant from history (any case), else a well-known one from the lexicon, as spelled
  /// there. What history says was used there is kept for inference (one look-up for both).
  mutating func knownMerchant(_ name: String) -> String? {
    if let use = parser.history?.merchantUse(name) {
      historyUses.append(use)
      return use.merchant
    }
    return lexicon.merchantSpellings[NameKey(name).text]
  }

  /// A typed merchant name, spelled as history or the lexicon spell it when known.
  mutating func canonicalMerchant(_ name: String) -> String? {
    if name.isEmpty { return nil }
    return knownMerchant(name) ?? name
  }

  /// With no marked merchant, a word (or two or three) that is a known merchant is the merchant.
  mutating func knownMerchants() {
    guard draft.merchant == nil else { return }
    var i = 0
    while i < tokens.count {
      defer { i += 1 }
      guard free(i), !tokens[i].info.has(.filler), tokens[i].text.first?.isASCIIDigitCharacter == false else {
        continue
      }
      var end = i
      while end < tokens.count, end - i < 3, free(end) { end += 1 }
      if let (name, length) = knownPrefix(of: i..<end) {
        draft.merchant = name
        for j in i..<(i + length) { tokens[j].used = true }
        return
      }
    }
  }

  func tokenText(_ range: Range<Int>, bare: Bool = false) -> String {
    range.map { bare ? tokens[$0].bare : tokens[$0].text }.joined(separator: " ")
  }
}
