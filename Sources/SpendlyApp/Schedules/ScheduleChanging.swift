import SpendlyCore
import SpendlyStore

/// `recurring skip|pause|resume|end|delete ID`: one schedule changed, each change one undoable step.
public struct ScheduleChanging {
  /// What to do to the schedule.
  public enum Action: Sendable {
    /// Skip a period: the day given (one of the schedule's), else the oldest due (or the next).
    case skip(LocalDate?)
    case pause
    case resume
    /// End on a day, or nil for no end.
    case end(LocalDate?)
    case delete
  }

  /// What was done.
  public enum Outcome: Sendable, Equatable {
    case skipped(LocalDate)
    /// Paused, with the dates before today still due (pausing stops what comes, not what came).
    case paused(stillDue: Int)
    /// Resumed, with the next date not yet logged nor skipped.
    case resumed(next: LocalDate?)
    case ended(LocalDate?)
    case deleted
  }

  /// Why nothing changed; the words are the caller's.
  public enum Refusal: Error {
    /// The day is no date of the schedule: the nearest ones on either side.
    case notADate(LocalDate, nearest: [LocalDate])
    /// No period is left to skip.
    case nothingToSkip
    case store(StoreError)
  }

  public let session: Session
  public let schedule: Schedule

  public init(session: Session, schedule: Schedule) {
    self.session = session
    self.schedule = schedule
  }

  public func run(_ action: Action) throws(Refusal) -> Outcome {
    let today = session.today
    do {
      let store = try session.store()
      switch action {
      case .skip(let given):
        let day: LocalDate
        if let given {
          let before = schedule.cadence.latest(onOrBefore: given, anchor: schedule.anchor)
          guard before == given else {
            let after = schedule.cadence.next(after: given, anchor: schedule.anchor)
            throw Refusal.notADate(given, nearest: [before, after].compactMap { $0 })
          }
          day = given
        } else {
          let linked = try store.schedules.linkedDates()[schedule.id] ?? []
          guard let oldest = schedule.due(today: today, linked: linked).first ?? schedule.next(after: today) else {
            throw Refusal.nothingToSkip
          }
          day = oldest
        }
        try store.schedules.skip(id: schedule.id, occurrence: day)
        return .skipped(day)
      case .pause:
        try store.schedules.pause(id: schedule.id, on: today)
        var paused = schedule
        paused.pausedSince = today
        let linked = try store.schedules.linkedDates()[schedule.id] ?? []
        return .paused(stillDue: paused.due(today: today, linked: linked).count)
      case .resume:
        try store.schedules.resume(id: schedule.id, on: today)
        // The next date not yet logged nor skipped, as `recurring` shows it.
        let linked = try store.schedules.linkedDates()[schedule.id] ?? []
        return .resumed(next: schedule.upcoming(today: today, linked: linked))
      case .end(let day):
        try store.schedules.end(id: schedule.id, on: day)
        return .ended(day)
      case .delete:
        try store.schedules.delete(id: schedule.id)
        return .deleted
      }
    } catch let refusal as Refusal {
      throw refusal
    } catch let error as StoreError {
      throw .store(error)
    } catch {
      throw .store(.database("\(error)"))
    }
  }
}
