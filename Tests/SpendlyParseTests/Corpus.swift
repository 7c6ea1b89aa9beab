import SpendlyCore
import SpendlyParse

/// grammar/corpus/entries.txt read into settings and examples (the format is described at its top).
struct Corpus {
  struct Example: Sendable, CustomStringConvertible {
    let line: Int
    let phrase: String
    /// key → value; `warning` may repeat, so it is kept apart.
    let fields: [(String, String)]
    let warnings: [String]
    var description: String { "entries.txt:\(line): \(phrase)" }

    func value(_ key: String) -> String? { fields.first { $0.0 == key }?.1 }
  }

  struct FormatError: Error, CustomStringConvertible {
    let line: Int
    let message: String
    var description: String { "entries.txt:\(line): \(message)" }
  }

  static let draftKeys = [
    "kind", "amount", "currency", "category", "method", "merchant", "note", "date", "time", "inferred", "missing",
  ]

  var now: LocalDateTime?
  var history = TestHistory()
  var categories = Category.defaults
  var methods = PaymentMethod.defaults
  var examples: [Example] = []

  init(text: String) throws(FormatError) {
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      let line = raw.trimmingSpaces()
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("@") {
        try setting(line, number)
        continue
      }
      guard let arrow = line.firstRange(of: " => ") else { throw FormatError(line: number, message: "expected ' => '") }
      let phrase = String(line[..<arrow.lowerBound]).trimmingSpaces()
      var fields: [(String, String)] = []
      var warnings: [String] = []
      for part in line[arrow.upperBound...].split(separator: ";") {
        guard let equals = part.firstIndex(of: "=") else {
          throw FormatError(line: number, message: "expected key=value in '\(part)'")
        }
        let key = String(part[..<equals]).trimmingSpaces()
        let value = String(part[part.index(after: equals)...]).trimmingSpaces()
        if key == "warning" { warnings.append(value) } else { fields.append((key, value)) }
      }
      let keys = fields.map(\.0)
      if keys.first == "error" {
        guard keys == ["error", "length"] else {
          throw FormatError(line: number, message: "expected error=1:C; length=N")
        }
      } else if keys != Corpus.draftKeys {
        throw FormatError(
          line: number, message: "expected the keys \(Corpus.draftKeys.joined(separator: ", ")) in order")
      }
      examples.append(Example(line: number, phrase: phrase, fields: fields, warnings: warnings))
    }
  }

  private mutating func setting(_ line: String, _ number: Int) throws(FormatError) {
    let name = line.prefix { $0 != " " }
    let rest = String(line.dropFirst(name.count)).trimmingSpaces()
    func fail() -> FormatError { FormatError(line: number, message: "bad setting '\(line)'") }
    switch name {
    case "@now":
      guard let now = LocalDateTime(iso: rest) else { throw fail() }
      self.now = now
    case "@history":
      let parts = rest.split(separator: "|").map { String($0).trimmingSpaces() }
      guard parts.count == 3 else { throw fail() }
      history.add(parts[0], category: parts[1], method: parts[2])
    case "@correction":
      let parts = rest.split(separator: "|").map { String($0).trimmingSpaces() }
      guard parts.count == 3, let field = MerchantCorrection.Field(rawValue: parts[1]) else { throw fail() }
      history.corrections[parts[0].lowercased(), default: [:]][field] = parts[2]
    case "@category":
      guard let colon = rest.firstIndex(of: ":") else { throw fail() }
      let head = rest[..<colon].split(separator: " ", maxSplits: 1).map(String.init)
      guard head.count == 2, let side = Category.Side(rawValue: head[0]) else { throw fail() }
      let aliases = rest[rest.index(after: colon)...].split(separator: " ").map(String.init)
      categories.append(Category(name: head[1], side: side, aliases: aliases))
    case "@method":
      guard let colon = rest.firstIndex(of: ":") else { throw fail() }
      let aliases = rest[rest.index(after: colon)...].split(separator: " ").map(String.init)
      methods.append(PaymentMethod(name: String(rest[..<colon]).trimmingSpaces(), aliases: aliases))
    default:
      throw fail()
    }
  }

  var parser: PhraseParser {
    PhraseParser(catalog: Catalog(categories: categories, methods: methods), history: history)
  }
}

extension TransactionDraft {
  /// The draft in the corpus's key order, values as the corpus writes them.
  var corpusFields: [(String, String)] {
    func list(_ fields: [DraftField]) -> String { fields.map(\.rawValue).joined(separator: ",") }
    return [
      ("kind", kind.rawValue),
      ("amount", amount?.decimalString ?? ""),
      ("currency", currency.code),
      ("category", category ?? ""),
      ("method", method ?? ""),
      ("merchant", merchant ?? ""),
      ("note", note ?? ""),
      ("date", date.description),
      ("time", time?.description ?? ""),
      ("inferred", list(DraftField.allCases.filter(inferred.contains))),
      ("missing", list(missing)),
    ]
  }
}
