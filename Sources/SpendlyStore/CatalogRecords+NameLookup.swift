import SpendlyCore

/// Finding a category or method by any name it answers to, for the catalog commands.
extension CatalogRecords {
  /// The id and current name of the category or method (`kind`) that `word` names: its name,
  /// or an alias, which includes every name it had before a rename; any case.
  func named(_ db: Database, _ word: String, kind: CatalogKind) throws -> (Int64, String)? {
    let sql =
      kind == .category
      ? """
      SELECT id, name FROM categories WHERE name_key = spendly_name_key(?1) UNION ALL
      SELECT c.id, c.name FROM category_aliases a JOIN categories c ON c.id = a.category_id WHERE a.alias_key = spendly_name_key(?1)
      LIMIT 1
      """
      : """
      SELECT id, name FROM methods WHERE name_key = spendly_name_key(?1) UNION ALL
      SELECT m.id, m.name FROM method_aliases a JOIN methods m ON m.id = a.method_id WHERE a.alias_key = spendly_name_key(?1)
      LIMIT 1
      """
    guard let row = try db.row(sql, [.text(word)]), let id = row.int(0), let name = row.text(1) else { return nil }
    return (id, name)
  }
}

/// Where each kind of name is kept.
extension CatalogKind {
  var table: LoggedTable { self == .category ? .categories : .methods }
  var aliasTable: LoggedTable { self == .category ? .categoryAliases : .methodAliases }
  /// The alias table's column pointing at the name.
  var aliasColumn: String { self == .category ? "category_id" : "method_id" }
}
