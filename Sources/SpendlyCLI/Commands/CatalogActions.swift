import SpendlyCore
import SpendlyParse
import SpendlyStore

/// What `categories` and `methods` share: list (table or JSON), add, rename and alias.
struct CatalogActions: Sendable {
  /// The actions after `categories` or `methods`, declared (none named lists); only `add` takes
  /// options, `adding` (the noun is "category" or "payment method").
  static func subcommands(noun: String, adding options: [Option]) -> [Subcommand] {
    [
      Subcommand("list", summary: "each \(noun) and its aliases"),
      Subcommand("add", summary: "a new \(noun), with other words for it", options: options),
      Subcommand("rename", summary: "rename a \(noun); the old name stays an alias"),
      Subcommand("alias", summary: "another word for a \(noun)"),
    ]
  }

  /// The action words, in the declared order: list, add, rename, alias.
  static let words = subcommands(noun: "", adding: []).map(\.name)

  let command: String
  /// Categories or methods.
  let kind: CatalogKind
  /// The word people read: "category" or "payment method".
  var noun: String { kind.noun }
  let headers: [String]
  let rows: @Sendable (Catalog) -> [[String]]
  let json: @Sendable (Catalog) -> [CatalogEntryJSON]
  let add: @Sendable (Store, String, Arguments) throws -> String

  func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    let store = try context.store()
    let words = arguments.positional
    let output = context.output
    return try reporting {
      switch words.first?.lowercased() {
      case nil, "list":
        let catalog = try store.catalog.current()
        return Rendered(
          text: {
            var table = Table(headers: headers, alignments: headers.map { _ in .left })
            for row in rows(catalog) { table.add(row) }
            return table.render(header: { output.style($0, .bold) })
          }, json: { JSON(json(catalog)) })
      case "add":
        try arguments.expectPositional(2, 2, command: "\(command) add", what: "a name")
        return .lines([try add(store, words[1], arguments)])
      case "rename":
        try arguments.expectPositional(3, 3, command: "\(command) rename", what: "the old and the new name")
        let previous = try store.catalog.rename(kind, from: words[1], to: words[2])
        return .lines(["renamed \(noun) \(Render.safe(previous)) to \(Render.safe(words[2].trimmingSpaces()))"])
      case "alias":
        try arguments.expectPositional(3, 3, command: "\(command) alias", what: "a \(noun) and an alias")
        let name = try store.catalog.addAlias(words[2], to: words[1], kind: kind)
        return .lines(["'\(Render.safe(words[2].trimmingSpaces()))' now means \(noun) \(Render.safe(name))"])
      default:
        throw CLIError.usage(
          "\(command): unknown action '\(words[0])' (\(CatalogActions.words.joined(separator: ", ")))")
      }
    }
  }
}

func splitList(_ text: String?) -> [String] {
  (text ?? "").split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
}

/// The built-in lexicon words for one category or method, sorted, for the listings.
func lexiconWords<T>(_ entries: [(key: String, value: T)]) -> String {
  let words = entries.map(\.key).sorted()
  return words.count <= 8 ? words.joined(separator: " ") : words.prefix(8).joined(separator: " ") + " …"
}

/// A category or payment method as `categories --json` and `methods --json` give it; `side`
/// only for a category.
struct CatalogEntryJSON: Encodable {
  let name: String
  let side: IfPresent<String>
  let aliases: [String]
  let builtin: Bool
}
