import SpendlyCore

extension PhraseRun {
  // MARK: Merchant: "at Social", "@Social", "from Acme" (income)

  mutating func merchants() {
    guard draft.merchant == nil else { return }
    for i in tokens.indices where !tokens[i].used && !tokens[i].quoted {
      let word = tokens[i].word
      if word.count > 1, word.hasPrefix("@") {
        draft.merchant = String(tokens[i].text.dropFirst())
        tokens[i].used = true
        return
      }
      let isMarker =
        lexicon.merchantMarkers.contains(word)
        || (lexicon.incomeMerchantMarkers.contains(word) && (explicitKind ?? signKind ?? markerKind) == .income)
      guard isMarker else { continue }
      var words: [String] = []
      var j = i + 1
      while j < tokens.count, words.count < 5, !tokens[j].used, !tokens[j].quoted,
        !lexicon.fillers.contains(tokens[j].word), !lexicon.merchantMarkers.contains(tokens[j].word)
      {
        words.append(tokens[j].text)
        j += 1
      }
      guard !words.isEmpty else { continue }
      draft.merchant = words.joined(separator: " ")
      for k in i..<j { tokens[k].used = true }
      return
    }
  }

  /// A word (or two or three) equal to a merchant from history is that merchant.
  mutating func knownMerchants() {
    guard draft.merchant == nil, let history = parser.history else { return }
    var i = 0
    while i < tokens.count {
      defer { i += 1 }
      guard !tokens[i].used, !tokens[i].quoted, !lexicon.fillers.contains(tokens[i].word),
        tokens[i].word.first?.isNumber == false
      else { continue }
      for n in stride(from: min(3, tokens.count - i), through: 1, by: -1) {
        let range = i..<(i + n)
        if range.contains(where: { tokens[$0].used || tokens[$0].quoted }) { continue }
        let name = range.map { tokens[$0].text }.joined(separator: " ")
        if let known = history.knownMerchant(name) {
          draft.merchant = known
          for j in range { tokens[j].used = true }
          return
        }
      }
    }
  }

  // MARK: Kind and category

  /// Kind: explicit, then a sign, then a marker word, then a typed income category; else expense.
  /// Category: explicit, then a typed name, then a suggestion, each only when its side matches.
  mutating func resolveKindAndCategory() {
    if let kind = explicitKind ?? signKind ?? markerKind {
      draft.kind = kind
    } else if let first = explicitCategory?.0 ?? namedCategories.first?.0, first.side == .income {
      draft.kind = .income
      draft.inferred.insert(.kind)
    }
    let side = draft.kind.side
    if let (category, token) = explicitCategory {
      if category.side == side {
        draft.category = category.name
        categoryTyped = true
      } else {
        draft.warnings.append(contradiction(category))
        _ = token
      }
    }
    for (category, _) in namedCategories {
      if category.side != side {
        draft.warnings.append(contradiction(category))
      } else if draft.category == nil {
        draft.category = category.name
        categoryTyped = true
      }
    }
    for (category, index) in suggestedCategories {
      if category.side == side {
        if draft.category == nil {
          draft.category = category.name
          draft.inferred.insert(.category)
        }
      } else if draft.kind == .income, draft.merchant == nil, !tokens[index].used {
        // "refund 899 amazon": a shop's name on an income phrase is where the money came from.
        draft.merchant = tokens[index].text
        tokens[index].used = true
      }
    }
  }

  func contradiction(_ category: Category) -> String {
    "dropped category \(category.name): it is an \(category.side.rawValue) category and this is an \(draft.kind.rawValue)"
  }

  // MARK: History and defaults

  mutating func inferFromHistory() {
    guard let merchant = draft.merchant, let history = parser.history,
      draft.category == nil || draft.method == nil,
      let last = history.lastUse(of: merchant)
    else { return }
    if draft.category == nil, let category = parser.catalog.category(named: last.category),
      category.side == draft.kind.side
    {
      draft.category = category.name
      draft.inferred.insert(.category)
    }
    if draft.method == nil, let method = parser.catalog.method(named: last.method) {
      draft.method = method.name
      draft.inferred.insert(.method)
    }
  }

  mutating func defaults() {
    if draft.category == nil {
      draft.category = Category.fallback(for: draft.kind)
      draft.inferred.insert(.category)
    }
    if draft.method == nil {
      draft.method = parser.catalog.method(named: parser.settings.method)?.name ?? "Cash"
      draft.inferred.insert(.method)
    }
    if let currency = explicitCurrency, draft.amount == nil { draft.currency = currency }
    if !dateGiven && !timeGiven { draft.time = now.time }
  }

  // MARK: Note: every word not used for a field, in typed order

  mutating func note() {
    for i in tokens.indices where !tokens[i].used && !tokens[i].quoted {
      let word = tokens[i].word
      if lexicon.fillers.contains(word), i + 1 < tokens.count, tokens[i + 1].used {
        tokens[i].used = true
      } else if lexicon.leadWords.contains(word), i > 0, tokens[i - 1].used, amountOrMarker.contains(i - 1) {
        tokens[i].used = true
      }
    }
    var words = tokens.filter { !$0.used }.map(\.text)
    if let explicitNote { words.append(explicitNote) }
    let text = words.joined(separator: " ")
    draft.note = text.isEmpty ? nil : text
  }
}
