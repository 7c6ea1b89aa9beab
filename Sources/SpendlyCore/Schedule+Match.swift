/// The one rule that says an entry is a charge of a schedule: used when an entry is typed
/// (offered as a due period's charge) and when a schedule is added (entries already stored are
/// linked to their periods, so `due` does not log them again).
extension Schedule {
  /// Whether an entry of `kind` in `currency` names this schedule: its merchant is the
  /// schedule's name, or a word of its note is, or (with no merchant) its category is.
  public func names(
    kind: Kind, currency: Currency, merchant: String?, note: String?, category: String?
  ) -> Bool {
    guard self.kind == kind, fields.amount.currency == currency, !isPaused else { return false }
    let key = NameKey(name)
    let words = (note ?? "").split(separator: " ")
    return TransactionFilter.sameName(merchant, name) || words.contains { NameKey(String($0)) == key }
      || (merchant == nil && category.map(NameKey.init) == key)
  }

  /// The occurrence whose billing period holds `date`: nil before the anchor, after the end,
  /// or when that occurrence is skipped.
  public func occurrence(holding date: LocalDate) -> LocalDate? {
    guard let occurrence = cadence.latest(onOrBefore: date, anchor: anchor),
      end.map({ occurrence <= $0 }) ?? true, !skips.contains(occurrence)
    else { return nil }
    return occurrence
  }

  /// The stored entries that are this schedule's charges, as (transaction id, occurrence): an
  /// unlinked entry that names it, at the amount of its period, dated inside that period; at
  /// most one an occurrence (the earliest), in date order. `entries` are stored transactions.
  public func charges(among entries: [Transaction]) -> [(id: Int64, occurrence: LocalDate)] {
    var taken: Set<LocalDate> = []
    var result: [(id: Int64, occurrence: LocalDate)] = []
    for entry in entries.sorted(by: { ($0.fields.date, $0.id) < ($1.fields.date, $1.id) }) {
      let f = entry.fields
      guard f.recurringID == nil,
        names(kind: f.kind, currency: f.amount.currency, merchant: f.merchant, note: f.note, category: f.category),
        let day = occurrence(holding: f.date), f.amount == amount(on: day), !taken.contains(day)
      else { continue }
      taken.insert(day)
      result.append((entry.id, day))
    }
    return result
  }
}
