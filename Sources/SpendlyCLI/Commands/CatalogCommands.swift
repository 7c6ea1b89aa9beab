import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly categories [add|rename|alias]`
struct CategoriesCommand: Command {
  static let name = "categories"
  static let aliases = ["category"]
  static let summary = "list, add, rename or alias categories"
  static let help = """
    usage: spendly categories
           spendly categories add NAME [--income] [--alias A,B]
           spendly categories rename OLD NEW
           spendly categories alias NAME ALIAS

    examples:
      spendly categories add Pets --alias vet,petfood
      spendly categories add Dividends --income
      spendly categories rename Bills Utilities
    """
  static let specs: [Arguments.Spec] = [.init("income", value: false), .init("alias")]

  static let actions = CatalogActions(
    command: name, kind: .category, headers: ["Category", "Side", "Aliases", "Suggested by"],
    rows: { catalog in
      catalog.categories.map { category in
        [
          Render.safe(category.name), category.side.rawValue, category.aliases.joined(separator: ", "),
          lexiconWords(
            Lexicon.standard.categorySuggestions.filter { catalog.category(named: $0.value.name) == category }),
        ]
      }
    },
    json: { catalog in
      catalog.categories.map {
        .object([
          ("name", .string($0.name)), ("side", .string($0.side.rawValue)),
          ("aliases", .array($0.aliases.map { .string($0) })), ("builtin", .bool($0.builtin)),
        ])
      }
    },
    add: { store, name, arguments in
      let side: Category.Side = arguments.has("income") ? .income : .expense
      try store.catalog.addCategory(name, side: side, aliases: splitList(arguments["alias"]))
      return "added \(side.rawValue) category \(Render.safe(name))"
    })

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try actions.run(arguments, context)
  }
}

/// `spendly methods [add|rename|alias]`
struct MethodsCommand: Command {
  static let name = "methods"
  static let aliases = ["method"]
  static let summary = "list, add, rename or alias payment methods"
  static let help = """
    usage: spendly methods
           spendly methods add NAME [--alias A,B]
           spendly methods rename OLD NEW
           spendly methods alias NAME ALIAS

    examples:
      spendly methods add "HDFC Card" --alias hdfc
      spendly methods alias UPI bhim
    """
  static let specs: [Arguments.Spec] = [.init("alias")]

  static let actions = CatalogActions(
    command: name, kind: .method, headers: ["Method", "Aliases", "Also understood"],
    rows: { catalog in
      catalog.methods.map { method in
        [
          Render.safe(method.name), method.aliases.joined(separator: ", "),
          lexiconWords(
            Lexicon.standard.methodWords.filter { word, target in
              if case .named(let name) = target { return catalog.method(named: name) == method }
              return false
            }),
        ]
      }
    },
    json: { catalog in
      catalog.methods.map {
        .object([
          ("name", .string($0.name)), ("aliases", .array($0.aliases.map { .string($0) })),
          ("builtin", .bool($0.builtin)),
        ])
      }
    },
    add: { store, name, arguments in
      try store.catalog.addMethod(name, aliases: splitList(arguments["alias"]))
      return "added payment method \(Render.safe(name))"
    })

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try actions.run(arguments, context)
  }
}

/// What `categories` and `methods` share: list (table or JSON), add, rename and alias.
struct CatalogActions: Sendable {
  /// The action words after `categories` or `methods`; none lists.
  static let words = ["list", "add", "rename", "alias"]

  let command: String
  /// Categories or methods.
  let kind: CatalogKind
  /// The word people read: "category" or "payment method".
  var noun: String { kind.noun }
  let headers: [String]
  let rows: @Sendable (Catalog) -> [[String]]
  let json: @Sendable (Catalog) -> [JSON]
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
          }, json: { JSON.array(json(catalog)) })
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
func lexiconWords<T>(_ entries: [String: T]) -> String {
  let words = entries.keys.sorted()
  return words.count <= 8 ? words.joined(separator: " ") : words.prefix(8).joined(separator: " ") + " …"
}
