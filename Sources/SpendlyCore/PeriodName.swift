/// What a period was called, as a fact rather than as words: "last month" is
/// `.relative(-1, .month)`. The domain and the parsers say which name a period has; the CLI
/// words it (`PeriodName+Words` there), so no English is composed below the rendering.
public indirect enum PeriodName: Hashable, Sendable {
  /// The calendar units a name can count in.
  public enum Unit: String, Hashable, Sendable {
    case week, month, quarter, year
  }

  /// The calendar periods a name can be read from their first day: "Aug 2025", "Q1 2025", "2025".
  public enum CalendarUnit: String, Hashable, Sendable {
    case month, quarter, year
  }

  /// No name: the period is said by its dates.
  case dates
  /// A calendar month, quarter or year, said from its first day: "Aug 2025", "Q1 2025", "2025".
  case calendar(CalendarUnit)
  /// A calendar unit counted from today's: -1 "last month", 0 "this week", 1 "next year".
  case relative(Int, Unit)
  /// The last `count` days, weeks or months up to today, with the unit word as typed
  /// ("last 30 days", "3 mos").
  case trailing(count: Int, word: String)
  /// One day `count` units ago, with the unit word as typed ("3 days ago").
  case ago(count: Int, word: String)
  /// The weekday before today, with the weekday word as typed ("last fri").
  case lastWeekday(word: String)
  /// "today" or "yesterday".
  case today
  case yesterday
  /// From the first of this month to today.
  case monthToDate
  /// From a day to today ("since 1 oct", "from 3 dec"): said with its first day.
  case since
  /// The whole history, from the first entry: said with that day.
  case wholeHistory
  /// Every year that has an entry, to today.
  case allYears
  /// The twelve months to the period's last month.
  case twelveMonths
  /// The same span just before a period that had none of these names, said by its two days
  /// (kept here, as a comparison may cut the period itself short).
  case span(LocalDate, LocalDate)
  /// A named period cut at today ("this month to date").
  case toDate(PeriodName)
  /// The days of a named period that match another's days so far ("same days of last month").
  case sameDays(of: PeriodName)
  /// The days of last month that match this month's so far.
  case sameDaysLastMonth
}
