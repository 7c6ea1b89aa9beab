import SpendlyCore

extension PhraseRun {
  // MARK: Kind and category

  /// Kind: explicit, then a sign, then a marker word, then "for" (all typed); else the side of
  /// the first typed category, else of the first suggested one (inferred); else expense.
  mutating func resolveKind() {
    if let kind = explicitKind ?? signKind ?? markerKind ?? (weakExpenseMarked ? .expense : nil) {
      draft.kind = kind
    } else if let side = explicitCategory?.side ?? (namedCategories.first?.index ?? suggestedCategories.first).map(side)
    {
      draft.kind = side == .income ? .income : .expense
      if side == .income { draft.inferred.insert(.kind) }
    }
  }

  /// The typed category: explicit, else the first name of the kind's side. A category of the
  /// other side is dropped with a warning; a second name of the right side stays in the note.
  mutating func typedCategory() {
    let side = draft.kind.side
    if let category = explicitCategory {
      if category.side == side {
        draft.category = category.name
      } else {
        draft.warnings.append(contradiction(category))
      }
    }
    for (index, range) in namedCategories {
      let category = parser.catalog.categories[index]
      if category.side != side {
        // Dropped, and its words stay in the note ("paid maid salary 3000").
        draft.warnings.append(contradiction(category))
        continue
      } else if draft.category == nil {
        draft.category = category.name
      } else {
        continue
      }
      for j in range { tokens[j].used = true }
    }
  }

  /// The side of the catalog's category at `index`.
  func side(_ index: Int) -> Category.Side { parser.catalog.categories[index].side }

  func contradiction(_ category: Category) -> DraftWarning {
    .droppedCategory(name: category.name, side: category.side, kind: draft.kind)
  }

  /// A word that suggests a category of the right side (lunch → Food), inferred.
  mutating func inferCategory() {
    guard draft.category == nil,
      let index = suggestedCategories.first(where: { side($0) == draft.kind.side })
    else { return }
    draft.category = parser.catalog.categories[index].name
    draft.inferred.insert(.category)
  }

  // MARK: History and defaults

  /// Learning from history, the one rule (step 11): for a field the phrase did not type, a
  /// correction the person made in review for this merchant outranks what was last used there,
  /// which outranks a word's guess ("snacks" → Food) and the defaults. A field history gave
  /// over a guess, and any correction used, is marked `fromHistory` (`? from your history`).
  /// A category of the other side is ignored; an entry on a named account keeps its method.
  /// A merchant history did not know when it was looked up has no history.
  mutating func inferFromHistory() {
    guard let merchant = draft.merchant, let use = historyUses.last(where: { $0.merchant == merchant }) else {
      return
    }
    if draft.category == nil || draft.inferred.contains(.category) {
      let (side, catalog) = (draft.kind.side, parser.catalog)
      let sided = { (name: String) in catalog.category(named: name).flatMap { $0.side == side ? $0 : nil } }
      let corrected = use.corrected[.category].flatMap(sided)
      if let category = corrected ?? sided(use.category), category.name != draft.category {
        if draft.category != nil || corrected != nil { draft.fromHistory.insert(.category) }
        draft.category = category.name
        draft.inferred.insert(.category)
      }
    }
    if draft.method == nil || draft.account == nil && draft.inferred.contains(.method) {
      let corrected = use.corrected[.method].flatMap { parser.catalog.method(named: $0) }
      if let method = corrected ?? parser.catalog.method(named: use.method), method.name != draft.method {
        if draft.method != nil || corrected != nil { draft.fromHistory.insert(.method) }
        draft.method = method.name
        draft.inferred.insert(.method)
      }
    }
  }

  mutating func defaults() {
    if draft.category == nil {
      draft.category = parser.catalog.fallbackCategory(for: draft.kind)
      draft.inferred.insert(.category)
    }
    if draft.method == nil, let account = draft.account.flatMap(parser.catalog.account(named:)) {
      draft.method = AccountRules.method(
        for: account, catalog: parser.catalog, card: parser.settings.card, kind: draft.kind)
      draft.inferred.insert(.method)
    }
    if draft.method == nil {
      let fallback = draft.kind == .income ? parser.settings.incomeMethod : parser.settings.method
      draft.method = parser.catalog.methodName(fallback, fallback: "Cash")
      draft.inferred.insert(.method)
    }
    if let currency = explicitCurrency, draft.amount == nil { draft.currency = currency }
    if !dateGiven && !timeGiven { draft.time = now.time }
  }

  // MARK: Note: every word not used for a field, in typed order

  mutating func note() {
    for i in tokens.indices where free(i) {
      let info = tokens[i].info
      let next = i + 1 < tokens.count ? tokens[i + 1] : nil
      if info.has(.filler), let next, next.used, explicitNote?.index != i + 1 {
        tokens[i].used = true  // "coffee for 180", "paid with card"
      } else if info.has(.lead),
        (i > 0 && tokens[i - 1].amountOrMarker)
          || (next.map { !$0.used && !$0.quoted && $0.info.suggestion >= 0 } ?? false)
      {
        tokens[i].used = true  // "spent 60 on chai", "at Social for lunch"
      }
    }
    var words: [String] = []
    for (i, token) in tokens.enumerated() {
      if explicitNote?.index == i {
        if let text = explicitNote?.text, !text.isEmpty { words.append(text) }
      } else if !token.used {
        words.append(token.quoted ? token.text : noteWord(token.text))
      }
    }
    let text = words.joined(separator: " ")
    draft.note = text.isEmpty ? nil : text
  }

  /// A word for the note, without a trailing comma or semicolon.
  func noteWord(_ text: String) -> String {
    guard let last = text.last, last == "," || last == ";" else { return text }
    let trimmed = text.dropLast()
    return trimmed.isEmpty ? text : String(trimmed)
  }
}
