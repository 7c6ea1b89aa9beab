import SpendlyCore

extension QueryParser {
  /// What a line with no command word is (`LineClassifier`): a question, an entry, both, a
  /// schedule, or none of them, each with its value; the entry is parsed once.
  ///
  /// Question or entry, decided by both parsers. A line the question parser reads completely
  /// with question structure (a measure, how much, top/last N, compare, an amount bound, a
  /// period in words) is a question: its numbers are years, counts or days, never amounts.
  /// One it reads completely without structure (filters, a bare year) is an entry when the
  /// phrase parser finds entry words in it ("coffee at starbucks" asks for its amount), and
  /// ambiguous when that entry is complete too ("food 2025"). A line the question
  /// parser cannot read is an entry when the phrase parser finds an amount or any entry word
  /// ("coffee at starbucks" asks for its amount), and not understood otherwise.
  ///
  /// A line with a cadence word and an amount is a schedule, unless its only number reads as a
  /// year ("monthly 2025", "food monthly 2026") or it reads as a listing, a comparison or
  /// another answer a total or a trend is not ("top 5 merchants monthly").
  public func read(_ line: String, now: LocalDateTime) -> LineClass {
    read(PhraseReading(line.trimmingSpaces(), parser: entry, now: now))
  }

  func read(_ phrase: PhraseReading) -> LineClass {
    let reading = readQuestionOrEntry(phrase)
    guard case .success(let schedule?) = phrase.schedule, let amount = schedule.entry.amount,
      !Self.isBareYear(amount, in: phrase.text)
    else { return reading }
    if case .question(let query) = reading {
      switch query.action {
      case .total, .trend: break
      default: return reading
      }
    }
    return .schedule(schedule)
  }

  /// An amount typed as a bare year: a whole number from 1970 to 2200 written as such.
  static func isBareYear(_ amount: Money, in text: String) -> Bool {
    var scale: Int64 = 1
    for _ in 0..<amount.currency.exponent { scale *= 10 }
    guard amount.minorUnits % scale == 0, (1970...2200).contains(amount.minorUnits / scale) else { return false }
    return text.split(separator: " ").contains { $0 == String(amount.minorUnits / scale) }
  }

  func readQuestionOrEntry(_ phrase: PhraseReading) -> LineClass {
    do {
      let query = try parse(phrase.text, now: phrase.now)
      if query.structured { return .question(query) }
      // Filters alone ("coffee at starbucks", "food") are an entry still missing its amount.
      guard case .success(let draft) = phrase.draft, draft.recognized else { return .question(query) }
      return draft.missing.isEmpty && draft.amount != nil ? .ambiguous(query, draft, entry: phrase.entry) : phrase.entry
    } catch {
      // A phrase error (an impossible date) is the entry path's to report, with its caret.
      guard case .success(let draft) = phrase.draft else {
        return error.structured ? .notUnderstood(error) : phrase.entry
      }
      // "spent 60 on chai", "1500 rent for 2 months": the question stumbled on a number, so that
      // number is no year, count or day of a question; the entry has it (or asks which is meant).
      if error.words.contains(where: { $0.contains(where: \.isNumber) }) { return phrase.entry }
      // "spent this mnth by categroy": no amount, and a question once its typos are mended.
      if error.suggestion != nil && draft.amount == nil { return .notUnderstood(error) }
      if error.structured { return .notUnderstood(error) }
      return draft.amount != nil || draft.recognized ? phrase.entry : .notUnderstood(error)
    }
  }
}
