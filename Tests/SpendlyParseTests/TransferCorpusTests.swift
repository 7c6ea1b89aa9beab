import SpendlyCore
import Testing

@testable import SpendlyParse

/// Runs grammar/corpus/transfers.txt: each phrase, in the world of accounts set above it, must
/// give the draft fields written there.
@Suite("Transfer and account corpus")
struct TransferCorpusTests {
  struct Example: CustomStringConvertible, Sendable {
    let line: Int
    let phrase: String
    let fields: [(String, String)]
    let accounts: [Account]
    var description: String { "transfers.txt:\(line): \(phrase)" }
  }

  static func load() throws -> (LocalDateTime, [Example]) {
    let path = repositoryRoot() + "/grammar/corpus/transfers.txt"
    let text = try #require(readText(path), "cannot read \(path)")
    var now: LocalDateTime?
    var accounts: [Account] = []
    var examples: [Example] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingSpaces()
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("@now ") {
        now = LocalDateTime(iso: String(line.dropFirst(5)))
      } else if line == "@accounts none" {
        accounts = []
      } else if line.hasPrefix("@account ") {
        let parts = line.dropFirst(9).split(separator: "|", omittingEmptySubsequences: false).map {
          String($0).trimmingSpaces()
        }
        try #require(parts.count == 6, "transfers.txt:\(index + 1): bad @account")
        let list = { (text: String) in text.split(separator: ",").map { String($0).trimmingSpaces() } }
        accounts.append(
          Account(
            name: parts[0], aliases: list(parts[5]), type: try #require(AccountType(rawValue: parts[1])),
            institution: parts[2].isEmpty ? nil : parts[2], currency: try #require(Currency.named(parts[3])),
            methods: list(parts[4])))
      } else {
        let halves = line.components(separatedBy: " => ")
        try #require(halves.count == 2, "transfers.txt:\(index + 1): expected ' => '")
        let fields = halves[1].split(separator: ";").map { part -> (String, String) in
          let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
          return (String(pair[0]).trimmingSpaces(), pair.count > 1 ? String(pair[1]).trimmingSpaces() : "")
        }
        examples.append(
          Example(line: index + 1, phrase: halves[0].trimmingSpaces(), fields: fields, accounts: accounts))
      }
    }
    return (try #require(now), examples)
  }

  static func value(_ key: String, of draft: TransactionDraft) -> String? {
    let order: [DraftField] = DraftField.allCases
    switch key {
    case "kind": return draft.kind.rawValue
    case "amount": return draft.amount?.decimalString ?? ""
    case "currency": return draft.currency.code
    case "category": return draft.category ?? ""
    case "method": return draft.method ?? ""
    case "merchant": return draft.merchant ?? ""
    case "note": return draft.note ?? ""
    case "account": return draft.account ?? ""
    case "to": return draft.counterAccount ?? draft.counterMethod ?? ""
    case "foreign": return draft.foreignAmount.map { "\($0.decimalString) \($0.currency.code)" } ?? ""
    case "inferred": return order.filter(draft.inferred.contains).map(\.rawValue).joined(separator: ",")
    default: return nil
    }
  }

  @Test func everyPhraseGivesItsDraft() throws {
    let (now, examples) = try Self.load()
    #expect(examples.count >= 40)
    for example in examples {
      let parser = PhraseParser(
        catalog: Catalog(categories: Category.defaults, methods: PaymentMethod.defaults, accounts: example.accounts))
      let draft = try parser.parse(example.phrase, now: now)
      for (key, expected) in example.fields {
        if key == "missing" { continue }
        if key == "warning" {
          #expect(draft.warnings.contains { $0.description.contains(expected) }, "\(example): warnings \(draft.warnings)")
          continue
        }
        let actual = try #require(Self.value(key, of: draft), "\(example): unknown key \(key)")
        #expect(actual == expected, "\(example): \(key)")
      }
      let missing = example.fields.first { $0.0 == "missing" }?.1 ?? ""
      #expect(draft.missing.map(\.rawValue).joined(separator: ",") == missing, "\(example): missing \(draft.missing)")
    }
  }

  /// Every transfer word of the lexicon is shown working in some phrase.
  @Test func corpusUsesEveryTransferWord() throws {
    let (_, examples) = try Self.load()
    let text = " " + examples.map { $0.phrase.lowercased() }.joined(separator: " ") + " "
    for word in Lexicon.standard.transferRoutes.keys {
      #expect(text.contains(" \(word) "), "transfer word '\(word)' is in no corpus phrase")
    }
  }
}
