import SpendlyCore
import SpendlyParse
import SpendlyStore

extension Session {
  /// A phrase parser with the person's categories, methods, settings and history.
  /// With `caching`, history answers are remembered per name: for the shell, which drops its
  /// parser (and so the cache) after every write, and for an import, which asks per row.
  public func phraseParser(caching: Bool = false) throws(StoreError) -> PhraseParser {
    let store = try store()
    let settings = ParseSettings(
      currency: try store.settings.defaultCurrency(), method: try store.settings.current(.method),
      incomeMethod: try store.settings.current(.incomeMethod), card: try store.settings.current(.card),
      debts: try store.debts.all().map { ($0.id, $0.name) })
    let history: any MerchantHistory = caching ? CachingHistory(store.merchants) : store.merchants
    return PhraseParser(catalog: try store.catalog.current(), settings: settings, history: history)
  }
}
