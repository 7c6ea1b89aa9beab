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
  /// Used by the amount or a kind marker: "for"/"on" right after it is dropped.
  var amountOrMarker = false

  var column: Int { start + 1 }
  /// True when the typed text has no upper-case letters (`lunch`, not `Lunch`).
  var isLowercase: Bool { text == lower }

  init(text: String, start: Int, length: Int, quoted: Bool) {
    let lower = NameKey(text).text
    self.init(
      text: text, lower: lower, word: Token.trimmed(lower), start: start, length: length, quoted: quoted,
      hasDigit: text.utf8.contains { $0 >= 0x30 && $0 <= 0x39 })
  }

  init(text: String, lower: String, word: String, start: Int, length: Int, quoted: Bool, hasDigit: Bool) {
    self.text = text
    self.lower = lower
    self.word = word
    self.start = start
    self.length = length
    self.quoted = quoted
    self.hasDigit = hasDigit
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
    var phrase = phrase
    let fast = phrase.withUTF8 { bytes -> Result<[Token], PhraseError>? in
      isSimple(bytes) ? simpleTokens(bytes) : nil
    }
    if let fast { return try fast.get() }
    return try characterTokens(phrase)
  }

  /// Printable ASCII plus the currency symbols ₹ € £ ¥: every character is one scalar and
  /// none joins its neighbour, so the bytes can be split directly.
  static func isSimple(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      if byte >= 0x20 && byte < 0x7F {
        i += 1
      } else if byte == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0xA3 || bytes[i + 1] == 0xA5 {  // £ ¥
        i += 2
      } else if byte == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x82, bytes[i + 2] == 0xB9 || bytes[i + 2] == 0xAC {
        i += 3  // ₹ €
      } else {
        return false
      }
    }
    return true
  }

  /// Splits simple text (see `isSimple`) at spaces, lowercasing ASCII letters on the way.
  static func simpleTokens(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<[Token], PhraseError> {
    var tokens: [Token] = []
    var index = 0
    var column = 0  // characters before `index`
    while index < bytes.count {
      if bytes[index] == 0x20 {
        index += 1
        column += 1
        continue
      }
      let start = index
      let startColumn = column
      var quoteColumn = -1
      var sawQuote = false
      var hasDigit = false
      var hasUpper = false
      while index < bytes.count, quoteColumn >= 0 || bytes[index] != 0x20 {
        let byte = bytes[index]
        if byte == 0x22 {
          sawQuote = true
          quoteColumn = quoteColumn >= 0 ? -1 : column
        } else if byte >= 0x30 && byte <= 0x39 {
          hasDigit = true
        } else if byte >= 0x41 && byte <= 0x5A {
          hasUpper = true
        }
        if byte & 0xC0 != 0x80 { column += 1 }  // not a continuation byte: a new character
        index += 1
      }
      if quoteColumn >= 0 {
        return .failure(PhraseError("unclosed quote", column: quoteColumn + 1, length: column - quoteColumn))
      }
      let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
      let text =
        sawQuote ? String(decoding: slice.filter { $0 != 0x22 }, as: UTF8.self) : String(decoding: slice, as: UTF8.self)
      if text.isEmpty { continue }
      let lowered =
        hasUpper ? String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self) : text
      var trailing = 0
      for byte in lowered.utf8.reversed() {
        guard byte == 0x2C || byte == 0x3B || byte == 0x21 || byte == 0x3F else { break }  // , ; ! ?
        trailing += 1
      }
      let word = trailing == 0 ? lowered : String(decoding: lowered.utf8.dropLast(trailing), as: UTF8.self)
      tokens.append(
        Token(
          text: text, lower: lowered, word: word, start: startColumn, length: column - startColumn,
          quoted: bytes[start] == 0x22, hasDigit: hasDigit))
    }
    return .success(tokens)
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
      // Refused, quoted or not, as at every entrance (`Validator.refuseHidden`): dropped, it
      // would let "\u{202E}evil" be saved looking like "evil". A joiner or non-joiner is part
      // of the character before it, so each character's scalars are looked at.
      if character.utf8.count > 1, let hidden = TextSanitizer.firstHidden(in: String(character)) {
        throw PhraseError(
          Validator.hiddenWords(hidden) + " is refused: type the phrase without it", column: position + 1, length: 1)
      }
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
