import SpendlyCore
import SpendlyParse

/// `recurring add PHRASE`: the phrase read as a schedule, an entry and how often it comes
/// ("netflix 649 monthly from 31 jan cc"), refused unless it says how often and has every field
/// an entry needs. `ScheduleSaving` saves what the person confirms.
public struct ScheduleReading {
  /// Why the phrase makes no schedule; the words are the caller's.
  public enum Refusal: Error, Equatable {
    /// The phrase does not read (a schedule's words that do not fit together).
    case unreadable(PhraseError)
    /// No cadence word: the phrase would be one entry.
    case noCadence
    /// Fields the phrase leaves out that a schedule's entries need.
    case missing([DraftField])
  }

  public let parser: PhraseParser

  public init(parser: PhraseParser) { self.parser = parser }

  /// The schedule `phrase` makes, its first day read as of `now`.
  public func read(_ phrase: String, now: LocalDateTime) throws(Refusal) -> ScheduleDraft {
    let read: ScheduleDraft?
    do {
      read = try parser.schedule(phrase, now: now)
    } catch {
      throw .unreadable(error)
    }
    guard let schedule = read else { throw .noCadence }
    guard schedule.entry.missing.isEmpty else { throw .missing(schedule.entry.missing) }
    return schedule
  }
}
