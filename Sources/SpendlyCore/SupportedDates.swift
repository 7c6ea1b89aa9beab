/// The one range of dates Spendly keeps, and its one wording: every date a person gives
/// (an entry's, an anchor, `from` and `until`, a month, a start, a calendar, a horizon) lies in
/// it. Far dates are refused at once rather than walked to, so nothing grows with the distance.
public enum SupportedDates {
  public static let first = LocalDate(year: 1970, month: 1, day: 1)!
  public static let last = LocalDate(year: 2200, month: 12, day: 31)!
  public static let range = first...last

  /// Why a date outside the range is refused, after the field and the text that named it.
  public static let reason = "outside the dates Spendly keeps (1970-01-01 to 2200-12-31)"

  public static func contains(_ date: LocalDate) -> Bool { range.contains(date) }

  /// Whether every day of the month is in the range.
  public static func contains(_ month: YearMonth) -> Bool {
    contains(month.firstDay) && contains(month.lastDay)
  }

  /// The one-line refusal: `FIELD 'TEXT': outside the dates Spendly keeps (…)`.
  public static func refusal(_ field: String, _ text: String) -> String {
    "\(field) \(TextSanitizer.quoted(text)): \(reason)"
  }

  /// Throws the refusal as a validation error when `date` is outside the range.
  public static func check(_ date: LocalDate, field: String) throws(ValidationError) {
    guard contains(date) else { throw ValidationError(field: field, value: date.description, reason: reason) }
  }
}
