/// A spending or income category, with the words that also name it.
public struct Category: Hashable, Sendable {
  /// Which kind of transaction a category belongs to.
  public enum Side: String, Sendable, Hashable, CaseIterable {
    case expense
    case income
  }

  /// The stored row's id; nil for a category not stored (the defaults a new database starts from).
  public var id: CategoryID?
  public var name: String
  public var side: Side
  public var aliases: [String]
  public var builtin: Bool

  public init(id: CategoryID? = nil, name: String, side: Side, aliases: [String] = [], builtin: Bool = false) {
    self.id = id
    self.name = name
    self.side = side
    self.aliases = aliases
    self.builtin = builtin
  }

  /// The default expense categories, in display order.
  public static let defaultExpense = [
    "Food", "Groceries", "Shopping", "Travel", "Transport", "Bills", "Rent", "Health",
    "Entertainment", "Education", "Other", "Debt",
  ]
  /// The default income categories, in display order.
  public static let defaultIncome = ["Salary", "Freelance", "Interest", "Refund", "Gift", "Other income"]

  public static let defaults: [Category] =
    defaultExpense.map { Category(name: $0, side: .expense, builtin: true) }
    + defaultIncome.map { Category(name: $0, side: .income, builtin: true) }

  /// The built-in name of the category used when nothing better is known; after a rename it
  /// is an alias, so use `Catalog.fallbackCategory(for:)` for the name to show and store.
  public static func fallback(for kind: Kind) -> String { kind == .expense ? "Other" : "Other income" }
}

/// A way of paying: Cash, UPI, a card, or one of the person's own.
public struct PaymentMethod: Hashable, Sendable {
  /// The stored row's id; nil for a method not stored.
  public var id: MethodID?
  public var name: String
  public var aliases: [String]
  public var builtin: Bool

  public init(id: MethodID? = nil, name: String, aliases: [String] = [], builtin: Bool = false) {
    self.id = id
    self.name = name
    self.aliases = aliases
    self.builtin = builtin
  }

  public static let defaultNames = ["Cash", "UPI", "Credit Card", "Debit Card", "Bank Transfer", "Other"]
  public static let defaults = defaultNames.map { PaymentMethod(name: $0, builtin: true) }
}

/// The person's categories, payment methods and accounts, looked up by name or alias, case-insensitively.
public struct Catalog: Sendable {
  public let categories: [Category]
  public let methods: [PaymentMethod]
  /// The person's accounts, in the order they were added; empty for a person who keeps none.
  public let accounts: [Account]
  /// Keyed by `NameKey.text`, the folded text: a table keyed by `NameKey` itself costs every
  /// process a search of the binary's conformances for NameKey: Hashable when it is first made.
  private let categoryIndex: [String: Int]
  private let methodIndex: [String: Int]
  private let accountIndex: [String: Int]
  /// Each category's and method's name as spelled, when no other word spelled so names something else.
  private let spelledCategories: [String: Int]
  private let spelledMethods: [String: Int]

  public init(categories: [Category], methods: [PaymentMethod], accounts: [Account] = []) {
    self.categories = categories
    self.methods = methods
    self.accounts = accounts
    /// Each word (a name or an alias) by its `NameKey`; the first to claim a key keeps it.
    func index(_ words: [[String]]) -> [String: Int] {
      var index: [String: Int] = [:]
      for (i, names) in words.enumerated() {
        for word in names {
          let key = NameKey(word).text
          if index[key] == nil { index[key] = i }
        }
      }
      return index
    }
    accountIndex = index(accounts.map { [$0.name] + $0.aliases })
    categoryIndex = index(categories.map { [$0.name] + $0.aliases })
    methodIndex = index(methods.map { [$0.name] + $0.aliases })
    var spelledCategories: [String: Int] = [:]
    for (i, category) in categories.enumerated() where categoryIndex[NameKey(category.name).text] == i {
      spelledCategories[category.name] = spelledCategories[category.name] ?? i
    }
    var spelledMethods: [String: Int] = [:]
    for (i, method) in methods.enumerated() where methodIndex[NameKey(method.name).text] == i {
      spelledMethods[method.name] = spelledMethods[method.name] ?? i
    }
    self.spelledCategories = spelledCategories
    self.spelledMethods = spelledMethods
  }

  public static let defaults = Catalog(categories: Category.defaults, methods: PaymentMethod.defaults)

  public func category(named word: String) -> Category? {
    // A name as the catalog spells it (what stored rows and exports carry) is found as it is.
    (spelledCategories[word] ?? categoryIndex[NameKey(word).text]).map { categories[$0] }
  }

  public func method(named word: String) -> PaymentMethod? {
    (spelledMethods[word] ?? methodIndex[NameKey(word).text]).map { methods[$0] }
  }

  /// The account a name or alias names, any case.
  public func account(named word: String) -> Account? {
    accountIndex[NameKey(word).text].map { accounts[$0] }
  }

  /// The account the method `name` draws on, if one does.
  public func account(forMethod name: String) -> Account? {
    accounts.first { $0.methods.contains { NameKey.same($0, name) } }
  }

  public func categories(on side: Category.Side) -> [Category] { categories.filter { $0.side == side } }
}

/// The two kinds of names a person keeps: categories and payment methods (aliases and renames
/// work the same way on both).
public enum CatalogKind: String, Sendable, CaseIterable {
  case category, method

  /// The word for people: "category", "payment method".
  public var noun: String { self == .category ? "category" : "payment method" }
}
