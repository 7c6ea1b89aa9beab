import SpendlyCore

extension CatalogRecords {
  /// Categories and methods with the person's aliases; cached until one changes.
  public func current() throws(StoreError) -> Catalog {
    if let cached = store.cachedCatalog { return cached }
    let catalog = try reading { () throws -> Catalog in
      var categoryAliases: [Int64: [String]] = [:]
      for row in try database.rows("SELECT category_id, alias FROM category_aliases ORDER BY alias") {
        let reader = RowReader(row: row, name: "category alias '\(row.text(1) ?? "")'")
        categoryAliases[try reader.integer(0, "category_id"), default: []].append(try reader.text(1, "alias"))
      }
      let categories = try database.rows("SELECT id, name, side, builtin FROM categories ORDER BY side = 'income', id")
        .map { row in
          let reader = RowReader(row: row, name: "category #\(row.text(0) ?? "?")")
          return Category(
            id: CategoryID(try reader.integer(0, "id")), name: try reader.text(1, "name"),
            side: try reader.required(2, "side", "expense or income") { Category.Side(rawValue: $0) },
            aliases: categoryAliases[try reader.integer(0, "id")] ?? [], builtin: row.int(3) == 1)
        }
      var methodAliases: [Int64: [String]] = [:]
      for row in try database.rows("SELECT method_id, alias FROM method_aliases ORDER BY alias") {
        let reader = RowReader(row: row, name: "method alias '\(row.text(1) ?? "")'")
        methodAliases[try reader.integer(0, "method_id"), default: []].append(try reader.text(1, "alias"))
      }
      let methods = try database.rows("SELECT id, name, builtin FROM methods ORDER BY id").map { row in
        let reader = RowReader(row: row, name: "method #\(row.text(0) ?? "?")")
        return PaymentMethod(
          id: MethodID(try reader.integer(0, "id")), name: try reader.text(1, "name"), aliases: methodAliases[try reader.integer(0, "id")] ?? [],
          builtin: row.int(2) == 1)
      }
      return Catalog(categories: categories, methods: methods, accounts: try store.accounts.read(database))
    }
    store.cachedCatalog = catalog
    return catalog
  }

  public func addCategory(_ name: String, side: Category.Side, aliases: [String]) throws(StoreError) {
    let name = try checkedName(name, what: "category")
    let fact = ChangeFact.categoryAdded(id: nil, name: name, side: side.rawValue, aliases: aliases)
    try change(.addCategory, fact: fact) { log in
      let id = try insertCategory(log, name, side: side, aliases: aliases)
      try log.record(.categoryAdded(id: id, name: name, side: side.rawValue, aliases: aliases))
    }
  }

  /// Adds a category (`name` already cleaned) as part of the change `log` records: an import
  /// that meets a new category adds it in the import's own change.
  @discardableResult
  func insertCategory(_ log: ChangeRecorder, _ name: String, side: Category.Side, aliases: [String]) throws -> Int64 {
    try insertName(log.db, table: "categories", what: "category", name: name, extra: side.rawValue)
    let id = log.db.lastInsertRowID
    try log.inserted(.categories, key: .integer(id))
    for alias in aliases { try insertAlias(log, .category, id: id, alias: alias) }
    return id
  }

  public func addMethod(_ name: String, aliases: [String]) throws(StoreError) {
    let name = try checkedName(name, what: "method")
    try change(.addMethod, fact: .methodAdded(id: nil, name: name, aliases: aliases)) { log in
      let id = try insertMethod(log, name, aliases: aliases)
      try log.record(.methodAdded(id: id, name: name, aliases: aliases))
    }
  }

  /// Adds a method (`name` already cleaned) as part of the change `log` records (an import's).
  @discardableResult
  func insertMethod(_ log: ChangeRecorder, _ name: String, aliases: [String]) throws -> Int64 {
    try insertName(log.db, table: "methods", what: "method", name: name, extra: nil)
    let id = log.db.lastInsertRowID
    try log.inserted(.methods, key: .integer(id))
    for alias in aliases { try insertAlias(log, .method, id: id, alias: alias) }
    return id
  }

  /// Adds an alias to an existing category or method, named by any name it answers to; returns
  /// its current name.
  @discardableResult
  public func addAlias(_ alias: String, to name: String, kind: CatalogKind) throws(StoreError) -> String {
    guard let current = try reading({ try named(database, name, kind: kind)?.1 }) else {
      throw StoreError.unknown(kind.rawValue, name)
    }
    return try change(.addAlias, fact: .aliasAdded(kind: kind.rawValue, name: current, alias: alias)) { log in
      guard let (id, current) = try named(log.db, name, kind: kind) else {
        throw StoreError.unknown(kind.rawValue, name)
      }
      try insertAlias(log, kind, id: id, alias: alias)
      return current
    }
  }

