import SpendlyCore
import Testing

@testable import SpendlyParse

/// The byte-level tokenizer (printable ASCII and ₹ € £ ¥) must split exactly as the
/// character-level one does, columns included.
@Suite("Tokenizer")
struct TokenizerTests {
  static func describe(_ result: Result<[Token], PhraseError>) -> String {
    switch result {
    case .success(let tokens):
      return tokens.map { "\($0.text)|\($0.lower)|\($0.word)|\($0.start)+\($0.length)|\($0.quoted)|\($0.hasDigit)" }
        .joined(separator: " ")
    case .failure(let error):
      return "error \(error.column)+\(error.length)"
    }
  }

  static func slow(_ text: String) -> Result<[Token], PhraseError> {
    do throws(PhraseError) { return .success(try Tokenizer.characterTokens(text)) } catch { return .failure(error) }
  }

  static func fast(_ text: String) -> Result<[Token], PhraseError>? {
    var text = text
    return text.withUTF8 { Tokenizer.isSimple($0) ? Tokenizer.simpleTokens($0) : nil }
  }

  @Test func bytesAndCharactersSplitAlike() throws {
    var random = SplitMix64(seed: 5)
    let pieces = [
      "a", "B", "z", "Z", "1", "0", " ", " ", "\"", ",", ";", "!", "?", ":", "@", "₹", "€", "£", "¥", ".", "-", "k",
    ]
    for _ in 0..<20_000 {
      var text = ""
      for _ in 0..<random.below(24) { text += random.pick(pieces) }
      let fast = try #require(Self.fast(text), "not taken as simple: \(text)")
      #expect(Self.describe(fast) == Self.describe(Self.slow(text)), "\(String(reflecting: text))")
    }
  }

  @Test func otherTextTakesTheCharacterPath() {
    for text in ["café 420", "420\tlunch", "🍕 420", "a\u{0301} 1", "420\r\nlunch", "420 \u{00A0}x", "$5 ½"] {
      #expect(Self.fast(text) == nil, "\(String(reflecting: text))")
    }
  }

  @Test func columnsCountCharactersNotBytes() throws {
    let tokens = try Tokenizer.tokens("₹420 €5 x")
    #expect(tokens.map(\.start) == [0, 5, 8])
    #expect(tokens.map(\.length) == [4, 2, 1])
  }
}
