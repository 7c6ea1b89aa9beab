/// What a bank's narration says a row is, beyond its amount: cash from an ATM, money moved to
/// the person's own account, a card bill paid, a salary credited.
public enum NarrationKind: String, Sendable, CaseIterable {
  case atm
  case selfTransfer = "self"
  case cardBill = "card-bill"
  case salary
}

/// The words of bank narrations (`grammar/lexicon/statements.txt`): which phrases tell each
/// kind of row, and the abbreviations banks print for merchants ("AMZN" is Amazon).
public struct NarrationWords: Sendable {
  /// Each kind's phrases, as runs of lowercase words.
  public var phrases: [NarrationKind: [[String]]] = [:]
  /// A merchant's abbreviation (lowercase, one word) and the name it stands for.
  public var abbreviations: [String: String] = [:]
  /// The words of a payment between banks (NEFT, IMPS, RTGS, P2A): a row of one account and a
  /// row of another, of the same amount, opposite and days apart, that both have them are one
  /// transfer.
  public var channels: [[String]] = []
  /// The payment method a narration's word names (lowercase word: "upi" is UPI, "neft" Bank
  /// Transfer), for a bank account's row.
  public var methods: [String: String] = [:]
  /// A bill paid through the bank ("BILLPAY"), and the words that make it a card's.
  public var billPay: [[String]] = []
  public var cardWords: [[String]] = []

  public init() {}

  /// The words of a narration: lowercase runs of letters and digits ("ATW-5123" is atw, 5123).
  public static func words(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }

  /// What the narration says the row is, if any of its phrases appears in it.
  public func kind(of text: String?) -> NarrationKind? {
    guard let text, !text.isEmpty else { return nil }
    let words = Self.words(text)
    func any(_ list: [[String]]) -> Bool { list.contains { Self.contains(words, $0) } }
    for kind in NarrationKind.allCases where any(phrases[kind] ?? []) {
      // "SELF" tells a transfer only with a channel beside it: "SELF DRIVE RENTALS" is a payment.
      if kind == .selfTransfer && !any(channels) && !words.contains("transfer") { continue }
      return kind
    }
    if any(billPay) && any(cardWords) { return .cardBill }
    return nil
  }

  /// The payment method the first word of the narration that names one names ("UPI/SWIGGY" is
  /// UPI, "NEFT CR-EMPLOYER" Bank Transfer), if any.
  public func method(of text: String?) -> String? {
    guard let text, !text.isEmpty, !methods.isEmpty else { return nil }
    return Self.words(text).lazy.compactMap { methods[$0] }.first
  }

  /// Whether the text names a payment between banks.
  public func namesChannel(_ text: String?) -> Bool {
    guard let text, !text.isEmpty else { return false }
    let words = Self.words(text)
    return channels.contains { Self.contains(words, $0) }
  }

  static func contains(_ words: [String], _ phrase: [String]) -> Bool {
    guard !phrase.isEmpty, words.count >= phrase.count else { return false }
    if phrase[0].hasPrefix("^") {
      return words[0] == phrase[0].dropFirst() && Array(words[1..<phrase.count]) == Array(phrase.dropFirst())
    }
    for start in 0...(words.count - phrase.count) where words[start] == phrase[0] {
      if Array(words[start..<(start + phrase.count)]) == phrase { return true }
    }
    return false
  }

  /// A name's words with abbreviations spelled out: "AMZN Mktp US" is amazon mktp us.
  public func expanded(_ text: String) -> [String] {
    Self.words(text).flatMap { word in abbreviations[word].map(Self.words) ?? [word] }
  }

  /// How well a bank's payee and a typed name agree, from 0 (nothing shared) to 3 (the same):
  /// the same name, one starting the other (squeezed words too: "wholefoods"), or a shared word.
  public func likeness(_ payee: String?, _ name: String?) -> Int {
    guard let payee, let name else { return 1 }
    let a = expanded(payee)
    let b = expanded(name)
    guard !a.isEmpty, !b.isEmpty else { return 1 }
    if a == b { return 3 }
    let (x, y) = (a.joined(), b.joined())
    if x.hasPrefix(y) || y.hasPrefix(x) { return 2 }
    let long = { (words: [String]) in Set(words.filter { $0.count >= 4 && $0.contains(where: \.isLetter) }) }
    if !long(a).isDisjoint(with: long(b)) { return 2 }
    // A bank squeezes a name and cuts it short: "WHOLEFDS" of "Whole Foods".
    if let first = a.first, first.count >= 4, Self.squeezed(first, of: y) { return 2 }
    if let first = b.first, first.count >= 4, Self.squeezed(first, of: x) { return 2 }
    return 0
  }

  /// Whether `short` is `long`'s letters in order, starting with its first: "wholefds" of "wholefoods".
  static func squeezed(_ short: String, of long: String) -> Bool {
    guard short.first == long.first else { return false }
    var rest = Substring(long)
    for character in short {
      guard let index = rest.firstIndex(of: character) else { return false }
      rest = rest[rest.index(after: index)...]
    }
    return true
  }
}
