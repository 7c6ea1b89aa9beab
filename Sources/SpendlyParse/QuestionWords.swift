import SpendlyCore

/// The words a question is made of, as the shell's Tab offers them (`spe` → spent, `mo` →
/// month, `cat` → category): from the question lexicon (`grammar/lexicon/queries.txt`) and the
/// day and month words of the dates lexicon. Read once from the embedded files; no I/O.
public enum QuestionWords {
  /// The usual spelling of each question word: each role's first word, and today and yesterday.
  /// The words that only fill a question ("my", "the") are left out.
  public static let usual: [String] = {
    let lexicon = QueryLexicon.standard
    var words = lexicon.lines.filter { $0.role != .filler }.compactMap { $0.words.first }
    words += ["today", "yesterday"]
    return unique(words)
  }()

  /// Every question word (fillers left out), then the months' full names.
  public static let all: [String] = {
    let lexicon = QueryLexicon.standard
    var words = lexicon.lines.filter { $0.role != .filler }.flatMap { $0.words }
    words += ["today", "yesterday"]
    // Each month by its longest name ("september", not "sep" or "sept").
    var longest: [Int: String] = [:]
    for (name, month) in Lexicon.standard.months where name.count > (longest[month]?.count ?? 0) {
      longest[month] = name
    }
    words += longest.keys.sorted().compactMap { longest[$0] }
    return unique(words)
  }()

  /// The words of `words` that start with `typed`, ignoring case; none for nothing typed.
  public static func starting(_ typed: String, in words: [String]) -> [String] {
    let key = NameKey(typed)
    guard !key.text.isEmpty else { return [] }
    return words.filter { NameKey($0).hasPrefix(key) }
  }

  /// Whether `word` is a question word that is no filler ("spent", "how", "what's"; not "my").
  public static func isQuestionWord(_ word: String) -> Bool {
    guard let role = QueryLexicon.standard.role(word.lowercased()) else { return false }
    return role != .filler
  }

  private static func unique(_ words: [String]) -> [String] {
    var seen = Set<String>()
    return words.filter { seen.insert($0).inserted }
  }
}
