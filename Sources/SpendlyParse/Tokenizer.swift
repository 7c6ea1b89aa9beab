import SpendlyCore

/// A word of a phrase with where it stands, so errors can point at it.
struct Token {
  /// The text as typed (without the quote marks when quoted).
  let text: String
  /// Lowercased text.
  let lower: String
  /// The word for lexicon look-ups: lowercased, without trailing `, ; ! ?`.
  let word: String
  /// 0-based character offset in the phrase.
  let start: Int
  /// Length in characters as typed (with quote marks).
  let length: Int
  /// True when the word began with a quote: it is note text, never interpreted.
  let quoted: Bool
  /// True when the word has an ASCII digit (only such words can be amounts, numeric dates, times).
  let hasDigit: Bool
  /// What the word means to the parser (set by the run; quoted words mean nothing).
  var info = WordInfo.none
  var used = false

  var column: Int { start + 1 }
  /// True when the typed text has no upper-case letters (`lunch`, not `Lunch`).
  var isLowercase: Bool { text == lower }

  init(text: String, start: Int, length: Int, quoted: Bool) {
    self.text = text
    lower = text.lowercased()
    word = Token.trimmed(lower)
    self.start = start
    self.length = length
    self.quoted = quoted
    hasDigit = text.utf8.contains { $0 >= 0x30 && $0 <= 0x39 }
  }

  /// `text` without trailing punctuation that separates words in a sentence.
  static func trimmed(_ text: String) -> String {
    guard let last = text.last, Token.isTrailingPunctuation(last) else { return text }
    var trimmed = Substring(text)
    while let last = trimmed.last, Token.isTrailingPunctuation(last) { trimmed.removeLast() }
    return String(trimmed)
  }

  static func isTrailingPunctuation(_ character: Character) -> Bool {
    character == "," || character == ";" || character == "!" || character == "?"
  }

  /// The typed text without trailing punctuation (a merchant's spelling: "Social," → "Social").
  var bare: String { quoted ? text : Token.trimmed(text) }
  /// True when the word ends a clause ("Social," in "at Social, yesterday").
  var endsClause: Bool { !quoted && (text.last == "," || text.last == ";") }
}

/// Splits a phrase at white space, keeping "quoted text" and `key:"quoted value"` together.
/// Columns count characters of the phrase as typed.
enum Tokenizer {
  static func tokens(_ phrase: String) throws(PhraseError) -> [Token] {
    if phrase.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return try asciiTokens(phrase) }
    return try characterTokens(phrase)
  }

  /// Printable ASCII: one byte is one character, so bytes are split directly.
  static func asciiTokens(_ phrase: String) throws(PhraseError) -> [Token] {
    var phrase = phrase
    let result = phrase.withUTF8 { (bytes) -> Result<[Token], PhraseError> in
      var tokens: [Token] = []
      var index = 0
      while index < bytes.count {
        if bytes[index] == 0x20 {
          index += 1
          continue
        }
        let start = index
        var quoteStart = -1
        var quoted = false
        var text: [UInt8] = []
        while index < bytes.count, quoteStart >= 0 || bytes[index] != 0x20 {
          let byte = bytes[index]
          if byte == 0x22 {  // "
            if quoteStart >= 0 {
              quoteStart = -1
            } else {
              quoteStart = index
              if index == start { quoted = true }
            }
          } else {
            text.append(byte)
          }
          index += 1
        }
        if quoteStart >= 0 {
          return .failure(PhraseError("unclosed quote", column: quoteStart + 1, length: index - quoteStart))
        }
        if !text.isEmpty {
          tokens.append(
            Token(text: String(decoding: text, as: UTF8.self), start: start, length: index - start, quoted: quoted))
        }
      }
      return .success(tokens)
    }
    return try result.get()
  }

  /// Any text: walks characters (grapheme clusters), so columns match what the person sees.
  static func characterTokens(_ phrase: String) throws(PhraseError) -> [Token] {
    var tokens: [Token] = []
    var current = ""
    var start = 0
    var position = 0
    var inToken = false
    var inQuote = false
    var quoteStart = 0
    var beganWithQuote = false
    func finish() {
      if !current.isEmpty {
        tokens.append(Token(text: current, start: start, length: position - start, quoted: beganWithQuote))
      }
      current = ""
      inToken = false
    }
    for character in phrase {
      if inQuote {
        if character == "\"" { inQuote = false } else { current.append(character) }
      } else if character == "\"" {
        if !inToken {
          inToken = true
          start = position
          beganWithQuote = true
        }
        inQuote = true
        quoteStart = position
      } else if isSeparator(character) {
        if inToken { finish() }
      } else {
        if !inToken {
          inToken = true
          start = position
          beganWithQuote = false
        }
        current.append(character)
      }
      position += 1
    }
    if inQuote {
      throw PhraseError("unclosed quote", column: quoteStart + 1, length: position - quoteStart)
    }
    if inToken { finish() }
    return tokens
  }

  /// White space, and control and format characters (bidi marks, BOM, escapes, CR LF), which
  /// separate words like spaces do. Whole characters are tested, so columns stay those of the
  /// phrase as typed; a joiner or tag inside an emoji does not count (only the character's
  /// first scalar is looked at).
  static func isSeparator(_ character: Character) -> Bool {
    if let ascii = character.asciiValue { return ascii <= 0x20 || ascii == 0x7F }
    if character.isWhitespace { return true }
    let first = character.unicodeScalars.first!
    switch first.properties.generalCategory {
    case .control: return true
    case .format: return first.value != 0x200C && first.value != 0x200D
    default: return false
    }
  }
}
