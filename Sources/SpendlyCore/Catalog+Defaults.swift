/// The built-in default names (Other, Other income, Cash, ...) under the names the person now
/// uses: a rename keeps the old name as an alias, so each default is looked up in the catalog
/// instead of being used as written.
extension Catalog {
  /// The category used when nothing better is known (`Category.fallback`), as now named.
  public func fallbackCategory(for kind: Kind) -> String {
    let builtin = Category.fallback(for: kind)
    guard let category = category(named: builtin), category.side == kind.side else { return builtin }
    return category.name
  }

  /// The method a setting names (maybe by an old name or an alias), as now named; `fallback`
  /// (a built-in name) when the setting is missing or names no method.
  public func methodName(_ setting: String?, fallback: String) -> String {
    if let setting, let method = method(named: setting) { return method.name }
    return method(named: fallback)?.name ?? fallback
  }
}
