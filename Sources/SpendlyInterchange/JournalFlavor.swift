import Foundation
import SpendlyCore

/// The plain-text-accounting tool a journal is written for: ledger, hledger or beancount.
/// Each spells names, text and amounts its own way; these are the rules, checked against the tools.
public enum JournalFlavor: String, CaseIterable, Sendable {
  case ledger, hledger, beancount

  /// One component of an account name (what goes between the colons), made valid for the tool.
  ///
  /// Beancount: words of letters, marks and digits, each starting with a capital, joined by dashes
  /// ("eating out" is "Eating-Out", "Food & Dining" "Food-Dining"); every letter and combining mark
  /// is kept ("किराना" keeps its vowel signs); one that would still not start with a capital letter
  /// or digit ("日本", "किराना") is prefixed "X-". Ledger and hledger keep the name as it
  /// reads, with single spaces only, no tabs or line breaks, and a dash for each colon ("Rent: Flat" is
  /// "Rent-Flat"). Empty is "Unnamed".
  public func accountComponent(_ name: String) -> String {
    let component = self == .beancount ? Self.beancountComponent(name) : Self.ledgerComponent(name)
    return component.isEmpty ? "Unnamed" : component
  }

  /// A payee for the transaction line (ledger, hledger) or the text inside a beancount string.
  func payee(_ text: String) -> String {
    switch self {
    case .ledger, .hledger:
      var line = Self.singleLine(text)
      // hledger ends the description at ';' and reads a payee before '|'.
      if self == .hledger, line.utf8.contains(where: { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "|") }) {
        line = line.replacingOccurrences(of: ";", with: ",").replacingOccurrences(of: "|", with: "/")
      }
      return line
    case .beancount: return Self.quoted(text)
    }
  }

  /// A payee as the transaction line holds it: one that starts with '(' follows an empty code
  /// `()`, so the tool reads it as the payee, not as the transaction's code ("() (1234) Shop").
  func descriptionLine(_ payee: String) -> String {
    self != .beancount && payee.hasPrefix("(") ? "() " + payee : payee
  }

  /// A metadata value: the rest of a `; key: value` comment (ledger, hledger) or a beancount string.
  func metadataValue(_ text: String) -> String {
    self == .beancount ? Self.quoted(text) : Self.singleLine(text)
  }

  /// An ISO code as the tool's commodity: capital letters and digits, starting with a letter;
  /// ledger and hledger quote one with digits in it. A code Spendly does not know may be anything.
  func commodity(_ currency: Currency) -> String {
    let kept = currency.code.uppercased().unicodeScalars.filter { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    var code = String(String.UnicodeScalarView(kept.prefix(20)))
    if !(code.first?.isLetter ?? false) { code = "X" + code }
    if self != .beancount, !code.allSatisfy(\.isLetter) { return "\"" + code + "\"" }
    return code
  }

  /// "420.00 INR", "-1235 JPY": the amount with its currency's own digits.
  func amount(_ minorUnits: Int64, _ currency: Currency) -> String {
    MoneyFormat.plain(minorUnits, exponent: currency.exponent) + " " + commodity(currency)
  }

  /// A rate as decimal text ("83.72"), or nil for text that is not a plain positive decimal.
  static func rate(_ text: String?) -> String? {
    guard let text = text?.trimmingSpaces(), !text.isEmpty, text.count <= 40 else { return nil }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      text.contains(where: { $0 != "0" && $0 != "." })
    else { return nil }
    return text
  }

  // MARK: Text

  /// Printable text on one line: line breaks, tabs and other spaces are spaces, escape sequences,
  /// control and format characters go, runs of spaces are one, and none lead or trail.
  static func singleLine(_ text: String) -> String {
    // Most text is plain ASCII already on one line: nothing to do.
    var previous: UInt8 = 0x20
    if text.utf8.allSatisfy({ byte in
      defer { previous = byte }
      return (0x21...0x7E).contains(byte) || (byte == 0x20 && previous != 0x20)
    }), previous != 0x20 {
      return text
    }
    var spaced = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      spaced.append(scalar.properties.isWhitespace ? " " : scalar)
    }
    var result = ""
    var lastWasSpace = true
    for character in TextSanitizer.printable(String(spaced)) {
      if character == " " {
        if !lastWasSpace { result.append(" ") }
        lastWasSpace = true
      } else {
        result.append(character)
        lastWasSpace = false
      }
    }
    if result.last == " " { result.removeLast() }
    return result
  }

  /// A beancount string's body: one line, with its backslashes and quotes escaped.
  static func quoted(_ text: String) -> String {
    let line = singleLine(text)
    guard line.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
      return "\"" + line + "\""
    }
    return "\"" + line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// A colon, with the spaces around it, is a dash: "Rent: Flat" is "Rent-Flat".
  static func ledgerComponent(_ name: String) -> String {
    singleLine(name).split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
      .joined(separator: "-")
  }

  /// Beancount's rule for a component: a capital letter or digit, then letters, digits and dashes.
  static func beancountComponent(_ name: String) -> String {
    var words: [String] = []
    var word = String.UnicodeScalarView()
    func endWord() {
      guard let first = word.first else { return }
      // Each word starts with a capital: "eating out" is "Eating-Out".
      let rest = String(String.UnicodeScalarView(word.dropFirst()))
      words.append(String(first).uppercased() + rest)
      word = String.UnicodeScalarView()
    }
    for scalar in singleLine(name).precomposedStringWithCanonicalMapping.unicodeScalars {
      if isLetterOrDigit(scalar) || isMark(scalar) {
        word.append(scalar)
      } else {
        endWord()
      }
    }
    endWord()
    // Beancount's grammar takes any character beyond ASCII; of ASCII, letters, digits and dashes.
    let allowed = String.UnicodeScalarView(
      words.joined(separator: "-").precomposedStringWithCanonicalMapping.unicodeScalars.filter {
        $0 == "-" || Self.isLetterOrDigit($0) || Self.isMark($0)
      })
    var component = String(allowed)
    if let first = component.unicodeScalars.first,
      ![.uppercaseLetter, .decimalNumber].contains(first.properties.generalCategory)
    {
      component = "X-" + component
    }
    return component
  }

  static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber: true
    default: false
    }
  }

  static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }
}
