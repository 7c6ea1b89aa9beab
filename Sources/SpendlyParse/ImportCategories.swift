import SpendlyCore

/// A payee as a bank writes it, cleaned of the bank's noise by `lexicon/payees.txt`:
/// "UPI/SOCIAL/1234@okhdfc" is "Social".
public enum PayeeCleaner {
  /// Signs that join two names into one ("Marks & Spencer", "Fish + Chips"), kept between words.
  static let joiners: Set<String> = ["&", "+"]

  public static func clean(_ raw: String?, lexicon: Lexicon = .standard) -> String? {
    guard let raw else { return nil }
    let text = TextSanitizer.printable(String(raw.map { $0.isNewline ? " " : $0 })).trimmingSpaces()
    guard !text.isEmpty else { return nil }
    let pieces = text.replacingSeparators().split(separator: "\u{1F}").map { $0.trimmingSpaces() }
    for piece in pieces {
      var words = piece.split(separator: " ").map(String.init).filter { word in
        // A joining sign between two names is part of the name: "Marks & Spencer".
        if Self.joiners.contains(word) { return true }
        let lower = NameKey(word).text
        let digits = word.filter(\.isNumber).count
        return !lexicon.payeePrefixes.contains(lower) && !lexicon.payeeNoise.contains(lower) && !word.contains("@")
          && digits * 2 < max(1, word.count) && word.contains(where: \.isLetter)
      }
      while let first = words.first, Self.joiners.contains(first) { words.removeFirst() }
      while let last = words.last, Self.joiners.contains(last) { words.removeLast() }
      words = words.enumerated().filter { i, word in
        !(Self.joiners.contains(word) && Self.joiners.contains(words[i - 1]))
      }
      .map(\.element)
      guard !words.isEmpty else { continue }
      // What is left must name someone: "CC" of "CC PAYMENT HDFC CARD" does not.
      guard words.contains(where: { $0.filter(\.isLetter).count >= 3 }) else { continue }
      let name = words.joined(separator: " ")
      if let spelling = lexicon.merchantSpellings[NameKey(name).text] { return spelling }
      let rest = words.dropFirst().joined(separator: " ")
      let shouting = name == name.uppercased()
      let tidy = { (text: String) in shouting ? text.capitalizedWords : text }
      if let spelling = lexicon.merchantSpellings[NameKey(words[0]).text] {
        return rest.isEmpty ? spelling : spelling + " " + tidy(rest)
      }
      return tidy(name)
    }
    return text == text.uppercased() ? text.capitalizedWords : text
  }
}

extension String {
  /// The description split where banks separate fields: / * | : and " - ".
  fileprivate func replacingSeparators() -> String {
    var result = ""
    var previous: Character = " "
    let characters = Array(self)
    for (index, character) in characters.enumerated() {
      let next = index + 1 < characters.count ? characters[index + 1] : " "
      if "/*|:#".contains(character) || (character == "-" && !(previous.isLowercase && next.isLowercase)) {
        result.append("\u{1F}")
      } else {
        result.append(character)
      }
      previous = character
    }
    return result
  }

  /// "SOCIAL CAFE" → "Social Cafe".
  var capitalizedWords: String {
    split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: " ")
  }
}

/// The category of an imported row, from the first source that gives one: the person's history
/// for its merchant, its MCC (`lexicon/mcc.txt`), the lexicon on its words, else Other.
public struct ImportCategories {
  let parser: PhraseParser
  let history: (any MerchantHistory)?

  public init(parser: PhraseParser, history: (any MerchantHistory)?) {
    self.parser = parser
    self.history = history
  }

  public func category(_ row: BankRow, kind: Kind) -> (String, CategorySource) {
    let catalog = parser.catalog
    let side = kind.side
    if let named = row.category, let category = parser.category(named: named), category.side == side {
      return (category.name, .file)
    }
    if let payee = row.payee, let use = history?.merchantUse(payee),
      let category = catalog.category(named: use.category), category.side == side
    {
      return (category.name, .history)
    }
    if kind == .expense, let mcc = row.mcc,
      let name = parser.lexicon.mccRanges.first(where: { $0.0.contains(mcc) })?.1,
      let category = catalog.category(named: name), category.side == side
    {
      return (category.name, .mcc)
    }
    // Abbreviations spelled out: "BUNDL TECHNOLOGIES" is Swiggy's, and so Food.
    let text = (row.payee ?? "") + " " + (row.memo ?? "")
    let words = parser.lexicon.narrationWords.expanded(text).flatMap { $0.split(separator: " ") }
    for word in words where word.count >= 3 {
      if let category = parser.category(named: String(word)), category.side == side { return (category.name, .lexicon) }
    }
    return (catalog.fallbackCategory(for: kind), .other)
  }
}
