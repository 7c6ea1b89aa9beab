/// What a command's words that are not options may be, declared beside its options: Tab and
/// `__complete` offer their candidates (`LineCompletion`), as they offer an option's values.
indirect enum ArgumentValues: Sendable, Equatable {
  /// Every word is one of these (`add`'s phrase words).
  case each(OptionValue)
  /// The words in order: the first is of the first value, the second of the second, ...
  case sequence([OptionValue])
  /// The first word is one of these words, and what follows it is what that word says
  /// (`config method` a method, `budget set` a category).
  case after([ArgumentWord])

  /// The candidates for `typed`, the word after `words` (the positional words before it).
  func candidates(_ words: ArraySlice<String>, _ typed: String, _ source: inout some CandidateSource) -> [String] {
    switch self {
    case .each(let value): return value.candidates(typed, &source)
    case .sequence(let values):
      return words.count < values.count ? values[words.count].candidates(typed, &source) : []
    case .after(let table):
      guard let first = words.first else { return LineCompletion.prefixed(typed, table.map(\.word)) }
      let word = first.lowercased()
      guard let next = table.first(where: { $0.word == word })?.then else { return [] }
      return next.candidates(words.dropFirst(), typed, &source)
    }
  }
}

/// A first word of `ArgumentValues.after` and what the words after it are.
struct ArgumentWord: Sendable, Equatable {
  let word: String
  let then: ArgumentValues

  init(_ word: String, _ then: ArgumentValues) {
    self.word = word
    self.then = then
  }
}
