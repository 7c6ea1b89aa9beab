import SpendlyCore

extension QueryParser {
  /// The words a mistyped question word is compared with: the question words, month names and
  /// day words, in one fixed order (so a tie always suggests the same word).
  var nearestVocabulary: [String] {
    let names = Set(words.roles.keys).union(entry.lexicon.months.keys).union(["today", "yesterday"])
    return names.filter { $0.count >= 3 && !$0.contains("-") }.sorted()
  }

  /// The question nearest a line not understood ("spent this mnth by categroy" → "spent this
  /// month by category"): each word the error names that no question word or filter reads,
  /// replaced by the nearest question word (`NearestNames`); nil unless that reads as a question.
  func nearest(_ text: String, error: QueryError, now: LocalDateTime) -> String? {
    guard let tokens = try? Tokenizer.tokens(text) else { return nil }
    let unknown = Set(error.words)
    let vocabulary = nearestVocabulary
    var changed = false
    var corrected: [String] = []
    for token in tokens {
      guard unknown.contains(token.text), !token.hasDigit, !token.quoted, words.role(token.word) == nil,
        entry.lexicon.months[token.word] == nil,
        let near = NearestNames.to(token.word, among: vocabulary, limit: 1).first
      else {
        corrected.append(token.text)
        continue
      }
      corrected.append(near)
      changed = true
    }
    let line = corrected.joined(separator: " ")
    guard changed, let query = try? parse(line, now: now, suggesting: false), query.structured else { return nil }
    return line
  }
}
