import SpendlyCore

/// A word of a phrase with where it stands, so errors can point at it.
struct Token {
  /// The text as typed (without the quote marks when quoted).
  let text: String
  let lower: String
  /// 0-based character offset in the phrase.
  let start: Int
  /// Length in characters as typed (with quote marks).
  let length: Int
  /// True when the word began with a quote: it is note text, never interpreted.
  let quoted: Bool
  var used = false

  var column: Int { start + 1 }
}

/// Splits a phrase at white space, keeping "quoted text" and `key:"quoted value"` together.
enum Tokenizer {
  static func tokens(_ phrase: String) throws(PhraseError) -> [Token] {
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
        tokens.append(
          Token(
            text: current, lower: current.lowercased(), start: start, length: position - start,
            quoted: beganWithQuote))
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
      } else if character.isWhitespace {
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
}
