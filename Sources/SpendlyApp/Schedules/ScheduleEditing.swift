import SpendlyCore
import SpendlyStore

/// `recurring edit ID`: a schedule's name, category, method or note changed (one undoable
/// change), and its amount changed from a day on (another), earlier periods keeping theirs.
/// Everything is checked before anything is written.
public struct ScheduleEditing {
  /// What the person asked for, each value read already; nil leaves it as it is.
  public struct Request: Sendable {
    /// The schedule's name (its merchant), trimmed and not empty.
    public var name: String?
    public var category: String?
    public var method: String?
    /// An empty note clears it.
    public var note: String?
    public var amount: Money?
    /// The day a new amount applies from (nil: today); only with `amount`.
    public var from: LocalDate?

    public init() {}

    /// Whether a name, category, method or note was given.
    var givesFields: Bool { name != nil || category != nil || method != nil || note != nil }
  }

  /// A new amount and the day it applies from.
  public struct NewPrice: Sendable, Equatable {
    public let amount: Money
    public let from: LocalDate
  }

  /// What was done.
  public struct Outcome: Sendable, Equatable {
    /// The name, category, method or note changed.
    public var editedFields = false
    /// The new amount and the day it applies from.
    public var price: NewPrice?
    /// The amount given is the schedule's already, from that day on: no price change.
    public var amountUnchanged: Money?
    /// Fields were given, and the schedule already has them all.
    public var alreadySo = false
  }

  /// Why nothing changed; the words are the caller's.
  public enum Refusal: Error {
    /// Nothing to change was given.
    case nothingGiven
    /// `from` without `amount`: a day for a price change that is not one.
    case fromWithoutAmount
    /// The amount is in another currency than the schedule's.
    case wrongCurrency(Money, keeps: Currency)
    case store(StoreError)
  }

  public let session: Session
  public let schedule: Schedule
  public var request: Request

  public init(session: Session, schedule: Schedule, request: Request) {
    self.session = session
    self.schedule = schedule
    self.request = request
  }

  public func run() throws(Refusal) -> Outcome {
    guard request.givesFields || request.amount != nil || request.from != nil else { throw .nothingGiven }
    if request.amount == nil, request.from != nil { throw .fromWithoutAmount }
    let currency = schedule.fields.amount.currency
    if let amount = request.amount, amount.currency != currency { throw .wrongCurrency(amount, keeps: currency) }
    var fields = schedule.fields
    if let category = request.category { fields.category = category }
    if let method = request.method { fields.method = method }
    if let name = request.name { fields.merchant = name }
    if let note = request.note { fields.note = note.isEmpty ? nil : note }
    var outcome = Outcome()
    do {
      let store = try session.store()
      if fields != schedule.fields {
        try store.schedules.edit(id: schedule.id, fields)
        outcome.editedFields = true
      }
      if let amount = request.amount {
        let from = request.from ?? session.today
        if amount == schedule.amount(on: from) && !schedule.prices.contains(where: { $0.from > from }) {
          outcome.amountUnchanged = amount
          return outcome
        }
        try store.schedules.changePrice(id: schedule.id, to: amount.minorUnits, from: from)
        outcome.price = NewPrice(amount: amount, from: from)
      }
    } catch {
      throw .store(error)
    }
    outcome.alreadySo = !outcome.editedFields && outcome.price == nil && request.givesFields
    return outcome
  }
}