  /// Renames the category or method `old` (any name it answers to); returns the name it had.
  @discardableResult
  public func rename(_ kind: CatalogKind, from old: String, to new: String) throws(StoreError) -> String {
    let new = try checkedName(new, what: kind.rawValue)
    guard let shown = try reading({ try named(database, old, kind: kind)?.1 }) else {
      throw StoreError.unknown(kind.rawValue, old)
    }
    return try change(.rename, fact: .renamed(kind: kind.rawValue, id: nil, before: shown, after: new)) { log in
      let db = log.db
      // `old` may be an alias or an earlier name: what is renamed is the name it means now.
      guard let (id, current) = try self.named(db, old, kind: kind) else {
        throw StoreError.unknown(kind.rawValue, old)
      }
      try log.record(.renamed(kind: kind.rawValue, id: id, before: shown, after: new))
      let sameWord = NameKey.same(current, new)
      // Renaming to one of its own aliases (renaming back) frees that alias first.
      try log.track(kind.aliasTable, key: .text(new)) {
        try db.run(
          "DELETE FROM \(kind.aliasTable.rawValue) WHERE alias_key = spendly_name_key(?) AND \(kind.aliasColumn) = ?",
          [.text(new), .integer(id)])
      }
      if !sameWord, try wordTaken(db, new, kind: kind) { throw StoreError.duplicateName(kind.rawValue, new) }
      try log.track(kind.table, key: .integer(id)) {
        try db.run("UPDATE \(kind.table.rawValue) SET name = ? WHERE id = ?", [.text(new), .integer(id)])
      }
      // The old name keeps working (and the lexicon's words for it): it becomes an alias.
      if !sameWord, try !wordTaken(db, current, kind: kind) {
        try db.run(
          "INSERT INTO \(kind.aliasTable.rawValue)(alias, \(kind.aliasColumn)) VALUES (?, ?)",
          [.text(current), .integer(id)])
        try log.inserted(kind.aliasTable, key: .text(current))
      }
      return current
    }
  }

  private func checkedName(_ name: String, what: String) throws(StoreError) -> String {
    let cleaned: String?
    do {
      cleaned = try Validator.cleanedName(name, field: what)
    } catch {
      throw .invalid(error)
    }
    guard let cleaned else { throw .invalid(ValidationError(field: what, value: "", reason: "name is empty")) }
    return cleaned
  }

  /// True when `word` already names or aliases a category (or a method), so it would be ambiguous.
  private func wordTaken(_ db: Database, _ word: String, kind: CatalogKind) throws -> Bool {
    let sql =
      kind == .category
      ? "SELECT 1 FROM categories WHERE name_key = spendly_name_key(?1) UNION ALL SELECT 1 FROM category_aliases WHERE alias_key = spendly_name_key(?1)"
      : "SELECT 1 FROM methods WHERE name_key = spendly_name_key(?1) UNION ALL SELECT 1 FROM method_aliases WHERE alias_key = spendly_name_key(?1)"
    return try db.row(sql, [.text(word)]) != nil
  }

  private func insertName(_ db: Database, table: String, what: String, name: String, extra: String?) throws {
    if try wordTaken(db, name, kind: table == "categories" ? .category : .method) {
      throw StoreError.duplicateName(what, name)
    }
    // A new id is past every id the change log remembers, so a redo of an undone addition
    // never meets another row under its id, and old revisions never name a newer category.
    let id = Store.freshID(table)
    try unique(what, name) {
      if let extra {
        try db.run("INSERT INTO \(table)(id, name, side) VALUES (\(id), ?, ?)", [.text(name), .text(extra)])
      } else {
        try db.run("INSERT INTO \(table)(id, name) VALUES (\(id), ?)", [.text(name)])
      }
    }
  }

  /// Runs an insert, reading a UNIQUE or PRIMARY KEY refusal as the name being taken: another
  /// process may add the same name between the check above and this insert.
  private func unique(_ what: String, _ name: String, _ insert: () throws -> Void) throws {
    do {
      try insert()
    } catch let error as DatabaseError
      where error.resultCode.matches(.constraintUnique) || error.resultCode.matches(.constraintPrimaryKey)
    {
      throw StoreError.duplicateName(what, name)
    }
  }

  private func insertAlias(_ log: ChangeRecorder, _ kind: CatalogKind, id: Int64, alias: String) throws {
    guard let alias = try Validator.cleanedName(alias, field: "alias") else { return }
    if try wordTaken(log.db, alias, kind: kind) { throw StoreError.duplicateName("alias", alias) }
    try unique("alias", alias) {
      try log.db.run(
        "INSERT INTO \(kind.aliasTable.rawValue)(alias, \(kind.aliasColumn)) VALUES (?, ?)",
        [.text(alias), .integer(id)])
    }
    try log.inserted(kind.aliasTable, key: .text(alias))
  }
}
